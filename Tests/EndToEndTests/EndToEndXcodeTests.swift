import ComposeTestSupport
import Foundation
import Testing

/// The built binary on the demo's CocoaPods-integrated app (demo/CocoaPodsApp), run where the Podfile is.
@Suite struct EndToEndXcodeTests {
    @Test func installWhereThePodfileIsIntegratesTheAppAndASecondRunChangesNothing() async throws {
        let temporary = try TemporaryDirectory("e2e-xcode")
        defer { temporary.remove() }
        let app = temporary.url.appendingPathComponent("CocoaPodsApp")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("demo/CocoaPodsApp"), to: app)
        let create = try await runCompose(
            ["lib", "create", "Toolkit", "--author", "Ann", "--output", app.path, "--no-git"])
        #expect(create.code == 0, "\(create.stderr)")
        try Data(
            """
            platform :ios, '15.0'
            target 'Shop App' do
              pod 'Toolkit', :path => 'Toolkit'
              target 'Shop App Tests' do
                inherit! :search_paths
              end
            end

            """.utf8
        ).write(to: app.appendingPathComponent("Podfile"))
        let environment: [String: String?] = ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path]
        let file = app.appendingPathComponent("ShopApp.xcodeproj/project.pbxproj")
        let before = try String(contentsOf: file, encoding: .utf8)

        let first = try await runCompose(["install"], environment: environment, currentDirectory: app)
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Integrated ShopApp.xcodeproj: Composed linked into 2 targets; wrote 2 files."))
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(before.contains("[CP] Check Pods Manifest.lock") && !after.contains("[CP]"))
        #expect(after.contains("productName = \"Shop App\";\n\t\t};"))
        #expect(after.contains("productName = \"Shop App Tests\";\n\t\t};"))
        let workspace = try String(
            contentsOf: app.appendingPathComponent("ShopApp.xcworkspace/contents.xcworkspacedata"), encoding: .utf8)
        #expect(!workspace.contains("Pods"))

        let second = try await runCompose(["install"], environment: environment, currentDirectory: app)
        #expect(second.code == 0, "\(second.stderr)")
        #expect(second.stdout.contains("ShopApp.xcodeproj is up to date (2 targets linked to Composed)."))
        #expect(try String(contentsOf: file, encoding: .utf8) == after)

        // A project file cut short: exit 1, its place, the JSON error object, nothing written.
        try Data(after.prefix(200).utf8).write(to: file)
        let broken = try await runCompose(["deintegrate", "--format", "json"], currentDirectory: app)
        #expect(broken.code == 1)
        #expect(broken.stderr.contains("ShopApp.xcodeproj/project.pbxproj:"), "\(broken.stderr)")
        #expect(broken.stdout.contains(#""exitCode":1"#))
        #expect(try String(contentsOf: file, encoding: .utf8) == String(after.prefix(200)))
    }
}
