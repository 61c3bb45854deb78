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

    /// Every file of `Composed/` with its modification time and bytes.
    func snapshot(_ folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let path = folder.appendingPathComponent(relative).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            result[relative] = "\(modified) \(try Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString())"
        }
        return result
    }

    /// A second install with nothing changed is answered from the record of the last one, writing
    /// nothing; a changed generated file, a deleted one, other binary options, a registry, a
    /// changed Composefile each make it install again (and put back what was generated); a
    /// failed install leaves no record. `outdated` still sees a release published since.
    @Test func anInstallWithNothingChangedIsAnsweredFromTheRecordOfTheLast() async throws {
        let temporary = try TemporaryDirectory("install-cli-record")
        defer { temporary.remove() }
        let components = try ComponentFixture(root: temporary.url.appendingPathComponent("team"))
        try components.release("Base", "1.0.0")
        try components.release("Feature", "1.0.0", dependencies: ["Base"])
        try components.release("Legacy", "1.0.0", manifest: false)
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let composefile = { (platform: String) in
            "source '\(components.specs.path)'\nplatform :osx, '\(platform)'\ntarget 'App' do\n  pod 'Feature'\n  pod 'Legacy'\nend\n"
        }
        try Data(composefile("10.15").utf8).write(to: project.appendingPathComponent("Composefile"))
        let home = temporary.url.appendingPathComponent("home")
        let environment: [String: String?] = ["COMPOSE_HOME": home.path]
        let record = home.appendingPathComponent("installed")
        let composed = project.appendingPathComponent("Composed")
        func install(_ extra: [String] = [], _ more: [String: String?] = [:]) async throws -> ComposeRun {
            try await runComposeInProcess(
                ["install", "--verbose", "--project", project.path] + extra,
                environment: environment.merging(more) { $1 })
        }
        let answered = "answered from its record"

        let first = try await install()
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Installed 3 components into"), "\(first.stdout)")
        // The install that wrote Composed/ keeps no record (its folders are younger than a second);
        // the next, finding nothing to do, does.
        try await Task.sleep(nanoseconds: 1_100_000_000)
        let second = try await install()
        #expect(second.code == 0, "\(second.stderr)")
        #expect(second.stdout.contains("Composed/ is up to date (3 components, nothing fetched)."))
        #expect(!second.stderr.contains(answered))
        let written = try snapshot(composed)
        #expect(written.keys.contains("Pods/Legacy/Package.swift"))
        let third = try await install()
        #expect(third.code == 0, "\(third.stderr)")
        #expect(third.stderr.contains(answered), "\(third.stderr)")
        #expect(third.stdout == second.stdout)
        #expect(try snapshot(composed) == written)

        // A generated file edited, then one deleted: installed again, put back as generated.
        let manifest = composed.appendingPathComponent("Package.swift")
        let generated = try Data(contentsOf: manifest)
        try Data("// edited\n".utf8).write(to: manifest)
        let edited = try await install()
        #expect(edited.code == 0 && !edited.stderr.contains(answered), "\(edited.stderr)")
        #expect(try Data(contentsOf: manifest) == generated)
        #expect(try await install().stderr.contains(answered))
        let exports = composed.appendingPathComponent("Targets/App/Exports.swift")
        try FileManager.default.removeItem(at: exports)
        let deleted = try await install()
        #expect(deleted.code == 0 && !deleted.stderr.contains(answered), "\(deleted.stderr)")
        #expect(FileManager.default.fileExists(atPath: exports.path))
        // A file added where install prunes is removed.
        try await Task.sleep(nanoseconds: 1_100_000_000)
        #expect(try await install().code == 0)
        #expect(try await install().stderr.contains(answered))
        let stray = composed.appendingPathComponent("Pods/Legacy/Stray.swift")
        try Data("let stray = 1\n".utf8).write(to: stray)
        #expect(!(try await install().stderr.contains(answered)))
        #expect(!FileManager.default.fileExists(atPath: stray.path))

        // Other binary options, or a registry: installed again, and the record is gone.
        try await Task.sleep(nanoseconds: 1_100_000_000)
        #expect(try await install().code == 0)
        #expect(try await install().stderr.contains(answered))
        #expect(!(try await install([], ["COMPOSE_FEATURE_USE_BINARY": "1"]).stderr.contains(answered)))
        #expect(!(try await install().stderr.contains(answered)), "the record is of the other options")
        #expect(try await install().stderr.contains(answered))
        // An empty registry: every component stays a git pin, with a note.
        let empty = temporary.url.appendingPathComponent("registry")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let server = try NginxServer(root: empty)
        defer { server.stop() }
        let registry = try await install(["--registry", server.url, "--registry-scope", "team"])
        #expect(registry.code == 0 && !registry.stderr.contains(answered), "\(registry.stderr)")
        #expect(registry.stderr.contains("is not in the registry"))
        #expect(!(try await install().stderr.contains(answered)))

        // A failed install leaves no record: the next install runs (and fails) again.
        try await Task.sleep(nanoseconds: 1_100_000_000)
        #expect(try await install().code == 0)
        #expect(try await install().stderr.contains(answered))
        let lock = project.appendingPathComponent("Compose.lock")
        let locked = try Data(contentsOf: lock)
        let broken = String(decoding: locked, as: UTF8.self).replacingOccurrences(
            of: "Base (1.0.0)", with: "Base (9.0.0)")
        try Data(broken.utf8).write(to: lock)
        let failed = try await install()
        #expect(failed.code != 0, "\(failed.stdout)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: record.path))?.isEmpty ?? true)
        try locked.write(to: lock)

        // A changed platform: resolved and installed again.
        try Data(composefile("11.0").utf8).write(to: project.appendingPathComponent("Composefile"))
        let platform = try await install()
        #expect(platform.code == 0, "\(platform.stderr)")
        #expect(platform.stderr.contains("resolving") && !platform.stderr.contains(answered))
        #expect(try String(contentsOf: manifest, encoding: .utf8).contains("(\"11.0\")"))

        // `outdated` answers from the listings when every pod is at its newest, and still sees a new release.
        let newest = try await runComposeInProcess(
            ["outdated", "--no-repo-update", "--project", project.path], environment: environment)
        #expect(newest.stdout == "Every pod is at its newest version.\n", "\(newest.stdout)\(newest.stderr)")
        try components.release("Base", "1.1.0")
        let outdated = try await runComposeInProcess(
            ["outdated", "--no-repo-update", "--project", project.path], environment: environment)
        #expect(outdated.stdout.contains("Base  1.0.0 -> 1.1.0 (latest 1.1.0)"), "\(outdated.stdout)\(outdated.stderr)")
        #expect(
            !(try await install().stderr.contains(answered)),
            "the lock stands, but a new release changes the pod's folder")
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
