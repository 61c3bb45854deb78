import Foundation

/// A tool that exited with a non-zero status.
package struct ToolFailure: Error, CustomStringConvertible {
    package let command: String
    package let status: Int32
    package let output: String
    package var description: String { "`\(command)` exited with \(status):\n\(output)" }
}

/// Runs `tool` (looked up on PATH) with `arguments` in `folder`; returns standard output and error,
/// interleaved. Throws `ToolFailure` on a non-zero exit. For tests only: product code never spawns git.
@discardableResult
package func runTool(_ tool: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> String {
    let scratch = try TemporaryDirectory("tool-output")
    defer { scratch.remove() }
    let log = scratch.url.appendingPathComponent("log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.currentDirectoryURL = folder
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let output = String(decoding: try Data(contentsOf: log), as: UTF8.self)
    guard process.terminationStatus == 0 else {
        throw ToolFailure(command: ([tool] + arguments).joined(separator: " "), status: process.terminationStatus, output: output)
    }
    return output
}
