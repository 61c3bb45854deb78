import ComposeTestSupport
import Foundation
import Testing

/// Two pods of one repository (a Swift pod depending on an Objective-C pod whose podspec sits in the
/// same tree, as XCGLogger and ObjcExceptionBridging): `compose spec package` makes them two targets
/// of one package, as the authors' own manifests do, and SwiftPM loads it.
@Suite struct SameRepositoryPodsTests {
    static let files: [String: String] = [
        "Logger.podspec": """
        Pod::Spec.new do |spec|
          spec.name = 'Logger'
          spec.version = '7.1.4'
          spec.source = { :git => 'https://git.example.com/ios/Logger.git', :tag => "#{spec.version}" }
          spec.osx.deployment_target = '10.15'
          spec.default_subspecs = 'Core'
          spec.subspec 'Core' do |core|
            core.dependency 'ExceptionBridging', "#{spec.version}"
            core.source_files = 'Sources/Logger/**/*.{swift}'
          end
        end
        """,
        "ExceptionBridging.podspec": """
        Pod::Spec.new do |spec|
          spec.name = 'ExceptionBridging'
          spec.version = '7.1.4'
          spec.source = { :git => 'https://git.example.com/ios/Logger.git', :tag => "#{spec.version}" }
          spec.osx.deployment_target = '10.15'
          spec.default_subspecs = 'ExceptionBridging'
          spec.subspec 'ExceptionBridging' do |core|
            core.source_files = 'Sources/ExceptionBridging/**/*.{h,m}'
          end
        end
        """,
        "Sources/ExceptionBridging/ExceptionBridging.h":
            "#import <Foundation/Foundation.h>\nint bridgedAnswer(void);\n",
        "Sources/ExceptionBridging/ExceptionBridging.m":
            "#import \"ExceptionBridging.h\"\nint bridgedAnswer(void) { return 42; }\n",
        "Sources/Logger/Logger.swift": "import ExceptionBridging\npublic func answer() -> Int32 { bridgedAnswer() }\n",
    ]

    @Test(.timeLimit(.minutes(10)))
    func specPackageMakesOnePackageOfBothPods() async throws {
        let temporary = try TemporaryDirectory("same-repository-pods")
        defer { temporary.remove() }
        let logger = temporary.url.appendingPathComponent("Logger")
        for (path, text) in Self.files {
            let url = logger.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let run = try await runComposeInProcess(
            ["spec", "package", "Logger/Logger.podspec"],
            environment: ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path],
            currentDirectory: temporary.url)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Wrote Logger/Package.swift"), "\(run.stdout)")
        #expect(run.stderr.contains("ExceptionBridging, a pod of the same tree, becomes the target ExceptionBridging"))
        let manifest = try String(contentsOf: logger.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(".package("), "\(manifest)")
        #expect(manifest.contains(#".library(name: "ExceptionBridging", targets: ["ExceptionBridging"]),"#))

        // SwiftPM loads it: two targets, Logger depending on ExceptionBridging.
        let described = try runTool("swift", ["package", "describe", "--type", "json"], in: logger)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(described.utf8.drop { $0 != UInt8(ascii: "{") }))
                as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        #expect(Set(targets.compactMap { $0["name"] as? String }) == ["Logger", "ExceptionBridging"])
        let main = try #require(targets.first { $0["name"] as? String == "Logger" })
        #expect(main["target_dependencies"] as? [String] == ["ExceptionBridging"], "\(main)")
    }
}
