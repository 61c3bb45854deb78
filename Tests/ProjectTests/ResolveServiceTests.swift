import ComposeTestSupport
import ComposefileFormat
import Digests
import Foundation
import Project
import Resolution
import Specs
import Testing

/// A project folder in a temporary directory, resolved against spec-repo-fixture (read in place).
struct ProjectFixture {
    let directory: TemporaryDirectory
    var path: String { directory.path }
    static let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture").path

    init(_ label: String, composefile: String) throws {
        directory = try TemporaryDirectory(label)
        try write(composefile)
    }

    func write(_ composefile: String, name: String = "Composefile") throws {
        try composefile.replacingOccurrences(of: "FIXTURE", with: Self.fixture)
            .write(toFile: directory.url.appendingPathComponent(name).path, atomically: true, encoding: .utf8)
    }

    var service: ResolveService {
        ResolveService(
            projectDirectory: path, composeHome: directory.url.appendingPathComponent("home"), toolVersion: "0.1.0")
    }

    /// Writes `spec` as `folder/Name.podspec.json` in the project (`folder`'s last part is the name).
    @discardableResult
    func pathPod(_ folder: String, spec: String) throws -> URL {
        let directory = directory.url.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("\(directory.lastPathComponent).podspec.json")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func lockText() throws -> String {
        try String(contentsOfFile: directory.url.appendingPathComponent("Compose.lock").path, encoding: .utf8)
    }

    func versions() throws -> [String: String] {
        try Lockfile.parse(lockText()).lockedVersions.mapValues(\.string)
    }
}

let twoTargets = """
    source 'FIXTURE'
    platform :ios, '15.0'
    use_frameworks!

    target 'Shop' do
      pod 'Account', '~> 2.0'
      pod 'Goods'
      pod 'Order'
      pod 'Pay', '~> 1.2'

      target 'ShopTests' do
        inherit! :search_paths
        pod 'Networking/Mock'
      end
    end

    target 'ShopLite' do
      pod 'Analytics'
    end
    """

@Suite("Resolve against spec-repo-fixture")
struct ResolveServiceTests {
    @Test func resolvesTwoTargetsAndRewritesIdenticalBytes() throws {
        let project = try ProjectFixture("two-targets", composefile: twoTargets)
        defer { project.directory.remove() }
        let first = try project.service.resolve()
        #expect(first.lockChanged)
        let versions = try project.versions()
        #expect(versions["Account"] == "2.0.0")
        #expect(versions["Goods"] == "1.1.1")
        #expect(versions["Order"] == "1.1.0")
        #expect(versions["Pay"] == "1.2.0")  // 2.0.0-beta.1 is a prerelease nobody asked for
        #expect(versions["Networking/Mock"] == "2.1.0")
        #expect(versions["Logging"] == "2.1.0")
        let text = try project.lockText()
        #expect(text.contains("DEPENDENCIES:\n  - Account (~> 2.0)\n  - Analytics\n  - Goods\n  - Networking/Mock\n"))
        #expect(text.contains("  - Analytics (1.1.1):\n    - Analytics/Core (= 1.1.1)\n"))
        #expect(
            text.contains(
                "COMPOSEFILE CHECKSUM: \(SHA1.hex(of: Array(twoTargets.replacingOccurrences(of: "FIXTURE", with: ProjectFixture.fixture).utf8)))\n"
            ))
        #expect(text.hasSuffix("COMPOSE: 0.1.0\n"))
        // Spec checksums are the SHA-1 of the spec files' bytes.
        let accountBytes = try Data(
            contentsOf: URL(fileURLWithPath: ProjectFixture.fixture + "/Account/2.0.0/Account.podspec.json"))
        #expect(try Lockfile.parse(text).specChecksums["Account"] == SHA1.hex(of: accountBytes))

        let second = try project.service.resolve()
        #expect(!second.lockChanged)
        #expect(second.changes.isEmpty)
        #expect(try project.lockText() == text)
    }

