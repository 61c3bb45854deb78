import Foundation

/// Where commands write. Data goes to standard output, diagnostics and progress to standard error.
///
/// A command reads its streams, its environment and its current folder through `Terminal`, never
/// from the process directly, so that one process can run several commands at once, each with its
/// own (`Terminal.withContext`, used by the in-process tests).
package struct Terminal: Sendable {
    private enum Destination: Sendable {
        case file(FileHandle)
        case buffer(OutputBuffer)
    }

    private let destination: Destination
    /// Standard error: with `--quiet`, only errors and warnings are written to it.
    private var isDiagnostics = false

    init(handle: FileHandle) { destination = .file(handle) }

    /// A stream whose text is kept in `buffer`; never a terminal.
    package init(buffer: OutputBuffer) { destination = .buffer(buffer) }

    package static var standardOutput: Terminal { context?.standardOutput ?? Terminal(handle: .standardOutput) }
    package static var standardError: Terminal {
        var terminal = context?.standardError ?? Terminal(handle: .standardError)
        terminal.isDiagnostics = true
        return terminal
    }

    package func write(_ text: String) {
        if isDiagnostics && Terminal.style.quiet {
            let lowered = text.prefix(8).lowercased()
            guard lowered.hasPrefix("error") || lowered.hasPrefix("warning") else { return }
        }
        switch destination {
        case .file(let handle): handle.write(Data(text.utf8))
        case .buffer(let buffer): buffer.append(text)
        }
    }

    /// Whether this stream is a terminal (colour and progress bars only then).
    package var isTTY: Bool {
        switch destination {
        case .file(let handle): isatty(handle.fileDescriptor) != 0
        case .buffer: false
        }
    }

    /// Colour with `--color always`; with `auto` (the default) only on a terminal, and never when
    /// NO_COLOR is set to a non-empty value.
    package var usesColor: Bool {
        switch Terminal.style.color {
        case .always: true
        case .never: false
        case .auto: isTTY && Terminal.colorAllowed(by: Terminal.environment)
        }
    }

    /// Progress bars: on a terminal, and not with `--quiet`.
    package var showsProgress: Bool { isTTY && !Terminal.style.quiet }

    /// Whether `environment` lets a terminal have colour: not when NO_COLOR is set and not empty
    /// (no-color.org: an empty NO_COLOR does not turn colour off), nor when TERM is dumb.
    package static func colorAllowed(by environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}

// MARK: - --quiet, --verbose, --color

/// `--color auto|always|never`.
package enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}

/// The output options every command takes, read from the command line before it is parsed so that
/// they hold from the first line written.
package struct OutputStyle: Sendable, Equatable {
    package var quiet = false
    package var verbose = false
    package var color = ColorChoice.auto

    package init(quiet: Bool = false, verbose: Bool = false, color: ColorChoice = .auto) {
        self.quiet = quiet
        self.verbose = verbose
        self.color = color
    }

    /// The style `arguments` ask for (words after `--` are operands, not options).
    package init(arguments: [String]) {
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let word = arguments[index]
            switch word {
            case "-q", "--quiet": quiet = true
            case "-v", "--verbose": verbose = true
            case "--color":
                if index + 1 < arguments.count, let choice = ColorChoice(rawValue: arguments[index + 1]) {
                    color = choice
                }
            default:
                if word.hasPrefix("--color="), let choice = ColorChoice(rawValue: String(word.dropFirst(8))) {
                    color = choice
                }
            }
            index += 1
        }
    }
}

extension Terminal {
    /// The output options of the command running in this task.
    @TaskLocal package static var style = OutputStyle()
}

// MARK: - One run's context

extension Terminal {
    /// What one command run sees in place of the process's streams, environment and current folder.
    package struct Context: Sendable {
        package var standardOutput: Terminal
        package var standardError: Terminal
        package var environment: [String: String]
        package var currentDirectory: URL

        package init(
            standardOutput: Terminal, standardError: Terminal, environment: [String: String], currentDirectory: URL
        ) {
            self.standardOutput = standardOutput
            self.standardError = standardError
            self.environment = environment
            self.currentDirectory = currentDirectory
        }
    }

    /// The context of the command running in this task; nil means the process's own.
    @TaskLocal private static var context: Context?

    /// Runs `body` with `context` in place of the process's streams, environment and current folder.
    package static func withContext<T: Sendable>(_ context: Context, _ body: () async throws -> T) async rethrows -> T {
        try await $context.withValue(context, operation: body)
    }

    /// The environment a command reads (`COMPOSE_HOME`, `NO_COLOR`, `GIT_AUTHOR_NAME`, …).
    package static var environment: [String: String] { context?.environment ?? ProcessInfo.processInfo.environment }

    /// The folder relative paths are read from.
    package static var currentDirectory: URL {
        context?.currentDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// `path` as a file URL, relative paths taken from `currentDirectory`; nil is the current folder.
    package static func fileURL(_ path: String?, isDirectory: Bool = true) -> URL {
        guard let path else { return currentDirectory }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path, isDirectory: isDirectory) }
        return currentDirectory.appendingPathComponent(path, isDirectory: isDirectory)
    }
}

/// Text written to a `Terminal` made with `init(buffer:)`, safe to write from several threads.
package final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    package init() {}

    func append(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        bytes.append(contentsOf: text.utf8)
    }

    /// Everything written so far.
    package var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
