import ComposeTestSupport
import Foundation
import Testing

/// `compose install` of components that ship their own Package.swift the way public pods do, and of
/// many podspec-only pods whose notes are alike.
@Suite struct InstallPackagesTests {
    /// KeychainAccess's shape (a target with `unsafeFlags`, which SwiftPM refuses in a dependency pinned
    /// by version) is pinned by its tag's commit, also where a generated Pods package names it;
    /// SSZipArchive's shape (module `SSZipArchive`, product `ZipArchive`) links the only library
    /// product and says what `import` becomes. A component depending on Keychain (`from: "1.0.0"` in
    /// its own manifest) is pinned by its commit too. The app's code using them all builds.
    @Test(.timeLimit(.minutes(10)))
    func unsafeFlagsAndAProductNamedUnlikeTheModuleBuildThroughComposed() async throws {
        let temporary = try TemporaryDirectory("install-own-manifests")
        defer { temporary.remove() }
        let components = try ComponentFixture(root: temporary.url.appendingPathComponent("team"))
        // The authors' own manifest: its product on line 7, its target on line 9.
        func manifest(_ name: String, target: String) -> String {
            "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"\(name)\",\n"
                + "    products: [\n        .library(name: \"\(name)\", targets: [\"\(name)\"]),\n    ],\n"
                + "    targets: [.target(name: \"\(name)\", \(target))]\n)\n"
        }
        try components.release(
            "Keychain", "1.0.0", manifest: false,
            extraFiles: [
                "Package.swift": manifest(
                    "Keychain", target: #"swiftSettings: [.unsafeFlags(["-DKEYCHAIN_FLAGGED"])]"#),
                "Sources/Keychain/Flagged.swift": "#if KEYCHAIN_FLAGGED\npublic let keychainFlagged = true\n#endif\n",
            ])
        try components.release(
            "SSZipArchive", "2.4.3", manifest: false,
            extraFiles: [
                "Package.swift": manifest("ZipArchive", target: #"path: "Sources/SSZipArchive""#)
            ])
        // Both kinds of dependents: a manifest of its own asking `from: "1.0.0"`, a generated one.
        try components.release("Wallet", "1.0.0", dependencies: ["Keychain"])
        try components.release("Vault", "1.0.0", dependencies: ["Keychain"], manifest: false)
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(
            "source '\(components.specs.path)'\nplatform :osx, '10.15'\ntarget 'App' do\n  pod 'SSZipArchive'\n  pod 'Vault'\n  pod 'Wallet'\nend\n"
                .utf8
        ).write(to: project.appendingPathComponent("Composefile"))

        let run = try await runComposeInProcess(
            ["install", "--project", project.path],
            environment: ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path])
        #expect(run.code == 0, "\(run.stderr)")
        let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }
        #expect(
            notes.filter { $0.contains("Keychain: its Package.swift uses unsafeFlags (target 'Keychain' (line 9))") }
                .count == 1, "\(run.stderr)")
        #expect(
            notes.filter {
                $0.contains(
                    "SSZipArchive: its Package.swift offers no product named `SSZipArchive`: the library product `ZipArchive` (line 7) is linked, and `import SSZipArchive` becomes `import ZipArchive`."
                )
            }.count == 1, "\(run.stderr)")

        let composed = project.appendingPathComponent("Composed")
        let manifest = try String(contentsOf: composed.appendingPathComponent("Package.swift"), encoding: .utf8)
        let keychain = try runGit(
            ["rev-parse", "1.0.0^{commit}"], in: components.remotes.appendingPathComponent("Keychain.git")
        ).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let revision = ".package(url: \"\(components.url(of: "Keychain"))\", revision: \"\(keychain)\")"
        #expect(manifest.contains(revision), "\(manifest)")
        #expect(manifest.contains(".package(url: \"\(components.url(of: "SSZipArchive"))\", exact: \"2.4.3\")"))
        // SwiftPM refuses them under a product pinned by version, a dependency's targets included.
        #expect(manifest.contains(".package(url: \"\(components.url(of: "Wallet"))\", revision: \""), "\(manifest)")
        #expect(
            notes.filter { $0.contains("Wallet: it depends on Keychain, whose Package.swift uses unsafeFlags") }.count
                == 1, "\(run.stderr)")
        #expect(manifest.contains(".product(name: \"ZipArchive\", package: \"SSZipArchive\")"), "\(manifest)")
        let vault = try String(contentsOf: composed.appendingPathComponent("Pods/Vault/Package.swift"), encoding: .utf8)
        #expect(vault.contains(revision), "\(vault)")
        let exportsFile = composed.appendingPathComponent("Targets/App/Exports.swift")
        let exports = try String(contentsOf: exportsFile, encoding: .utf8)
        #expect(exports.contains("// `import SSZipArchive` is `import ZipArchive` here"), "\(exports)")
        #expect(exports.contains("@_exported import ZipArchive\n"), "\(exports)")

        // The app's code: the flag reached the Keychain build, the renamed module is imported.
        let usage = "\npublic let appCheck = (keychainFlagged, SSZipArchive.text, Vault.text, Wallet.text)\n"
        try Data((exports + usage).utf8).write(to: exportsFile)
        let output = try runTool("swift", ["build"], in: composed)
        #expect(output.contains("Build complete"), "\(output)")
    }

    /// One install of several podspec-only pods with resource bundles says the bundle note once,
    /// naming every pod; `--verbose` says it for each, and `--format json` keeps every note.
    @Test func notesOfOneKindAreSaidOnceNamingEveryPod() async throws {
        let temporary = try TemporaryDirectory("install-notes")
        defer { temporary.remove() }
        let components = try ComponentFixture(root: temporary.url.appendingPathComponent("team"))
        let pods = ["Gamma", "Alpha", "Beta"]
        for name in pods {
            try components.release(
                name, "1.0.0", manifest: false, extraFiles: ["Resources/\(name).json": "{}\n"])
            let specFile = components.specs.appendingPathComponent("\(name)/1.0.0/\(name).podspec.json")
            var spec = try JSONSerialization.jsonObject(with: Data(contentsOf: specFile)) as! [String: Any]
            spec["resource_bundles"] = ["\(name)Assets": ["Resources/*.json"]]
            try JSONSerialization.data(withJSONObject: spec).write(to: specFile)
        }
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(
            ("source '\(components.specs.path)'\nplatform :osx, '10.15'\ntarget 'App' do\n"
                + pods.map { "  pod '\($0)'\n" }.joined() + "end\n").utf8
        ).write(to: project.appendingPathComponent("Composefile"))
        let environment: [String: String?] = [
            "COMPOSE_HOME": temporary.url.appendingPathComponent("home").path, "COMPOSE_RESOLVE_RECORD": "0",
        ]
        let bundleNote = "becomes the target's own bundle"

        let human = try await runComposeInProcess(["install", "--project", project.path], environment: environment)
        #expect(human.code == 0, "\(human.stderr)")
        let said = human.stderr.split(separator: "\n").filter { $0.contains(bundleNote) }
        #expect(
            said == [
                "note: Alpha, Beta, Gamma: the resource bundle `…` becomes the target's own bundle: read its files through `Bundle.module`. (--verbose says it for each) [package-resource-bundle]"
            ], "\(human.stderr)")

        let verbose = try await runComposeInProcess(
            ["install", "--verbose", "--project", project.path], environment: environment)
        #expect(verbose.code == 0, "\(verbose.stderr)")
        let each = verbose.stderr.split(separator: "\n").filter { $0.contains(bundleNote) }
        #expect(each.count == 3, "\(verbose.stderr)")
        #expect(each.contains { $0.contains("the resource bundle `BetaAssets`") })

        let json = try await runComposeInProcess(
            ["install", "--format", "json", "--project", project.path], environment: environment)
        #expect(json.code == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let notes = object?["notes"] as? [String] ?? []
        #expect(
            notes.filter { $0.contains(bundleNote) }.sorted()
                == pods.sorted().map {
                    "\($0): the resource bundle `\($0)Assets` becomes the target's own bundle: read its files through `Bundle.module`."
                }, "\(json.stdout)")
        let findings = object?["findings"] as? [[String: Any]] ?? []
        #expect(
            findings.filter { ($0["message"] as? String)?.contains(bundleNote) == true }
                .map { "\($0["severity"] ?? "") \($0["rule"] ?? "")" }
                == Array(repeating: "note package-resource-bundle", count: 3),
            "\(json.stdout)")
        #expect(!json.stderr.contains(bundleNote))
        // The details stay in each generated manifest's header.
        let header = try String(
            contentsOf: project.appendingPathComponent("Composed/Pods/Beta/Package.swift"), encoding: .utf8)
        #expect(header.contains("// - Beta: the resource bundle `BetaAssets` becomes the target's own bundle"))
    }
}
