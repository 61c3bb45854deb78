import ComposeTestSupport
import Foundation
import Testing
@testable import Scaffold

/// The slow one: the generated packages build and their tests pass with `swift test`. The core and the
/// mediator are pushed to bare repositories (file://) first, since a business component names them by URL.
@Suite struct GeneratedPackageBuildTests {
    @Test(.timeLimit(.minutes(10)))
    func generatedComponentsBuildAndTheirTestsPass() async throws {
        let temporary = try TemporaryDirectory("scaffold-build")
        defer { temporary.remove() }
        let remotes = temporary.url.appendingPathComponent("remotes")
        try FileManager.default.createDirectory(at: remotes, withIntermediateDirectories: true)
        let scaffolder = ComponentScaffolder()
        func request(_ name: String, _ kind: ComponentKind) -> ScaffoldRequest {
            ScaffoldRequest(
                name: name, kind: kind, author: "Ann", gitURL: remotes.appendingPathComponent("\(name).git").absoluteString,
                outputDirectory: temporary.url, makeGitCommit: false)
        }
        _ = try scaffolder.create(request("Mediator", .core))
        _ = try scaffolder.create(request("Checkout", .business))
        _ = try scaffolder.create(request("Toolkit", .base))
        for name in ["Mediator", "CheckoutMediator"] {
            let folder = temporary.url.appendingPathComponent(name)
            try runTool("git", ["init", "-q"], in: folder)
            try runTool("git", ["add", "-A"], in: folder)
            try runTool("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-qm", "First commit"], in: folder)
            try runTool("git", ["tag", "0.1.0"], in: folder)
            try runTool("git", ["clone", "-q", "--bare", ".", remotes.appendingPathComponent("\(name).git").path], in: folder)
        }
        // Checkout builds the core and its mediator too; Toolkit is the base kind.
        for name in ["Checkout", "Toolkit"] {
            let output = try runTool("swift", ["test"], in: temporary.url.appendingPathComponent(name))
            #expect(output.contains("Executed 2 tests, with 0 failures"), "\(name): \(output)")
        }
    }
}
