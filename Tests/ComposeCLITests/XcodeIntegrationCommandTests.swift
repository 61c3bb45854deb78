import ComposeTestSupport
import Foundation
import Testing

/// `compose install`, `compose integrate` and `compose deintegrate` on an app project as `pod install`
/// leaves it: the fixture app (targets `My App`, `Extensions-Share`, `Rocket.Chat`, `My App UITests`)
/// with its `[CP]` phases, Pods frameworks, base configurations, Pods group and workspace.
@Suite struct XcodeIntegrationCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("XcodeProjectTests/Fixtures")

    static let podfile = """
        platform :ios, '15.0'
        abstract_target 'Shared' do
          pod 'Toolkit', :path => 'Components/Toolkit'
          target 'My App' do
            target 'My App UITests' do
              inherit! :search_paths
            end
          end
          target 'Extensions-Share'
          target 'Rocket.Chat'
        end

        """

    /// A copy of the fixture app in a new folder, with `podfile` and (with `component`) a `:path` pod.
    func app(
        in temporary: TemporaryDirectory, family: String = "CocoaPods54", podfile: String = Self.podfile,
        component: Bool = true
    ) async throws -> URL {
        let folder = temporary.url.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(family), to: folder)
        try Data(podfile.utf8).write(to: folder.appendingPathComponent("Podfile"))
        if component {
            let components = folder.appendingPathComponent("Components")
            try FileManager.default.createDirectory(at: components, withIntermediateDirectories: true)
            let create = try await runComposeInProcess([
                "lib", "create", "Toolkit", "--author", "Ann", "--output", components.path, "--no-git",
            ])
            #expect(create.code == 0, "\(create.stderr)")
        }
        return folder
    }

    /// Every file below `folder` (Composed/ and Components/ aside) with its bytes.
    func projectFiles(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            guard !relative.hasPrefix("Composed"), !relative.hasPrefix("Components") else { continue }
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return result
    }

    func pbxproj(_ folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("App.xcodeproj/project.pbxproj"), encoding: .utf8)
    }

    func install(_ folder: URL, _ temporary: TemporaryDirectory, _ extra: [String] = []) async throws -> ComposeRun {
        try await runComposeInProcess(
            ["install", "--project", folder.path] + extra,
            environment: ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path])
    }

    @Test(arguments: ["CocoaPods46", "CocoaPods54", "CocoaPods60"])
    func installIntegratesEveryTargetAndASecondInstallChangesNoByte(_ family: String) async throws {
        let temporary = try TemporaryDirectory("xcode-install")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, family: family)
        let first = try await install(folder, temporary)
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Integrated App.xcodeproj: Composed linked into 4 targets; wrote 3 files."))
        #expect(first.stdout.contains("  target 'Rocket.Chat'\n"), "\(first.stdout)")
        // Each note says where, what to do, and its rule, as every finding of compose.
        let lines = first.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("Rocket.Chat/Config.xcconfig:5: note: `LIBRARY_SEARCH_PATHS")
                    && $0.hasSuffix("[xcode-xcconfig-mentions-pods]")
            }, "\(first.stderr)")
        #expect(
            lines.contains {
                $0.hasPrefix("App.xcodeproj/project.pbxproj: note: target 'My App': the script phase 'SwiftLint'")
                    && $0.hasSuffix("[xcode-script-runs-pods]")
            }, "\(first.stderr)")

        let text = try pbxproj(folder)
        #expect(!text.contains("[CP]") && !text.contains("[CP-User]") && !text.contains("Pods_My_App.framework"))
        #expect(!text.contains("Pods-My App.debug.xcconfig"))
        for target in ["My App", "Extensions-Share", "Rocket.Chat", "My App UITests"] {
            let name = target.contains(" ") || target.contains("-") ? "\"\(target)\"" : target
            let dependency = "isa = XCSwiftPackageProductDependency;\n\t\t\tproductName = \(name);"
            #expect(text.components(separatedBy: dependency).count == 2, "one product dependency on '\(target)'")
            #expect(text.contains("/* \(target) in Frameworks */ = {isa = PBXBuildFile; productRef = "))
        }
        let workspace = try String(
            contentsOf: folder.appendingPathComponent("App.xcworkspace/contents.xcworkspacedata"), encoding: .utf8)
        #expect(!workspace.contains("Pods.xcodeproj") && workspace.contains("App.xcodeproj"))
        // The products the project links are the products of Composed.
        let dump = try runTool("swift", ["package", "dump-package"], in: folder.appendingPathComponent("Composed"))
        for product in ["My App", "Extensions-Share", "Rocket.Chat", "My App UITests"] {
            #expect(dump.contains("\"name\" : \"\(product)\""))
        }

        let written = try projectFiles(folder)
        let second = try await install(folder, temporary)
        #expect(second.code == 0, "\(second.stderr)")
        #expect(second.stdout.contains("App.xcodeproj is up to date (4 targets linked to Composed)."))
        #expect(try projectFiles(folder) == written)
        let alone = try await runComposeInProcess(["integrate", "--project", folder.path])
        #expect(alone.code == 0 && alone.stdout == "App.xcodeproj is up to date (4 targets linked to Composed).\n")
        #expect(try projectFiles(folder) == written)
    }

    @Test func noIntegrateAndIntegrateTargetsFalseLeaveTheProjectAsItIs() async throws {
        let temporary = try TemporaryDirectory("xcode-no-integrate")
        defer { temporary.remove() }
        let folder = try await app(in: temporary)
        let original = try projectFiles(folder)
        let skipped = try await install(folder, temporary, ["--no-integrate"])
        #expect(skipped.code == 0, "\(skipped.stderr)")
        #expect(!skipped.stdout.contains("App.xcodeproj"))
        #expect(try projectFiles(folder).filter { $0.key != "Compose.lock" } == original)

        try Data(("install! 'cocoapods', :integrate_targets => false\n" + Self.podfile).utf8).write(
            to: folder.appendingPathComponent("Podfile"))
        let declined = try await install(folder, temporary)
        #expect(declined.code == 0, "\(declined.stderr)")
        #expect(!declined.stdout.contains("App.xcodeproj"))
        let after = try projectFiles(folder).filter { $0.key != "Compose.lock" && $0.key != "Podfile" }
        #expect(
            after == original.filter { $0.key != "Podfile" }, "\(Set(after.keys).symmetricDifference(original.keys))")
    }

    /// `--format json` keeps one JSON object on standard output and still integrates (the changes go to
    /// standard error); a Podfile whose `project` line comes from an allowed variable integrates that
    /// project, since integration reads the Podfile with the same `--allow-env` list as resolve.
    @Test func installAsJSONAndWithAnAllowedVariableIntegrates() async throws {
        let temporary = try TemporaryDirectory("xcode-install-json")
        defer { temporary.remove() }
        let podfile = "project ENV['APP_PROJECT']\n" + Self.podfile
        let folder = try await app(in: temporary, podfile: podfile)
        let environment = [
            "COMPOSE_HOME": temporary.url.appendingPathComponent("home").path, "APP_PROJECT": "App.xcodeproj",
        ]
        let refused = try await runComposeInProcess(
            ["install", "--project", folder.path], environment: environment)
        #expect(refused.code == 1 && refused.stderr.contains("ENV['APP_PROJECT']"), "\(refused.stderr)")
        #expect(try pbxproj(folder).contains("[CP] Check Pods Manifest.lock"))

        let run = try await runComposeInProcess(
            ["install", "--project", folder.path, "--format", "json", "--allow-env", "APP_PROJECT"],
            environment: environment)
        #expect(run.code == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["folder"] != nil, "\(run.stdout)")
        #expect(run.stderr.contains("Integrated App.xcodeproj: Composed linked into 4 targets"), "\(run.stderr)")
        #expect(!(try pbxproj(folder)).contains("[CP]"))
        // The integration's notes are findings of install's one object, each with its rule and place,
        // and not said again on standard error.
        let findings = object?["findings"] as? [[String: Any]] ?? []
        #expect(
            findings.contains {
                $0["rule"] as? String == "xcode-xcconfig-mentions-pods"
                    && $0["file"] as? String == "Rocket.Chat/Config.xcconfig" && $0["line"] as? Int == 5
                    && $0["severity"] as? String == "note"
            }, "\(run.stdout)")
        #expect(
            findings.contains {
                $0["rule"] as? String == "xcode-script-runs-pods"
                    && $0["file"] as? String == "App.xcodeproj/project.pbxproj"
                    && ($0["message"] as? String)?.hasPrefix("target 'My App': the script phase 'SwiftLint'") == true
            }, "\(run.stdout)")
        #expect(!run.stderr.contains("[xcode-"), "\(run.stderr)")
    }

    @Test func deintegrateTakesCocoaPodsOutAndLinksNothing() async throws {
        let temporary = try TemporaryDirectory("xcode-deintegrate")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, component: false)
        let dry = try await runComposeInProcess(["deintegrate", "--dry-run", "--project", folder.path])
        #expect(dry.code == 0 && dry.stdout.contains("(dry run, nothing written)"), "\(dry.stderr)")
        let original = try projectFiles(folder)
        #expect(try projectFiles(folder) == original)

        let run = try await runComposeInProcess(["deintegrate", "--project", folder.path, "--format", "json"])
        #expect(run.code == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["mode"] as? String == "deintegrate" && json["changed"] as? Bool == true)
        let project = try #require((json["projects"] as? [[String: Any]])?.first)
        #expect(project["path"] as? String == "App.xcodeproj")
        #expect(project["workspace"] as? String == "App.xcworkspace")
        #expect((project["added"] as? [Any])?.isEmpty == true)
        let notes = project["notes"] as? [[String: Any]] ?? []
        #expect(
            notes.contains {
                $0["file"] as? String == "Rocket.Chat/Config.xcconfig" && $0["line"] as? Int == 5
                    && $0["rule"] as? String == "xcode-xcconfig-mentions-pods"
            })
        let findings = json["findings"] as? [[String: Any]] ?? []
        #expect(
            findings.contains {
                $0["rule"] as? String == "xcode-xcconfig-include-removed"
                    && $0["file"] as? String == "Rocket.Chat/Config.xcconfig" && $0["line"] as? Int == 2
            }, "\(run.stdout)")
        let text = try pbxproj(folder)
        #expect(!text.contains("[CP]") && !text.contains("XCSwiftPackageProductDependency"))
        let again = try await runComposeInProcess(["deintegrate", "--project", folder.path])
        #expect(again.stdout == "App.xcodeproj has nothing of CocoaPods left to take out.\n")
    }

    /// A Podfile's `workspace` outside its folder: compose writes only inside the folder it was pointed
    /// at, so the project is integrated, the workspace is left byte for byte, and a note names it and
    /// the FileRef to remove by hand.
    @Test func aWorkspaceOutsideTheFolderIsLeftAsItIsWithANote() async throws {
        let temporary = try TemporaryDirectory("xcode-outside-workspace")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, component: false)
        try Data(("workspace '../Restart.xcworkspace'\n" + Self.podfile).utf8).write(
            to: folder.appendingPathComponent("Podfile"))
        let outside = temporary.url.appendingPathComponent("Restart.xcworkspace")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let workspace = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:App/Restart.xcodeproj">
               </FileRef>
               <FileRef
                  location = "group:App/Pods/Pods.xcodeproj">
               </FileRef>
            </Workspace>

            """.utf8)
        try workspace.write(to: outside.appendingPathComponent("contents.xcworkspacedata"))
        try composedStub(in: folder)
        let run = try await runComposeInProcess(["integrate", "--project", folder.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Integrated App.xcodeproj: Composed linked into 4 targets"), "\(run.stdout)")
        #expect(
            run.stderr.contains(
                "Podfile:1: note: the workspace ../Restart.xcworkspace (\(outside.standardizedFileURL.path)) is outside the folder"
            ), "\(run.stderr)")
        #expect(run.stderr.contains(#"remove its FileRef location = "group:App/Pods/Pods.xcodeproj" by hand"#))
        #expect(run.stderr.contains("run compose there. [xcode-workspace-outside-folder]\n"), "\(run.stderr)")
        #expect(try Data(contentsOf: outside.appendingPathComponent("contents.xcworkspacedata")) == workspace)
        #expect(!(try pbxproj(folder)).contains("[CP]"))
        // A project outside the folder is still refused: it is what compose would edit.
        try await refuses(
            folder, podfile: "workspace '../Restart.xcworkspace'\nproject '../App.xcodeproj'\n" + Self.podfile,
            ["Podfile:2:1: ../App.xcodeproj is outside the Podfile's folder"])
    }

    /// `compose deintegrate` does not need a Podfile that reads (as `pod deintegrate`, which never reads
    /// it): a React Native Podfile's missing script, or no Podfile at all, and the folder's project is
    /// deintegrated with a note saying why. `compose integrate` still needs the Podfile.
    @Test func deintegrateWorksWithoutAPodfileThatReads() async throws {
        let temporary = try TemporaryDirectory("xcode-deintegrate-unreadable")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, component: false)
        let podfile = "require_relative '../node_modules/react-native/scripts/react_native_pods'\n" + Self.podfile
        try Data(podfile.utf8).write(to: folder.appendingPathComponent("Podfile"))
        try composedStub(in: folder)
        let before = try projectFiles(folder)
        let integrate = try await runComposeInProcess(["integrate", "--project", folder.path])
        #expect(integrate.code == 1 && integrate.stderr.contains("Podfile:1:1: This is a React Native app's Podfile"))
        #expect(try projectFiles(folder) == before)

        let run = try await runComposeInProcess(["deintegrate", "--project", folder.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("Podfile:1: note: the Podfile could not be read (This is a React Native app's Podfile"),
            "\(run.stderr)")
        #expect(run.stderr.contains("CocoaPods was taken out of App.xcodeproj, the .xcodeproj beside it"))
        #expect(run.stdout.contains("Deintegrated App.xcodeproj: CocoaPods taken out"), "\(run.stdout)")
        let text = try pbxproj(folder)
        #expect(!text.contains("[CP]") && !text.contains("Pods_My_App.framework") && !text.contains("Composed"))
        let workspace = try String(
            contentsOf: folder.appendingPathComponent("App.xcworkspace/contents.xcworkspacedata"), encoding: .utf8)
        #expect(!workspace.contains("Pods.xcodeproj"))

        try FileManager.default.removeItem(at: folder.appendingPathComponent("Podfile"))
        let none = try await runComposeInProcess(["deintegrate", "--project", folder.path, "--format", "json"])
        #expect(none.code == 0, "\(none.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as? [String: Any])
        let notes = json["notes"] as? [[String: Any]] ?? []
        #expect(
            (notes.first?["message"] as? String)?.hasPrefix("there is no Podfile (or Composefile) here") == true,
            "\(none.stdout)")
        #expect(notes.first?["rule"] as? String == "xcode-podfile-missing", "\(none.stdout)")
    }

    /// A `Composed/Package.swift` offering `products`, as install writes their lines.
    func composedStub(
        in folder: URL, products: [String] = ["My App", "Extensions-Share", "Rocket.Chat", "My App UITests"]
    ) throws {
        let composed = folder.appendingPathComponent("Composed")
        try FileManager.default.createDirectory(at: composed, withIntermediateDirectories: true)
        let products = products.map { "        .library(name: \"\($0)\", targets: [\"X\"]),\n" }
        try Data(("// swift-tools-version:5.9\n" + products.joined()).utf8).write(
            to: composed.appendingPathComponent("Package.swift"))
    }

    /// Bad input: an error naming what and where, exit code 1, and not a byte of the project changed.
    func refuses(
        _ folder: URL, arguments: [String] = [], podfile: String? = nil,
        products: [String] = ["My App", "Extensions-Share", "Rocket.Chat", "My App UITests"], _ expected: [String]
    ) async throws {
        if let podfile { try Data(podfile.utf8).write(to: folder.appendingPathComponent("Podfile")) }
        try composedStub(in: folder, products: products)
        let before = try projectFiles(folder)
        let run = try await runComposeInProcess(["integrate", "--project", folder.path] + arguments)
        #expect(run.code == 1, "\(run.stderr)")
        for part in expected { #expect(run.stderr.contains(part), "\(part) in \(run.stderr)") }
        #expect(try projectFiles(folder) == before)
    }

    @Test func aProjectFileThatDoesNotParseIsRefusedWithItsPlace() async throws {
        let temporary = try TemporaryDirectory("xcode-parse")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, component: false)
        let file = folder.appendingPathComponent("App.xcodeproj/project.pbxproj")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        lines[9] = "\t\tbroken = {isa = PBXBuildFile; fileRef = ;"
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        try await refuses(folder, ["error: \(file.path):10:"])
        let json = try await runComposeInProcess(["integrate", "--project", folder.path, "--format", "json"])
        #expect(json.code == 1 && json.stdout.contains(#""kind":"input""#), "\(json.stdout)")
    }

    @Test func aSymbolicLinkToAProjectIsRefused() async throws {
        let temporary = try TemporaryDirectory("xcode-link")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, component: false)
        let elsewhere = temporary.url.appendingPathComponent("Elsewhere.xcodeproj")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("App.xcodeproj"), to: elsewhere)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("App.xcodeproj"), withDestinationURL: elsewhere)
        let outside = try Data(contentsOf: elsewhere.appendingPathComponent("project.pbxproj"))
        try await refuses(folder, ["App.xcodeproj is a symbolic link"])
        try await refuses(
            folder, podfile: "project 'App.xcodeproj'\n" + Self.podfile, ["App.xcodeproj is a symbolic link"])
        #expect(try Data(contentsOf: elsewhere.appendingPathComponent("project.pbxproj")) == outside)
    }

    @Test func aPodfileTargetMissingFromTheProjectIsNamedWithTheProject() async throws {
        let temporary = try TemporaryDirectory("xcode-missing")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, component: false)
        try await refuses(
            folder, podfile: Self.podfile + "target 'Habitica UI Tests'\n",
            [
                "Podfile:12:1: the Podfile target 'Habitica UI Tests' is not a target of App.xcodeproj",
                "'My App', 'Extensions-Share', 'Rocket.Chat', 'My App UITests'",
            ])
    }

    @Test func whereTheProjectIsComesFromThePodfileOrTheFolder() async throws {
        let temporary = try TemporaryDirectory("xcode-which")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, component: false)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("App.xcodeproj"), to: folder.appendingPathComponent("Other.xcodeproj"))
        // Two projects and no project line: CocoaPods cannot choose either.
        try await refuses(
            folder, ["holds 2 Xcode projects (App.xcodeproj, Other.xcodeproj)", "project 'App.xcodeproj'"])
        try await refuses(
            folder, podfile: "project 'Missing'\n" + Self.podfile, ["Podfile:1:1: the project Missing.xcodeproj"])
        try await refuses(
            folder, podfile: "project '../App/App.xcodeproj'\n" + Self.podfile,
            ["Podfile:1:1: ../App/App.xcodeproj is outside the Podfile's folder"])
        // A project line settles it: only that project changes, Composed seen from its folder.
        try Data(("project 'Other'\n" + Self.podfile).utf8).write(to: folder.appendingPathComponent("Podfile"))
        let app = try pbxproj(folder)
        let run = try await runComposeInProcess(["integrate", "--project", folder.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Integrated Other.xcodeproj: Composed linked into 4 targets"), "\(run.stdout)")
        #expect(try pbxproj(folder) == app)
        let other = try String(
            contentsOf: folder.appendingPathComponent("Other.xcodeproj/project.pbxproj"), encoding: .utf8)
        #expect(!other.contains("[CP]") && other.contains("path = Composed;"))
    }

    /// Targets in two projects: each project links Composed from its own folder, and bad input in
    /// the second writes nothing in the first.
    @Test func targetsInTwoProjectsAreIntegratedTogetherOrNotAtAll() async throws {
        let temporary = try TemporaryDirectory("xcode-two-projects")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, component: false)
        let watch = folder.appendingPathComponent("Watch")
        try FileManager.default.createDirectory(at: watch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("App.xcodeproj"), to: watch.appendingPathComponent("Watch.xcodeproj"))
        let podfile = """
            target 'My App' do
              project 'App'
            end
            abstract_target 'Watch' do
              project 'Watch/Watch.xcodeproj'
              target 'Rocket.Chat'
            end

            """
        let watchFile = watch.appendingPathComponent("Watch.xcodeproj/project.pbxproj")
        let good = try Data(contentsOf: watchFile)
        try Data("// !$*UTF8*$!\n{\n\tobjects = {\n".utf8).write(to: watchFile)
        try await refuses(folder, podfile: podfile, ["Watch/Watch.xcodeproj/project.pbxproj:4:"])
        try good.write(to: watchFile)

        let run = try await runComposeInProcess(["integrate", "--project", folder.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Integrated App.xcodeproj: Composed linked into 1 target;"), "\(run.stdout)")
        #expect(
            run.stdout.contains("Integrated Watch/Watch.xcodeproj: Composed (at ../Composed) linked into 1 target;"))
        let app = try pbxproj(folder)
        let other = try String(contentsOf: watchFile, encoding: .utf8)
        #expect(app.contains("path = Composed;") && app.contains("productName = \"My App\";\n\t\t};"))
        #expect(other.contains("path = ../Composed;") && other.contains("productName = Rocket.Chat;\n\t\t};"))
        #expect(!app.contains("[CP]") && !other.contains("[CP]"))
    }

    /// A name in the project file is shown escaped: no terminal sequence reaches the terminal.
    @Test func namesFromTheProjectFileAreShownEscaped() async throws {
        let temporary = try TemporaryDirectory("xcode-escape")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, component: false)
        try composedStub(in: folder)
        let file = folder.appendingPathComponent("App.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: #"name = "[CP] Copy Pods Resources";"#, with: #"name = "[CP] Copy Pods Resources\U001B[2J";"#)
        try Data(text.utf8).write(to: file)
        let run = try await runComposeInProcess(["integrate", "--project", folder.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(run.stdout.contains(#"- the script phase '[CP] Copy Pods Resources\u{1B}[2J'"#), "\(run.stdout)")
    }

    @Test func integrateBeforeInstallSaysToInstall() async throws {
        let temporary = try TemporaryDirectory("xcode-no-composed")
        defer { temporary.remove() }
        let folder = try await app(in: temporary, component: false)
        let run = try await runComposeInProcess(["integrate", "--project", folder.path])
        #expect(run.code == 1 && run.stderr.contains("Run `compose install`"), "\(run.stderr)")
        // A Composed/ written from another Podfile offers no product for a new target.
        try await refuses(
            folder, products: ["My App", "Extensions-Share", "My App UITests"],
            ["offers no product for the Podfile target 'Rocket.Chat'", "Run `compose install`"])
    }

    @Test func helpTeaches() async throws {
        let integrate = try await runComposeInProcess(["integrate", "--help"])
        #expect(integrate.code == 0)
        for part in ["compose integrate --dry-run", "inherit! :search_paths", "Exit codes", "docs/xcode.md"] {
            #expect(integrate.stdout.contains(part), "\(part)")
        }
        let deintegrate = try await runComposeInProcess(["deintegrate", "--help"])
        #expect(deintegrate.stdout.contains("pod deintegrate") && deintegrate.stdout.contains("compose deintegrate"))
        let install = try await runComposeInProcess(["install", "--help"])
        #expect(install.stdout.contains("--no-integrate") && install.stdout.contains(":integrate_targets => false"))
    }
}
