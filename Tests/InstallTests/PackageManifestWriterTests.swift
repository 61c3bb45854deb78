import ComposeTestSupport
import Foundation
import Git
import Lint
import Project
import Specs
import Testing

@testable import Install

/// `compose spec package`'s generator, on component folders written here: what becomes a target, a
/// resource, a public header folder or a package dependency, and what is said instead of expressed.
@Suite struct PackageManifestWriterTests {
    func component(_ files: [String: String], spec json: String) throws -> (TemporaryDirectory, Spec) {
        let temporary = try TemporaryDirectory("spec-package")
        for (path, text) in files {
            let url = temporary.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return (temporary, try Spec(json: Array(json.utf8), label: "Spec.podspec.json"))
    }

    @Test func oneSwiftTargetWithExcludedFilesResourcesAndPlatforms() throws {
        let (temporary, spec) = try component(
            [
                "Sources/Pay/Pay.swift": "", "Sources/Pay/Internal/Fee.swift": "", "Sources/Pay/Legacy/Old.swift": "",
                "Sources/Pay/Assets/logo.png": "", "README.md": "",
            ],
            spec: #"""
                {"name": "Pay", "version": "1.2.0", "platforms": {"ios": "13", "osx": "10.15"},
                 "source_files": "Sources/Pay/**/*.swift", "exclude_files": "Sources/Pay/Legacy/**",
                 "resources": "Sources/Pay/Assets/*.png", "frameworks": "UIKit", "ios": {"frameworks": "StoreKit"}}
                """#)
        defer { temporary.remove() }
        let output = try PackageManifestWriter(spec: spec, folder: temporary.url, packages: [:]).generate()
        let manifest = try #require(output.files["Package.swift"])
        #expect(output.files.keys.sorted() == ["Package.swift"])
        #expect(output.notes.isEmpty)
        #expect(manifest.hasPrefix("// swift-tools-version:5.9\n"))
        #expect(manifest.contains(#".iOS("13.0"),"#))
        #expect(manifest.contains(#".macOS("10.15"),"#))
        #expect(manifest.contains(#".library(name: "Pay", targets: ["Pay"]),"#))
        #expect(manifest.contains(#"path: "Sources/Pay","#))
        // The excluded file's folder is excluded; the sources need no list.
        #expect(manifest.contains("            exclude: [\n                \"Legacy\",\n            ],\n"))
        #expect(!manifest.contains("            sources:"))
        #expect(manifest.contains(#".process("Assets/logo.png"),"#))
        #expect(manifest.contains(#".linkedFramework("UIKit"),"#))
        #expect(manifest.contains(#".linkedFramework("StoreKit", .when(platforms: [.iOS])),"#))
    }

    @Test func subspecsAreOneModuleAsCocoaPodsBuildsThem() throws {
        let (temporary, spec) = try component(
            ["Core/Money.swift": "", "UI/PayButton.swift": ""],
            spec: #"""
                {"name": "Pay", "version": "1.0.0", "subspecs": [
                  {"name": "Core", "source_files": "Core/*.swift"},
                  {"name": "UI", "source_files": "UI", "dependencies": {"Pay/Core": []}}]}
                """#)
        defer { temporary.remove() }
        let output = try PackageManifestWriter(spec: spec, folder: temporary.url, packages: [:]).generate()
        let manifest = try #require(output.files["Package.swift"])
        // No default_subspecs: depending on Pay means every subspec, in one module.
        #expect(output.files.keys.sorted() == ["Package.swift"])
        #expect(manifest.contains(#".library(name: "Pay", targets: ["Pay"]),"#))
        #expect(manifest.components(separatedBy: ".target(").count == 2)
        #expect(
            manifest.contains(
                "            sources: [\n                \"Core/Money.swift\",\n                \"UI/PayButton.swift\",\n"
            ))
        #expect(output.usedFiles == ["Core/Money.swift", "UI/PayButton.swift"])
    }

    /// Moya's shape: `default_subspecs` Core, and subspecs for other frameworks.
    @Test func defaultSubspecsMakeTheModuleAndTheOthersAreProductsOnTop() throws {
        let (temporary, spec) = try component(
            ["Sources/Moya/Moya.swift": "", "Sources/RxMoya/Rx.swift": "", "Sources/ReactiveMoya/Reactive.swift": ""],
            spec: #"""
                {"name": "Moya", "version": "15.0.0", "default_subspecs": "Core", "subspecs": [
                  {"name": "Core", "source_files": "Sources/Moya/*.swift"},
                  {"name": "RxSwift", "source_files": "Sources/RxMoya/*.swift", "dependencies": {"Moya/Core": [], "RxSwift": ["~> 6.0"]}},
                  {"name": "ReactiveSwift", "source_files": "Sources/ReactiveMoya/*.swift", "dependencies": {"Moya/Core": [], "ReactiveSwift": ["~> 7.0"]}}]}
                """#)
        defer { temporary.remove() }
        let output = try PackageManifestWriter(
            spec: spec, folder: temporary.url,
            packages: ["RxSwift": .init(url: "https://github.com/ReactiveX/RxSwift.git", newest: try Version("6.5.0"))]
        ).generate()
        let manifest = try #require(output.files["Package.swift"])
        #expect(manifest.contains(#".library(name: "Moya", targets: ["Moya"]),"#))
        #expect(manifest.contains(#".library(name: "MoyaRxSwift", targets: ["MoyaRxSwift"]),"#))
        #expect(!manifest.contains("MoyaReactiveSwift"))
        #expect(manifest.contains(#"            name: "Moya",\#n            path: "Sources/Moya"\#n"#))
        #expect(
            manifest.contains(
                #"            name: "MoyaRxSwift",\#n            dependencies: [\#n                "Moya",\#n                .product(name: "RxSwift", package: "rxswift"),"#
            ))
        #expect(manifest.contains(#".package(url: "https://github.com/ReactiveX/RxSwift.git", "6.0.0"..<"7.0.0"),"#))
        #expect(
            output.notes.map(\.description) == [
                "note: Moya/RxSwift becomes the module MoyaRxSwift (product MoyaRxSwift) on top of Moya: its Swift files need `#if !COCOAPODS` `import Moya` `#endif` (CocoaPods compiles one module). [package-subspec-module]",
                "note: Moya/ReactiveSwift is not offered as a product: its dependencies ReactiveSwift are in no spec repo searched (give --sources). [package-subspec-dependency-unknown]",
            ])
    }

    /// XCGLogger's shape: the module's folder holds a subspec's folder, which becomes a target on top; the
    /// module's target excludes it, as SwiftPM refuses a file that two targets build.
    @Test func aSubspecFolderInsideTheModulesFolderIsExcludedFromIt() throws {
        let (temporary, spec) = try component(
            [
                "Sources/Log/Log.swift": "", "Sources/Log/Misc/Optional/Helpers.swift": "",
                "Sources/Log/Formatters/Optional/keep.txt": "",
            ],
            spec: #"""
                {"name": "Log", "version": "7.1.5", "default_subspecs": "Core", "subspecs": [
                  {"name": "Core", "source_files": "Sources/Log/**/*.swift", "exclude_files": "Sources/Log/**/Optional/*.swift"},
                  {"name": "Helpers", "source_files": "Sources/Log/Misc/Optional/Helpers.swift", "dependencies": {"Log/Core": []}}]}
                """#)
        defer { temporary.remove() }
        let output = try PackageManifestWriter(spec: spec, folder: temporary.url, packages: [:]).generate()
        let manifest = try #require(output.files["Package.swift"])
        #expect(
            manifest.contains(
                #"            name: "Log",\#n            path: "Sources/Log",\#n            exclude: [\#n                "Formatters",\#n                "Misc",\#n            ],"#
            ))
        #expect(manifest.contains(#"            path: "Sources/Log/Misc/Optional"\#n"#))
    }

    @Test func installHoldsTheLockedSubspecsTheirParentsAndWhatTheyNeed() throws {
        let (temporary, spec) = try component(
            ["Base/Pay.swift": "", "Core/Money.swift": "", "Core/Mock/MockMoney.swift": "", "UI/Button.swift": ""],
            spec: #"""
                {"name": "Pay", "version": "1.0.0", "module_name": "PayKit", "source_files": "Base/*.swift", "default_subspecs": "UI", "subspecs": [
                  {"name": "Core", "source_files": "Core/*.swift", "subspecs": [{"name": "Mock", "source_files": "Core/Mock/*.swift"}]},
                  {"name": "UI", "source_files": "UI/*.swift"}]}
                """#)
        defer { temporary.remove() }
        func installed(_ subspecs: [String]) throws -> PackageManifestWriter.Output {
            try PackageManifestWriter(
                spec: spec, files: listFiles(temporary.url), folderName: "Pay", dependencies: [:],
                purpose: .install(subspecs: subspecs)
            ).generate()
        }
        // Pay/Core/Mock: the root's files, Core's (its parent), Mock's; not UI.
        let mock = try installed(["Pay/Core/Mock"])
        #expect(mock.usedFiles == ["Base/Pay.swift", "Core/Mock/MockMoney.swift", "Core/Money.swift"])
        #expect(mock.module == "PayKit")
        #expect(try #require(mock.files["Package.swift"]).contains(#".library(name: "PayKit", targets: ["PayKit"]),"#))
        #expect(try #require(mock.files["Package.swift"]).contains("// Subspecs: Pay, Pay/Core, Pay/Core/Mock."))
        // Nothing named: the default subspec.
        #expect(try installed([]).usedFiles == ["Base/Pay.swift", "UI/Button.swift"])
        // Pay/Core: Core with every subspec of its own (Mock).
        #expect(
            try installed(["Pay/Core"]).usedFiles == [
                "Base/Pay.swift", "Core/Mock/MockMoney.swift", "Core/Money.swift",
            ])

        let (badFolder, bad) = try component(
            ["A.swift": ""],
            spec: #"{"name": "Pay", "version": "1.0.0", "module_name": "Pay-Kit", "source_files": "*.swift"}"#)
        defer { badFolder.remove() }
        #expect(throws: SpecPackageError.self) {
            _ = try PackageManifestWriter(spec: bad, folder: badFolder.url, packages: [:]).generate()
        }
    }

    @Test func subspecsSharingFilesAreOneTarget() throws {
        let (temporary, spec) = try component(
            ["Sources/A.swift": "", "Sources/B.swift": ""],
            spec:
                #"{"name": "Net", "version": "1.0.0", "subspecs": [{"name": "Core", "source_files": "Sources/*.swift"}, {"name": "All", "source_files": "Sources/**/*.swift"}]}"#
        )
        defer { temporary.remove() }
        let output = try PackageManifestWriter(spec: spec, folder: temporary.url, packages: [:]).generate()
        #expect(output.files.keys.sorted() == ["Package.swift"])
        #expect(output.notes.isEmpty)
        #expect(output.files["Package.swift"]?.contains(#".library(name: "Net", targets: ["Net"]),"#) == true)
    }

    @Test func objectiveCHeadersAndWhatCannotBeExpressed() throws {
        let (temporary, spec) = try component(
            ["Classes/Tracker.m": "", "Classes/include/Tracker.h": "", "Classes/Bridge.swift": ""],
            spec: #"""
                {"name": "Tracker", "version": "2.0.0", "source_files": "Classes/**/*.{h,m}", "public_header_files": "Classes/include/*.h",
                 "prefix_header_contents": "#import <UIKit/UIKit.h>", "pod_target_xcconfig": {"OTHER_LDFLAGS": "-ObjC"}, "requires_arc": ["Classes/Arc/*.m"],
                 "script_phases": [{"name": "Lint", "script": "true"}]}
                """#)
        defer { temporary.remove() }
        let output = try PackageManifestWriter(spec: spec, folder: temporary.url, packages: [:]).generate()
        let manifest = try #require(output.files["Package.swift"])
        #expect(manifest.contains(#"publicHeadersPath: "include""#))
        #expect(manifest.contains(#"path: "Classes","#))
        #expect(!manifest.contains("Bridge.swift"))
        // Each kind of note has its rule; the header says each message as it is.
        #expect(
            output.notes.map(\.ruleID) == [
                "package-prefix-header", "package-pod-target-xcconfig", "package-requires-arc", "package-script-phases",
            ])
        #expect(output.notes.allSatisfy { $0.severity == .note && $0.location == nil })
        #expect(output.notes[0].message.contains("`prefix_header_contents`"))
        #expect(output.notes[1].message.contains("`pod_target_xcconfig`"))
        #expect(output.notes[2].message.contains("`requires_arc`"))
        #expect(output.notes[3].message.contains("`script_phases`"))
        for note in output.notes { #expect(manifest.contains("\n// - " + note.message + "\n")) }

        let (mixedFolder, mixed) = try component(
            ["Sources/A.swift": "", "Sources/B.m": ""],
            spec: #"{"name": "Mix", "version": "1.0.0", "source_files": "Sources/*"}"#)
        defer { mixedFolder.remove() }
        let mixedOutput = try PackageManifestWriter(spec: mixed, folder: mixedFolder.url, packages: [:]).generate()
        #expect(
            mixedOutput.notes.map(\.description) == [
                "note: Mix: Swift and C-family sources cannot share a SwiftPM target; only the Swift files are in Mix. Move the others (1 files) into a target of their own. [package-mixed-sources]"
            ])
    }

    /// A header pattern that matches a file with a one-character name at the pod's top (taking such a
    /// name apart trapped on Linux): the header folder is the package's own.
    @Test func aHeaderWithAOneCharacterNameAtTheTop() throws {
        let (temporary, spec) = try component(
            ["Tiny.m": "", "Tiny.h": "", "b": ""],
            spec: #"""
                {"name": "Tiny", "version": "1.0.0", "source_files": "*.{h,m}", "public_header_files": "*"}
                """#)
        defer { temporary.remove() }
        let output = try PackageManifestWriter(spec: spec, folder: temporary.url, packages: [:]).generate()
        let manifest = try #require(output.files["Package.swift"])
        #expect(manifest.contains(#".headerSearchPath("."),"#), "\(manifest)")
    }

    @Test func dependenciesArePackagesByTheirSpecRepoURL() throws {
        let (temporary, spec) = try component(
            ["Sources/Shop/Shop.swift": ""],
            spec: #"""
                {"name": "Shop", "version": "1.0.0", "source_files": "Sources/Shop/*.swift",
                 "dependencies": {"Networking/Core": ["~> 2.1"], "Logging": [], "Pinned": ["= 1.4"], "Unknown": []}}
                """#)
        defer { temporary.remove() }
        let repo = temporary.url.appendingPathComponent("specs")
        for (name, version) in [
            ("Networking", "2.3.0"), ("Networking", "2.1.0"), ("Logging", "0.4"), ("Pinned", "1.4.0"),
        ] {
            let folder = repo.appendingPathComponent("\(name)/\(version)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let json =
                #"{"name": "\#(name)", "version": "\#(version)", "source": {"git": "https://git.example.com/ios/\#(name).git", "tag": "\#(version)"}}"#
            try Data(json.utf8).write(to: folder.appendingPathComponent("\(name).podspec.json"))
        }
        let names = PackageManifestWriter.dependencyNames(of: spec)
        #expect(names == ["Logging", "Networking", "Pinned", "Unknown"])
        let packages = PackageManifestWriter.lookUp(names, in: [repo])
        #expect(
            packages["Networking"]
                == .init(url: "https://git.example.com/ios/Networking.git", newest: try Version("2.3.0")))
        #expect(packages["Unknown"] == nil)
        let output = try PackageManifestWriter(spec: spec, folder: temporary.url, packages: packages).generate()
        let manifest = try #require(output.files["Package.swift"])
        #expect(manifest.contains(#".package(url: "https://git.example.com/ios/Networking.git", "2.1.0"..<"3.0.0"),"#))
        #expect(manifest.contains(#".package(url: "https://git.example.com/ios/Logging.git", from: "0.4.0"),"#))
        #expect(manifest.contains(#".package(url: "https://git.example.com/ios/Pinned.git", exact: "1.4.0"),"#))
        #expect(manifest.contains(#".product(name: "Networking", package: "networking"),"#))
        #expect(manifest.contains(#"// .package(url: "<the git URL of Unknown>", from: "<version>"),"#))
        #expect(manifest.contains(#"                // .product(name: "Unknown", package: "Unknown"),"#))
        #expect(
            output.notes.map(\.description) == [
                "note: The dependency Unknown was found in no spec repo (give --sources, or `compose repo add` the repo that has it): write its package URL in Package.swift. [package-dependency-unknown]"
            ])
    }

    @Test func noMatchingSourceIsAnErrorAndAnExistingManifestIsKept() throws {
        let (temporary, spec) = try component(
            ["Other/A.swift": ""], spec: #"{"name": "Pay", "version": "1.0.0", "source_files": "Sources/**/*.swift"}"#)
        defer { temporary.remove() }
        #expect(throws: SpecPackageError.noSources(spec: "Pay", folder: temporary.url.path)) {
            _ = try PackageManifestWriter(spec: spec, folder: temporary.url, packages: [:]).generate()
        }
        let output = PackageManifestWriter.Output(
            files: ["Package.swift": "new\n", "Exports/Pay/Pay.swift": "new\n"], notes: [])
        let existing = temporary.url.appendingPathComponent("Package.swift")
        try Data("old\n".utf8).write(to: existing)
        #expect(throws: SpecPackageError.exists(path: existing.path)) {
            _ = try PackageManifestWriter.write(output, into: temporary.url, force: false)
        }
        #expect(try String(contentsOf: existing, encoding: .utf8) == "old\n")
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("Exports").path))
        #expect(
            try PackageManifestWriter.write(output, into: temporary.url, force: true) == [
                "Exports/Pay/Pay.swift", "Package.swift",
            ])
        #expect(try String(contentsOf: existing, encoding: .utf8) == "new\n")
    }
}

/// A component whose tag has no Package.swift: the quick lint notes it, the full lint and install refuse it.
@Suite struct MissingManifestTests {
    /// A bare repository holding Swift sources and a podspec but no Package.swift, tagged 1.0.0.
    func componentWithoutManifest(in temporary: TemporaryDirectory) throws -> (
        url: String, spec: Spec, specJSON: String
    ) {
        let bare = temporary.url.appendingPathComponent("Pay.git")
        let url = try makeBareRepository(at: bare, files: ["Sources/Pay/Pay.swift": "public let fee = 1\n"])
        try runGit(["tag", "1.0.0", "main"], in: bare)
        let json =
            #"{"name": "Pay", "version": "1.0.0", "source": {"git": "\#(url)", "tag": "1.0.0"}, "source_files": "Sources/Pay/*.swift"}"#
        return (url, try Spec(json: Array(json.utf8), label: "Pay.podspec.json"), json)
    }

    @Test func quickLintNotesAComponentFolderWithoutAManifestButNotASpecRepoEntry() throws {
        let temporary = try TemporaryDirectory("no-manifest-quick")
        defer { temporary.remove() }
        let json = #"{"name": "Pay", "version": "1.0.0"}"#
        try Data(json.utf8).write(to: temporary.url.appendingPathComponent("Pay.podspec.json"))
        let report = try LintDriver.run(paths: ["Pay.podspec.json"], currentDirectory: temporary.url)
        let notes = report.findings.filter { $0.ruleID == PackageManifestNote.ruleID }
        #expect(notes.map(\.severity) == [.note])
        #expect(notes.first?.message.contains("compose spec package") == true)

        try Data("// swift-tools-version:5.9\n".utf8).write(to: temporary.url.appendingPathComponent("Package.swift"))
        let withManifest = try LintDriver.run(paths: ["Pay.podspec.json"], currentDirectory: temporary.url)
        #expect(!withManifest.findings.contains { $0.ruleID == PackageManifestNote.ruleID })

        let entry = temporary.url.appendingPathComponent("specs/Pay/1.0.0")
        try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: entry.appendingPathComponent("Pay.podspec.json"))
        let inRepo = try LintDriver.run(paths: ["specs/Pay/1.0.0/Pay.podspec.json"], currentDirectory: temporary.url)
        #expect(!inRepo.findings.contains { $0.ruleID == PackageManifestNote.ruleID })
    }

    @Test func fullLintBuildsItWithAGeneratedManifestAndSaysSo() throws {
        let temporary = try TemporaryDirectory("no-manifest-full")
        defer { temporary.remove() }
        let component = try componentWithoutManifest(in: temporary)
        let specFile = temporary.url.appendingPathComponent("specs/Pay.podspec.json")
        try FileManager.default.createDirectory(
            at: specFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(component.specJSON.utf8).write(to: specFile)
        let outcome = ComponentLint().run(spec: component.spec, specFile: specFile, display: "Pay.podspec.json")
        #expect(
            outcome.findings.map(\.description) == [
                "Pay.podspec.json:1:2: note: Pay has no Package.swift at tag 1.0.0: it was built with one generated from its podspec, as `compose install` builds it. Run `compose spec package` in the component's folder to write one you can review and commit. [build-package-manifest]"
            ])
    }

    @Test func fullLintInTheComponentsOwnCheckoutNamesTheLastCommit() throws {
        let temporary = try TemporaryDirectory("no-manifest-checkout")
        defer { temporary.remove() }
        let component = try componentWithoutManifest(in: temporary)
        let checkout = temporary.url.appendingPathComponent("Pay")
        try runGit(["clone", "-q", component.url, checkout.path])
        let broken = component.specJSON.replacingOccurrences(of: "\"1.0.0\"}", with: "\"1.1.0\"}")
            .replacingOccurrences(of: "Sources/Pay/*.swift", with: "Nowhere/*.swift")
        try Data(broken.utf8).write(to: checkout.appendingPathComponent("Pay.podspec.json"))
        let spec = try Spec(json: Array(broken.utf8), label: "Pay.podspec.json")
        let outcome = ComponentLint().run(
            spec: spec, specFile: checkout.appendingPathComponent("Pay.podspec.json"), display: "Pay.podspec.json")
        // No source matches, so no manifest can be generated: an error naming the last commit and the fix.
        #expect(outcome.findings.map(\.ruleID) == [ComponentBuildCheck.Rule.manifest])
        #expect(
            outcome.findings.first?.message.hasPrefix(
                "Pay has no Package.swift at the last commit of \(checkout.path), and none could be generated")
                == true, "\(outcome.findings)")
    }

    @Test func installGeneratesAPackageUnderPodsForATagAndAPathFolder() async throws {
        let temporary = try TemporaryDirectory("no-manifest-install")
        defer { temporary.remove() }
        let component = try componentWithoutManifest(in: temporary)
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let installer = Installer(composeHome: temporary.url.appendingPathComponent("home"))
        let targets = [InstallInputs.Target(name: "App", pods: ["Pay"])]
        let pod = InstallInputs.Pod(name: "Pay", version: try Version("1.0.0"), spec: component.spec, origin: .specRepo)
        let result = try await installer.install(project: project, inputs: InstallInputs(targets: targets, pods: [pod]))
        let composed = project.appendingPathComponent("Composed")
        #expect(result.changedFiles.contains("Pods/Pay/Package.swift"))
        #expect(result.changedFiles.contains("Pods/Pay/Sources/Pay/Pay.swift"))
        let root = try String(contentsOf: composed.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(root.contains(#".package(path: "Pods/Pay"),"#))
        #expect(root.contains(#".product(name: "Pay", package: "Pay"),"#))
        let generated = try String(
            contentsOf: composed.appendingPathComponent("Pods/Pay/Package.swift"), encoding: .utf8)
        #expect(generated.contains("// Generated by `compose install` from Pay 1.0.0's podspec"))
        #expect(generated.contains(#".library(name: "Pay", targets: ["Pay"]),"#))
        #expect(
            try String(contentsOf: composed.appendingPathComponent("Pods/Pay/Sources/Pay/Pay.swift"), encoding: .utf8)
                == "public let fee = 1\n")
        // Nothing changes on a second run.
        let again = try await installer.install(project: project, inputs: InstallInputs(targets: targets, pods: [pod]))
        #expect(again.changedFiles.isEmpty)

        // A :path folder without Package.swift: its files are copied beside the generated manifest.
        let folder = temporary.url.appendingPathComponent("Local")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/Pay"), withIntermediateDirectories: true)
        try Data("public let local = 2\n".utf8).write(to: folder.appendingPathComponent("Sources/Pay/Pay.swift"))
        let local = InstallInputs.Pod(
            name: "Pay", version: try Version("1.0.0"), spec: component.spec, origin: .path("../Local"))
        let fromPath = try await installer.install(
            project: project, inputs: InstallInputs(targets: targets, pods: [local]))
        #expect(fromPath.changedFiles.contains("Pods/Pay/Sources/Pay/Pay.swift"))
        #expect(
            try String(contentsOf: composed.appendingPathComponent("Pods/Pay/Sources/Pay/Pay.swift"), encoding: .utf8)
                == "public let local = 2\n")
    }

    @Test func installRefusesAManifestWithoutTheProductBeforeWritingAnything() async throws {
        let temporary = try TemporaryDirectory("wrong-product-install")
        defer { temporary.remove() }
        let bare = temporary.url.appendingPathComponent("Pay.git")
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Pay",
                products: [
                    .library(
                        name: "PayKit",
                        targets: ["PayCore"]
                    ),
                    .library(name: "PayUI", targets: ["PayUI"]),
                ],
                targets: [.target(name: "PayCore"), .target(name: "PayUI")]
            )

            """
        let url = try makeBareRepository(
            at: bare, files: ["Package.swift": manifest, "Sources/Pay/Pay.swift": "public let fee = 1\n"])
        try runGit(["tag", "1.0.0", "main"], in: bare)
        let json =
            #"{"name": "Pay", "version": "1.0.0", "source": {"git": "\#(url)", "tag": "1.0.0"}, "source_files": "Sources/Pay/*.swift"}"#
        let spec = try Spec(json: Array(json.utf8), label: "Pay.podspec.json")
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let installer = Installer(composeHome: temporary.url.appendingPathComponent("home"))
        let targets = [InstallInputs.Target(name: "App", pods: ["Pay"])]
        let pod = InstallInputs.Pod(name: "Pay", version: try Version("1.0.0"), spec: spec, origin: .specRepo)
        let expected = InstallError.noProduct(
            name: "Pay", reference: "tag 1.0.0", manifest: "Package.swift", wanted: ["Pay"],
            offered: ["PayKit (line 6)", "PayUI (line 10)"])
        await #expect(throws: expected) {
            _ = try await installer.install(project: project, inputs: InstallInputs(targets: targets, pods: [pod]))
        }
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Composed").path))
        #expect(expected.description.contains("rename the product in Pay's Package.swift"))
    }
}