    @Test func subspecsResolveWithTheirRoot() throws {
        let project = try ProjectFixture(
            "subspecs",
            composefile: """
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Networking/Mock', '~> 2.0.0'
                  pod 'DesignSystem'
                end
                """)
        defer { project.directory.remove() }
        _ = try project.service.resolve()
        let versions = try project.versions()
        // Depending on a subspec does not bring the root's default subspecs as a package of its own.
        #expect(versions["Networking"] == nil)
        #expect(versions["Networking/Core"] == "2.0.1")
        #expect(versions["Networking/Mock"] == "2.0.1")
        // Depending on the root means its default subspecs (Core and Components, not Icons).
        #expect(versions["DesignSystem"] == "2.0.0")
        #expect(versions["DesignSystem/Core"] == "2.0.0")
        #expect(versions["DesignSystem/Components"] == "2.0.0")
        #expect(versions["DesignSystem/Icons"] == nil)
        let text = try project.lockText()
        #expect(
            text.contains(
                "  - DesignSystem (2.0.0):\n    - DesignSystem/Components (= 2.0.0)\n    - DesignSystem/Core (= 2.0.0)\n"
            ))
        #expect(text.contains("  - Networking/Mock (2.0.1):\n    - Networking/Core\n"))
        #expect(!text.contains("root spec"))
        #expect(!text.contains("deployment target"))
        #expect(try Lockfile.parse(text).specRepos[ProjectFixture.fixture]?.contains("Networking") == true)

