import ComposeTestSupport
import Digests
import Foundation
import Project
import Specs
import Testing

@testable import Install
@testable import Scaffold

/// The slow one of the install tests: a generated Composed package builds with `swift build`, with a
/// component from a local folder and a prebuilt SE-0482 artifact bundle (a C static library, what links
/// on Linux) chosen with `COMPOSE_<NAME>_USE_BINARY=1`.
@Suite struct InstallBuildTests {
    @Test(.timeLimit(.minutes(10)))
    func aComposedPackageWithASourceAndABinaryComponentBuilds() async throws {
        let temporary = try TemporaryDirectory("install-build")
        defer { temporary.remove() }
        let project = temporary.url.appendingPathComponent("ShopApp")
        let components = project.appendingPathComponent("Components")
        try FileManager.default.createDirectory(at: components, withIntermediateDirectories: true)
        _ = try ComponentScaffolder().create(
            ScaffoldRequest(
                name: "Toolkit", kind: .base, author: "Ann", outputDirectory: components, makeGitCommit: false))

        let vendor = project.appendingPathComponent("Vendor/FastMath")
        try FileManager.default.createDirectory(at: vendor, withIntermediateDirectories: true)
        let zip = try makeStaticLibraryArtifact(named: "FastMath", in: vendor)
        let checksum = SHA256Digest.hex(of: try Data(contentsOf: zip))
        let spec: [String: Any] = [
            "name": "FastMath", "version": "1.0.0", "platforms": ["osx": "10.15"],
            "source": ["git": "https://git.example.invalid/ios/FastMath.git", "tag": "1.0.0"],
            "prebuilt": ["url": zip.absoluteString, "sha256": checksum],
        ]
        try JSONSerialization.data(withJSONObject: spec).write(
            to: vendor.appendingPathComponent("FastMath.podspec.json"))

        let toolkitSpec = try Spec(
            json: Data(contentsOf: components.appendingPathComponent("Toolkit/Toolkit.podspec.json")),
            label: "Toolkit.podspec.json")
        let fastMathSpec = try Spec(
            json: Data(contentsOf: vendor.appendingPathComponent("FastMath.podspec.json")),
            label: "FastMath.podspec.json")
        let result = try await Installer(composeHome: temporary.url.appendingPathComponent("home")).install(
            project: project,
            inputs: InstallInputs(
                targets: [
                    .init(name: "ShopApp", pods: ["Toolkit", "FastMath"]),
                    .init(name: "ShopAppTests", pods: ["Toolkit"]),
                ],
                platforms: ["ios": try Version("15.0")],
                pods: [
                    .init(
                        name: "Toolkit", version: try Version("0.1.0"), spec: toolkitSpec,
                        origin: .path("Components/Toolkit")),
                    .init(
                        name: "FastMath", version: try Version("1.0.0"), spec: fastMathSpec,
                        origin: .path("Vendor/FastMath")),
                ]),
            binary: BinaryPreference(flag: false, environment: ["COMPOSE_FASTMATH_USE_BINARY": "1"]))
        #expect(result.binaries == ["FastMath"])

        // Code of the app: uses the source component and the prebuilt C library through the target's product.
        let exports = result.folder.appendingPathComponent("Targets/ShopApp/Exports.swift")
        let usage =
            "\npublic func shopTotal() -> Int32 { fastmath_add(40, 2) }\npublic let shopGreeting = ToolkitInfo.greeting(for: \"Ann\")\n"
        try Data((try String(contentsOf: exports, encoding: .utf8) + usage).utf8).write(to: exports)
        let output = try runTool("swift", ["build"], in: result.folder)
        #expect(output.contains("Build complete"), "\(output)")
    }
}
