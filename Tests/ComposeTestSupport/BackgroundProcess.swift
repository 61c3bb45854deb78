import Foundation

/// A program started and left running while the test goes on: to be told a signal, to be waited on
/// until it writes a line, to be given the end of its input. Its standard error is read as it comes
/// (by a thread of its own, through a pipe, so no wait polls a file); standard output is discarded.
/// Stop it with `finish`, which waits for its end (on a thread of its own) and kills it if it
/// outlives the deadline.
package final class BackgroundProcess: @unchecked Sendable {
    private struct State: Sendable {
        var errors = Data()
        var errorsClosed = false
        var exited = false
    }

    private let process = Process()
    private let state = Observed(State())
    private let input: Pipe?

    /// Starts `executable`; `environment` entries are added to (or, when nil, removed from) this
    /// process's environment. With `openInput`, standard input is a pipe that stays open until
    /// `closeInput()` (a child reading it waits until then); otherwise it is /dev/null.
    package init(
        _ executable: URL, _ arguments: [String], environment: [String: String?] = [:], currentDirectory: URL? = nil,
        openInput: Bool = false
    ) throws {
        process.configure(executable, arguments, environment: environment, currentDirectory: currentDirectory)
        input = openInput ? Pipe() : nil
        process.standardInput = input ?? FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        process.terminationHandler = { [state] _ in state.update { $0.exited = true } }
        try process.run()
        // Process closes the child's ends of the pipes in this process once the child runs.
        let reading = errors.fileHandleForReading
        let thread = Thread { [state] in
            while true {
                let chunk = reading.availableData
                state.update {
                    if chunk.isEmpty { $0.errorsClosed = true } else { $0.errors.append(chunk) }
                }
                if chunk.isEmpty { return }
            }
        }
        thread.start()
    }

    deinit { signal(SIGKILL) }

    package var processIdentifier: Int32 { process.processIdentifier }

    /// Whether it has not ended yet.
    package var isRunning: Bool { !state.value.exited }

    /// What it has written on standard error so far.
    package var standardError: String { String(decoding: state.value.errors, as: UTF8.self) }

    /// Sends `signal` to the process (nothing once it has ended).
    package func signal(_ signal: Int32) {
        if isRunning { kill(process.processIdentifier, signal) }
    }

    /// Closes standard input (given with `openInput`): a child reading it sees its end.
    package func closeInput() {
        try? input?.fileHandleForWriting.close()
    }

    /// Waits until standard error holds `text` (true), or the process ends without writing it or
    /// `seconds` pass (false).
    package func waitForStandardError(containing text: String, seconds: Double = 300) async -> Bool {
        let needle = Data(text.utf8)
        return await state.wait(seconds: seconds) {
            $0.errors.range(of: needle) != nil || ($0.exited && $0.errorsClosed)
        } && state.value.errors.range(of: needle) != nil
    }

    /// Waits for the end (and for all of standard error), killing the process with SIGKILL if it runs
    /// `seconds` more; its exit status, or its signal when one ended it.
    package func finish(seconds: Double = 300) async -> ProcessOutput {
        closeInput()
        var timedOut = false
        if !(await state.wait(seconds: seconds) { $0.exited && $0.errorsClosed }) {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            _ = await state.wait(seconds: 60) { $0.exited }
        }
        let signaled = process.terminationReason == .uncaughtSignal
        return ProcessOutput(
            code: process.terminationStatus, stdout: "", stderr: standardError, timedOut: timedOut,
            signal: signaled ? process.terminationStatus : nil)
    }
}