        try project.write("source 'FIXTURE'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Analytics/Console'\nend\n")
        _ = try project.service.resolve()
        let console = try project.versions()
        #expect(console["Analytics/Console"] == "1.1.1")
        #expect(console["Analytics/Core"] == "1.1.1")
        #expect(console["Analytics"] == nil)
        #expect(console["Networking"] == "2.1.0")  // Analytics/Core depends on the Networking pod
        #expect(console["Networking/Core"] == "2.1.0")
    }

    @Test func deploymentTargetFiltersVersions() throws {
        let project = try ProjectFixture(
            "platform",
            composefile: """
                source 'FIXTURE'
                platform :ios, '13.0'
                target 'App' do
                  pod 'Account'
                  pod 'Goods'
                end
                """)
        defer { project.directory.remove() }
        _ = try project.service.resolve()
        let versions = try project.versions()
        #expect(versions["Account"] == "1.2.0")  // 2.0.0 needs iOS 14
        #expect(versions["Goods"] == "1.0.0")  // 1.1.x need iOS 14
        #expect(versions["DesignSystem"] == "1.2.0")
    }

    @Test func tooNewRequirementIsExplained() throws {
        let project = try ProjectFixture(
            "platform-fail",
            composefile: """
                source 'FIXTURE'
                platform :ios, '13.0'
                target 'App' do
                  pod 'Account', '~> 2.0'
                end
                """)
        defer { project.directory.remove() }
        do {
            _ = try project.service.resolve()
            Issue.record("expected a failure")
        } catch let error as ResolutionError {
            #expect(error.kind == .input)
            let file = project.path + "/Composefile"
            #expect(
                error.description == """
                    Because the Composefile depends on Account ~> 2.0 (\(file):4) which requires iOS 14.0 or later (the iOS deployment target is 13.0, \(file):2), version solving failed.

                    To resolve it, change the requirement Account ~> 2.0 (\(file):4); or raise the iOS deployment target to 14.0 in the platform line (\(file):2).
                    """)
        }
        #expect(
            !FileManager.default.fileExists(atPath: project.directory.url.appendingPathComponent("Compose.lock").path))
    }

    @Test func prereleaseOnlyWhenNamed() throws {
        let project = try ProjectFixture(
            "prerelease",
            composefile: """
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Pay', '~> 2.0.0-beta.1'
                end
                """)
        defer { project.directory.remove() }
        _ = try project.service.resolve()
        #expect(try project.versions()["Pay"] == "2.0.0-beta.1")
    }

    @Test func firstSourceThatHasANameWins() throws {
        let project = try ProjectFixture(
            "first-source",
            composefile: """
                source 'local-specs'
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Storage'
                end
                """)
        defer { project.directory.remove() }
        // local-specs has only Logging 1.1.1: it wins for Logging although the fixture has 2.1.0,
        // so Storage settles on 1.0.1 (the newest that accepts Logging ~> 1.1).
        let local = project.directory.url.appendingPathComponent("local-specs/Logging/1.1.1")
        try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: ProjectFixture.fixture + "/Logging/1.1.1/Logging.podspec.json",
            toPath: local.appendingPathComponent("Logging.podspec.json").path)
        _ = try project.service.resolve()
        let lock = try Lockfile.parse(project.lockText())
        #expect(lock.lockedVersions["Logging"]?.string == "1.1.1")
        #expect(lock.lockedVersions["Storage"]?.string == "1.0.1")
        #expect(lock.specRepos["local-specs"] == ["Logging"])
        #expect(lock.specRepos[ProjectFixture.fixture] == ["Storage"])
    }

    @Test func podLevelSourceRestriction() throws {
        let project = try ProjectFixture(
            "pod-source",
            composefile: """
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Logging', :source => 'FIXTURE'
                end
                """)
        defer { project.directory.remove() }
        _ = try project.service.resolve()
        #expect(try project.versions()["Logging"] == "2.1.0")
    }

    @Test func lockIsHonouredUpdatedAndReportedOutdated() throws {
        let project = try ProjectFixture(
            "lock",
            composefile: """
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Storage', '~> 1.0'
                  pod 'Logging', '~> 2.0.0'
                end
                """)
        defer { project.directory.remove() }
        _ = try project.service.resolve()
        #expect(try project.versions()["Storage"] == "1.1.0")
        #expect(try project.versions()["Logging"] == "2.0.0")

        // The Logging line goes; Storage's line is unchanged, so both stay where the lock has them.
        try project.write(
            """
            source 'FIXTURE'
            platform :ios, '15.0'
            target 'App' do
              pod 'Storage', '~> 1.0'
            end
            """)
        let kept = try project.service.resolve()
        #expect(try project.versions()["Storage"] == "1.1.0")
        #expect(try project.versions()["Logging"] == "2.0.0")
        #expect(kept.changes.isEmpty)

        let outdated = try project.service.outdated()
        #expect(outdated.map(\.name) == ["Logging", "Storage"])
        #expect(
            outdated.first { $0.name == "Storage" }
                == OutdatedPod(
                    name: "Storage", current: "1.1.0", update: "1.2.0", latest: "1.2.0", source: ProjectFixture.fixture)
        )

        // Unlocking Storage moves it, and Logging with it.
        let updated = try project.service.resolve(unlock: .pods(["Storage"]))
        #expect(try project.versions()["Storage"] == "1.2.0")
        #expect(try project.versions()["Logging"] == "2.1.0")
        #expect(
            updated.changes == [
                .init(name: "Logging", from: "2.0.0", to: "2.1.0"), .init(name: "Storage", from: "1.1.0", to: "1.2.0"),
            ])
        // Logging is Storage's alone and not in the Composefile: it is updated with Storage (as
        // CocoaPods does), so no locked version had to be let go.
        #expect(updated.lockChanges.isEmpty)
        #expect(try project.service.outdated().isEmpty)

        #expect(throws: ProjectError.unknownPod(name: "Nope", known: ["Logging", "Storage"])) {
            try project.service.resolve(unlock: .pods(["Nope"]))
        }
    }

    @Test func changedComposefileLineReResolvesThatPodAndKeepsTheOthers() throws {
        let project = try ProjectFixture(
            "changed",
            composefile: """
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'DesignSystem', '~> 1.0'
                  pod 'Logging', '>= 1.0'
                end
                """)
        defer { project.directory.remove() }
        _ = try project.service.resolve()
        var lock = try Lockfile.parse(project.lockText())
        for index in lock.pods.indices {
            if lock.pods[index].name == "Logging" { lock.pods[index].version = try Version("1.1.1") }
            if lock.pods[index].rootName == "DesignSystem" { lock.pods[index].version = try Version("1.1.0") }
        }
        try lock.write(to: project.directory.url.appendingPathComponent("Compose.lock").path)
        _ = try project.service.resolve()
        #expect(try project.versions()["Logging"] == "1.1.1")
        #expect(try project.versions()["DesignSystem"] == "1.1.0")

        try project.write(
            """
            source 'FIXTURE'
            platform :ios, '15.0'
            target 'App' do
              pod 'DesignSystem', '~> 1.1'
              pod 'Logging', '>= 1.0'
            end
            """)
        let report = try project.service.resolve()
        #expect(try project.versions()["DesignSystem"] == "1.2.0")
        #expect(try project.versions()["DesignSystem/Core"] == "1.2.0")
        #expect(try project.versions()["Logging"] == "1.1.1")
        #expect(report.changes == [.init(name: "DesignSystem", from: "1.1.0", to: "1.2.0")])
    }

    @Test func updateAllIgnoresTheLock() throws {
        let project = try ProjectFixture(
            "update-all",
            composefile: """
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Mediator'
                end
                """)
        defer { project.directory.remove() }
        _ = try project.service.resolve()
        var lock = try Lockfile.parse(project.lockText())
        for index in lock.pods.indices where lock.pods[index].name == "Router" {
            lock.pods[index].version = try Version("1.1.0")
        }
        for index in lock.pods.indices where lock.pods[index].name == "Mediator" {
            lock.pods[index].version = try Version("1.1.0")
        }
        try lock.write(to: project.directory.url.appendingPathComponent("Compose.lock").path)
        _ = try project.service.resolve()
        #expect(try project.versions()["Mediator"] == "1.1.0")
        _ = try project.service.resolve(unlock: .all)
        #expect(try project.versions()["Mediator"] == "1.2.0")
    }

    @Test func pathPodIsPinnedToItsVersion() throws {
        let project = try ProjectFixture(
            "path-pod",
            composefile: """
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Checkout', :path => 'Components/Checkout'
                end
                """)
        defer { project.directory.remove() }
        let spec =
            #"{"name": "Checkout", "version": "0.3.0", "platforms": {"ios": "15.0"}, "dependencies": {"Storage": ["~> 1.1.0"]}}"#
        try project.pathPod("Components/Checkout", spec: spec)
        _ = try project.service.resolve()
        let lock = try Lockfile.parse(project.lockText())
        #expect(lock.lockedVersions["Checkout"]?.string == "0.3.0")
        #expect(lock.lockedVersions["Storage"]?.string == "1.1.0")
        #expect(lock.externalSources["Checkout"] == ["path": "Components/Checkout"])
        #expect(lock.specChecksums["Checkout"] == SHA1.hex(of: Array(spec.utf8)))
        #expect(lock.dependencies == ["Checkout (from `Components/Checkout`)"])
        #expect(lock.specRepos[ProjectFixture.fixture] == ["Logging", "Storage"])
    }

    @Test func anInvalidPodspecIsReportedWithItsLineAndKey() throws {
        let project = try ProjectFixture(
            "invalid-path-pod",
            composefile: """
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Checkout', :path => 'Checkout'
                end
                """)
        defer { project.directory.remove() }
        let file = try project.pathPod(
            "Checkout",
            spec: "{\"name\": \"Checkout\", \"version\": \"0.3.0\",\n \"dependencies\": {\"Storage\": [\"~> one\"]}}")
        do {
            _ = try project.service.resolve()
            Issue.record("resolved with an invalid podspec")
        } catch let error as ProjectError {
            guard case .invalidSpec(let path, let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == file.path + ":2:31")
            #expect(message.contains("Storage in `dependencies` of Checkout: Illformed requirement \"~> one\""))
            #expect(error.description.hasPrefix("\(file.path):2:31 is not a readable podspec: "))
        }
    }

    @Test func podfileIsReadWhenThereIsNoComposefile() throws {
        let project = try ProjectFixture("podfile", composefile: "")
        defer { project.directory.remove() }
        try FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("Composefile"))
        try project.write(
            "source 'FIXTURE'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Logging', '~> 1.0'\nend\n",
            name: "Podfile")
        _ = try project.service.resolve()
        #expect(try project.versions()["Logging"] == "1.1.1")
    }

    @Test func inputErrors() throws {
        let empty = try TemporaryDirectory("no-composefile")
        defer { empty.remove() }
        #expect(
            throws: ComposefileError.notFound(
                directory: empty.path, path: URL(fileURLWithPath: empty.path).standardizedFileURL.path)
        ) {
            try ResolveService(projectDirectory: empty.path, toolVersion: "0").resolve()
        }
        // The current folder is said in words with its path: "in .." read as "in the parent".
        let here = ComposefileError.notFound(directory: ".", path: empty.path).description
        #expect(
            here.hasPrefix("No Composefile (or Podfile) in this folder (\(empty.path)). Create one there"), "\(here)")
        #expect(throws: ProjectError.projectNotFound(path: empty.path + "/missing")) {
            try ResolveService(projectDirectory: empty.path + "/missing", toolVersion: "0").resolve()
        }
        let project = try ProjectFixture(
            "bad-source", composefile: "source 'nowhere'\ntarget 'A' do\n  pod 'X', :path => 'none'\nend\n")
        defer { project.directory.remove() }
        let file = project.path + "/Composefile"
        #expect(throws: ProjectError.sourceNotFound(source: "nowhere", location: .init(file: file, line: 1, column: 1)))
        {
            try project.service.resolve()
        }
        try project.write("target 'A' do\n  pod 'X', :path => 'none'\nend\n")
        #expect(
            throws: ProjectError.podspecNotFound(
                pod: "X", path: "none", location: .init(file: file, line: 2, column: 3))
        ) {
            try project.service.resolve()
        }
        try project.write("source 'FIXTURE'\ntarget 'A' do\n  pod 'DoesNotExist'\nend\n")
        // A name no source has is one sentence at its line, not the resolver's derivation.
        #expect(
            throws: ProjectError.podInNoSource(
                name: "DoesNotExist", location: .init(file: file, line: 3, column: 3), suggestions: [])
        ) { try project.service.resolve() }
    }
}
