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
        let world = try PublishWorld(
            "catalog",
            specs: [
                "Networking/1.0.0/Networking.podspec.json": Self.spec("Networking", "1.0.0", summary: "HTTP client"),
                "Networking/1.10.0/Networking.podspec.json": Self.spec(
                    "Networking", "1.10.0", summary: "HTTP client for the app"),
                "Networking/1.9.0/Networking.podspec.json": Self.spec("Networking", "1.9.0", summary: "HTTP client"),
                "Networking/2.0.0-beta.1/Networking.podspec.json": Self.spec(
                    "Networking", "2.0.0-beta.1", summary: "HTTP client"),
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
}
