import ComposeTestSupport
import Foundation
import Testing

/// `compose install` through the built binary, with `:path` components (no network).
@Suite struct InstallCommandTests {
    @Test func installsPathComponentsAndASecondRunIsANoOp() async throws {
        let temporary = try TemporaryDirectory("install-cli")
        defer { temporary.remove() }
        let project = temporary.url.appendingPathComponent("ShopApp")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let create = try await runCompose(["lib", "create", "Toolkit", "--author", "Ann", "--output", project.appendingPathComponent("Components").path, "--no-git"])
        #expect(create.code != 0, "the output folder does not exist yet")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("Components"), withIntermediateDirectories: true)
        _ = try await runCompose(["lib", "create", "Toolkit", "--author", "Ann", "--output", project.appendingPathComponent("Components").path, "--no-git"])
        try Data("""
            platform :ios, '15.0'
            target 'ShopApp' do
              pod 'Toolkit', :path => 'Components/Toolkit'
            end
            """.utf8).write(to: project.appendingPathComponent("Composefile"))
        let home = temporary.url.appendingPathComponent("home").path
        let first = try await runCompose(["install", "--project", project.path], environment: ["COMPOSE_HOME": home])
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Toolkit: new → 0.1.0"))
        #expect(first.stdout.contains("Installed 1 components"))
        let manifest = try String(contentsOf: project.appendingPathComponent("Composed/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(path: "../Components/Toolkit"),"#))

        let second = try await runCompose(["install", "--project", project.path], environment: ["COMPOSE_HOME": home])
        #expect(second.code == 0)
        #expect(second.stdout.contains("Composed/ is up to date"))
        #expect(!second.stderr.contains("resolving"))
    }

    @Test func aProjectWithoutComposefileIsAnInputError() async throws {
        let temporary = try TemporaryDirectory("install-cli-empty")
        defer { temporary.remove() }
        let run = try await runCompose(["install", "--project", temporary.path], environment: ["COMPOSE_HOME": temporary.path + "/home"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("Composefile"))
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("Composed").path))
    }
}
