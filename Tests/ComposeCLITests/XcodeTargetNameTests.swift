import ComposeTestSupport
import Foundation
import Testing

/// Podfiles name targets as Xcode does (`Rocket.Chat`, `Habitica UI Tests`): `compose install`
/// makes each a product of exactly that name, which SwiftPM loads.
@Suite struct XcodeTargetNameTests {
    static let names = [
        "Rocket.Chat", "ShadowsocksX-NG", "Extensions-Share", "Habitica UI Tests", "DogeChatWatch Watch App",
        "Extensions Share", "2048", "Café au lait", "a/b",
    ]

    /// A project with one `:path` component and a Podfile of `targets` (Ruby string literals as written).
    func project(in temporary: TemporaryDirectory, targets: [String]) async throws -> URL {
        let project = temporary.url.appendingPathComponent("App")
        let components = project.appendingPathComponent("Components")
        try FileManager.default.createDirectory(at: components, withIntermediateDirectories: true)
        let create = try await runComposeInProcess([
            "lib", "create", "Toolkit", "--author", "Ann", "--output", components.path, "--no-git",
        ])
        #expect(create.code == 0, "\(create.stderr)")
        let blocks = targets.map { "target \($0) do\n  pod 'Toolkit', :path => 'Components/Toolkit'\nend\n" }
        try Data(("platform :ios, '15.0'\n" + blocks.joined()).utf8).write(
            to: project.appendingPathComponent("Podfile"))
        return project
    }

    @Test func everyXcodeTargetNameBecomesAProductOfThatName() async throws {
        let temporary = try TemporaryDirectory("target-names")
        defer { temporary.remove() }
        let project = try await project(in: temporary, targets: Self.names.map { "'\($0)'" })
        let install = try await runComposeInProcess(
            ["install", "--project", project.path],
            environment: ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path])
        #expect(install.code == 0, "\(install.stderr)")
        // `Extensions Share` meets `Extensions-Share` on one module: a note says which gets a suffix.
        #expect(
            install.stderr.contains(
                "Podfile:8: note: the target 'Extensions-Share' gets the module Extensions_Share_2"),
            "\(install.stderr)")
        let composed = project.appendingPathComponent("Composed")
        let dump =
            try JSONSerialization.jsonObject(
                with: Data(try runTool("swift", ["package", "dump-package"], in: composed).utf8)) as? [String: Any]
        let products = (dump?["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(products == Self.names)
        let targets = (dump?["targets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(
            targets == [
                "Rocket_Chat", "ShadowsocksX_NG", "Extensions_Share_2", "Habitica_UI_Tests", "DogeChatWatch_Watch_App",
                "Extensions_Share", "_2048", "Caf__au_lait", "a_b",
            ])
        // SwiftPM loads the package with its dependency: every product and module stands.
        let described = try runTool("swift", ["package", "describe", "--type", "json"], in: composed)
        #expect(described.contains("\"DogeChatWatch Watch App\""))
    }

    /// A target name is a string in the Podfile's Ruby: a line break and Swift after it stay a
    /// product name in the manifest, never code.
    @Test func aTargetNameNeverBecomesCodeInTheManifest() async throws {
        let temporary = try TemporaryDirectory("target-names-injection")
        defer { temporary.remove() }
        let marker = temporary.url.appendingPathComponent("PWNED").path
        let payload =
            #"import Foundation\nlet pwned: Void = { FileManager.default.createFile(atPath: \"\#(marker)\", contents: nil) }()\n//"#
        let names = [#""App\n\#(payload)""#, #""App\r\#(payload)""#, #""App\"), .library(name: \"X\u2028\#(payload)""#]
        let project = try await project(in: temporary, targets: names)
        let install = try await runComposeInProcess(
            ["install", "--project", project.path],
            environment: ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path])
        #expect(install.code == 0, "\(install.stderr)")
        let composed = project.appendingPathComponent("Composed")
        let dump = try runTool("swift", ["package", "dump-package"], in: composed)
        #expect(!FileManager.default.fileExists(atPath: marker), "the manifest ran a target name")
        let products = try (JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])?["products"]
        #expect((products as? [[String: Any]])?.count == 3)
        #expect(dump.contains(#""name" : "App\nimport Foundation"#), "\(dump)")
    }
}
