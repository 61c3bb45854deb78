import ComposeTestSupport
import Foundation
import Testing

/// `compose install` in process, with `:path` components (no network).
@Suite struct InstallCommandTests {
    @Test func installsPathComponentsAndASecondRunIsANoOp() async throws {
        let temporary = try TemporaryDirectory("install-cli")
        defer { temporary.remove() }
        let project = temporary.url.appendingPathComponent("ShopApp")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let create = try await runComposeInProcess([
            "lib", "create", "Toolkit", "--author", "Ann", "--output",
            project.appendingPathComponent("Components").path, "--no-git",
        ])
        #expect(create.code != 0, "the output folder does not exist yet")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Components"), withIntermediateDirectories: true)
        _ = try await runComposeInProcess([
            "lib", "create", "Toolkit", "--author", "Ann", "--output",
            project.appendingPathComponent("Components").path, "--no-git",
        ])
        try Data(
            """
            platform :ios, '15.0'
            target 'ShopApp' do
              pod 'Toolkit', :path => 'Components/Toolkit'
            end
            """.utf8
        ).write(to: project.appendingPathComponent("Composefile"))
        let home = temporary.url.appendingPathComponent("home").path
        let first = try await runComposeInProcess(
            ["install", "--project", project.path], environment: ["COMPOSE_HOME": home])
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Toolkit: new → 0.1.0"))
        #expect(first.stdout.contains("Installed 1 component into"))
        let manifest = try String(contentsOf: project.appendingPathComponent("Composed/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(path: "../Components/Toolkit"),"#))

        let second = try await runComposeInProcess(
            ["install", "--project", project.path], environment: ["COMPOSE_HOME": home])
        #expect(second.code == 0)
        #expect(second.stdout.contains("Composed/ is up to date"))
        #expect(!second.stderr.contains("resolving"))
    }

    @Test func aPrebuiltArtifactWithTheWrongChecksumIsRefused() async throws {
        let temporary = try TemporaryDirectory("install-cli-binary")
        defer { temporary.remove() }
        let project = temporary.url.appendingPathComponent("ShopApp")
        let vendor = project.appendingPathComponent("Vendor/Pay")
        try FileManager.default.createDirectory(at: vendor, withIntermediateDirectories: true)
        let artifact = vendor.appendingPathComponent("Pay-1.0.0.zip")
        try Data("not the published bytes".utf8).write(to: artifact)
        let spec = """
            {"name": "Pay", "version": "1.0.0", "platforms": {"ios": "15.0"},
             "source": {"git": "https://git.example.invalid/ios/Pay.git", "tag": "1.0.0"},
             "prebuilt": {"url": "\(artifact.absoluteString)", "sha256": "\(String(repeating: "ab", count: 32))"}}
            """
        try Data(spec.utf8).write(to: vendor.appendingPathComponent("Pay.podspec.json"))
        try Data(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Pay", products: [.library(name: "Pay", targets: ["Pay"])], targets: [.target(name: "Pay")])

            """.utf8
        ).write(to: vendor.appendingPathComponent("Package.swift"))
        try Data("platform :ios, '15.0'\ntarget 'ShopApp' do\n  pod 'Pay', :path => 'Vendor/Pay'\nend\n".utf8)
            .write(to: project.appendingPathComponent("Composefile"))
        let home = temporary.url.appendingPathComponent("home").path
        for arguments in [["install", "--binary", "--project", project.path], ["install", "--project", project.path]] {
            let environment: [String: String?] =
                arguments.contains("--binary")
                ? ["COMPOSE_HOME": home] : ["COMPOSE_HOME": home, "COMPOSE_PAY_USE_BINARY": "1"]
            let run = try await runComposeInProcess(arguments, environment: environment)
            #expect(run.code == 1, "\(run.stderr)")
            #expect(run.stderr.contains("has SHA-256"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Composed").path))
        }
        // From source (the default), the same project installs.
        let source = try await runComposeInProcess(
            ["install", "--project", project.path], environment: ["COMPOSE_HOME": home])
        #expect(source.code == 0, "\(source.stderr)")
        #expect(
            try String(contentsOf: project.appendingPathComponent("Composed/Package.swift"), encoding: .utf8).contains(
                #".package(path: "../Vendor/Pay")"#))
    }

    @Test func aProjectWithoutComposefileIsAnInputError() async throws {
        let temporary = try TemporaryDirectory("install-cli-empty")
        defer { temporary.remove() }
        let run = try await runComposeInProcess(
            ["install", "--project", temporary.path], environment: ["COMPOSE_HOME": temporary.path + "/home"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("Composefile"))
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("Composed").path))
    }
}
