import ComposeTestSupport
import Foundation
import Testing

/// The registry's commands as a user meets them: publish adding its release, usage errors.
@Suite struct RegistryCommandTests {
    @Test func publishWithRegistryExportAddsTheReleaseAndSaysSo() async throws {
        let folder = try TemporaryDirectory("cli-publish-registry")
        defer { folder.remove() }
        let environment = try await environmentWithAddedSpecRepo(in: folder.url)
        let work = try makeLoggingComponent(in: folder.url)
        try """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Logging",
            products: [.library(name: "Logging", targets: ["Logging"])],
            targets: [.target(name: "Logging")]
        )

        """.write(to: work.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "-m", "Package.swift"], in: work)
        try runGit(["push", "-q", "origin", "HEAD:main"], in: work)

        let registry = folder.url.appendingPathComponent("registry")
        let usage = try await runComposeInProcess(
            ["publish", "specs", "--skip-build", "--registry-export", registry.path], environment: environment,
            currentDirectory: work)
        #expect(usage.code == 64)
        #expect(usage.stderr.contains("--registry-export and --registry-scope go together"), "\(usage.stderr)")

        let publish = try await runComposeInProcess(
            [
                "publish", "specs", "--allow-warnings", "--skip-build", "--registry-export", registry.path,
                "--registry-scope", "ios",
            ],
            environment: environment, currentDirectory: work)
        #expect(publish.code == 0, "\(publish.stdout)\(publish.stderr)")
        #expect(publish.stdout.contains("Registry \(registry.path) (scope ios): 1 releases"), "\(publish.stdout)")
        let metadata = try String(
            contentsOf: registry.appendingPathComponent("ios/Logging/9.0.0.json"), encoding: .utf8)
        #expect(metadata.contains("\"id\" : \"ios.Logging\""), "\(metadata)")
        #expect(FileManager.default.fileExists(atPath: registry.appendingPathComponent("ios/Logging/9.0.0.zip").path))
    }

    @Test func aRegistryThatIsNoURLOrAScopeThatIsNoScopeIsRefusedBeforeAnythingIsWritten() async throws {
        let folder = try TemporaryDirectory("cli-install-registry")
        defer { folder.remove() }
        try "platform :ios, '15.0'\ntarget 'App' do\nend\n".write(
            to: folder.url.appendingPathComponent("Composefile"), atomically: true, encoding: .utf8)
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]
        for (arguments, message) in [
            (["--registry", "ftp://registry.example.com", "--registry-scope", "ios"], "is not an http(s) URL"),
            (
                ["--registry", "https://registry.example.com", "--registry-scope", "ios.team"],
                "is not a registry scope"
            ),
        ] {
            let run = try await runComposeInProcess(
                ["install", "--project", folder.path] + arguments, environment: environment)
            #expect(run.code == 1, "\(run.stderr)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
        let alone = try await runComposeInProcess(
            ["install", "--project", folder.path, "--registry", "https://registry.example.com"],
            environment: environment)
        #expect(alone.code == 64)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Composed").path))
        let scope = try await runComposeInProcess(
            ["registry", "export", folder.path, folder.url.appendingPathComponent("out").path, "--scope", "a_b"],
            environment: environment)
        #expect(scope.code == 1)
        #expect(scope.stderr.contains("'a_b' is not a registry scope"), "\(scope.stderr)")
    }
}

/// Skipped releases said once per reason: one line naming every pod, the whole reasons in --verbose,
/// every version in --format json.
@Suite struct RegistrySkippedOutputTests {
    @Test func versionsSkippedForOneReasonAreOneLineNamingEveryPod() async throws {
        let folder = try TemporaryDirectory("cli-registry-skipped")
        defer { folder.remove() }
        let fixture = try ComponentFixture(root: folder.url.appendingPathComponent("team"))
        for name in ["Cache", "account", "Pay"] {
            try fixture.release(name, "1.0.0")
            try fixture.release(name, "1.1.0")
        }
        try fixture.release("Podless", "1.0.0", manifest: false)
        // Their sources gone: every version of the three is unreachable, each with its own URL.
        for name in ["Cache", "account", "Pay"] {
            try FileManager.default.removeItem(at: fixture.remotes.appendingPathComponent("\(name).git"))
        }
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]
        let output = folder.url.appendingPathComponent("registry")
        let arguments = ["registry", "export", fixture.specs.path, output.path, "--scope", "ios"]

        let export = try await runComposeInProcess(arguments, environment: environment)
        #expect(export.code == 0, "\(export.stderr)")
        let skipped = export.stdout.split(separator: "\n").filter { $0.hasPrefix("  skipped ") }
        #expect(
            skipped == [
                "  skipped account, Cache, Pay: its source could not be fetched (6 versions; --verbose says each)",
                "  skipped Podless 1.0.0: it has no Package.swift at tag 1.0.0 (compose install makes one from the podspec; a registry serves the package's own)",
            ], "\(export.stdout)")

        let verbose = try await runComposeInProcess(arguments + ["--verbose"], environment: environment)
        let lines = verbose.stdout.split(separator: "\n").filter { $0.hasPrefix("  skipped ") }
        #expect(lines.count == 4, "\(verbose.stdout)")
        #expect(
            lines.contains {
                $0.hasPrefix("  skipped account 1.0.0, 1.1.0: its source could not be fetched: ")
                    && $0.contains("account.git")
            }, "\(verbose.stdout)")

        let json = try await runComposeInProcess(arguments + ["--format", "json"], environment: environment)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let versions = try #require(object?["skipped"] as? [[String: String]], "\(json.stdout)")
        #expect(versions.count == 7)
        #expect(versions.filter { $0["kind"] == "its source could not be fetched" }.count == 6)
        #expect(
            versions.filter { $0["reason"]?.hasPrefix("its source could not be fetched: could not fetch ") == true }
                .count == 6, "\(versions)")
        #expect(
            versions.first { $0["name"] == "Podless" }?["kind"]
                == "it has no Package.swift at its tag (compose install makes one from the podspec; a registry serves the package's own)",
            "\(versions)")
    }
}
