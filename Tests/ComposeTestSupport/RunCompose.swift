import Foundation

/// What a run of `compose` produced: its exit code and outputs.
package typealias ComposeRun = ProcessOutput

/// The built `compose` executable beside the running test bundle (`swift test` builds both into one
/// folder). No other copy is taken: a `.build/debug/compose` left by another build may be stale, and
/// a test must fail rather than test old code.
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
    guard let found = candidates.first(where: { fileManager.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath })
    else {
        fatalError(
            "compose is not built beside the test bundle (\(candidates.first?.path ?? "?")): run `swift build` first")
    }
    return found
}()

/// Runs the built `compose` with `arguments` (see `runProcess`: standard input from /dev/null,
/// `environment` entries added or, when nil, removed, killed after `timeout` seconds).
package func runCompose(
    _ arguments: [String],
    environment: [String: String?] = [:],
    currentDirectory: URL? = nil,
    timeout: Double = 600
) async throws -> ComposeRun {
    try await runProcess(
        composeExecutable, arguments, environment: environment, currentDirectory: currentDirectory, timeout: timeout)
}
