import ComposeTestSupport
import Foundation
import Git
import Publishing
import SpecRepos
import SpecReposTestSupport
import Specs
import Testing

/// The spec repo's layout as publish writes it and search, info and resolve read it: under
/// `Specs/`, sharded as CocoaPods' public repo is, and never through a committed symlink.
@Suite("SpecRepos: layout")
struct SpecRepoLayoutTests {
    static let sharded = "---\nmin: 1.0.0\nprefix_lengths:\n- 1\n- 1\n- 1\n"

    @Test func aSpecPublishedIntoARepoWithSpecsIsFoundThere() throws {
        let world = try PublishWorld("layout-specs", specs: ["README.md": "specs\n", "Specs/.gitkeep": ""])
        defer { world.stop() }
        let store = SpecRepoStore(home: try world.home())
        let publisher = Publisher(store: store)

        let work = try world.component("Pay", version: "1.0.0")
        #expect(try publisher.publish(repo: "specs", componentDirectory: work).commitMessage == "[Add] Pay (1.0.0)")
        try world.component("Pay", version: "1.1.0")
        #expect(try publisher.publish(repo: "specs", componentDirectory: work).commitMessage == "[Update] Pay (1.1.0)")

        #expect(try served(world, has: "Specs/Pay/1.1.0/Pay.podspec.json"))
        #expect(try !served(world, has: "Pay/1.0.0/Pay.podspec.json"))
        let clone = store.home.repoDirectory("specs")
        let repository = SpecRepository(root: clone)
        #expect(repository.versions(of: "Pay").map(\.string) == ["1.1.0", "1.0.0"])
        #expect(try repository.spec(name: "Pay", version: Version("1.1.0")).name == "Pay")
        #expect(try SpecCatalog(store: store).info("Pay").first?.versions == ["1.1.0", "1.0.0"])
        #expect(try store.summary("specs").specCount == 2)
        #expect(try gitStatusIsClean(clone))
    }

    @Test func aRepoThatMovedItsSpecsSinceTheCloneWasUpdatedIsWrittenTheNewWay() throws {
        let world = try PublishWorld("layout-moved")
        defer { world.stop() }
        let store = SpecRepoStore(home: try world.home())
        // Someone moves the repo to the Specs/ layout after this machine's clone was made.
        let other = world.temp.url.appendingPathComponent("other")
        try runGit(["clone", "-q", world.specsURL, other.path])
        try FileManager.default.createDirectory(
            at: other.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        try Data().write(to: other.appendingPathComponent("Specs/.gitkeep"))
        try runGit(["add", "-A"], in: other)
        try runGit(["commit", "-q", "-m", "Specs folder"], in: other)
        try runGit(["push", "-q", "origin", "HEAD:main"], in: other)

        let work = try world.component("Pay", version: "1.0.0")
        _ = try Publisher(store: store).publish(repo: "specs", componentDirectory: work)
        #expect(try served(world, has: "Specs/Pay/1.0.0/Pay.podspec.json"))
        #expect(SpecRepository(root: store.home.repoDirectory("specs")).versions(of: "Pay").map(\.string) == ["1.0.0"])
        #expect(try gitStatusIsClean(store.home.repoDirectory("specs")))
    }

    @Test func aShardedRepoIsReadAndPublishedIntoAtTheMD5Shard() throws {
        let world = try PublishWorld(
            "layout-sharded",
            specs: ["README.md": "specs\n", "CocoaPods-version.yml": Self.sharded, "Specs/.gitkeep": ""])
        defer { world.stop() }
        let store = SpecRepoStore(home: try world.home())

        // MD5("Alamofire") starts with da2: CocoaPods' own example of its shards.
        let work = try world.component("Alamofire", version: "5.0.0")
        let result = try Publisher(store: store).publish(repo: "specs", componentDirectory: work)
        #expect(result.commitMessage == "[Add] Alamofire (5.0.0)")
        #expect(try served(world, has: "Specs/d/a/2/Alamofire/5.0.0/Alamofire.podspec.json"))

        let clone = store.home.repoDirectory("specs")
        let repository = SpecRepository(root: clone)
        #expect(repository.layout.prefixLengths == [1, 1, 1])
        #expect(repository.podNames() == ["Alamofire"])
        #expect(repository.versions(of: "Alamofire").map(\.string) == ["5.0.0"])
        #expect(SpecCatalog(store: store).search("alamo").map(\.latestVersion) == ["5.0.0"])
        #expect(try store.summary("specs").specCount == 1)

        // A flow list and a two-level sharding read the same way.
        let other = world.temp.url.appendingPathComponent("flow")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("prefix_lengths: [2, 1]\n".utf8).write(to: other.appendingPathComponent("CocoaPods-version.yml"))
        let flow = SpecRepoLayout(root: other)
        #expect(flow.prefixLengths == [2, 1])
        #expect(flow.podPath(try SafeName("Alamofire", as: .pod)) == "da/2/Alamofire")
    }

    @Test func aSymlinkedPodFolderIsNeverWrittenThrough() throws {
        let world = try PublishWorld("layout-symlink-pod")
        defer { world.stop() }
        let outside = world.temp.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try commitSymlinks(["Pay": outside.path], to: world)
        let store = SpecRepoStore(home: try world.home())

        let work = try world.component("Pay", version: "1.0.0")
        #expect(
            throws: PublishError.symlinkInSpecRepo(
                repo: "specs", path: "Pay", tagState: "no tag was involved.", rerun: "compose publish specs")
        ) {
            try Publisher(store: store).publish(
                repo: "specs", componentDirectory: work, options: PublishOptions(noTag: true))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        let clone = store.home.repoDirectory("specs")
        #expect(try gitStatusIsClean(clone))
        #expect(
            FileManager.default.fileExists(atPath: clone.appendingPathComponent(".git/compose-publish").path) == false)
        #expect(try world.specLog() == ["links", "Initial commit"])
    }

