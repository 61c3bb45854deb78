import Catalogue
import ComposeTestSupport
import Foundation
import SpecRepos
import Testing

/// The catalogue of spec-repo-fixture read in a real browser: nginx on 127.0.0.1 serves the site,
/// headless Chromium driven by Selenium (Tests/Browser/catalogue_check.py, one browser session)
/// reads it as a person would. Pay's and Router's git sources are local repositories with a Markdown
/// README at their tags (Router's hostile); every other component's source is a repository that does
/// not exist.
@Suite struct BrowserTests {
    /// Commits everything in `repo` but `leaving`, dated `date`.
    func commitAll(in repo: URL, at date: String, leaving: String? = nil) throws {
        try runGit(["add", "-A", "."] + (leaving.map { [":(exclude)\($0)"] } ?? []), in: repo)
        let run = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "commit", "-q", "-m", "Specs"],
            environment: [
                "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
                "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_COMMITTER_DATE": date, "GIT_AUTHOR_DATE": date,
            ], currentDirectory: repo)
        #expect(run.code == 0, "\(run.stderr)")
    }

    /// Component `name`'s repository with `readme` as README.md at tag `tag`, cloned bare into `remotes`.
    func release(_ name: String, _ tag: String, readme: String, in folder: URL) throws {
        let work = folder.appendingPathComponent(name)
        try runGit(["init", "-q", "-b", "main", work.path])
        try Data(readme.utf8).write(to: work.appendingPathComponent("README.md"))
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "-m", "\(name) \(tag)"], in: work)
        try runGit(["tag", tag], in: work)
        try runGit(
            ["clone", "-q", "--bare", work.path, folder.appendingPathComponent("remotes/\(name).git").path])
    }

    @Test func theFixturesCatalogueReadsRightInChromium() async throws {
        let folder = try TemporaryDirectory("site-browser")
        defer { folder.remove() }
        let repo = folder.url.appendingPathComponent("specs")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("spec-repo-fixture"), to: repo)
        let remotes = folder.url.appendingPathComponent("remotes")
        for case let path as String in FileManager.default.enumerator(atPath: repo.path)?.allObjects ?? []
        where path.hasSuffix(".podspec.json") {
            let file = repo.appendingPathComponent(path)
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(
                of: "\"git\": \"https://git.example.com/ios/", with: "\"git\": \"\(remotes.absoluteString)/"
            )
            .write(to: file, atomically: true, encoding: .utf8)
        }
        // The spec repo's history: everything released in March, Pay's beta in November.
        try runGit(["init", "-q", "-b", "main", repo.path])
        try commitAll(in: repo, at: "2026-03-02T09:00:00Z", leaving: "Pay/2.0.0-beta.1")
        try commitAll(in: repo, at: "2026-11-20T16:30:00Z")
        try release(
            "Pay", "2.0.0-beta.1",
            readme: """
                # Pay

                Payment methods, the checkout payment sheet and receipts.

                ## Usage

                - cards
                - wallets

                ```swift
                ServiceRegistry.shared.pay.present(order)
                ```

                See [the checkout guide](https://pay.example.com/guide).

                """, in: folder.url)
        // A README written to run code in a reader's browser.
        try release(
            "Router", "1.1.0",
            readme: """
                # Router

                <script>document.body.dataset.pwned = "script"</script>

                <img src="x" onerror="document.body.dataset.pwned = 'onerror'">

                [click me](javascript:document.body.dataset.pwned='link') [or me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)

                """, in: folder.url)

        let out = folder.url.appendingPathComponent("www")
        let cache = SourceCache(folder: folder.url.appendingPathComponent("cache"))
        let summary = try CatalogueSite.export(
            from: repo, to: out.appendingPathComponent("site"), title: "specs", readmes: cache, searchPath: nil)
        #expect(summary.pods == 16 && summary.graph == .drawn)

        let server = try NginxServer(
            root: out,
            directives:
                "types { text/html html; text/css css; application/javascript js; application/json json; image/svg+xml svg; }"
        )
        defer { server.stop() }
        let record = ProcessInfo.processInfo.environment["RECORD_SCREENSHOTS"] == "1"
        let shots = record ? repositoryRoot.appendingPathComponent("docs") : folder.url
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let check = try await runProcess(
            python,
            [
                repositoryRoot.appendingPathComponent("Tests/Browser/catalogue_check.py").path, server.url + "site/",
                shots.path,
            ],
            timeout: 120, mergeOutputs: true)
        #expect(
            check.code == 0,
            "\(check.stdout)\n(Chromium, chromedriver and python3-selenium come from scripts/setup.sh)")
        #expect(check.stdout.contains("passed, 0 failed"), "\(check.stdout)")
        for name in ["catalogue-index.png", "catalogue-pod.png"] {
            let size =
                (try? FileManager.default.attributesOfItem(atPath: shots.appendingPathComponent(name).path)[.size])
                as? Int
            #expect((size ?? 0) > 10_000, "\(name)")
        }
        let requests = server.requests()
        #expect(requests.contains("GET /site/search-index.json 200"), "\(requests)")
    }
}
