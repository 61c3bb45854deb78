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
