import ComposeTestSupport
import Foundation
import Git
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
        let scaffolder = ComponentScaffolder(
            commit: ComponentScaffolder.gitFirstCommit(author: Signature(name: "Ann", email: "ann@example.com")))
        func request(_ name: String, _ kind: ComponentKind) -> ScaffoldRequest {
            ScaffoldRequest(
                name: name, kind: kind, author: "Ann",
                gitURL: remotes.appendingPathComponent("\(name).git").absoluteString,
                outputDirectory: temporary.url)
        }
        _ = try scaffolder.create(request("Mediator", .core))
        _ = try scaffolder.create(request("Checkout", .business))
        _ = try scaffolder.create(request("Toolkit", .base))
        // lib create made the first commits; release the core and the mediator as 0.1.0.
        for name in ["Mediator", "CheckoutMediator"] {
            let folder = temporary.url.appendingPathComponent(name)
            #expect(
                try runGit(["log", "--format=%an %s"], in: folder).stdout
                    == "Ann Create \(name) with compose lib create\n")
            #expect(try runGit(["status", "--porcelain"], in: folder).stdout.isEmpty, "everything is committed")
            try runGit(["tag", "0.1.0"], in: folder)
            try runGit(["init", "-q", "--bare", remotes.appendingPathComponent("\(name).git").path])
            try runGit(["push", "-q", "origin", "main", "0.1.0"], in: folder)
        }
        // Checkout builds the core and its mediator too; Toolkit is the base kind.
        for name in ["Checkout", "Toolkit"] {
            let output = try runTool("swift", ["test"], in: temporary.url.appendingPathComponent(name))
            #expect(output.contains("Executed 2 tests, with 0 failures"), "\(name): \(output)")
        }
    }
}
