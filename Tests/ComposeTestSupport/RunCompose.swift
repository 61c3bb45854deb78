import Foundation

/// What a run of the built `compose` binary produced.
package struct ComposeRun: Sendable {
    package let code: Int32
    package let stdout: String
    package let stderr: String
    /// Whether the process was killed because it outlived its time limit.
    package let timedOut: Bool
}

/// The built `compose` executable: beside the running test bundle, else `.build/debug/compose`.
package let composeExecutable: URL = {
    let fileManager = FileManager.default
    var candidates: [URL] = []
    if let first = CommandLine.arguments.first {
        var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
        // On macOS the bundle is `X.xctest/Contents/MacOS/X`; walk up to the build folder.
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("compose"))
            directory = directory.deletingLastPathComponent()
        }
    }
    candidates.append(repositoryRoot.appendingPathComponent(".build/debug/compose"))
    return candidates.first { fileManager.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath }
        ?? repositoryRoot.appendingPathComponent(".build/debug/compose")
}()

/// Runs the built `compose` with `arguments`, standard input from /dev/null, outputs captured in
/// files (no pipe can fill up). `environment` entries are added to (or, when nil, removed from) the
/// current environment. A run outliving `timeout` seconds is killed and reported with `timedOut`.
package func runCompose(
    _ arguments: [String],
    environment: [String: String?] = [:],
    currentDirectory: URL? = nil,
    timeout: Double = 120
) async throws -> ComposeRun {
    let scratch = try TemporaryDirectory("compose-run")
    defer { scratch.remove() }
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)

    let process = Process()
    process.executableURL = composeExecutable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = outHandle
    process.standardError = errHandle

    let finished = AsyncStream<Void> { continuation in
        process.terminationHandler = { _ in continuation.yield(); continuation.finish() }
    }
    try process.run()
    let watchdog = Task {
        try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
        if process.isRunning { process.terminate() }
        return true
    }
    for await _ in finished { break }
    watchdog.cancel()
    let timedOut = (try? await watchdog.value) ?? false
    try outHandle.close()
    try errHandle.close()
    let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
    let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
    return ComposeRun(code: process.terminationStatus, stdout: stdout, stderr: stderr, timedOut: timedOut)
}
