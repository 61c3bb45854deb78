import ComposeTestSupport
import Foundation
import Project
import Specs
import Testing

@testable import Install

/// A component's tree is untrusted: a source file over install's limit is refused by name and
/// size, from the git object header, before it is read or anything is written.
@Suite struct LargeFileInstallTests {
    @Test func aGeneratedPodWithASourceFileOverTheLimitIsRefusedAndNothingIsWritten() async throws {
        let temporary = try TemporaryDirectory("install-large-file")
        defer { temporary.remove() }
        let fixture = try ComponentFixture(root: temporary.url.appendingPathComponent("team"))
        let big = "// " + String(repeating: "x", count: 70_000) + "\n"
        try fixture.release("Legacy", "1.0.0", manifest: false, extraFiles: ["Sources/Legacy/Big.swift": big])
        let json = try Data(
            contentsOf: fixture.specs.appendingPathComponent("Legacy/1.0.0/Legacy.podspec.json"))
        let spec = try Spec(json: json, label: "Legacy.podspec.json")
        let inputs = InstallInputs(
            targets: [.init(name: "App", pods: ["Legacy"])],
            pods: [.init(name: "Legacy", version: try Version("1.0.0"), spec: spec, origin: .specRepo)])
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        var installer = Installer(composeHome: temporary.url.appendingPathComponent("home"))
        installer.maximumFileSize = 64 * 1024

        let error = InstallError.fileTooLarge(
            name: "Legacy", path: "Sources/Legacy/Big.swift", size: big.utf8.count, limit: 64 * 1024)
        await #expect(throws: error) {
            _ = try await installer.install(project: project, inputs: inputs)
        }
        #expect(error.kind == .input)
        #expect(
            error.description.hasPrefix(
                "cannot install Legacy: its file Sources/Legacy/Big.swift is 68.4 KiB, over install's limit of 64.0 KiB per file; nothing was read or written."
            ))
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Composed").path))

        // Under the default limit the same pod installs, its file copied.
        let installed = try await Installer(composeHome: temporary.url.appendingPathComponent("home")).install(
            project: project, inputs: inputs)
        #expect(installed.changedFiles.contains("Pods/Legacy/Sources/Legacy/Big.swift"), "\(installed.changedFiles)")
    }
}
