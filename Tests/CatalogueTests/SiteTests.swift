import Catalogue
import ComposeTestSupport
import Foundation
import SpecRepos
import Testing

/// The web catalogue written from spec repos on disk: escaping, incremental writes, dates from git.
@Suite struct SiteTests {
    func write(_ json: String, _ name: String, _ version: String, in repo: URL) throws {
        let folder = repo.appendingPathComponent("\(name)/\(version)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: folder.appendingPathComponent("\(name).podspec.json"))
    }

    /// Commits everything in `repo` with `date` as the committer's date.
    func commit(_ message: String, at date: String, in repo: URL) throws {
        try runGit(["add", "-A"], in: repo)
        let run = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "commit", "-q", "-m", message],
            environment: [
                "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
                "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_COMMITTER_DATE": date, "GIT_AUTHOR_DATE": date,
            ], currentDirectory: repo)
        #expect(run.code == 0, "\(run.stderr)")
    }

    func files(under folder: URL) -> [String: String] {
        var out: [String: String] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? [] {
            if let text = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) {
                out[path] = text
            }
        }
        return out
    }

    /// Pod names, summaries, authors, URLs, layer names and spec errors from the repo are written
    /// as text: no tag, attribute or script of theirs reaches a page, and the search index is JSON
    /// with no `<` at all.
    @Test func hostileValuesAreEscapedInEveryPageAndTheIndex() throws {
        let folder = try TemporaryDirectory("site-hostile")
        defer { folder.remove() }
        let repo = folder.url.appendingPathComponent("repo")
        let attack = "</script><script>alert(1)</script>"
        try write(
            """
            {"name": "Evil", "version": "1.0.0", "summary": "\(attack) & \\"quotes\\" 'single'",
             "description": "<img src=x onerror=alert(2)> & more",
             "homepage": "javascript:alert(3)", "license": "<svg onload=alert(4)>",
             "authors": {"\\"><img src=x onerror=alert(5)>": "a&b@example.com"},
             "source": {"git": "\\"><script>alert(6)</script>", "tag": "<b>1.0.0</b>"},
             "deprecated_in_favor_of": "\\"><script>alert(7)</script>",
             "platforms": {"ios": "13.0"}, "dependencies": {"Good": []}}
            """, "Evil", "1.0.0", in: repo)
        try write(
            #"{"name": "Good", "version": "1.0.0", "summary": "Fine.", "homepage": "https://example.com/?a=1&b=\"2\"", "platforms": {"ios": "13.0"}}"#,
            "Good", "1.0.0", in: repo)
        // A spec that cannot be read: its error message (which quotes the file) is text too.
        try write("{\"name\": \"<script>alert(8)</script>\", \"version\": ", "Broken", "1.0.0", in: repo)
        // A folder whose name is no pod name is left out.
        try write("{}", "<script>alert(9)", "1.0.0", in: repo)
        try Data("layers:\n  base: Good\n  \"<script>alert(10)</script>\": Evil\n".utf8)
            .write(to: repo.appendingPathComponent("Layers.yml"))

        let site = folder.url.appendingPathComponent("site")
        let summary = try CatalogueSite.export(
            from: repo, to: site, title: "<i>specs</i>", readmes: nil, searchPath: nil)
        #expect(summary.pods == 3)
        let written = files(under: site)
        #expect(
            written["pods/Evil.html"] != nil && written["pods/Good.html"] != nil && written["pods/Broken.html"] != nil)
        for (path, text) in written where path.hasSuffix(".html") || path.hasSuffix(".json") {
            for number in 1...10 { #expect(!text.contains("alert(\(number))</script>"), "\(path)") }
            #expect(!text.contains("<script>alert"), "\(path)")
            #expect(!text.contains("<img"), "\(path)")
            #expect(!text.contains("<svg"), "\(path)")
            #expect(!text.contains("<b>"), "\(path)")
            #expect(!text.contains("<i>"), "\(path)")
            #expect(!text.contains("javascript:alert(3)\""), "\(path)")
            if path.hasSuffix(".html") {
                // The one script of a page is the site's own.
                let scripts = text.components(separatedBy: "<script").count - 1
                #expect(scripts == (path == "index.html" ? 1 : 0), "\(path)")
                #expect(!text.contains("href=\"javascript"), "\(path)")
            }
        }
        let evil = try #require(written["pods/Evil.html"])
        #expect(
            evil.contains(
                "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;single&#39;"))
        #expect(evil.contains("&quot;&gt;&lt;img src=x onerror=alert(5)&gt; &lt;a&amp;b@example.com&gt;"))
        #expect(evil.contains("<dt>Homepage</dt><dd>javascript:alert(3)</dd>"))
        #expect(evil.contains("<dt>Layer</dt><dd>&lt;script&gt;alert(10)&lt;/script&gt;</dd>"))
        #expect(evil.contains("<span class=\"badge deprecated\">deprecated</span>"))
        let good = try #require(written["pods/Good.html"])
        #expect(good.contains("<a href=\"https://example.com/?a=1&amp;b=&quot;2&quot;\" rel=\"nofollow\">"))
        #expect(good.contains("<li><a href=\"Evil.html\">Evil</a></li>"))
        let broken = try #require(written["pods/Broken.html"])
        #expect(broken.contains("Its newest spec cannot be read: Broken/1.0.0/Broken.podspec.json"), "\(broken)")
        #expect(!broken.contains(folder.path))

        let index = try #require(written["search-index.json"])
        #expect(!index.contains("<") && !index.contains(">") && !index.contains("&"))
        let decoded = try JSONSerialization.jsonObject(with: Data(index.utf8)) as? [String: [[String: Any]]]
        let pods = try #require(decoded?["pods"])
        #expect(pods.map { $0["name"] as? String } == ["Broken", "Evil", "Good"])
        #expect(pods[1]["summary"] as? String == "\(attack) & \"quotes\" 'single'")
        #expect(pods[1]["deprecated"] as? Bool == true)
    }

    /// A second write with nothing new writes nothing; a pod gone from the repo loses its page; a
    /// file the site did not write (the CDN export's) stays; a link in the site's folder is refused.
    @Test func writesAreIncrementalAndRemoveOnlyTheirOwnFiles() throws {
        let folder = try TemporaryDirectory("site-incremental")
        defer { folder.remove() }
        let repo = folder.url.appendingPathComponent("repo")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("spec-repo-fixture"), to: repo)
        let site = folder.url.appendingPathComponent("out/site")
        let first = try CatalogueSite.export(from: repo, to: site, title: "specs", readmes: nil, searchPath: nil)
        #expect(first.pods == 16)
        #expect(first.written.contains("pods/Pay.html") && first.written.contains("index.html"))
        #expect(first.graph == .drawn && first.written.contains("graph.svg"))
        let svg = try String(contentsOf: site.appendingPathComponent("graph.svg"), encoding: .utf8)
        #expect(svg.contains("xlink:href=\"pods/Pay.html\""))
        try Data("mine\n".utf8).write(to: site.appendingPathComponent("pods/Notes.html"))

        let second = try CatalogueSite.export(from: repo, to: site, title: "specs", readmes: nil, searchPath: nil)
        #expect(second.written.isEmpty && second.removed.isEmpty)
        #expect(second.unchanged == first.written.count)

        try FileManager.default.removeItem(at: repo.appendingPathComponent("Router"))
        let third = try CatalogueSite.export(from: repo, to: site, title: "specs", readmes: nil, searchPath: nil)
        #expect(third.removed == ["pods/Router.html"])
        #expect(Set(third.written).isSuperset(of: ["index.html", "search-index.json", "graph.dot", "graph.svg"]))
        #expect(!third.written.contains("pods/Pay.html"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("pods/Router.html").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("pods/Notes.html").path))

        try FileManager.default.removeItem(at: site.appendingPathComponent("index.html"))
        try FileManager.default.createSymbolicLink(
            at: site.appendingPathComponent("index.html"), withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
        #expect(throws: SiteError.unsafeOutput(path: site.path + "/index.html", what: "a symbolic link")) {
            _ = try CatalogueSite.export(from: repo, to: site, title: "specs", readmes: nil, searchPath: nil)
        }
    }

    /// Each version's date is the day of the commit that added its spec file.
    @Test func versionDatesComeFromTheCommitsThatAddedTheSpecs() throws {
        let folder = try TemporaryDirectory("site-dates")
        defer { folder.remove() }
        // The spec repo is a folder of the working copy, whose name is read as written, not as a pattern.
        let work = folder.url.appendingPathComponent("work")
        let repo = work.appendingPathComponent("specs [*]")
        try runGit(["init", "-q", "-b", "main", work.path])
        try write(#"{"name": "Pay", "version": "1.0.0", "summary": "Pay."}"#, "Pay", "1.0.0", in: repo)
        try write(
            #"{"name": "Pay", "version": "1.1.0", "summary": "Pay."}"#, "Pay", "1.1.0",
            in: work.appendingPathComponent("specs"))
        try commit("[Add] Pay (1.0.0)", at: "2024-03-05T10:00:00Z", in: work)
        try FileManager.default.removeItem(at: work.appendingPathComponent("specs"))
        try write(#"{"name": "Pay", "version": "1.1.0", "summary": "Pay."}"#, "Pay", "1.1.0", in: repo)
        try commit("[Add] Pay (1.1.0)", at: "2025-11-20T23:30:00Z", in: work)
        // Not committed: no date.
        try write(#"{"name": "Pay", "version": "1.2.0", "summary": "Pay."}"#, "Pay", "1.2.0", in: repo)

        let catalogue = CatalogueReader.read(repo)
        let pay = try #require(catalogue.entries.first)
        #expect(pay.releases.map(\.version) == ["1.2.0", "1.1.0", "1.0.0"])
        #expect(pay.releases.map { SitePages.date($0.addedAt) } == ["", "2025-11-20", "2024-03-05"])
    }
}
