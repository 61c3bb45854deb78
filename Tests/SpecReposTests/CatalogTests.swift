import ComposeTestSupport
import Foundation
import SpecRepos
import Testing

@Suite("SpecRepos: search and info")
struct CatalogTests {
    static func spec(_ name: String, _ version: String, summary: String, extra: String = "") -> String {
        """
        {"name": "\(name)", "version": "\(version)", "summary": "\(summary)", "homepage": "https://example.com/\(name)",
         "source": {"git": "https://git.example.com/\(name).git", "tag": "\(version)"}\(extra)}
        """
    }

    @Test func searchAndInfoAcrossRepos() throws {
        let world = try PublishWorld("catalog", specs: [
            "Networking/1.0.0/Networking.podspec.json": Self.spec("Networking", "1.0.0", summary: "HTTP client"),
            "Networking/1.10.0/Networking.podspec.json": Self.spec("Networking", "1.10.0", summary: "HTTP client for the app"),
            "Networking/1.9.0/Networking.podspec.json": Self.spec("Networking", "1.9.0", summary: "HTTP client"),
            "Networking/2.0.0-beta.1/Networking.podspec.json": Self.spec("Networking", "2.0.0-beta.1", summary: "HTTP client"),
            "OldPay/1.0.0/OldPay.podspec.json": Self.spec(
                "OldPay", "1.0.0", summary: "Payments", extra: ", \"deprecated_in_favor_of\": \"Pay\""),
        ])
        defer { world.stop() }
        let store = SpecRepoStore(home: try world.home())
        let catalog = SpecCatalog(store: store)

        #expect(catalog.search("http").map(\.name) == ["Networking"])
        #expect(catalog.search("NETWORK").first?.latestVersion == "2.0.0-beta.1")
        #expect(catalog.search("payments").map(\.name) == ["OldPay"])
        #expect(catalog.search("zzz").isEmpty)

        let info = try #require(try catalog.info("Networking").first)
        #expect(info.versions == ["2.0.0-beta.1", "1.10.0", "1.9.0", "1.0.0"])
        #expect(info.repo == "specs")
        #expect(info.source == "https://git.example.com/Networking.git (tag 2.0.0-beta.1)")
        #expect(!info.deprecated)
        let old = try #require(try catalog.info("oldpay").first)
        #expect(old.deprecated)
        #expect(old.deprecatedInFavorOf == "Pay")
        #expect(throws: SpecRepoError.podNotFound(name: "Netw", repos: ["specs"], suggestions: ["Networking"])) {
            try catalog.info("Netw")
        }
    }

    @Test func commandsPrintTheCatalog() async throws {
        let world = try PublishWorld("catalog-cli", specs: [
            "Logging/1.0.0/Logging.podspec.json": Self.spec("Logging", "1.0.0", summary: "Structured logging"),
            "Logging/1.1.0/Logging.podspec.json": Self.spec("Logging", "1.1.0", summary: "Structured logging"),
        ])
        defer { world.stop() }
        let home = try world.home()
        let environment = composeEnvironment(home: home)
        let info = try await runCompose(["info", "Logging"], environment: environment)
        #expect(info.code == 0)
        #expect(info.stdout.contains("versions: 1.1.0, 1.0.0"))
        #expect(info.stdout.contains("repo: specs"))
        let search = try await runCompose(["search", "LOG", "--format", "json"], environment: environment)
        #expect(search.code == 0)
        #expect(search.stdout.contains("\"latestVersion\" : \"1.1.0\""))
        let missing = try await runCompose(["info", "Nope"], environment: environment)
        #expect(missing.code == 1)
        #expect(missing.stderr.contains("no pod named 'Nope'"))
        let list = try await runCompose(["repo", "list", "--format", "json"], environment: environment)
        #expect(list.code == 0)
        #expect(list.stdout.contains("\"specCount\" : 2"))
        let escape = try await runCompose(["repo", "add", "../x", "file:///nowhere"], environment: environment)
        #expect(escape.code == 64)
        #expect(escape.stderr.contains("cannot name a spec repo"))
        let secret = try await runCompose(
            ["repo", "add", "other", "https://user:s3cret@127.0.0.1:1/specs.git"], environment: environment)
        #expect(secret.code == 3)
        #expect(!secret.stderr.contains("s3cret"))
        #expect(secret.stderr.contains("https://***@127.0.0.1:1/specs.git"))
    }
}
