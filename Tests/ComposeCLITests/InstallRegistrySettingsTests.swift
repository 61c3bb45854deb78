import ComposeTestSupport
import Foundation
import Testing

/// `compose install --registry` asks the registry with the HTTP settings of the environment, as an
/// HTTP spec source does: a registry on 127.0.0.1 that answers only a bearer token.
@Suite struct InstallRegistrySettingsTests {
    @Test func theRegistryGetsTheTokenOfTheEnvironment() async throws {
        let temporary = try TemporaryDirectory("install-registry-token")
        defer { temporary.remove() }
        let components = try ComponentFixture(root: temporary.url.appendingPathComponent("team"))
        try components.release("Base", "1.0.0")
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(
            "source '\(components.specs.path)'\nplatform :osx, '10.15'\ntarget 'App' do\n  pod 'Base'\nend\n".utf8
        ).write(to: project.appendingPathComponent("Composefile"))
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Base",
                platforms: [.macOS(.v10_15)],
                products: [.library(name: "Base", targets: ["Base"])],
                targets: [.target(name: "Base")]
            )

            """
        let server = try ScriptedServer { _, head in
            let authorized = head.lowercased().contains("\r\nauthorization: bearer s3cret\r\n")
            guard authorized, head.hasPrefix("GET /team/Base/1.0.0/Package.swift ") else {
                return .respond(status: authorized ? 404 : 401, headers: [:], body: "")
            }
            return .respond(status: 200, headers: ["Content-Type": "text/x-swift"], body: manifest)
        }
        defer { server.stop() }
        let registry = String(server.url.dropLast())
        let home = temporary.url.appendingPathComponent("home").path
        func install(token: String?) async throws -> ComposeRun {
            try await runComposeInProcess(
                [
                    "install", "--no-integrate", "--project", project.path, "--registry", registry, "--registry-scope",
                    "team",
                ],
                environment: [
                    "COMPOSE_HOME": home, "COMPOSE_CDN_TOKEN": token,
                    "COMPOSE_CDN_TOKEN_HOST": token.map { _ in registry },
                    "COMPOSE_NETWORK_TIMEOUT": "60",
                ])
        }

        // No token: the registry's 401 stops the install, with the hint of the token to set.
        let refused = try await install(token: nil)
        #expect(refused.code == 3, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("answered HTTP 401"), "\(refused.stderr)")
        #expect(refused.stderr.contains("COMPOSE_CDN_TOKEN"), "\(refused.stderr)")
        #expect(!server.received.isEmpty)
        #expect(!server.received.contains { $0.lowercased().contains("authorization:") })

        // The token scoped to the registry's origin: sent, and Base is pinned by its registry identity.
        let installed = try await install(token: "s3cret")
        #expect(installed.code == 0, "\(installed.stdout)\(installed.stderr)")
        #expect(server.received.contains { $0.contains("Bearer s3cret") })
        let package = try String(
            contentsOf: project.appendingPathComponent("Composed/Package.swift"), encoding: .utf8)
        #expect(package.contains(#".package(id: "team.Base", exact: "1.0.0")"#), "\(package)")
    }
}
