import ComposeTestSupport
import ComposefileFormat
import Foundation
import Project
import Specs
import Support
import Testing

@testable import Install

/// What a spec repo (anyone on the team can publish to it) or a project folder could slip into the
/// generated package: Swift code through pod or module names, invalid Swift through control
/// characters, writes outside `Composed/` through symbolic links. Each is refused before anything
/// is written.
@Suite struct InstallSafetyTests {
    /// A spec repo folder holding `Pay 1.0.0` with `extra` merged into its spec, and a project using it.
    func project(_ label: String, payExtra: [String: Any]) throws -> (TemporaryDirectory, URL, URL) {
        let temporary = try TemporaryDirectory(label)
        let specs = temporary.url.appendingPathComponent("Specs")
        let folder = specs.appendingPathComponent("Pay/1.0.0")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var object: [String: Any] = [
            "name": "Pay", "version": "1.0.0", "platforms": ["ios": "15.0"],
            "source": ["git": "https://git.example.invalid/ios/Pay.git", "tag": "1.0.0"],
        ]
        object.merge(payExtra) { $1 }
        let specFile = folder.appendingPathComponent("Pay.podspec.json")
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: specFile)
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data("source '\(specs.path)'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Pay'\nend\n".utf8)
            .write(to: project.appendingPathComponent("Composefile"))
        return (temporary, project, specFile)
    }

    @Test(arguments: [
        #"{"dependencies": {"Foundation;public let x = 1": []}}"#,
        #"{"dependencies": {"Kit (1.0)": []}}"#,
        #"{"dependencies": {"Kit\nX": []}}"#,
        #"{"ios": {"dependencies": {"Foundation\n@_exported import Evil": []}}}"#,
        #"{"subspecs": [{"name": "Core;let y = 2"}]}"#,
    ])
    func aNameInASpecThatIsNotAPodNameIsRefusedAndNothingIsWritten(_ json: String) async throws {
        let extra = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let (temporary, project, specFile) = try self.project("install-unsafe-name", payExtra: extra)
        defer { temporary.remove() }
        let install = ProjectInstall(
            projectDirectory: project.path, composeHome: temporary.url.appendingPathComponent("home"),
            toolVersion: "0.1.0")
        let error = await #expect(throws: (any Error).self) { _ = try await install.run(binary: BinaryPreference()) }
        let failure = try #require(error as? any ComposeFailure, "\(String(describing: error))")
        #expect(failure.kind == .input)
        #expect(failure.description.contains(specFile.path), "\(failure.description)")
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Compose.lock").path))
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Composed").path))
    }

    @Test func theCommandExitsOneAndNamesTheSpecFile() async throws {
        let (temporary, project, specFile) = try self.project(
            "install-unsafe-name-cli", payExtra: ["dependencies": ["Foundation;public let x = 1": [String]()]])
        defer { temporary.remove() }
        let run = try await runCompose(
            ["install", "--project", project.path], environment: ["COMPOSE_HOME": temporary.path + "/home"])
        #expect(run.code == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains(specFile.path)
                && run.stderr.contains(#""Foundation;public let x = 1" is not a valid pod name"#), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Compose.lock").path))
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Composed").path))
    }

    /// `App` in `temporary`: a Composefile with one pod, `Pay`, from the folder `App/Pay`.
    func pathPodProject(in temporary: TemporaryDirectory) throws -> URL {
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Pay"), withIntermediateDirectories: true)
        try Data(#"{"name": "Pay", "version": "1.0.0", "platforms": {"ios": "15.0"}}"#.utf8)
            .write(to: project.appendingPathComponent("Pay/Pay.podspec.json"))
        try Data(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Pay", products: [.library(name: "Pay", targets: ["Pay"])], targets: [.target(name: "Pay")])

            """.utf8
        ).write(to: project.appendingPathComponent("Pay/Package.swift"))
        try Data("platform :ios, '15.0'\ntarget 'App' do\n  pod 'Pay', :path => 'Pay'\nend\n".utf8)
            .write(to: project.appendingPathComponent("Composefile"))
        return project
    }

    @Test func anEditedLockWithANameThatIsNotAPodNameIsRefused() async throws {
        let temporary = try TemporaryDirectory("install-edited-lock")
        defer { temporary.remove() }
        let project = try pathPodProject(in: temporary)
        let install = ProjectInstall(
            projectDirectory: project.path, composeHome: temporary.url.appendingPathComponent("home"),
            toolVersion: "0.1.0")
        _ = try await install.run(binary: BinaryPreference())
        try FileManager.default.removeItem(at: project.appendingPathComponent("Composed"))
        let lockPath = project.appendingPathComponent("Compose.lock").path
        var lock = try #require(try Lockfile.read(at: lockPath))
        lock.pods[0].dependencies.append("Foundation;public let x = 1")
        try lock.write(to: lockPath)

        let error = await #expect(throws: ProjectError.self) { _ = try await install.run(binary: BinaryPreference()) }
        #expect(error?.kind == .input)
        #expect(
            error?.description.hasPrefix(lockPath + ": \"Foundation;public let x = 1\" is not a valid pod name")
                == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Composed").path))
    }

    func pathPod(_ name: String, extra: [String: Any] = [:]) throws -> InstallInputs.Pod {
        var object: [String: Any] = ["name": name, "version": "1.0.0", "platforms": ["ios": "15.0"]]
        object.merge(extra) { $1 }
        let spec = try Spec(json: JSONSerialization.data(withJSONObject: object), label: "\(name).podspec.json")
        return InstallInputs.Pod(name: name, version: try Version("1.0.0"), spec: spec, origin: .path("Vendor/\(name)"))
    }

    @Test func exportsNameModulesByModuleNameOrTheDerivedIdentifier() async throws {
        let temporary = try TemporaryDirectory("install-modules")
        defer { temporary.remove() }
        let inputs = InstallInputs(
            targets: [.init(name: "App", pods: ["lottie-ios", "Pay"])],
            pods: [try pathPod("lottie-ios"), try pathPod("Pay", extra: ["module_name": "PayKit"])])
        let result = try await Installer(composeHome: temporary.url.appendingPathComponent("home")).install(
            project: temporary.url, inputs: inputs)
        let exports = try String(
            contentsOf: result.folder.appendingPathComponent("Targets/App/Exports.swift"), encoding: .utf8)
        #expect(exports.hasSuffix("\n@_exported import PayKit\n@_exported import lottie_ios\n"), "\(exports)")
        let manifest = try String(contentsOf: result.folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        // The product is named like the module (docs/spec-package.md), the package like the folder.
        #expect(manifest.contains(#".product(name: "lottie_ios", package: "lottie-ios"),"#))
        #expect(manifest.contains(#".product(name: "PayKit", package: "Pay"),"#))
    }

    @Test(arguments: ["Foundation;public let x = 1", "Pay Kit", "1Pay", ""])
    func aModuleNameThatIsNotAnIdentifierIsRefused(_ module: String) async throws {
        let temporary = try TemporaryDirectory("install-bad-module")
        defer { temporary.remove() }
        let inputs = InstallInputs(
            targets: [.init(name: "App", pods: ["Pay"])], pods: [try pathPod("Pay", extra: ["module_name": module])])
        let error = await #expect(throws: InstallError.self) {
            _ = try await Installer(composeHome: temporary.url.appendingPathComponent("home")).install(
                project: temporary.url, inputs: inputs)
        }
        #expect(error?.kind == .input)
        #expect(error?.description.contains("module_name") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("Composed").path))
    }

    @Test func controlCharactersInAPathMakeValidSwift() throws {
        let temporary = try TemporaryDirectory("install-control-characters")
        defer { temporary.remove() }
        let path = "../Vendor/\u{1b}[31mPay\u{7}\"\\\n"
        let package = ComposedPackage(
            targets: [.init(name: "App", pods: ["Pay"])], components: [ComposedComponent(name: "Pay", pin: .path(path))]
        )
        let manifest = try package.manifest()
        #expect(manifest.contains(#"\u{1b}[31mPay\u{7}\"\\\n""#), "\(manifest)")
        let folder = temporary.url.appendingPathComponent("Composed")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        // SwiftPM compiles the manifest and reports what it declares: the path comes back intact.
        let dump = try runTool("swift", ["package", "dump-package"], in: folder)
        let start = try #require(dump.firstIndex(of: "{"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump[start...].utf8)) as? [String: Any])
        let dependencies = try #require(json["dependencies"] as? [[String: Any]])
        let local = try #require(dependencies.first?["fileSystem"] as? [[String: Any]])
        let declared = try #require(local.first?["path"] as? String)
        #expect(declared.hasSuffix("/Vendor/\u{1b}[31mPay\u{7}\"\\\n"), "\(declared)")
    }

    @Test func aSymlinkedTargetsFolderIsRefusedAndNothingIsWritten() async throws {
        let temporary = try TemporaryDirectory("install-symlink-folder")
        defer { temporary.remove() }
        let project = temporary.url.appendingPathComponent("App")
        let outside = temporary.url.appendingPathComponent("Outside")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Composed"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: project.appendingPathComponent("Composed/Targets"), withDestinationURL: outside)
        let inputs = InstallInputs(targets: [.init(name: "App", pods: ["Pay"])], pods: [try pathPod("Pay")])
        let installer = Installer(composeHome: temporary.url.appendingPathComponent("home"))
        await #expect(
            throws: InstallError.symlinkInComposed(path: project.appendingPathComponent("Composed/Targets").path)
        ) {
            _ = try await installer.install(project: project, inputs: inputs)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("Composed").path) == [
                "Targets"
            ])
        #expect(InstallError.symlinkInComposed(path: "x").kind == .environment)
    }

    @Test func aSymlinkedFileOrComposedFolderIsRefusedAndLeftAlone() async throws {
        let temporary = try TemporaryDirectory("install-symlink-file")
        defer { temporary.remove() }
        let project = temporary.url.appendingPathComponent("App")
        let composed = project.appendingPathComponent("Composed")
        try FileManager.default.createDirectory(at: composed, withIntermediateDirectories: true)
        let victim = temporary.url.appendingPathComponent("victim.txt")
        try Data("keep me".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(
            at: composed.appendingPathComponent("Package.swift"), withDestinationURL: victim)
        let inputs = InstallInputs(targets: [.init(name: "App", pods: ["Pay"])], pods: [try pathPod("Pay")])
        let installer = Installer(composeHome: temporary.url.appendingPathComponent("home"))
        await #expect(
            throws: InstallError.symlinkInComposed(path: composed.appendingPathComponent("Package.swift").path)
        ) {
            _ = try await installer.install(project: project, inputs: inputs)
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: composed.path) == ["Package.swift"])

        // Composed itself a link to a folder elsewhere.
        try FileManager.default.removeItem(at: composed)
        let elsewhere = temporary.url.appendingPathComponent("Elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: composed, withDestinationURL: elsewhere)
        await #expect(throws: InstallError.symlinkInComposed(path: composed.path)) {
            _ = try await installer.install(project: project, inputs: inputs)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    /// The temporary files in `folder` and below (what a write goes through before its rename).
    func partials(in folder: URL) -> [String] {
        let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".partial") }
    }

    @Test func aPartialFileLeftByAnInterruptedInstallIsRemovedByTheNext() async throws {
        let temporary = try TemporaryDirectory("install-partial-leftover")
        defer { temporary.remove() }
        let composed = temporary.url.appendingPathComponent("Composed")
        try FileManager.default.createDirectory(
            at: composed.appendingPathComponent("Targets/App"), withIntermediateDirectories: true)
        for leftover in [".Package.swift.0badf00d.partial", "Targets/App/.Exports.swift.1234abcd.partial"] {
            try Data("half a manifest".utf8).write(to: composed.appendingPathComponent(leftover))
        }
        let inputs = InstallInputs(targets: [.init(name: "App", pods: ["Pay"])], pods: [try pathPod("Pay")])
        _ = try await Installer(composeHome: temporary.url.appendingPathComponent("home")).install(
            project: temporary.url, inputs: inputs)
        #expect(partials(in: composed).isEmpty, "\(partials(in: composed))")
        #expect(FileManager.default.fileExists(atPath: composed.appendingPathComponent("Package.swift").path))
    }

    /// A full disk, made by the file size limit (`ulimit -f 0`, SIGXFSZ ignored: every write of a
    /// byte to a file fails with EFBIG, as on a full disk): the install fails naming the file and
    /// leaves no temporary file; the next install succeeds.
    @Test func anInstallOnAFullDiskLeavesNoPartialFile() async throws {
        let temporary = try TemporaryDirectory("install-disk-full")
        defer { temporary.remove() }
        let project = try pathPodProject(in: temporary)
        let environment = ["COMPOSE_HOME": temporary.path + "/home"]
        let first = try await runCompose(["install", "--project", project.path], environment: environment)
        #expect(first.code == 0, "\(first.stderr)")
        let manifest = project.appendingPathComponent("Composed/Package.swift")
        try FileManager.default.removeItem(at: manifest)

        // The limit applies to compose alone; its outputs go through a pipe to `cat`, which has none.
        let full = try await runProcess(
            URL(fileURLWithPath: "/bin/bash"),
            [
                "-c", #"trap '' XFSZ; (ulimit -f 0; exec "$0" "$@") 2>&1 | cat; exit "${PIPESTATUS[0]}""#,
                composeExecutable.path, "install", "--project", project.path,
            ], environment: environment, timeout: 120)
        #expect(full.code == 3, "\(full.stdout)")
        #expect(full.stdout.contains(manifest.path), "\(full.stdout)")
        #expect(partials(in: project.appendingPathComponent("Composed")).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: manifest.path))

        let again = try await runCompose(["install", "--project", project.path], environment: environment)
        #expect(again.code == 0, "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: manifest.path))
    }
}
