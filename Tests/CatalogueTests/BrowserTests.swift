import Catalogue
import ComposeTestSupport
import Foundation
import SpecRepos
import Testing

/// The catalogue of spec-repo-fixture read in a real browser: nginx on 127.0.0.1 serves the site,
/// headless Chromium driven by Selenium (Tests/Browser/catalogue_check.py, one browser session)
/// reads it as a person would. Pay's git source is a local repository with a README at its tag;
/// every other component's source is a repository that does not exist.
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
        let pay = folder.url.appendingPathComponent("Pay")
        try runGit(["init", "-q", "-b", "main", pay.path])
        try Data(
            "# Pay\n\nPayment methods, the checkout payment sheet and receipts.\n\n    ServiceRegistry.shared.pay.present(order)\n"
                .utf8
        )
        .write(to: pay.appendingPathComponent("README.md"))
        try runGit(["add", "-A"], in: pay)
        try runGit(["commit", "-q", "-m", "Pay 2.0.0-beta.1"], in: pay)
        try runGit(["tag", "2.0.0-beta.1"], in: pay)
        try runGit(["clone", "-q", "--bare", pay.path, remotes.appendingPathComponent("Pay.git").path])

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
