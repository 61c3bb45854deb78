import ComposeTestSupport
import Foundation
import Project
import Specs
import Testing

@testable import Install

/// Install of a pod without a Package.swift depending on another pod of the same repository at the
/// same tag (fetched once): one package under Pods/ holds both as targets, and SwiftPM loads Composed.
@Suite struct SameRepositoryInstallTests {
    @Test(.timeLimit(.minutes(10)))
    func podsOfOneTreeAreOneGeneratedPackage() async throws {
        let temporary = try TemporaryDirectory("same-repository-install")
        defer { temporary.remove() }
        let files: [String: String] = [
            "Sources/ExceptionBridging/ExceptionBridging.h":
                "#import <Foundation/Foundation.h>\nint bridgedAnswer(void);\n",
            "Sources/ExceptionBridging/ExceptionBridging.m":
                "#import \"ExceptionBridging.h\"\nint bridgedAnswer(void) { return 42; }\n",
            "Sources/Logger/Logger.swift":
                "import ExceptionBridging\npublic func answer() -> Int32 { bridgedAnswer() }\n",
        ]
        // One repository, tagged 7.1.4, holding both pods' sources and no Package.swift.
        let bare = temporary.url.appendingPathComponent("Logger.git")
        let url = try makeBareRepository(at: bare, files: files)
        try runGit(["tag", "7.1.4", "main"], in: bare)
        let source = #""source": {"git": "\#(url)", "tag": "7.1.4"}"#
        let logger = try Spec(
            json: Array(
                #"""
                {"name": "Logger", "version": "7.1.4", \#(source), "platforms": {"osx": "10.15"},
                 "default_subspecs": "Core",
                 "subspecs": [{"name": "Core", "source_files": "Sources/Logger/**/*.swift",
                               "dependencies": {"ExceptionBridging": ["7.1.4"]}}]}
                """#.utf8), label: "Logger.podspec.json")
        let bridging = try Spec(
            json: Array(
                #"""
                {"name": "ExceptionBridging", "version": "7.1.4", \#(source), "platforms": {"osx": "10.15"},
                 "default_subspecs": "ExceptionBridging",
                 "subspecs": [{"name": "ExceptionBridging", "source_files": "Sources/ExceptionBridging/**/*.{h,m}"}]}
                """#.utf8), label: "ExceptionBridging.podspec.json")
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let installer = Installer(composeHome: temporary.url.appendingPathComponent("home"))
        let version = try Version("7.1.4")
        let pods = [
            InstallInputs.Pod(
                name: "Logger", version: version, dependencies: ["ExceptionBridging"], spec: logger,
                origin: .specRepo, lockedNames: ["Logger/Core"]),
            InstallInputs.Pod(
                name: "ExceptionBridging", version: version, spec: bridging, origin: .specRepo,
                lockedNames: ["ExceptionBridging/ExceptionBridging"]),
        ]
        let result = try await installer.install(
            project: project,
            inputs: InstallInputs(targets: [InstallInputs.Target(name: "App", pods: ["Logger"])], pods: pods))
        let composed = project.appendingPathComponent("Composed")
        #expect(result.changedFiles.contains("Pods/Logger/Package.swift"), "\(result.changedFiles)")
        #expect(!result.changedFiles.contains("Pods/ExceptionBridging/Package.swift"), "\(result.changedFiles)")
        let root = try String(contentsOf: composed.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!root.contains(#"Pods/ExceptionBridging"#), "\(root)")
        #expect(
            result.componentLines == [
                "ExceptionBridging generated from its podspec as a target of Pods/Logger (module ExceptionBridging)",
                "Logger generated from its podspec into Pods/Logger (module Logger)",
            ])

        let described = try runTool("swift", ["package", "describe", "--type", "json"], in: composed)
        #expect(described.contains(#""ExceptionBridging""#), "\(described)")
        let pod = try runTool(
            "swift", ["package", "describe", "--type", "json"], in: composed.appendingPathComponent("Pods/Logger"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(pod.utf8.drop { $0 != UInt8(ascii: "{") }))
                as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        let main = try #require(targets.first { $0["name"] as? String == "Logger" })
        #expect(main["target_dependencies"] as? [String] == ["ExceptionBridging"], "\(main)")
    }
}
