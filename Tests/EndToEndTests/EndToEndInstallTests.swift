import ComposeTestSupport
import Foundation
import Testing

/// The whole loop through the built binary: `lib create` → publish to a bare spec repo → `resolve` an
/// app that depends on the components → `install` → `swift build` of the generated package, with the
/// components' remotes moved away first (the build reads compose's cache only).
@Suite struct EndToEndInstallTests {
    @Test(.timeLimit(.minutes(10)))
    func createPublishResolveInstallBuild() async throws {
        let temporary = try TemporaryDirectory("e2e-install")
        defer { temporary.remove() }
        let root = temporary.url
        let remotes = root.appendingPathComponent("remotes")
        let sources = root.appendingPathComponent("src")
        let app = root.appendingPathComponent("app")
        for folder in [remotes, sources, app] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let environment: [String: String?] = [
            "COMPOSE_HOME": root.appendingPathComponent("home").path,
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        ]
        func compose(_ arguments: [String], in folder: URL? = nil) async throws -> ComposeRun {
            let run = try await runCompose(arguments, environment: environment, currentDirectory: folder, timeout: 300)
            #expect(run.code == 0, "compose \(arguments.joined(separator: " ")): \(run.stdout)\n\(run.stderr)")
            return run
        }

        // A spec repository with one commit.
        let specs = remotes.appendingPathComponent("specs.git")
        try makeBareRepository(at: specs, files: ["README.md": "# Specs\n"])
        _ = try await compose(["repo", "add", "specs", specs.absoluteString])

        // Components, each released to its own bare repository.
        func url(_ name: String) -> String { "file://\(remotes.path)/\(name).git" }
        let common = ["--author", "Test", "--email", "test@example.com", "--output", sources.path]
        _ = try await compose(["lib", "create", "Mediator", "--kind", "core", "--git-url", url("Mediator")] + common)
        _ = try await compose(["lib", "create", "Wallet", "--kind", "business", "--git-url", url("Wallet")] + common)
        _ = try await compose(["lib", "create", "Toolkit", "--git-url", url("Toolkit")] + common)
        // The full lint builds and tests Toolkit from a clean clone of its last commit.
        let lint = try await compose(["lint", "--run-tests", "."], in: sources.appendingPathComponent("Toolkit"))
        #expect(lint.stdout.contains("build check of Toolkit at the last commit of"), "\(lint.stdout)")
        #expect(lint.stdout.contains("with its tests"))
        for name in ["Mediator", "WalletMediator", "Wallet", "Toolkit"] {
            try runGit(["init", "-q", "--bare", remotes.appendingPathComponent("\(name).git").path])
            try runGit(["push", "-q", "origin", "main"], in: sources.appendingPathComponent(name))
            _ = try await compose(["publish", "specs", "--skip-build"], in: sources.appendingPathComponent(name))
        }

        // The app: two targets.
        // The spec repo's git URL is the app's source: the clone `repo add` made (and `publish`
        // keeps current) is found by its URL and used, not cloned again.
        try Data(
            """
            source '\(specs.absoluteString)'
            platform :ios, '15.0'

            target 'ShopApp' do
              pod 'Wallet', '~> 0.1'
              pod 'Toolkit', '~> 0.1'

              target 'ShopAppTests' do
                pod 'WalletMediator', '~> 0.1'
              end
            end
            """.utf8
        ).write(to: app.appendingPathComponent("Composefile"))
        _ = try await compose(["resolve", "--project", app.path])
        let lock = try String(contentsOf: app.appendingPathComponent("Compose.lock"), encoding: .utf8)
        #expect(lock.contains("SPEC REPOS:\n  \(specs.absoluteString):\n"), "\(lock)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("home/repos").path).filter {
                !$0.hasPrefix(".")
            } == ["specs"])
        for pod in ["Mediator (0.1.0)", "Toolkit (0.1.0)", "Wallet (0.1.0)", "WalletMediator (0.1.0)"] {
            #expect(lock.contains("  - \(pod)"), "\(lock)")
        }
        let install = try await compose(["install", "--project", app.path])
        #expect(install.stdout.contains("Installed 4 components"), "\(install.stdout)")
        let manifest = try String(contentsOf: app.appendingPathComponent("Composed/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(url: \"\(url("Wallet"))\", exact: \"0.1.0\"),"), "\(manifest)")

        // No network from here on: the remotes are gone.
        try FileManager.default.moveItem(at: remotes, to: root.appendingPathComponent("remotes-away"))
        let again = try await compose(["install", "--project", app.path])
        #expect(again.stdout.contains("Composed/ is up to date"))
        let build = try runTool("swift", ["build"], in: app.appendingPathComponent("Composed"))
        #expect(build.contains("Build complete"), "\(build)")
    }
}
