import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM: one line on standard error saying what was interrupted, then exit
/// 130 (SIGINT) or 143 (SIGTERM) at once. Nothing is left half-written because compose never writes
/// in place: files are replaced whole by a rename, clones and mirrors are made in hidden folders
/// beside their place (`.NAME.adding-*`, `*.partial`, swept by the next command that takes their
/// lock), and an interrupted publish is rolled back by the next one (its journal). The handler does
/// only what is safe in a signal handler: `write` of a prepared line and `_exit`.
enum InterruptHandler {
    nonisolated(unsafe) private static var interruptLine: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var terminateLine: UnsafeMutablePointer<CChar>?

    /// Installs the handler for a run of `compose ARGUMENTS`.
    static func install(arguments: [String]) {
        let command = (["compose"] + arguments.prefix(2).filter { !$0.hasPrefix("-") }).joined(separator: " ")
        func line(_ signal: String) -> UnsafeMutablePointer<CChar>? {
            strdup(
                "\ncompose: `\(command)` was interrupted (\(signal)); nothing was left half-written. "
                    + "Run it again to finish.\n")
        }
        interruptLine = line("SIGINT")
        terminateLine = line("SIGTERM")
        signal(SIGINT) { _ in InterruptHandler.stop(InterruptHandler.interruptLine, code: 130) }
        signal(SIGTERM) { _ in InterruptHandler.stop(InterruptHandler.terminateLine, code: 143) }
    }

    private static func stop(_ line: UnsafeMutablePointer<CChar>?, code: Int32) -> Never {
        if let line { _ = write(STDERR_FILENO, line, strlen(line)) }
        _exit(code)
    }
}
