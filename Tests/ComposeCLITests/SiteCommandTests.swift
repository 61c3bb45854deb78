import ComposeTestSupport
import Foundation
import Testing

/// `compose repo export --site`: the catalogue beside the CDN files, each export keeping the other's files.
@Suite struct SiteCommandTests {
    @Test func exportWithSiteWritesTheCatalogueBesideTheCDNFilesAndASecondWritesNothing() async throws {
        let folder = try TemporaryDirectory("cli-site")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        let first = try await runComposeInProcess(
            ["repo", "export", "spec-repo-fixture", out.path, "--site"], currentDirectory: repositoryRoot)
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Exported 16 pods, 52 specs to "))
        #expect(first.stdout.contains("/site/index.html: "), "\(first.stdout)")
        for file in [
            "site/index.html", "site/pods/Pay.html", "site/graph.html", "site/search-index.json", "all_pods.txt",
        ] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "\(file)")
        }
        let page = try String(contentsOf: out.appendingPathComponent("site/pods/PayMediator.html"), encoding: .utf8)
        #expect(
            page.contains(
                "<ul id=\"dependents\">\n<li><a href=\"Order.html\">Order</a></li>\n<li><a href=\"Pay.html\">Pay</a></li>\n</ul>"
            ))
        #expect(page.contains("Not fetched: export with --readmes to show it."))

        let again = try await runComposeInProcess(
            ["repo", "export", "spec-repo-fixture", out.path, "--site", "--format", "json"],
            currentDirectory: repositoryRoot)
        #expect(again.code == 0, "\(again.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        let site = try #require(summary["site"] as? [String: Any])
        #expect((site["written"] as? [String])?.isEmpty == true)
        #expect((summary["written"] as? [String])?.isEmpty == true)
        #expect(site["graph"] as? String == "drawn")

        // The CDN export alone leaves the site in place.
        let plain = try await runComposeInProcess(
            ["repo", "export", "spec-repo-fixture", out.path], currentDirectory: repositoryRoot)
        #expect(plain.code == 0 && !plain.stdout.contains("Site "))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("site/pods/Pay.html").path))

        let alone = try await runComposeInProcess(
            ["repo", "export", "spec-repo-fixture", out.path, "--readmes"], currentDirectory: repositoryRoot)
        #expect(alone.code == 64 && alone.stderr.contains("--readmes adds READMEs to the catalogue: give --site too."))
    }
}
