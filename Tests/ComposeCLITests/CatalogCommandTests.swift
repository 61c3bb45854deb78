import ComposeTestSupport
import Foundation
import Testing

@Suite("compose search, info, repo (in process)")
struct CatalogCommandTests {
    @Test func commandsPrintTheCatalog() async throws {
        let temporary = try TemporaryDirectory("catalog-cli")
        defer { temporary.remove() }
        let specsURL = try makeBareRepository(
            at: temporary.url.appendingPathComponent("specs.git"),
            files: [
                "Logging/1.0.0/Logging.podspec.json": minimalSpec("Logging", "1.0.0", summary: "Structured logging"),
                "Logging/1.1.0/Logging.podspec.json": minimalSpec("Logging", "1.1.0", summary: "Structured logging"),
            ])
        let environment: [String: String?] = ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path]
        let added = try await runComposeInProcess(["repo", "add", "specs", specsURL], environment: environment)
        #expect(added.code == 0, "\(added.stderr)")
        let info = try await runComposeInProcess(["info", "Logging"], environment: environment)
        #expect(info.code == 0)
        #expect(info.stdout.contains("versions: 1.1.0, 1.0.0"))
        #expect(info.stdout.contains("repo: specs"))
        let search = try await runComposeInProcess(["search", "LOG", "--format", "json"], environment: environment)
        #expect(search.code == 0)
        #expect(search.stdout.contains("\"latestVersion\" : \"1.1.0\""))
        let verbose = try await runComposeInProcess(["search", "log", "--verbose"], environment: environment)
        #expect(verbose.stderr.contains("specs: from the search index, unchanged (no spec read)"), "\(verbose.stderr)")
        #expect(verbose.stdout == "Logging 1.1.0 [specs]\n  Structured logging\n")
        let missing = try await runComposeInProcess(["info", "Nope"], environment: environment)
        #expect(missing.code == 1)
        #expect(missing.stderr.contains("no pod named 'Nope'"))
        let list = try await runComposeInProcess(["repo", "list", "--format", "json"], environment: environment)
        #expect(list.code == 0)
        #expect(list.stdout.contains("\"specCount\" : 2"))
        let escape = try await runComposeInProcess(
            ["repo", "add", "../x", "file:///nowhere"], environment: environment)
        #expect(escape.code == 64)
        #expect(escape.stderr.contains("cannot name a spec repo"))
        let secret = try await runComposeInProcess(
            ["repo", "add", "other", "https://user:s3cret@127.0.0.1:1/specs.git"], environment: environment)
        #expect(secret.code == 3)
        #expect(!secret.stderr.contains("s3cret"))
        #expect(secret.stderr.contains("https://***@127.0.0.1:1/specs.git"))
    }

    @Test func withoutSpecReposTheCommandsSaySo() async throws {
        let temporary = try TemporaryDirectory("catalog-cli-empty")
        defer { temporary.remove() }
        let environment: [String: String?] = ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path]
        let list = try await runComposeInProcess(["repo", "list"], environment: environment)
        #expect(list.code == 0)
        #expect(list.stderr.contains("No spec repos yet; add one with `compose repo add NAME URL`."))
        let search = try await runComposeInProcess(["search", "Logging"], environment: environment)
        #expect(search.stderr.contains("No pod matches 'Logging'."))
    }
}
