import ComposeTestSupport
import Foundation
import Testing

/// An app's graph: `graph --project`, `resolve`/`install --check-layers`, and `lib create` recording a
/// new component's layer in the spec repo's Layers.yml.
@Suite struct ProjectGraphCommandTests {
    /// A copy of spec-repo-fixture (with Layers.yml) whose newest Order depends on Pay when `planted`,
    /// and an app ShopApp using Order and Pay from it.
    static func world(_ label: String, planted: Bool) throws -> (folder: TemporaryDirectory, app: URL, specs: URL) {
        let folder = try TemporaryDirectory(label)
        let specs = folder.url.appendingPathComponent("specs")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("spec-repo-fixture"), to: specs)
        if planted {
            let order = specs.appendingPathComponent("Order/1.1.0/Order.podspec.json")
            let text = try String(contentsOf: order, encoding: .utf8)
            try text.replacingOccurrences(of: "\"dependencies\": {", with: "\"dependencies\": {\n    \"Pay\": [],")
                .write(to: order, atomically: true, encoding: .utf8)
        }
        let app = folder.url.appendingPathComponent("ShopApp")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try """
        source '\(specs.path)'
        platform :ios, '15.0'
        target 'ShopApp' do
          pod 'Order'
          pod 'Pay'
        end
        """.write(to: app.appendingPathComponent("Composefile"), atomically: true, encoding: .utf8)
        return (folder, app, specs)
    }

    @Test func theAppsGraphIsDrawnWithItsTargetInTheAppLayer() async throws {
        let (folder, app, _) = try Self.world("project-graph-draw", planted: false)
        defer { folder.remove() }
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]
        let dot = try await runComposeInProcess(["graph", "--project", app.path], environment: environment)
        #expect(dot.code == 0, "\(dot.stderr)")
        #expect(dot.stdout.contains("label=\"app\""))
        #expect(dot.stdout.contains("\"ShopApp\" -> \"Order\""))
        #expect(dot.stdout.contains("\"Order\" -> \"OrderMediator\""))
        #expect(!FileManager.default.fileExists(atPath: app.appendingPathComponent("Compose.lock").path))

        let check = try await runComposeInProcess(
            ["graph", "--project", app.path, "--check", "--allow-warnings"], environment: environment)
        #expect(check.code == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("0 errors"), "\(check.stdout)")
        #expect(check.stdout.contains("Layers from \(folder.url.appendingPathComponent("specs").path)/Layers.yml"))
    }

    @Test func graphInAnAppsFolderDrawsTheAppAndAnEmptyFolderSaysWhatItNeeds() async throws {
        let (folder, app, _) = try Self.world("project-graph-app-folder", planted: false)
        defer { folder.remove() }
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]
        let dot = try await runComposeInProcess(["graph"], environment: environment, currentDirectory: app)
        #expect(dot.code == 0, "\(dot.stderr)")
        #expect(dot.stdout.contains("\"ShopApp\" -> \"Order\""), "\(dot.stdout)")
        #expect(dot.stdout.contains("\"Order\" -> \"OrderMediator\""))
        #expect(!FileManager.default.fileExists(atPath: app.appendingPathComponent("Compose.lock").path))
        let named = try await runComposeInProcess(["graph", app.path, "--format", "json"], environment: environment)
        #expect(named.code == 0, "\(named.stderr)")
        #expect(named.stdout.contains("\"ShopApp\""), "\(named.stdout)")

        let check = try await runComposeInProcess(
            ["graph", "--check", "--allow-warnings"], environment: environment, currentDirectory: app)
        #expect(check.code == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("Layers from \(folder.url.appendingPathComponent("specs").path)/Layers.yml"))
        #expect(!check.stdout.contains("Linted 0 specs"), "\(check.stdout)")

        // Nothing to draw or check: said so, exit 1, no empty digraph, no "Passed".
        let empty = folder.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let nothing = try await runComposeInProcess(["graph"], environment: environment, currentDirectory: empty)
        #expect(nothing.code == 1)
        #expect(!nothing.stdout.contains("digraph"), "\(nothing.stdout)")
        #expect(nothing.stderr.contains("holds no podspec and no Composefile or Podfile"), "\(nothing.stderr)")
        let nothingChecked = try await runComposeInProcess(
            ["graph", "--check"], environment: environment, currentDirectory: empty)
        #expect(nothingChecked.code == 1)
        #expect(!nothingChecked.stdout.contains("Passed"), "\(nothingChecked.stdout)")
        #expect(nothingChecked.stderr.contains("nothing to draw or check"), "\(nothingChecked.stderr)")
    }

    @Test func aResolvedBusinessToBusinessEdgeStopsResolveAndInstall() async throws {
        let (folder, app, specs) = try Self.world("project-graph-planted", planted: true)
        defer { folder.remove() }
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]
        let lock = app.appendingPathComponent("Compose.lock")

        let resolve = try await runComposeInProcess(
            ["resolve", "--project", app.path, "--check-layers"], environment: environment)
        #expect(resolve.code == 1)
        let edge = "\(specs.path)/Order/1.1.0/Order.podspec.json:27:5: error: Order (business) → Pay (business)"
        #expect(resolve.stderr.contains(edge), "\(resolve.stderr)")
        #expect(resolve.stderr.contains("[graph-layer-direction]"))
        #expect(resolve.stderr.contains("Compose.lock was not written"))
        #expect(!FileManager.default.fileExists(atPath: lock.path))

        let install = try await runComposeInProcess(
            ["install", "--project", app.path, "--check-layers"], environment: environment)
        #expect(install.code == 1)
        #expect(install.stderr.contains(edge))
        #expect(install.stderr.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: app.appendingPathComponent("Composed").path))

        // Without the flag the resolve goes through; the graph check then names the same edge.
        #expect(try await runComposeInProcess(["resolve", "--project", app.path], environment: environment).code == 0)
        let check = try await runComposeInProcess(
            ["graph", "--project", app.path, "--check", "--format", "github"], environment: environment)
        #expect(check.code == 1)
        #expect(check.stdout.contains("::error file=\(specs.path)/Order/1.1.0/Order.podspec.json,line=27,col=5"))
    }

    @Test func libCreateRecordsTheNewComponentsLayerInsideASpecRepoCheckout() async throws {
        let (folder, _, specs) = try Self.world("project-graph-lib", planted: false)
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let create = try await runComposeInProcess(
            [
                "lib", "create", "Wallet", "--kind", "business", "--no-git", "--output", out.path, "--author", "T",
                "--git-url", "https://git.example.com/ios/Wallet.git",
            ], currentDirectory: specs.appendingPathComponent("Order"))
        #expect(create.code == 0, "\(create.stderr)")
        #expect(create.stderr.contains("Recorded in \(specs.path)/Layers.yml: Wallet → business."), "\(create.stderr)")
        let layers = try String(contentsOf: specs.appendingPathComponent("Layers.yml"), encoding: .utf8)
        #expect(layers.contains("  business: Account, Goods, Order, Pay, Wallet\n"))
        #expect(!layers.contains("WalletMediator"), "the mediator glob covers it")
        let check = try await runComposeInProcess(["graph", "--check", specs.path, "--allow-warnings"])
        #expect(check.code == 0, "\(check.stdout)")

        let elsewhere = try await runComposeInProcess(
            [
                "lib", "create", "Kit", "--kind", "base", "--no-git", "--output", out.path, "--author", "T",
                "--git-url", "https://git.example.com/ios/Kit.git",
            ], currentDirectory: out)
        #expect(elsewhere.code == 0, "\(elsewhere.stderr)")
        #expect(elsewhere.stderr.contains("(e.g. `  base: Kit`)"), "\(elsewhere.stderr)")
    }
}
