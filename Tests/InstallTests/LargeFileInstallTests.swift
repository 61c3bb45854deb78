import ComposeTestSupport
import Foundation
import Lint
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

/// The full lint's build check clones the component: a file over its limit is refused by name and
/// size before the checkout writes anything.
@Suite struct LargeFileBuildCheckTests {
    @Test func aTreeWithAFileOverTheLimitIsAFindingAndNotCheckedOut() throws {
        let temporary = try TemporaryDirectory("lint-large-file")
        defer { temporary.remove() }
        let fixture = try ComponentFixture(root: temporary.url.appendingPathComponent("team"))
        try fixture.release("Pay", "1.0.0", extraFiles: ["Resources/big.bin": String(repeating: "0", count: 70_000)])
        let spec = try Spec(
            json: Data(contentsOf: fixture.specs.appendingPathComponent("Pay/1.0.0/Pay.podspec.json")),
            label: "Pay.podspec.json")
        var lint = ComponentLint()
        lint.maximumFileSize = 64 * 1024
        let outcome = lint.run(
            spec: spec, display: "Pay.podspec.json", repository: fixture.url(of: "Pay"), revision: "1.0.0",
            reference: "tag 1.0.0")
        #expect(outcome.findings.count == 1)
        let finding = try #require(outcome.findings.first)
        #expect(finding.ruleID == "build-source")
        #expect(
            finding.message.hasPrefix(
                "The component's tree at tag 1.0.0 holds Resources/big.bin, 68.4 KiB, over the build check's limit of 64.0 KiB per file; nothing of it was checked out."
            ), "\(finding.message)")
    }
}
