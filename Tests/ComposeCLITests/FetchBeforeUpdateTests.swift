import ComposeTestSupport
import Foundation
import Testing

/// `update` and `outdated` fetch the spec sources first (as `pod` does), a stale clone is mentioned,
/// `update NAME` matches any case, and `update` installs again when Composed/ exists.
@Suite struct FetchBeforeUpdateTests {
    @Test func updateAndOutdatedSeeWhatWasPublishedSinceUnlessToldNotToFetch() async throws {
        let folder = try TemporaryDirectory("cli-fetch-first")
        defer { folder.remove() }
        let specs = folder.url.appendingPathComponent("specs.git")
        let url = try makeBareRepository(
            at: specs, files: ["Logging/1.0.0/Logging.podspec.json": DeprecateCommandTests.spec("Logging", "1.0.0")])
        let home = folder.url.appendingPathComponent("home")
        let environment: [String: String?] = ["COMPOSE_HOME": home.path]
        let app = folder.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try "source '\(url)'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Logging', '~> 1.0'\nend\n".write(
            to: app.appendingPathComponent("Composefile"), atomically: true, encoding: .utf8)
        let first = try await runComposeInProcess(["resolve", "--project", app.path], environment: environment)
        #expect(first.code == 0, "\(first.stderr)")

        // Logging 1.1.0 is published by someone else.
        let seed = folder.url.appendingPathComponent("seed")
        try runGit(["clone", "-q", specs.path, seed.path])
        let next = seed.appendingPathComponent("Logging/1.1.0")
        try FileManager.default.createDirectory(at: next, withIntermediateDirectories: true)
        try DeprecateCommandTests.spec("Logging", "1.1.0").write(
            to: next.appendingPathComponent("Logging.podspec.json"), atomically: true, encoding: .utf8)
        try runGit(["add", "-A"], in: seed)
        try runGit(["commit", "-q", "-m", "Logging 1.1.0"], in: seed)
        try runGit(["push", "-q", "origin", "HEAD:main"], in: seed)

        let kept = try await runComposeInProcess(
            ["update", "logging", "--project", app.path, "--no-repo-update"], environment: environment)
        #expect(kept.code == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("unchanged"), "\(kept.stdout)")
        let offline = try await runComposeInProcess(
            ["outdated", "--project", app.path, "--no-repo-update"], environment: environment)
        #expect(offline.code == 0, "\(offline.stderr)")
        #expect(!offline.stdout.contains("1.1.0"), "\(offline.stdout)")
        let outdated = try await runComposeInProcess(["outdated", "--project", app.path], environment: environment)
        #expect(outdated.stdout.contains("1.1.0"), "\(outdated.stdout)")

        let updated = try await runComposeInProcess(
            ["update", "logging", "--project", app.path], environment: environment)
        #expect(updated.code == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains("~ Logging 1.0.0 -> 1.1.0"), "\(updated.stdout)")

        // A clone fetched two days ago is mentioned by a command that does not fetch.
        let fetchHead = home.appendingPathComponent("repos").appendingPathComponent(
            try #require(
                try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("repos").path)
                    .first { !$0.hasPrefix(".") })
        ).appendingPathComponent(".git/FETCH_HEAD")
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-2 * 86400 - 60)], ofItemAtPath: fetchHead.path)
        let stale = try await runComposeInProcess(["resolve", "--project", app.path], environment: environment)
        #expect(stale.stderr.contains("was last fetched 2 days ago; --repo-update"), "\(stale.stderr)")
    }

    @Test func updateInstallsAgainWhenComposedExists() async throws {
        let folder = try TemporaryDirectory("cli-update-install")
        defer { folder.remove() }
        let project = folder.url.appendingPathComponent("ShopApp")
        let components = project.appendingPathComponent("Components")
        try FileManager.default.createDirectory(at: components, withIntermediateDirectories: true)
        let create = try await runComposeInProcess([
            "lib", "create", "Toolkit", "--author", "Ann", "--output", components.path, "--no-git",
        ])
        #expect(create.code == 0, "\(create.stderr)")
        try "platform :ios, '15.0'\ntarget 'ShopApp' do\n  pod 'Toolkit', :path => 'Components/Toolkit'\nend\n".write(
            to: project.appendingPathComponent("Composefile"), atomically: true, encoding: .utf8)
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]

        let update = try await runComposeInProcess(["update", "--project", project.path], environment: environment)
        #expect(update.code == 0, "\(update.stderr)")
        #expect(!update.stderr.contains("installing the new lock"), "no Composed/ yet")
        #expect(
            try await runComposeInProcess(["install", "--project", project.path], environment: environment).code == 0)

        let again = try await runComposeInProcess(["update", "--project", project.path], environment: environment)
        #expect(again.code == 0, "\(again.stderr)")
        #expect(again.stderr.contains("Composed/ exists: installing the new lock"))
        #expect(again.stdout.contains("Composed/ is up to date (1 component, nothing fetched)."), "\(again.stdout)")
        let skipped = try await runComposeInProcess(
            ["update", "--project", project.path, "--no-install"], environment: environment)
        #expect(!skipped.stderr.contains("installing the new lock"))
    }
}

/// A spec repo added by `resolve` on first use shows the progress bar `repo add` shows, on a terminal
/// (a pseudo-terminal made by `script`), and none with `--quiet`.
@Suite struct FirstUseProgressTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func resolveDrawsTheCloneBarOnATerminal() throws {
        let folder = try TemporaryDirectory("cli-first-use-bar")
        defer { folder.remove() }
        let url = try makeBareRepository(
            at: folder.url.appendingPathComponent("specs.git"),
            files: ["Logging/1.0.0/Logging.podspec.json": DeprecateCommandTests.spec("Logging", "1.0.0")])
        let app = folder.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try "source '\(url)'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Logging'\nend\n".write(
            to: app.appendingPathComponent("Composefile"), atomically: true, encoding: .utf8)
        func run(_ extra: String, home: String) throws -> String {
            try runProcess(
                URL(fileURLWithPath: "/usr/bin/script"),
                ["-qec", "\(composeExecutable.path) resolve --project \(app.path)\(extra)", "/dev/null"],
                environment: ["COMPOSE_HOME": folder.url.appendingPathComponent(home).path], mergeOutputs: true
            ).stdout
        }
        let transcript = try run("", home: "home-1")
        #expect(transcript.contains("adding spec repo"), "\(transcript)")
        #expect(transcript.contains("Cloning spec repo [##############################] 100%"), "\(transcript)")
        #expect(transcript.contains("+ Logging 1.0.0"))
        let quiet = try run(" --quiet", home: "home-2")
        #expect(!quiet.contains("Cloning spec repo"), "\(quiet)")
        #expect(quiet.contains("Resolved 1 pod"), "\(quiet)")
    }
}
