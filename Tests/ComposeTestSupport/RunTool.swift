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
package func runTool(_ tool: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws
    -> String
{
    let output = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, environment: environment, currentDirectory: folder,
        mergeOutputs: true)
    guard output.code == 0 else {
        throw ToolFailure(
            command: ([tool] + arguments).joined(separator: " "), status: output.code, output: output.stdout)
    }
    return output.stdout
}
