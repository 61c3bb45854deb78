import ComposeTestSupport
import Foundation
import Specs
import Testing
@testable import Install

@Suite struct InstallerTests {
    func spec(_ name: String, prebuilt: PrebuiltArtifact? = nil) -> Data {
        var object: [String: Any] = [
            "name": name, "version": "1.0.0", "platforms": ["ios": "13.0", "osx": "10.15"],
            "source": ["git": "https://git.example.invalid/ios/\(name).git", "tag": "1.0.0"],
        ]
        if let prebuilt { object["prebuilt"] = ["url": prebuilt.url, "sha256": prebuilt.sha256] }
        return try! JSONSerialization.data(withJSONObject: object)
    }

    @Test func pathAndBinaryComponentsNeedNoNetworkAndASecondRunWritesNothing() async throws {
        let temporary = try TemporaryDirectory("installer-offline")
        defer { temporary.remove() }
        let artifact = temporary.url.appendingPathComponent("Pay-1.0.0.zip")
        try Data("zip bytes".utf8).write(to: artifact)
        let prebuilt = PrebuiltArtifact(url: artifact.absoluteString, sha256: SHA256Digest.hex(of: Data("zip bytes".utf8)))
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let installer = Installer(composeHome: temporary.url.appendingPathComponent("home"))
        let components = [
            LockedComponent(name: "Toolkit", version: "0.1.0", dependencies: [], origin: .path("Components/Toolkit")),
            LockedComponent(name: "Pay", version: "1.0.0", dependencies: [], origin: .spec(spec("Pay", prebuilt: prebuilt))),
        ]
        let targets = [ComposedTarget(name: "ShoppingApp", pods: ["Toolkit", "Pay"])]
        let binary = BinaryPreference(flag: false, environment: ["COMPOSE_PAY_USE_BINARY": "1", "COMPOSE_TOOLKIT_USE_BINARY": "1", "COMPOSE_TYPO_USE_BINARY": "1"])

        let first = try await installer.install(project: project, targets: targets, components: components, binary: binary)
        #expect(first.binaries == ["Pay"])
        #expect(first.fetched.isEmpty)
        #expect(first.notes == [
            "COMPOSE_TOOLKIT_USE_BINARY is set, but Toolkit 0.1.0 declares no prebuilt artifact: it is built from source.",
            "COMPOSE_TYPO_USE_BINARY is set, but no locked component is named so.",
        ])
        #expect(first.changedFiles == [".gitignore", ".swiftpm/configuration/mirrors.json", "Binaries/Pay.zip", "Package.swift", "Targets/ShoppingApp/Exports.swift"])
        let manifest = try String(contentsOf: first.folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(path: "../Components/Toolkit"),"#))
        #expect(manifest.contains(#".binaryTarget(name: "Pay", path: "Binaries/Pay.zip"),"#))
        #expect(manifest.contains(#".iOS("13.0"),"#))

        let second = try await installer.install(project: project, targets: targets, components: components, binary: binary)
        #expect(second.changedFiles.isEmpty)

        // A renamed target: its files are replaced, the old target's removed.
        let renamed = [ComposedTarget(name: "Shop", pods: ["Toolkit", "Pay"])]
        let third = try await installer.install(project: project, targets: renamed, components: components, binary: binary)
        #expect(third.changedFiles == ["Package.swift", "Targets/Shop/Exports.swift", "Targets/ShoppingApp/Exports.swift"])
        #expect(!FileManager.default.fileExists(atPath: first.folder.appendingPathComponent("Targets/ShoppingApp/Exports.swift").path))
        #expect(try String(contentsOf: first.folder.appendingPathComponent("Package.swift"), encoding: .utf8).contains(#"name: "Shop""#))
        _ = try await installer.install(project: project, targets: targets, components: components, binary: binary)

        // Back to source for Pay: its binary is removed, and without a cache or network the fetch fails
        // before anything is written.
        let before = try String(contentsOf: first.folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        await #expect(throws: InstallError.self) {
            _ = try await installer.install(project: project, targets: targets, components: components, binary: BinaryPreference())
        }
        #expect(try String(contentsOf: first.folder.appendingPathComponent("Package.swift"), encoding: .utf8) == before)
    }

    @Test func aChecksumMismatchIsRefusedAndNothingIsWritten() async throws {
        let temporary = try TemporaryDirectory("installer-mismatch")
        defer { temporary.remove() }
        let artifact = temporary.url.appendingPathComponent("Pay-1.0.0.zip")
        try Data("tampered".utf8).write(to: artifact)
        let declared = SHA256Digest.hex(of: Data("original".utf8))
        let components = [LockedComponent(
            name: "Pay", version: "1.0.0", dependencies: [],
            origin: .spec(spec("Pay", prebuilt: PrebuiltArtifact(url: artifact.absoluteString, sha256: declared))))]
        let installer = Installer(composeHome: temporary.url.appendingPathComponent("home"))
        await #expect(throws: InstallError.checksumMismatch(name: "Pay", artifact: artifact.absoluteString, expected: declared, actual: SHA256Digest.hex(of: Data("tampered".utf8)))) {
            _ = try await installer.install(
                project: temporary.url, targets: [ComposedTarget(name: "App", pods: ["Pay"])], components: components,
                binary: BinaryPreference(all: true))
        }
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("Composed").path))
    }
}
