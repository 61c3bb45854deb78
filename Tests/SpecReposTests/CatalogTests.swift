import ComposeTestSupport
import Foundation
import Publishing
import SpecRepos
import SpecReposTestSupport
import Testing

@Suite("SpecRepos: search and info")
struct CatalogTests {
    @Test func searchAndInfoAcrossRepos() throws {
        let world = try PublishWorld(
            "catalog",
            specs: [
                "Networking/1.0.0/Networking.podspec.json": minimalSpec("Networking", "1.0.0", summary: "HTTP client"),
                "Networking/1.10.0/Networking.podspec.json": minimalSpec(
                    "Networking", "1.10.0", summary: "HTTP client for the app"),
                "Networking/1.9.0/Networking.podspec.json": minimalSpec("Networking", "1.9.0", summary: "HTTP client"),
                "Networking/2.0.0-beta.1/Networking.podspec.json": minimalSpec(
                    "Networking", "2.0.0-beta.1", summary: "HTTP client"),
                "OldPay/1.0.0/OldPay.podspec.json": minimalSpec(
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

    /// Search answers from the search index, which follows every publish (a new version, a changed
    /// summary) and `repo update` from git without being rebuilt: only the pods that changed are read.
    @Test func searchFollowsPublishAndUpdateFromTheIndex() throws {
        let world = try PublishWorld("catalog-index")
        defer { world.stop() }
        let mine = SpecRepoStore(home: try world.home("mine"))
        let theirs = SpecRepoStore(home: try world.home("theirs"))
        let catalog = SpecCatalog(store: mine)
        let publisher = Publisher(store: mine)
        let work = try world.component("Pay", version: "1.0.0")
        _ = try publisher.publish(repo: "specs", componentDirectory: work)

        let built = catalog.searchReport("pay")
        #expect(
            built.pods.map { "\($0.name) \($0.latestVersion) \($0.summary ?? "-")" } == ["Pay 1.0.0 Pay does things"])
        #expect(built.repos.map(\.freshness) == [.rebuilt(podsRead: 1)])
        #expect(catalog.searchReport("pay").repos.map(\.freshness) == [.unchanged])

        // A new version with a new summary shows at once; so does a summary fixed in place.
        try world.component("Pay", version: "1.1.0", extra: " faster")
        _ = try publisher.publish(repo: "specs", componentDirectory: work)
        let next = catalog.searchReport("FASTER")
        #expect(next.pods.map { "\($0.latestVersion) \($0.summary ?? "-")" } == ["1.1.0 Pay does things faster"])
        #expect(next.repos.map(\.freshness) == [.updated(podsRead: 1)])
        try world.component("Pay", version: "1.1.0", extra: " and cheaper")
        _ = try publisher.publish(
            repo: "specs", componentDirectory: work, options: PublishOptions(noTag: true, overwrite: true))
        #expect(catalog.search("cheaper").map(\.summary) == ["Pay does things and cheaper"])
        #expect(catalog.search("faster").isEmpty)

        // Published from another clone: seen here after `repo update`.
        let order = try world.component("Order", version: "2.0.0")
        _ = try Publisher(store: theirs).publish(repo: "specs", componentDirectory: order)
        #expect(catalog.search("order").isEmpty)
        _ = try mine.update("specs")
        let updated = catalog.searchReport("order")
        #expect(updated.pods.map(\.name) == ["Order"])
        #expect(updated.repos.map(\.freshness) == [.updated(podsRead: 1)])
        #expect(try catalog.info("order").first?.versions == ["2.0.0"])

        // The same answers as reading every spec (the spec index off).
        let reading = SpecCatalog(
            store: SpecRepoStore(home: ComposeHome(url: mine.home.url, environment: ["COMPOSE_SPEC_INDEX": "0"])))
        for query in ["", "pay", "does", "order", "zzz"] {
            #expect(catalog.search(query) == reading.search(query), "\(query)")
        }
        #expect(reading.searchReport("").repos.map(\.freshness) == [nil])
    }

    /// Summaries are written by anyone: separators, control characters, text outside ASCII and a
    /// very long summary neither corrupt the index nor change what search finds and shows; a
    /// damaged index file is rebuilt.
    @Test func hostileSummariesKeepTheIndexWhole() throws {
        let long = String(repeating: "lorem ipsum ", count: 200) + "needle at the end"
        let summaries: [(String, String)] = [
            ("Tabs", "one\ttwo\nthree\r\nfour"),
            ("Nul", "before\u{0}after\u{0}Fake\u{0}9.9.9"),
            ("Umlaut", "Überweisung für Kunden"),
            ("Heat", "273 \u{212A} cold"),
            ("Long", long),
            ("Plain", "nothing odd"),
        ]
        var specs: [String: String] = [:]
        for (name, summary) in summaries {
            let object: [String: Any] = ["name": name, "version": "1.0.0", "summary": summary]
            let data = try JSONSerialization.data(withJSONObject: object)
            specs["\(name)/1.0.0/\(name).podspec.json"] = String(decoding: data, as: UTF8.self)
        }
        let world = try PublishWorld("catalog-hostile", specs: specs)
        defer { world.stop() }
        let home = try world.home()
        let catalog = SpecCatalog(store: SpecRepoStore(home: home))
        let reading = SpecCatalog(
            store: SpecRepoStore(home: ComposeHome(url: home.url, environment: ["COMPOSE_SPEC_INDEX": "0"])))
        let queries = [
            "", "two", "\n", "\t", "after", "fake", "9.9.9", "für", "überweisung", "k", "needle", "odd", "zzz",
        ]
        #expect(catalog.searchReport("").repos.map(\.freshness) == [.rebuilt(podsRead: 6)])
        for query in queries {
            #expect(catalog.search(query) == reading.search(query), "\(query.debugDescription)")
        }
        #expect(catalog.search("after").map(\.name) == ["Nul"])
        #expect(catalog.search("fake").map(\.name) == ["Nul"])
        #expect(catalog.search("needle").first?.summary == long)
        #expect(catalog.search("").map(\.name) == ["Heat", "Long", "Nul", "Plain", "Tabs", "Umlaut"])
        #expect(catalog.searchReport("odd").repos.map(\.freshness) == [.unchanged])

        // A truncated or flipped file is not read: it is rebuilt, with the same answers.
        let file = SearchIndex(home: home, root: home.repoDirectory("specs")).file
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)
        #expect(catalog.searchReport("odd").repos.map(\.freshness) == [.rebuilt(podsRead: 6)])
        try bytes.prefix(bytes.count / 3).write(to: file)
        #expect(catalog.search("überweisung") == reading.search("überweisung"))
        #expect(catalog.searchReport("").repos.map(\.freshness) == [.unchanged])
    }
}
