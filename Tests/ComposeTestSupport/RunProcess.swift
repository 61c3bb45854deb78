import Foundation

/// What a spawned process (or an in-process command run) produced.
package struct ProcessOutput: Sendable {
    /// The exit status; for a process ended by a signal, the signal's number.
    package let code: Int32
    package let stdout: String
    package let stderr: String
    /// Whether the process was killed because it outlived its time limit.
    package let timedOut: Bool
    /// The signal that ended the process, or nil when it exited.
    package let signal: Int32?

    package init(code: Int32, stdout: String, stderr: String, timedOut: Bool = false, signal: Int32? = nil) {
        self.code = code
        self.stdout = stdout
        self.stderr = stderr
        self.timedOut = timedOut
        self.signal = signal
    }
}

/// The one way tests spawn a program. Standard input comes from `input` (or /dev/null), outputs go to
/// files (no pipe can fill up and block the child), `environment` entries are added to (or, when nil,
/// removed from) this process's environment, and a run outliving `timeout` seconds is killed with
/// SIGKILL and reported with `timedOut`. With `mergeOutputs`, standard error goes into `stdout` too,
/// interleaved as written.
package func runProcess(
    _ executable: URL, _ arguments: [String], environment: [String: String?] = [:], currentDirectory: URL? = nil,
    input: Data? = nil, timeout: Double? = nil, mergeOutputs: Bool = false
) throws -> ProcessOutput {
    let run = try SpawnedProcess(
        executable, arguments, environment: environment, currentDirectory: currentDirectory, input: input,
        timeout: timeout, mergeOutputs: mergeOutputs)
    run.exited.wait()
    return try run.finish()
}

/// `runProcess` for async callers: waits without holding a thread of the shared pool, so many
/// processes can run at once.
package func runProcess(
    _ executable: URL, _ arguments: [String], environment: [String: String?] = [:], currentDirectory: URL? = nil,
    input: Data? = nil, timeout: Double? = nil, mergeOutputs: Bool = false
) async throws -> ProcessOutput {
    let run = try SpawnedProcess(
        executable, arguments, environment: environment, currentDirectory: currentDirectory, input: input,
        timeout: timeout, mergeOutputs: mergeOutputs)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        run.exited.notify(queue: .global()) { continuation.resume() }
    }
    return try run.finish()
}

/// A started process, its output files and its watchdog.
private final class SpawnedProcess: @unchecked Sendable {
    let exited = DispatchGroup()
    private let process = Process()
    private let scratch: TemporaryDirectory
    private let handles: [FileHandle]
    private let mergeOutputs: Bool
    private let lock = NSLock()
    private var killedByWatchdog = false
    private var watchdog: DispatchWorkItem?

    init(
        _ executable: URL, _ arguments: [String], environment: [String: String?], currentDirectory: URL?,
        input: Data?, timeout: Double?, mergeOutputs: Bool
    ) throws {
        scratch = try TemporaryDirectory("process")
        self.mergeOutputs = mergeOutputs
        var files: [FileHandle] = []
        for name in ["stdout", "stderr"] {
            let url = scratch.url.appendingPathComponent(name)
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            files.append(try FileHandle(forWritingTo: url))
        }
        handles = files
        process.configure(executable, arguments, environment: environment, currentDirectory: currentDirectory)
        if let input {
            let url = scratch.url.appendingPathComponent("stdin")
            try input.write(to: url)
            process.standardInput = try FileHandle(forReadingFrom: url)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = files[0]
        process.standardError = mergeOutputs ? files[0] : files[1]
        exited.enter()
        process.terminationHandler = { [exited] _ in exited.leave() }
        do {
            try process.run()
        } catch {
            exited.leave()
            scratch.remove()
            throw error
        }
        if let timeout {
            let item = DispatchWorkItem { [self] in
                lock.lock()
                defer { lock.unlock() }
                if process.isRunning {
                    killedByWatchdog = true
                    kill(process.processIdentifier, SIGKILL)
                }
            }
            watchdog = item
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: item)
        }
    }

    /// Reads the outputs once the process has exited, and removes its files.
    func finish() throws -> ProcessOutput {
        watchdog?.cancel()
        defer { scratch.remove() }
        for handle in handles { try handle.close() }
        let read = { (name: String) in
            String(decoding: try Data(contentsOf: self.scratch.url.appendingPathComponent(name)), as: UTF8.self)
        }
        let signaled = process.terminationReason == .uncaughtSignal
        lock.lock()
        defer { lock.unlock() }
        return ProcessOutput(
            code: process.terminationStatus, stdout: try read("stdout"), stderr: mergeOutputs ? "" : try read("stderr"),
            timedOut: killedByWatchdog, signal: signaled ? process.terminationStatus : nil)
    }
}

extension Process {
    /// Sets what to run, where, and with `environment` entries added to (or, when nil, removed from)
    /// this process's environment.
    func configure(_ executable: URL, _ arguments: [String], environment: [String: String?], currentDirectory: URL?) {
        executableURL = executable
        self.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        self.environment = merged
        if let currentDirectory { currentDirectoryURL = currentDirectory }
    }
}
