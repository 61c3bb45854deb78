import ComposeTestSupport
import Foundation
import Git
import Lint
import Specs
import Support
import Testing

@testable import Install
@testable import Scaffold

@Suite struct ComponentCheckUnitTests {
    @Test func compilerDiagnosticsBecomeRelativeFindings() {
        let root = URL(fileURLWithPath: "/tmp/clone/Pay")
        let output = """
            Building for debugging...
            /tmp/clone/Pay/Sources/Pay/Pay.swift:3:9: error: cannot find 'x' in scope
            /tmp/clone/Pay/Sources/Pay/Pay.swift:3:9: error: cannot find 'x' in scope
            /tmp/clone/Pay/Sources/Pay/Pay.swift:7:1: warning: unused variable
            [3/4] Compiling Pay Pay.swift
            """
        #expect(
            compilerDiagnostics(in: output, root: root) == [
                CompilerDiagnostic(
                    severity: .error, message: "cannot find 'x' in scope", file: "Sources/Pay/Pay.swift", line: 3,
                    column: 9),
                CompilerDiagnostic(
                    severity: .warning, message: "unused variable", file: "Sources/Pay/Pay.swift", line: 7, column: 1),
            ])
    }

    @Test func sourceFilesOfSubspecsAndPlatforms() throws {
        let json =
            #"{"name": "Net", "version": "1.0.0", "source_files": "Sources/Net/*.swift", "ios": {"source_files": ["iOS/*.swift"]}, "subspecs": [{"name": "Mock", "source_files": "Mock/**/*.swift"}]}"#
        let spec = try Spec(json: Array(json.utf8), label: "Net.podspec.json")
        #expect(
            spec.sourceFilePatterns.map { "\($0.owner) \($0.pattern)" } == [
                "Net Sources/Net/*.swift", "Net iOS/*.swift", "Net/Mock Mock/**/*.swift",
            ])
    }

    @Test func macOSBlocksCountAndTestSpecsDoNot() throws {
        let json =
            #"{"name": "Net", "version": "1.0.0", "macos": {"source_files": "Mac/*.swift"}, "testspecs": [{"name": "Tests", "source_files": "Tests/*.swift"}]}"#
        let spec = try Spec(json: Array(json.utf8), label: "Net.podspec.json")
        #expect(spec.sourceFilePatterns.map { "\($0.owner) \($0.pattern)" } == ["Net Mac/*.swift"])
    }

    /// A build that failed only for want of Apple's SDKs (an iOS component on Linux) is not the
    /// component's fault: the note says so and names the command that builds it on macOS.
    @Test func aModuleOnlyApplesSDKsHaveIsANoteWithTheCommandForMacOS() throws {
        let root = URL(fileURLWithPath: "/tmp/clone/Pay")
        let uiKitOnly = compilerDiagnostics(
            in: """
                /tmp/clone/Pay/Sources/Pay/PayView.swift:1:8: error: no such module 'UIKit'
                /tmp/clone/Pay/Sources/Pay/Wallet.swift:2:8: error: no such module 'SwiftUI'
                /tmp/clone/Pay/Sources/Pay/Pay.swift:3:5: warning: variable 'x' was never used
                """, root: root)
        #expect(AppleSDK.missingModules(in: uiKitOnly) == ["SwiftUI", "UIKit"])
        let ownError = compilerDiagnostics(
            in: """
                /tmp/clone/Pay/Sources/Pay/PayView.swift:1:8: error: no such module 'UIKit'
                /tmp/clone/Pay/Sources/Pay/Pay.swift:3:14: error: cannot convert value of type 'String' to specified type 'Int'
                """, root: root)
        #expect(AppleSDK.missingModules(in: ownError) == nil, "a real error is the component's")
        let unknownModule = compilerDiagnostics(
            in: "/tmp/clone/Pay/Sources/Pay/Pay.swift:1:8: error: no such module 'Networking'\n", root: root)
        #expect(AppleSDK.missingModules(in: unknownModule) == nil, "a missing dependency is the component's")

        let spec = try Spec(
            json: Array(#"{"name": "Pay", "version": "1.0.0", "platforms": {"ios": "15.0", "tvos": "15.0"}}"#.utf8),
            label: "Pay.podspec.json")
        let message = AppleSDK.notBuiltMessage(spec: spec, modules: ["UIKit"], product: "Pay", reference: "tag 1.0.0")
        #expect(
            message.hasSuffix(
                "so it was not built here. On macOS, in a checkout of tag 1.0.0: `xcodebuild build -scheme Pay "
                    + "-destination 'generic/platform=iOS' -destination 'generic/platform=tvOS'`"), "\(message)")
        #expect(message.hasPrefix("Pay imports `UIKit`, which only Apple's SDKs have"))
        let mac = try Spec(
            json: Array(#"{"name": "Pay", "version": "1.0.0", "platforms": {"osx": "12.0"}}"#.utf8), label: "Pay")
        #expect(AppleSDK.macOSCommand(spec: mac, product: "Pay") == "`swift build`")
    }

    /// The build check uses the trees the spec lint read; a spec with errors is not fetched.
    @Test func aSpecWithErrorsIsNotBuilt() throws {
        let temporary = try TemporaryDirectory("full-lint-errors")
        defer { temporary.remove() }
        try Data(#"{"name": "Net", "version": "1.0.0", "source": {"git": "https://example.invalid/net.git"}}"#.utf8)
            .write(to: temporary.url.appendingPathComponent("Net.podspec.json"))
        let report = try LintDriver.run(paths: ["."], currentDirectory: temporary.url)
        #expect(report.errorCount > 0)
        var started: [String] = []
        let full = ComponentLint().extend(report) { started.append($0) }
        #expect(started.isEmpty)
        #expect(!full.buildChecked)
        #expect(full.findings.map(\.description) == report.findings.map(\.description))
        #expect(full.remarks == ["Net.podspec.json: not built, because the spec has errors; fix them first."])
    }
}

/// The full `compose lint` through the binary, on a component whose last commit does not compile,
/// names a missing product and has a source_files pattern that matches nothing.
@Suite struct FullLintTests {
    @Test(.timeLimit(.minutes(10)))
    func buildProblemsAreFindings() async throws {
        let temporary = try TemporaryDirectory("full-lint")
        defer { temporary.remove() }
        let scaffolder = ComponentScaffolder(
            commit: ComponentScaffolder.gitFirstCommit(author: Signature(name: "Ann", email: "ann@example.com")))
        _ = try scaffolder.create(
            ScaffoldRequest(name: "Toolkit", kind: .base, author: "Ann", outputDirectory: temporary.url))
        let folder = temporary.url.appendingPathComponent("Toolkit")
        let source = folder.appendingPathComponent("Sources/Toolkit/Toolkit.swift")
        try Data((try String(contentsOf: source, encoding: .utf8) + "\nlet broken: Int = \"text\"\n").utf8).write(
            to: source)
        let specURL = folder.appendingPathComponent("Toolkit.podspec.json")
        var spec = try String(contentsOf: specURL, encoding: .utf8)
        spec = spec.replacingOccurrences(
            of: #""source_files": "Sources/Toolkit/**/*.swift""#,
            with: #""source_files": ["Sources/Toolkit/**/*.swift", "Sources/Missing/*.swift"]"#)
        try Data(spec.utf8).write(to: specURL)
        let manifestURL = folder.appendingPathComponent("Package.swift")
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        try Data(
            manifest.replacingOccurrences(of: #".library(name: "Toolkit""#, with: #".library(name: "ToolkitKit""#).utf8
        ).write(to: manifestURL)
        // An uncommitted change is not part of the build: commit these, then add one more that would fix nothing.
        try runGit(["commit", "-qam", "Break it"], in: folder)

        let quick = try await runCompose(["lint", "--quick", "."], currentDirectory: folder)
        #expect(quick.code == 0, "\(quick.stdout)\(quick.stderr)")

        let full = try await runCompose(["lint", "."], currentDirectory: folder, timeout: 300)
        #expect(full.code == 1)
        #expect(full.stdout.contains("Sources/Toolkit/Toolkit.swift:12:19: error:"), "\(full.stdout)")
        #expect(full.stdout.contains("[build-swift-build]"))
        #expect(
            full.stdout.contains("Package.swift has no library product named `Toolkit` (library products: ToolkitKit)"))
        #expect(
            full.stdout.contains(
                "Toolkit.podspec.json:23:3: error: The `source_files` pattern `Sources/Missing/*.swift` of Toolkit did not match any file. [build-source-files]"
            ))
        #expect(full.stdout.contains("Toolkit.podspec.json:2:3: error: Package.swift has no library product"))
        #expect(full.stdout.contains("build check of Toolkit at the last commit of"))
        #expect(!full.stdout.contains("not run"))

        // A spec outside the component (as in a spec repository): the component is cloned at its tag.
        let remote = temporary.url.appendingPathComponent("remotes/Toolkit.git")
        try runGit(["init", "-q", "--bare", remote.path])
        try runGit(["tag", "0.1.0"], in: folder)
        try runGit(["push", "-q", remote.path, "main", "0.1.0"], in: folder)
        let published = temporary.url.appendingPathComponent("specs/Toolkit/0.1.0")
        try FileManager.default.createDirectory(at: published, withIntermediateDirectories: true)
        try Data(
            spec.replacingOccurrences(of: "https://git.example.com/ios/Toolkit.git", with: "file://\(remote.path)").utf8
        )
        .write(to: published.appendingPathComponent("Toolkit.podspec.json"))
        let cloned = try await runCompose(
            ["lint", published.appendingPathComponent("Toolkit.podspec.json").path], timeout: 300)
        #expect(cloned.code == 1)
        #expect(
            cloned.stdout.contains("build check of Toolkit at tag 0.1.0 of file://\(remote.path)"), "\(cloned.stdout)")
        #expect(cloned.stdout.contains("Sources/Toolkit/Toolkit.swift:12:19: error:"))
    }
}
