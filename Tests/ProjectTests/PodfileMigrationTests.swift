import ComposeTestSupport
import ComposefileFormat
import Foundation
import Project
import Testing

/// A team's Podfile and Podfile.lock, as they are, against a spec repo made from the lock plus newer
/// decoy versions: compose keeps every locked version, and without the lock moves exactly the pods
/// the Podfile lets move.
@Suite("Migration from CocoaPods")
struct PodfileMigrationTests {
    struct Pair {
        let label: String
        let podfile: String
        let podfileLock: String
        /// name → versions in the `specs` source; a version may carry `"dependencies"`/`"subspecs"` JSON.
        let specs: [String: [String: String]]
        /// `:path` pods: folder → podspec JSON.
        var pathPods: [String: String] = [:]
        /// What a resolve without any lock chooses.
        let unlocked: [String: String]
    }

    static func write(_ pair: Pair) throws -> ProjectFixture {
        let project = try ProjectFixture(pair.label, composefile: pair.podfile)
        try FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("Composefile"))
        try project.write(pair.podfile, name: "Podfile")
        try pair.podfileLock.write(
            to: project.directory.url.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
        for (name, versions) in pair.specs {
            for (version, extra) in versions {
                let folder = project.directory.url.appendingPathComponent("specs/\(name)/\(version)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let json = #"{"name": "\#(name)", "version": "\#(version)""# + (extra.isEmpty ? "" : ", " + extra) + "}"
                try json.write(
                    to: folder.appendingPathComponent("\(name).podspec.json"), atomically: true, encoding: .utf8)
            }
        }
        for (folder, json) in pair.pathPods { try project.pathPod(folder, spec: json) }
        return project
    }

    func check(_ pair: Pair) throws {
        let project = try Self.write(pair)
        defer { project.directory.remove() }
        let lockURL = project.directory.url.appendingPathComponent("Podfile.lock")
        let pinned = try Lockfile.parse(pair.podfileLock).lockedVersions.mapValues(\.string)

        // With the Podfile.lock: every pinned version is kept, and Compose.lock is written from it.
        let first = try project.service.resolve()
        #expect(try project.versions() == pinned)
        #expect(first.changes.isEmpty)
        #expect(first.notes.filter { $0.message.hasPrefix("Adopted Podfile.lock: ") }.count == 1)
        #expect(try String(contentsOf: lockURL, encoding: .utf8) == pair.podfileLock)

        // From now on Compose.lock is the lock; the Podfile.lock is no longer read.
        let second = try project.service.resolve()
        #expect(!second.lockChanged)
        #expect(!second.notes.contains { $0.message.contains("Podfile.lock") })

        // Without any lock, the pods move as far as the Podfile lets them.
        try FileManager.default.removeItem(atPath: project.directory.url.appendingPathComponent("Compose.lock").path)
        try FileManager.default.removeItem(at: lockURL)
        _ = try project.service.resolve()
        #expect(try project.versions() == pair.unlocked)
    }

    /// CocoaPods 1.12: helpers, an abstract target, `:configurations`, subspecs, a post_install hook.
    @Test func aModernAppWithHooksHelpersAndSubspecs() throws {
        let firebase = #""subspecs": [{"name": "Core"}, {"name": "Analytics", "dependencies": {"Firebase/Core": []}}]"#
        try check(
            Pair(
                label: "migrate-modern",
                podfile: """
                    source 'specs'
                    platform :ios, '13.0'
                    use_frameworks!
                    inhibit_all_warnings!
                    install! 'cocoapods', :deterministic_uuids => false

                    def networking
                      pod 'Alamofire', '~> 5.4'
                      pod 'Kingfisher'
                    end

                    abstract_target 'Shared' do
                      networking
                      pod 'Firebase/Analytics', '~> 10.0'

                      target 'App' do
                        pod 'FLEX', :configurations => ['Debug']
                      end
                      target 'AppTests' do
                        inherit! :search_paths
                        pod 'Quick', '~> 7.0'
                      end
                    end

                    post_install do |installer|
                      installer.pods_project.targets.each do |target|
                        target.build_configurations.each do |config|
                          config.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = "#{13.0}"
                        end
                      end
                    end
                    """,
                podfileLock: """
                    PODS:
                      - Alamofire (5.4.4)
                      - Firebase/Analytics (10.2.0):
                        - Firebase/Core
                      - Firebase/Core (10.2.0)
                      - FLEX (4.5.0)
                      - Kingfisher (7.1.0)
                      - Quick (7.0.0)

                    DEPENDENCIES:
                      - Alamofire (~> 5.4)
                      - Firebase/Analytics (~> 10.0)
                      - FLEX
                      - Kingfisher
                      - Quick (~> 7.0)

                    SPEC REPOS:
                      trunk:
                        - Alamofire
                        - Firebase
                        - FLEX
                        - Kingfisher
                        - Quick

                    SPEC CHECKSUMS:
                      Alamofire: f36a35757af4587d8e4f4bfa223ad10be2422b8c
                      Firebase: 0219acf760880eeec8ce479895bd7767466d9f81
                      FLEX: 7ca2c8cd3a435ff501ff6d2f2141e9bdc934eaab
                      Kingfisher: 7ec4d0484817f12c3373955bc87762d96842d483
                      Quick: 749aa754fd1e7d984f2000fe051e18a3a9809179

                    PODFILE CHECKSUM: 2c6a1e6f0c1f0f4bb1d0e1c1d9d8c8e5f0b8a7c6

                    COCOAPODS: 1.12.1

                    """,
                specs: [
                    "Alamofire": ["5.4.4": "", "5.9.1": "", "6.0.0": ""],
                    "Kingfisher": ["7.1.0": "", "7.10.0": ""],
                    "Firebase": ["10.2.0": firebase, "10.24.0": firebase, "11.0.0": firebase],
                    "FLEX": ["4.5.0": "", "5.22.10": ""],
                    "Quick": ["7.0.0": "", "7.6.0": "", "8.0.0-beta.1": ""],
                ],
                unlocked: [
                    "Alamofire": "5.9.1", "Kingfisher": "7.10.0", "Firebase/Analytics": "10.24.0",
                    "Firebase/Core": "10.24.0",
                    "FLEX": "5.22.10", "Quick": "7.6.0",
                ]))
    }

    /// A `:git` pod on its default branch locked at an older commit, and both prerelease shapes of
    /// real projects: `pod 'Kit', '2.0.0-beta.2'` beside a bare `pod 'Kit/Rx'`, and a spec pinning
    /// `Charts (= 3.0.1-beta.8)` beside a bare `pod 'Charts'`.
    @Test func aGitPodAndPrereleasesAsCocoaPodsChoseThem() throws {
        let remotes = try TemporaryDirectory("migrate-git-remotes")
        defer { remotes.remove() }
        let bare = remotes.url.appendingPathComponent("Checkout.git")
        let spec = { (version: String) in #"{"name": "Checkout", "version": "\#(version)"}"# }
        let url = try makeBareRepository(at: bare, files: ["Checkout.podspec.json": spec("0.3.0")])
        let work = remotes.url.appendingPathComponent("work")
        try runGit(["clone", "-q", bare.path, work.path])
        let locked = try runGit(["rev-parse", "HEAD"], in: work).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try spec("0.4.0").write(
            to: work.appendingPathComponent("Checkout.podspec.json"), atomically: true, encoding: .utf8)
        try runGit(["commit", "-q", "-am", "0.4.0"], in: work)
        try runGit(["push", "-q", "origin", "HEAD"], in: work)

        let kit = #""subspecs": [{"name": "Rx", "dependencies": {"RxSwift": ["~> 6.0"]}}]"#
        try check(
            Pair(
                label: "migrate-git",
                podfile: """
                    source 'specs'
                    platform :ios, '15.0'
                    target 'App' do
                      pod 'Checkout', :git => '\(url)'
                      pod 'Kit', '2.0.0-beta.2'
                      pod 'Kit/Rx'
                      pod 'Charts'
                      pod 'Stocks'
                    end
                    """,
                podfileLock: """
                    PODS:
                      - Charts (3.0.1-beta.8)
                      - Checkout (0.3.0)
                      - Kit (2.0.0-beta.2):
                        - Kit/Rx (= 2.0.0-beta.2)
                      - Kit/Rx (2.0.0-beta.2):
                        - RxSwift (~> 6.0)
                      - RxSwift (6.5.0)
                      - Stocks (1.0.0):
                        - Charts (= 3.0.1-beta.8)

                    DEPENDENCIES:
                      - Charts
                      - Checkout (from `\(url)`)
                      - Kit (= 2.0.0-beta.2)
                      - Kit/Rx
                      - Stocks

                    SPEC REPOS:
                      trunk:
                        - Charts
                        - Kit
                        - RxSwift
                        - Stocks

                    EXTERNAL SOURCES:
                      Checkout:
                        :git: \(url)

                    CHECKOUT OPTIONS:
                      Checkout:
                        :commit: \(locked)
                        :git: \(url)

                    SPEC CHECKSUMS:
                      Charts: 1d2a4a3b7e6f0c9d8e7f6a5b4c3d2e1f0a9b8c7d
                      Checkout: 2e4d1b2fdd5f1528fb56064a91e1d58a1af7a2db
                      Kit: 3f5e2c3dee6f2639fc67075b92e2e69b2b93f8eb
                      RxSwift: 4a6f3d4eff703a40ad78186ca3f3f7ac3ca4090c
                      Stocks: 5b7a4e5f00814b51be89297db404a8bd4db5a1ad

                    PODFILE CHECKSUM: 6c8b5f6011925c62cf9a30a8c515b9ce5ec6b2be

                    COCOAPODS: 1.16.2

                    """,
                specs: [
                    "Kit": ["1.9.0": kit, "2.0.0-beta.2": kit, "2.0.0-beta.3": kit],
                    "RxSwift": ["6.5.0": "", "6.8.0": ""],
                    "Charts": ["3.0.0": "", "3.0.1-beta.8": "", "3.1.0-beta.1": ""],
                    "Stocks": [
                        "1.0.0": #""dependencies": {"Charts": ["= 3.0.1-beta.8"]}"#,
                        "1.1.0": #""dependencies": {"Charts": ["= 3.0.1-beta.8"]}"#,
                    ],
                ],
                unlocked: [
                    "Checkout": "0.4.0", "Kit": "2.0.0-beta.2", "Kit/Rx": "2.0.0-beta.2", "RxSwift": "6.8.0",
                    "Charts": "3.0.1-beta.8", "Stocks": "1.1.0",
                ]))
    }

    /// CocoaPods 0.39: no SPEC REPOS, no PODFILE CHECKSUM, an `xcodeproj` line, `platform:ios`
    /// without spaces, a target without a block, a `:path` pod.
    @Test func anOldProjectFromCocoaPods039() throws {
        try check(
            Pair(
                label: "migrate-old",
                podfile: """
                    source 'specs'
                    platform:ios,'8.0'
                    xcodeproj 'Legacy.xcodeproj'

                    pod 'AFNetworking', '~> 2.6'
                    pod 'SDWebImage'
                    pod 'Local', :path => 'Local'

                    target 'Legacy'
                    """,
                podfileLock: """
                    PODS:
                      - AFNetworking (2.6.3)
                      - Local (0.1.0):
                        - SDWebImage (~> 3.7)
                      - SDWebImage (3.7.5)

                    DEPENDENCIES:
                      - AFNetworking (~> 2.6)
                      - Local (from `Local`)
                      - SDWebImage

                    EXTERNAL SOURCES:
                      Local:
                        :path: Local

                    SPEC CHECKSUMS:
                      AFNetworking: cb8d14a848e831097108418f5d49217339d4eb60
                      Local: 8f1a4b9e1a6d3f3b1b4f6e0c0a2f3c5d7e9b1a3c
                      SDWebImage: 69c6303e3348fba97e03f65d65d4fbc26740f461

                    COCOAPODS: 0.39.0

                    """,
                specs: [
                    "AFNetworking": ["2.6.3": "", "2.7.0": "", "3.2.1": ""],
                    "SDWebImage": ["3.7.5": "", "3.8.2": "", "5.0.0": ""],
                ],
                pathPods: [
                    "Local": #"{"name": "Local", "version": "0.1.0", "dependencies": {"SDWebImage": ["~> 3.7"]}}"#
                ],
                unlocked: ["AFNetworking": "2.7.0", "SDWebImage": "3.8.2", "Local": "0.1.0"]))
    }
}
