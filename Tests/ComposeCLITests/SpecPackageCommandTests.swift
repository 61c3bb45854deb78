import ComposeTestSupport
import Foundation
import Testing

/// `compose spec package` on a component that has Swift sources and a podspec JSON but no
/// Package.swift: the written package builds with `swift build` (one real build, with a dependency
/// on another component found through a spec repo folder), and an existing Package.swift is kept.
@Suite struct SpecPackageCommandTests {
    @Test(.timeLimit(.minutes(15)))
    func theGeneratedPackageBuilds() async throws {
        let temporary = try TemporaryDirectory("spec-package-build")
        defer { temporary.remove() }
        // A dependency: a component with its own Package.swift, tagged 1.0.0, listed in a spec repo folder.
        let toolkit = temporary.url.appendingPathComponent("Toolkit.git")
        let toolkitURL = try makeBareRepository(
            at: toolkit,
            files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Toolkit", products: [.library(name: "Toolkit", targets: ["Toolkit"])], targets: [.target(name: "Toolkit")])

                """,
                "Sources/Toolkit/Toolkit.swift":
                    "public func rounded(_ cents: Int) -> Int { (cents + 50) / 100 * 100 }\n",
            ])
        try runGit(["tag", "1.0.0", "main"], in: toolkit)
        let specs = temporary.url.appendingPathComponent("specs")
        try writeFiles(
            [
                "Toolkit/1.0.0/Toolkit.podspec.json":
                    #"{"name": "Toolkit", "version": "1.0.0", "source": {"git": "\#(toolkitURL)", "tag": "1.0.0"}, "source_files": "Sources/Toolkit/*.swift"}"#
            ], under: specs)

        // The component: two subspecs, the second using the first and Toolkit, a resource, a file excluded.
        let shop = temporary.url.appendingPathComponent("Shop")
        try writeFiles(
            [
                "Shop.podspec.json": """
                {"name": "Shop", "version": "0.3.0", "platforms": {"ios": "13.0", "osx": "10.15"},
                 "source": {"git": "https://git.example.com/ios/Shop.git", "tag": "0.3.0"},
                 "subspecs": [
                   {"name": "Core", "source_files": "Shop/Core/**/*.swift", "exclude_files": "Shop/Core/Broken.swift"},
                   {"name": "UI", "source_files": "Shop/UI/*.swift", "resources": "Shop/UI/Strings.json",
                    "dependencies": {"Shop/Core": [], "Toolkit": ["~> 1.0"]}}]}
                """,
                "Shop/Core/Cart.swift":
                    "public struct Cart { public var cents: [Int]; public init(cents: [Int]) { self.cents = cents } }\n",
                "Shop/Core/Price.swift": "public typealias Price = Int\n",
                "Shop/Core/Broken.swift": "this does not compile\n",
                "Shop/UI/Total.swift": """
                import Foundation
                import Toolkit
                public func total(_ cart: Cart) -> Int { rounded(cart.cents.reduce(0, +)) }
                public let strings = Bundle.module.url(forResource: "Strings", withExtension: "json")

                """,
                "Shop/UI/Strings.json": "{}\n",
            ], under: shop)

        let home = temporary.url.appendingPathComponent("home")
        let run = try await runComposeInProcess(
            ["spec", "package", "Shop", "--sources", specs.path], environment: ["COMPOSE_HOME": home.path],
            currentDirectory: temporary.url)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Wrote Shop/Package.swift"))
        let manifest = try String(contentsOf: shop.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(url: \"\(toolkitURL)\", \"1.0.0\"..<\"2.0.0\"),"))
        // One module, Shop, of both subspecs (CocoaPods' one module per pod): UI uses Core without an import.
        #expect(manifest.contains(#".library(name: "Shop", targets: ["Shop"]),"#))
        #expect(manifest.contains("exclude: [\n                \"Core/Broken.swift\",\n"), "\(manifest)")

        let output = try runTool("swift", ["build"], in: shop)
        #expect(output.contains("Build complete"), "\(output)")

        // A second run keeps what is there, unless --force.
        let again = try await runComposeInProcess(
            ["spec", "package", "Shop", "--sources", specs.path], environment: ["COMPOSE_HOME": home.path],
            currentDirectory: temporary.url)
        #expect(again.code == 1)
        #expect(again.stderr.contains("exists already. Nothing was written; give --force to replace it."))
        #expect(try String(contentsOf: shop.appendingPathComponent("Package.swift"), encoding: .utf8) == manifest)
    }

    @Test func notesGoToStandardErrorAndPrintWritesNothing() async throws {
        let temporary = try TemporaryDirectory("spec-package-notes")
        defer { temporary.remove() }
        try writeFiles(
            [
                "Tracker.podspec.json":
                    #"{"name": "Tracker", "version": "1.0.0", "source_files": "Classes/*.{h,m,swift}", "xcconfig": {"OTHER_LDFLAGS": "-ObjC"}}"#,
                "Classes/Tracker.m": "", "Classes/Tracker.h": "", "Classes/Tracker.swift": "",
            ], under: temporary.url)
        let run = try await runComposeInProcess(
            ["spec", "package", "--print"],
            environment: ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path],
            currentDirectory: temporary.url)
        #expect(run.code == 0)
        #expect(run.stdout.hasPrefix("// swift-tools-version:5.9\n"))
        #expect(run.stderr.contains("note: Tracker: `xcconfig` is not translated"))
        // Each note with its kind's rule id.
        #expect(run.stderr.contains("linkerSettings. [package-xcconfig]\n"), "\(run.stderr)")
        #expect(run.stderr.contains("note: Tracker: Swift and C-family sources cannot share a SwiftPM target"))
        #expect(run.stderr.contains("into a target of their own. [package-mixed-sources]\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("Package.swift").path))

        let missing = try await runComposeInProcess(
            ["spec", "package", "Nothing.podspec.json"], currentDirectory: temporary.url)
        #expect(missing.code == 1)
    }

    @Test func installGeneratesAPackageForAPathComponentUntilOneIsWritten() async throws {
        let temporary = try TemporaryDirectory("spec-package-install")
        defer { temporary.remove() }
        let project = temporary.url.appendingPathComponent("ShopApp")
        try writeFiles(
            [
                "Composefile": "platform :ios, '15.0'\ntarget 'ShopApp' do\n  pod 'Pay', :path => 'Vendor/Pay'\nend\n",
                "Vendor/Pay/Pay.podspec": """
                Pod::Spec.new do |s|
                  s.name = 'Pay'
                  s.version = '1.0.0'
                  s.platform = :ios, '15.0'
                  s.source_files = 'Sources/*.swift'
                  s.xcconfig = { 'OTHER_LDFLAGS' => '-ObjC' }
                end
                """,
                "Vendor/Pay/Sources/Pay.swift": "public let fee = 1\n",
            ], under: project)
        let home = temporary.url.appendingPathComponent("home").path
        let generated = try await runComposeInProcess(
            ["install", "--project", project.path], environment: ["COMPOSE_HOME": home])
        #expect(generated.code == 0, "\(generated.stderr)")
        // The pod is reported once (its component line), and its note names it once.
        #expect(!generated.stderr.contains("Generated Pods/Pay"), "\(generated.stderr)")
        #expect(generated.stderr.contains("note: Pay: `xcconfig` is not translated"), "\(generated.stderr)")
        #expect(!generated.stderr.contains("Pay: Pay:"), "\(generated.stderr)")
        #expect(
            generated.stdout.contains("  Pay generated from its podspec into Pods/Pay (module Pay)\n"),
            "\(generated.stdout)")
        let composed = project.appendingPathComponent("Composed")
        #expect(
            FileManager.default.fileExists(atPath: composed.appendingPathComponent("Pods/Pay/Sources/Pay.swift").path))
        #expect(
            try String(contentsOf: composed.appendingPathComponent("Package.swift"), encoding: .utf8).contains(
                #".package(path: "Pods/Pay"),"#))

        // A Ruby podspec is read by `spec package` too; once the component has its own manifest, it is used.
        let package = try await runComposeInProcess(
            ["spec", "package", "Vendor/Pay"], environment: ["COMPOSE_HOME": home],
            currentDirectory: URL(fileURLWithPath: project.path, isDirectory: true))
        #expect(package.code == 0, "\(package.stderr)")
        #expect(package.stderr.hasPrefix("note: Pay: `xcconfig` is not translated"), "\(package.stderr)")
        let installed = try await runComposeInProcess(
            ["install", "--project", project.path], environment: ["COMPOSE_HOME": home])
        #expect(installed.code == 0, "\(installed.stderr)")
        let manifest = try String(contentsOf: composed.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(path: "../Vendor/Pay"),"#), "\(manifest)")
        #expect(!FileManager.default.fileExists(atPath: composed.appendingPathComponent("Pods").path))
    }
}