    @Test func aSymlinkedSpecFileOrVersionFolderIsNotRead() throws {
        let world = try PublishWorld("layout-symlink-spec")
        defer { world.stop() }
        // Valid specs outside the repo, reached only through links.
        let outside = world.temp.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(
            at: outside.appendingPathComponent("2.0.0"), withIntermediateDirectories: true)
        try Data(world.podspec("Logging", version: "1.0.0").utf8).write(
            to: outside.appendingPathComponent("secret.json"))
        try Data(world.podspec("Logging", version: "2.0.0").utf8)
            .write(to: outside.appendingPathComponent("2.0.0/Logging.podspec.json"))
        try commitSymlinks(
            [
                "Logging/1.0.0/Logging.podspec.json": outside.appendingPathComponent("secret.json").path,
                "Logging/2.0.0": outside.appendingPathComponent("2.0.0").path,
            ],
            to: world)
        let store = SpecRepoStore(home: try world.home())

        let repository = SpecRepository(root: store.home.repoDirectory("specs"))
        #expect(repository.versions(of: "Logging").isEmpty)
        #expect(throws: SpecRepoError.self) { try repository.specFile(name: "Logging", version: Version("1.0.0")) }
        #expect(SpecCatalog(store: store).search("Logging").isEmpty)
        #expect(throws: SpecRepoError.self) { try SpecCatalog(store: store).info("Logging") }
        #expect(try store.summary("specs").specCount == 1)
    }

    /// Commits symbolic links (path in the repo → target) to the served spec repo's main.
    func commitSymlinks(_ links: [String: String], to world: PublishWorld) throws {
        let work = world.temp.url.appendingPathComponent("links-work")
        try runGit(["clone", "-q", world.specsURL, work.path])
        for (path, target) in links {
            let url = work.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "-m", "links"], in: work)
        try runGit(["push", "-q", "origin", "HEAD:main"], in: work)
        try FileManager.default.removeItem(at: work)
    }

    func served(_ world: PublishWorld, has path: String) throws -> Bool {
        try runGit(
            ["cat-file", "-e", "main:\(path)"], in: world.served.appendingPathComponent("specs.git"), check: false
        ).code == 0
    }
}
