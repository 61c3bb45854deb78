import ComposeTestSupport
import Foundation
import Testing

@Suite("compose graph")
struct GraphCommandTests {
    let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture").path

    @Test func checkPassesTheFixtureWithWarningsAllowed() async throws {
        let allowed = try await runComposeInProcess(["graph", "--check", fixture, "--allow-warnings"])
        #expect(allowed.code == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stdout.contains("[graph-stable-dependencies]"))
        let strict = try await runComposeInProcess(["graph", "--check", fixture, "--format", "github"])
        #expect(strict.code == 1)
        #expect(strict.stdout.contains("::warning file="))
    }

    @Test func drawsDotAndMermaidWithLayers() async throws {
        let dot = try await runComposeInProcess(["graph", fixture])
        #expect(dot.code == 0)
        #expect(dot.stdout.contains("label=\"business\""))
        #expect(dot.stdout.contains("\"Pay\" -> \"PayMediator\""))
        let mermaid = try await runComposeInProcess([
            "graph", fixture, "--format", "mermaid", "--focus", "Pay", "--depth", "1",
        ])
        #expect(mermaid.code == 0)
        #expect(mermaid.stdout.hasPrefix("flowchart TD"))
        #expect(!mermaid.stdout.contains("Account"))
    }

    @Test func pictureWithoutGraphvizNamesThePackage() async throws {
        let folder = try TemporaryDirectory("graph-cli")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("g.svg").path
        let run = try await runComposeInProcess(
            ["graph", fixture, "--format", "svg", "--output", out], environment: ["PATH": folder.path])
        #expect(run.code == 3)
        #expect(run.stderr.contains("graphviz"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let usage = try await runComposeInProcess(["graph", fixture, "--format", "png"])
        #expect(usage.code == 64)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot")))
    func drawsAnSVGWithGraphviz() async throws {
        let folder = try TemporaryDirectory("graph-cli")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("g.svg").path
        let run = try await runComposeInProcess(["graph", fixture, "--format", "svg", "--output", out])
        #expect(run.code == 0, "\(run.stderr)")
        let svg = String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("PayMediator"))
    }
}
