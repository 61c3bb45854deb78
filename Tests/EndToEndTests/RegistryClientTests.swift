import ComposeTestSupport
import Foundation
import Testing

/// The unmodified `swift package` client against the registry compose makes of a spec repo: nginx
/// serving `compose registry export` with the directives of docs/registry.md, and `compose registry
/// serve`. Components live in bare repositories behind a git daemon, as on a team's git server.
@Suite struct RegistryClientTests {
    /// `swift` with SwiftPM's caches, configuration and fingerprints in `home` (not the user's).
    private func swiftPM(_ arguments: [String], in folder: URL, home: URL) throws -> ProcessOutput {
        let paths = [
            "--cache-path", home.appendingPathComponent("cache").path,
            "--config-path", home.appendingPathComponent("configuration").path,
            "--security-path", home.appendingPathComponent("security").path,
        ]
        let command = arguments[0] == "package" ? ["package"] + paths + arguments.dropFirst() : arguments + paths
        return try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + command, currentDirectory: folder, timeout: 600,
            mergeOutputs: true)
    }

    /// An app package depending on `dependency`, with the registry at `registry` as its default.
    private func makeApp(at folder: URL, dependency: String, product: String, registry: String) throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".swiftpm/configuration"), withIntermediateDirectories: true)
        try Data(
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "App",
                platforms: [.macOS(.v10_15)],
                dependencies: [\(dependency)],
                targets: [.executableTarget(name: "App", dependencies: [\(product)])]
            )

            """.utf8
        ).write(to: folder.appendingPathComponent("Package.swift"))
        try Data("import Feature\nprint(Feature.text)\n".utf8).write(
            to: folder.appendingPathComponent("Sources/App/main.swift"))
        try Data(
            """
            {"authentication": {}, "registries": {"[default]": {"supportsAvailability": false, "url": "\(registry)"}}, "version": 1}

            """.utf8
        ).write(to: folder.appendingPathComponent(".swiftpm/configuration/registries.json"))
    }

    /// The kinds of the pins of a resolved package: identity → kind.
    private func pins(of folder: URL) throws -> [String: String] {
        let data = try Data(contentsOf: folder.appendingPathComponent("Package.resolved"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        var kinds: [String: String] = [:]
        for pin in object?["pins"] as? [[String: Any]] ?? [] {
            kinds[pin["identity"] as? String ?? "?"] = pin["kind"] as? String
        }
        return kinds
    }

    /// The nginx directives docs/registry.md documents (the lines after `root` in its server block).
    private func documentedDirectives() throws -> String {
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/registry.md"), encoding: .utf8)
        let block = docs.components(separatedBy: "```nginx\n")[1].components(separatedBy: "\n```")[0]
        let lines = block.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.contains("root /srv/www/registry;") })
        return lines[(start + 1)..<(lines.count - 1)].joined(separator: "\n")
    }

    @Test(.timeLimit(.minutes(10)))
    func swiftPMResolvesAndBuildsComponentsThroughTheRegistry() async throws {
        let temporary = try TemporaryDirectory("e2e-registry")
        defer { temporary.remove() }
        let root = temporary.url
        let environment: [String: String?] = ["COMPOSE_HOME": root.appendingPathComponent("home").path]
        func compose(_ arguments: [String]) async throws -> ComposeRun {
            let run = try await runCompose(arguments, environment: environment, timeout: 300)
            #expect(run.code == 0, "compose \(arguments.joined(separator: " ")): \(run.stdout)\n\(run.stderr)")
            return run
        }

        // Base 1.0.0 and 1.1.0, Feature 1.0.0 on Base (by git URL in its manifest), on a git server.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("team/remotes"), withIntermediateDirectories: true)
        let daemon = try GitDaemon(base: root.appendingPathComponent("team/remotes"))
        defer { daemon.stop() }
        let fixture = try ComponentFixture(
            root: root.appendingPathComponent("team"), baseURL: "git://127.0.0.1:\(daemon.port)")
        try fixture.release("Base", "1.0.0")
        try fixture.release("Base", "1.1.0")
        try fixture.release("Feature", "1.0.0", dependencies: ["Base"])

        let output = root.appendingPathComponent("registry")
        let export = try await compose([
            "registry", "export", fixture.specs.path, output.path, "--scope", "ios",
        ])
        #expect(export.stdout.contains("Exported 2 packages, 3 releases"), "\(export.stdout)")
        let nginx = try NginxServer(root: output, directives: try documentedDirectives())
        defer { nginx.stop() }
        let registry = String(nginx.url.dropLast())

        // (a) A package that depends on .package(id:) resolves and builds; the component runs.
        let swiftHome = root.appendingPathComponent("swiftpm")
        let byIdentity = root.appendingPathComponent("by-identity")
        try makeApp(
            at: byIdentity, dependency: ".package(id: \"ios.Feature\", from: \"1.0.0\")",
            product: ".product(name: \"Feature\", package: \"ios.Feature\")", registry: registry)
        let build = try swiftPM(["build", "--replace-scm-with-registry"], in: byIdentity, home: swiftHome)
        #expect(build.code == 0, "\(build.stdout)")
        #expect(try pins(of: byIdentity) == ["ios.Feature": "registry", "ios.Base": "registry"])
        let run = try await runProcess(byIdentity.appendingPathComponent(".build/debug/App"), [])
        #expect(run.stdout == "Feature 1.0.0 on Base 1.1.0\n")
        // nginx logs the file a request was answered from: the lookup of Base's URL is among them.
        let requests = nginx.requests()
        for path in [
            "GET /ios/Feature/1.0.0.zip 200", "GET /ios/Base/1.1.0.zip 200",
            "GET /identifiers/git/127.0.0.1:\(daemon.port)/Base.git.json 200",
        ] {
            #expect(requests.contains(path), "\(requests)")
        }

        // (b) A package naming the components' git URLs, resolved through `compose registry serve`
        // with --replace-scm-with-registry: every pin a registry release.
        let port = try freePort()
        let serve = try #require(
            try startListening(
                composeExecutable,
                [
                    "registry", "serve", fixture.specs.path, "--scope", "ios", "--port", "\(port)", "--folder",
                    root.appendingPathComponent("served").path,
                ], port: port, environment: environment, seconds: 60))
        defer { stopProcess(serve) }
        let byURL = root.appendingPathComponent("by-url")
        try makeApp(
            at: byURL, dependency: ".package(url: \"\(fixture.url(of: "Feature"))\", from: \"1.0.0\")",
            product: ".product(name: \"Feature\", package: \"Feature\")", registry: "http://127.0.0.1:\(port)")
        let resolve = try swiftPM(
            ["package", "resolve", "--replace-scm-with-registry"], in: byURL,
            home: root.appendingPathComponent("swiftpm-b"))
        #expect(resolve.code == 0, "\(resolve.stdout)")
        #expect(try pins(of: byURL) == ["ios.Feature": "registry", "ios.Base": "registry"])

        // (c) Composed/ made by `compose install --registry` builds from the registry alone.
        try runGit(["init", "-q", "-b", "main"], in: fixture.specs)
        try runGit(["add", "-A"], in: fixture.specs)
        try runGit(
            ["-c", "user.name=t", "-c", "user.email=t@e.com", "commit", "-q", "-m", "Specs"], in: fixture.specs)
        let project = root.appendingPathComponent("ShopApp")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(
            """
            source '\(URL(fileURLWithPath: fixture.specs.path).absoluteString)'
            platform :osx, '10.15'

            target 'ShopApp' do
              pod 'Feature', '~> 1.0'
            end

            """.utf8
        ).write(to: project.appendingPathComponent("Composefile"))
        let install = try await compose([
            "install", "--project", project.path, "--registry", registry, "--registry-scope", "ios",
        ])
        #expect(install.stdout.contains("Feature 1.0.0 from the registry (ios.Feature)"), "\(install.stdout)")
        let composed = project.appendingPathComponent("Composed")
        let manifest = try String(contentsOf: composed.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(id: \"ios.Feature\", exact: \"1.0.0\"),"), "\(manifest)")
        #expect(!manifest.contains(".package(url:"), "\(manifest)")
        let configuration = try String(
            contentsOf: composed.appendingPathComponent(".swiftpm/configuration/registries.json"), encoding: .utf8)
        #expect(configuration.contains("\"url\" : \"\(registry)\""), "\(configuration)")
        let composedBuild = try swiftPM(
            ["build", "--replace-scm-with-registry"], in: composed, home: root.appendingPathComponent("swiftpm-c"))
        #expect(composedBuild.code == 0, "\(composedBuild.stdout)")
        let composedPins = try pins(of: composed)
        #expect(!composedPins.isEmpty && composedPins.values.allSatisfy { $0 == "registry" }, "\(composedPins)")

        // A tampered archive: the metadata's checksum no longer matches, and SwiftPM refuses it.
        let tampered = root.appendingPathComponent("tampered")
        try runTool("cp", ["-R", output.path, tampered.path], in: root)
        try FileManager.default.removeItem(at: tampered.appendingPathComponent("ios/Base/1.1.0.zip"))
        try FileManager.default.copyItem(
            at: output.appendingPathComponent("ios/Base/1.0.0.zip"),
            to: tampered.appendingPathComponent("ios/Base/1.1.0.zip"))
        let evil = try NginxServer(root: tampered, directives: try documentedDirectives())
        defer { evil.stop() }
        let victim = root.appendingPathComponent("victim")
        try makeApp(
            at: victim, dependency: ".package(id: \"ios.Base\", exact: \"1.1.0\")",
            product: ".product(name: \"Base\", package: \"ios.Base\")", registry: String(evil.url.dropLast()))
        try Data("import Base\nprint(Base.text)\n".utf8).write(
            to: victim.appendingPathComponent("Sources/App/main.swift"))
        let refused = try swiftPM(["package", "resolve"], in: victim, home: root.appendingPathComponent("swiftpm-d"))
        #expect(refused.code != 0)
        #expect(refused.stdout.contains("checksum"), "\(refused.stdout)")
    }
}
