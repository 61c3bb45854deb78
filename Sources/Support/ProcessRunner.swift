import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished process left: its status, its output and whether compose stopped it.
package struct ProcessResult: Sendable, Equatable {
    /// The exit status (the signal's number plus 128 when it was killed).
    package let status: Int32
    /// Standard output (with standard error when they were merged).
    package let output: Data
    /// Standard error, when kept apart from the output.
    package let errorOutput: Data
    /// Whether the time limit passed and the process was stopped.
    package let timedOut: Bool

    package var succeeded: Bool { status == 0 && !timedOut }
    package var outputText: String { String(decoding: output, as: UTF8.self) }
    package var errorText: String { String(decoding: errorOutput, as: UTF8.self) }
}

/// Why a process could not be run at all.
package struct ProcessLaunchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package let command: String
    package let message: String
    package var description: String { "cannot run \(command): \(message)" }
}

/// The one way compose runs another program (git's credential helpers, `swift`, Graphviz's `dot`):
/// standard input from `input` (or /dev/null), standard output and error captured on their own
/// threads (so neither pipe can fill and stall the child), merged when asked, and a time limit after
/// which the child gets SIGTERM, then SIGKILL two seconds later. Waiting costs no CPU.
package enum ProcessRunner {
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        currentDirectory: URL? = nil, input: Data? = nil, mergeErrors: Bool = false,
        timeout: TimeInterval? = nil
    ) throws(ProcessLaunchFailure) -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe()
        let errors = mergeErrors ? output : Pipe()
        // Standard input is a socket pair, not a pipe: a child that exits without reading makes the
        // write fail (EPIPE, with MSG_NOSIGNAL) instead of killing compose with SIGPIPE.
        var pair: [Int32] = [-1, -1]
        if input != nil {
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else {
                throw ProcessLaunchFailure(command: executable.path, message: String(cString: strerror(errno)))
            }
            process.standardInput = FileHandle(fileDescriptor: pair[1], closeOnDealloc: false)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            if input != nil {
                close(pair[0])
                close(pair[1])
            }
            throw ProcessLaunchFailure(
                command: ([executable.path] + arguments).joined(separator: " "), message: error.localizedDescription)
        }
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isError) in [(output, false)] + (mergeErrors ? [] : [(errors, true)]) {
            group.enter()
            Thread {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, error: isError)
                group.leave()
            }.start()
        }
        if let input {
            close(pair[1])
            input.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let sent = send(pair[0], buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    guard sent > 0 else { break }
                    offset += sent
                }
            }
            close(pair[0])
        }
        let stopper = timeout.map { seconds in
            let item = DispatchWorkItem {
                guard process.isRunning else { return }
                collected.markTimedOut()
                process.terminate()
                let pid = process.processIdentifier
                DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
                    if process.isRunning { kill(pid, SIGKILL) }
                }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
            return item
        }
        process.waitUntilExit()
        stopper?.cancel()
        group.wait()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ProcessResult(
            status: status, output: collected.output, errorOutput: collected.errors, timedOut: collected.timedOut)
    }

    /// The executable `tool` on `path` (a PATH value, `:`-separated), or nil.
    package static func find(_ tool: String, path: String?) -> URL? {
        (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(tool) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// What the reading threads collected.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (output: Data, errors: Data, timedOut: Bool) = (Data(), Data(), false)

    func set(_ data: Data, error: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if error { stored.errors = data } else { stored.output = data }
    }

    func markTimedOut() {
        lock.lock()
        defer { lock.unlock() }
        stored.timedOut = true
    }

    var output: Data { lock.withLock { stored.output } }
    var errors: Data { lock.withLock { stored.errors } }
    var timedOut: Bool { lock.withLock { stored.timedOut } }
}
