import ComposeTestSupport
import Foundation
import Testing

/// From a Podfile to packages that SwiftPM accepts, for the shapes real pods have: an Objective-C pod
/// with a headers-only subspec and resources, a Swift pod with subspecs and `default_subspecs`, a
/// hyphenated pod, a pod with its own Package.swift (in the multi-line layout `swift package init`
/// writes) and pods without one. `compose install`, then `swift package describe` of Composed and
/// `swift build` of the target whose pods need only Foundation.
@Suite struct EndToEndPodsTests {
    @Test(.timeLimit(.minutes(10)))
    func podsWithAndWithoutAManifestBecomePackagesThatBuild() async throws {
        let temporary = try TemporaryDirectory("e2e-pods")
        defer { temporary.remove() }
        let root = temporary.url
        let remotes = root.appendingPathComponent("remotes")
        let app = root.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let environment: [String: String?] = [
            "COMPOSE_HOME": root.appendingPathComponent("home").path,
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        ]
        func url(_ name: String) -> String { "file://\(remotes.path)/\(name).git" }
        func pod(_ name: String, files: [String: String]) throws {
            let bare = remotes.appendingPathComponent("\(name).git")
            try makeBareRepository(at: bare, files: files)
            try runGit(["tag", "1.0.0", "main"], in: bare)
        }
        func spec(_ name: String, _ body: String) -> (String, String) {
            (
                "\(name)/1.0.0/\(name).podspec.json",
                #"{"name": "\#(name)", "version": "1.0.0", "summary": "\#(name).", "homepage": "https://example.com", "license": "MIT", "authors": {"Test": "test@example.com"}, "platforms": {"ios": "13.0", "osx": "10.15"}, "source": {"git": "\#(url(name))", "tag": "1.0.0"}, \#(body)}"#
            )
        }

        // Tracker: Objective-C, an umbrella header in a headers-only subspec, resources, no Package.swift.
        try pod(
            "Tracker",
            files: [
                "Tracker/Tracker.h": "#import \"TRKEvent.h\"\n",
                "Tracker/Core/TRKEvent.h": "#import <Foundation/Foundation.h>\n@interface TRKEvent : NSObject\n@end\n",
                "Tracker/Core/TRKEvent.m": "#import \"TRKEvent.h\"\n@implementation TRKEvent\n@end\n",
                "Tracker/Assets/events.json": "[]\n",
                "README.md": "Tracker\n",
            ])
        // Net: Swift, default_subspecs Core; Stub does not compile (it is not in use, so not built).
        try pod(
            "Net",
            files: [
                "Sources/Net/Client.swift":
                    "public struct Client { public init() {}\n public func get() -> String { \"ok\" } }\n",
                "Sources/Stub/Stub.swift": "let broken: Int = \"not built\"\n",
            ])
        // Pay-Kit: a hyphenated name, depends on Net, no Package.swift.
        try pod(
            "Pay-Kit",
            files: ["Pay/Pay.swift": "import Net\npublic func pay() -> String { Client().get() }\n"])
        // Logging: its own Package.swift, in the layout `swift package init` writes.
        try pod(
            "Logging",
            files: [
                "Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription

                let package = Package(
                    name: "Logging",
                    products: [
                        // Products define the executables and libraries a package produces.
                        .library(
                            name: "Logging",
                            targets: ["Logging"]
                        ),
                    ],
                    targets: [
                        .target(
                            name: "Logging"
                        ),
                    ]
                )

                """,
                "Sources/Logging/Log.swift": "public func log(_ text: String) -> String { text }\n",
            ])
        let specs = [
            spec(
                "Tracker",
                #""requires_arc": true, "public_header_files": "Tracker/**/*.h", "subspecs": [{"name": "Headers", "source_files": "Tracker/Tracker.h"}, {"name": "Core", "source_files": "Tracker/Core/*.{h,m}", "resources": "Tracker/Assets/*.json", "dependencies": {"Tracker/Headers": []}}]"#
            ),
            spec(
                "Net",
                #""default_subspecs": "Core", "subspecs": [{"name": "Core", "source_files": "Sources/Net/*.swift"}, {"name": "Stub", "source_files": "Sources/Stub/*.swift"}]"#
            ),
            spec("Pay-Kit", #""source_files": "Pay/*.swift", "dependencies": {"Net": ["~> 1.0"]}"#),
            spec("Logging", #""source_files": "Sources/Logging/*.swift""#),
        ]
        let specRepo = remotes.appendingPathComponent("specs.git")
        try makeBareRepository(at: specRepo, files: Dictionary(uniqueKeysWithValues: specs))

        try Data(
            """
            source '\(specRepo.absoluteString)'
            platform :ios, '15.0'

            target 'App' do
              pod 'Pay-Kit', '~> 1.0'
              pod 'Logging'
            end

            target 'Legacy' do
              pod 'Tracker'
            end
            """.utf8
        ).write(to: app.appendingPathComponent("Podfile"))
        let install = try await runCompose(
            ["install", "--project", app.path], environment: environment, timeout: 300)
        #expect(install.code == 0, "\(install.stdout)\n\(install.stderr)")
        let composed = app.appendingPathComponent("Composed")
        let manifest = try String(contentsOf: composed.appendingPathComponent("Package.swift"), encoding: .utf8)
        // Logging keeps its own manifest; the others are generated under Pods/.
        #expect(manifest.contains(".package(url: \"\(url("Logging"))\", exact: \"1.0.0\"),"), "\(manifest)")
        for name in ["Net", "Pay-Kit", "Tracker"] {
            #expect(manifest.contains(".package(path: \"Pods/\(name)\"),"), "\(manifest)")
        }
        #expect(manifest.contains(#".product(name: "Pay_Kit", package: "Pay-Kit"),"#), "\(manifest)")
        let exports = try String(
            contentsOf: composed.appendingPathComponent("Targets/App/Exports.swift"), encoding: .utf8)
        #expect(exports.contains("@_exported import Pay_Kit\n") && exports.contains("@_exported import Net\n"))
        let net = try String(contentsOf: composed.appendingPathComponent("Pods/Net/Package.swift"), encoding: .utf8)
        #expect(net.contains("// Subspecs: Net, Net/Core."), "\(net)")
        #expect(!FileManager.default.fileExists(atPath: composed.appendingPathComponent("Pods/Net/Sources/Stub").path))
        let payKit = try String(
            contentsOf: composed.appendingPathComponent("Pods/Pay-Kit/Package.swift"), encoding: .utf8)
        #expect(payKit.contains(#".package(path: "../Net"),"#), "\(payKit)")
        let tracker = try String(
            contentsOf: composed.appendingPathComponent("Pods/Tracker/Package.swift"), encoding: .utf8)
        #expect(tracker.contains(#"publicHeadersPath: ".","#), "\(tracker)")
        #expect(tracker.contains(#".process("Assets/events.json"),"#), "\(tracker)")
        #expect(!FileManager.default.fileExists(atPath: composed.appendingPathComponent("Pods/Tracker/README.md").path))

        let describe = try runTool("swift", ["package", "describe", "--type", "json"], in: composed)
        #expect(describe.contains("\"name\" : \"Composed\""), "\(describe)")
        for name in ["Tracker", "Net", "Pay-Kit"] {
            let pods = try runTool(
                "swift", ["package", "describe", "--type", "json"], in: composed.appendingPathComponent("Pods/\(name)"))
            #expect(pods.contains("\"name\" : \"\(name)\""), "\(name): \(pods)")
        }
        let build = try runTool("swift", ["build", "--target", "App"], in: composed)
        #expect(build.contains("Build of target: 'App' complete!"), "\(build)")
    }
}
