import Foundation

/// Where commands write. Data goes to standard output, diagnostics and progress to standard error.
package struct Terminal: Sendable {
    let handle: FileHandle

    package static let standardOutput = Terminal(handle: .standardOutput)
    package static let standardError = Terminal(handle: .standardError)

    package func write(_ text: String) {
        handle.write(Data(text.utf8))
    }

    /// Whether this stream is a terminal (colour and progress bars only then).
    package var isTTY: Bool { isatty(handle.fileDescriptor) != 0 }

    /// Colour only on a terminal, and never when NO_COLOR is set.
    package var usesColor: Bool {
        isTTY && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }
}
