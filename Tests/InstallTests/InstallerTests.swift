import ComposeTestSupport
import Digests
import Foundation
import Project
import Specs
import Testing

@testable import Install

@Suite struct InstallerTests {
    func spec(_ name: String, version: String = "1.0.0", prebuilt: PrebuiltArtifact? = nil) throws -> Spec {
        var object: [String: Any] = [
            "name": name, "version": version, "platforms": ["ios": "13.0", "osx": "10.15"],
            "source": ["git": "https://git.example.invalid/ios/\(name).git", "tag": version],
        ]
        if let prebuilt { object["prebuilt"] = ["url": prebuilt.url, "sha256": prebuilt.sha256] }
        return try Spec(json: JSONSerialization.data(withJSONObject: object), label: "\(name).podspec.json")
    }

    func inputs(_ targets: [InstallInputs.Target], _ pods: [InstallInputs.Pod]) -> InstallInputs {
        InstallInputs(targets: targets, pods: pods)
    }

    @Test func pathAndBinaryComponentsNeedNoNetworkAndASecondRunWritesNothing() async throws {
        let temporary = try TemporaryDirectory("installer-offline")
        defer { temporary.remove() }
        let artifact = temporary.url.appendingPathComponent("Pay-1.0.0.zip")
        try Data("zip bytes".utf8).write(to: artifact)
        let prebuilt = PrebuiltArtifact(
            url: artifact.absoluteString, sha256: SHA256Digest.hex(of: Data("zip bytes".utf8)))
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let installer = Installer(composeHome: temporary.url.appendingPathComponent("home"))
        let components: [InstallInputs.Pod] = [
            .init(
                name: "Toolkit", version: try Version("0.1.0"), spec: try spec("Toolkit", version: "0.1.0"),
                origin: .path("Components/Toolkit")),
            .init(
                name: "Pay", version: try Version("1.0.0"), spec: try spec("Pay", prebuilt: prebuilt), origin: .specRepo
            ),
        ]
        let targets = [InstallInputs.Target(name: "ShoppingApp", pods: ["Toolkit", "Pay"])]
        let binary = BinaryPreference(
            flag: false,
            environment: [
                "COMPOSE_PAY_USE_BINARY": "1", "COMPOSE_TOOLKIT_USE_BINARY": "1", "COMPOSE_TYPO_USE_BINARY": "1",
            ])

        let first = try await installer.install(project: project, inputs: inputs(targets, components), binary: binary)
        #expect(first.binaries == ["Pay"])
        #expect(first.fetched.isEmpty)
        #expect(
            first.notes.map(\.description) == [
                "note: COMPOSE_TOOLKIT_USE_BINARY is set, but Toolkit 0.1.0 declares no prebuilt artifact: it is built from source. [install-binary-unavailable]",
                "note: COMPOSE_TYPO_USE_BINARY is set, but no locked component is named so. [install-binary-unknown]",
            ])
        #expect(
            first.changedFiles == [
                ".gitignore", ".swiftpm/configuration/mirrors.json", "Binaries/Pay.zip", "Package.swift",
                "Targets/ShoppingApp/Exports.swift",
            ])
        let manifest = try String(contentsOf: first.folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(path: "../Components/Toolkit"),"#))
        #expect(manifest.contains(#".binaryTarget(name: "Pay", path: "Binaries/Pay.zip"),"#))
        #expect(manifest.contains(#".iOS("13.0"),"#))

        let second = try await installer.install(project: project, inputs: inputs(targets, components), binary: binary)
        #expect(second.changedFiles.isEmpty)

        // A renamed target: its files are replaced, the old target's removed.
        let renamed = [InstallInputs.Target(name: "Shop", pods: ["Toolkit", "Pay"])]
        let third = try await installer.install(project: project, inputs: inputs(renamed, components), binary: binary)
        #expect(
            third.changedFiles == ["Package.swift", "Targets/Shop/Exports.swift", "Targets/ShoppingApp/Exports.swift"])
        #expect(
            !FileManager.default.fileExists(
                atPath: first.folder.appendingPathComponent("Targets/ShoppingApp/Exports.swift").path))
        #expect(
            try String(contentsOf: first.folder.appendingPathComponent("Package.swift"), encoding: .utf8).contains(
                #"name: "Shop""#))
        _ = try await installer.install(project: project, inputs: inputs(targets, components), binary: binary)

        // Back to source for Pay: its binary is removed, and without a cache or network the fetch fails
        // before anything is written.
        let before = try String(contentsOf: first.folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        await #expect(throws: InstallError.self) {
            _ = try await installer.install(
                project: project, inputs: inputs(targets, components), binary: BinaryPreference())
        }
        #expect(try String(contentsOf: first.folder.appendingPathComponent("Package.swift"), encoding: .utf8) == before)
    }

    @Test func aChecksumMismatchIsRefusedAndNothingIsWritten() async throws {
        let temporary = try TemporaryDirectory("installer-mismatch")
        defer { temporary.remove() }
        let artifact = temporary.url.appendingPathComponent("Pay-1.0.0.zip")
        try Data("tampered".utf8).write(to: artifact)
        let declared = SHA256Digest.hex(of: Data("original".utf8))
        let components: [InstallInputs.Pod] = [
            .init(
                name: "Pay", version: try Version("1.0.0"),
                spec: try spec("Pay", prebuilt: PrebuiltArtifact(url: artifact.absoluteString, sha256: declared)),
                origin: .specRepo)
        ]
        let installer = Installer(composeHome: temporary.url.appendingPathComponent("home"))
        await #expect(
            throws: InstallError.checksumMismatch(
                name: "Pay", artifact: artifact.absoluteString, expected: declared,
                actual: SHA256Digest.hex(of: Data("tampered".utf8)))
        ) {
            _ = try await installer.install(
                project: temporary.url, inputs: inputs([.init(name: "App", pods: ["Pay"])], components),
                binary: BinaryPreference(all: true))
        }
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("Composed").path))
    }
}
