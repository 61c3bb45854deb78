import ComposeTestSupport
import ComposefileFormat
import Digests
import Foundation
import Project
import SpecRepos
import Specs
import Testing

/// The persistent spec index (`SpecIndex`): a resolve answered from it chooses what a resolve that
/// reads every file chooses, and every change to the spec repo is seen at once.
@Suite("Spec index")
struct SpecIndexTests {
    /// A project whose Composefile reads the folder `specs` of the project.
    func project(_ label: String, pods: String = "pod 'App'") throws -> ProjectFixture {
        try ProjectFixture(
            label, composefile: "source 'specs'\nplatform :ios, '15.0'\ntarget 'App' do\n  \(pods)\nend\n")
    }

    func write(_ project: ProjectFixture, _ name: String, _ version: String, _ dependencies: String = "") throws {
        let folder = project.directory.url.appendingPathComponent("specs/\(name)/\(version)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let json =
            #"{"name": "\#(name)", "version": "\#(version)", "summary": "\#(name).", "dependencies": {\#(dependencies)}}"#
        try json.write(to: folder.appendingPathComponent("\(name).podspec.json"), atomically: false, encoding: .utf8)
    }

    /// App 1.0.0 and 1.1.0 (1.1.0 needs Kit ~> 2.0), Kit 1.0.0, 2.0.0 and 2.1.0, Core 1.0.0.
    func writeRepo(_ project: ProjectFixture) throws {
        try write(project, "App", "1.0.0", #""Kit": ["~> 1.0"]"#)
        try write(project, "App", "1.1.0", #""Kit": ["~> 2.0"]"#)
        try write(project, "Kit", "1.0.0")
        try write(project, "Kit", "2.0.0", #""Core": []"#)
        try write(project, "Kit", "2.1.0", #""Core": []"#)
        try write(project, "Core", "1.0.0")
    }

    /// Rewrites `file` in place (same inode, no rename), `old` replaced by `new`; returns the text.
    @discardableResult
    func editInPlace(_ file: URL, _ old: String, _ new: String) throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: old, with: new)
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        return text
    }

    /// Files younger than a second are never indexed (their timestamps could hide a change).
    func waitOutTheRacyWindow() {
        Thread.sleep(forTimeInterval: 1.1)
    }

    func index(_ project: ProjectFixture) -> SpecIndex {
        SpecIndex(
            home: ComposeHome(url: project.directory.url.appendingPathComponent("home")),
            root: project.directory.url.appendingPathComponent("specs"))
    }

    /// The lock a resolve reading every file writes (a compose home without an index).
    func lockWithoutIndex(_ project: ProjectFixture) throws -> String {
        let service = ResolveService(
            projectDirectory: project.path, composeHome: project.directory.url.appendingPathComponent("fresh-home"),
            toolVersion: "0.1.0")
        let saved = try project.lockText()
        _ = try service.resolve(unlock: .all)
        let text = try project.lockText()
        try saved.write(toFile: project.path + "/Compose.lock", atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("fresh-home"))
        return text
    }

    /// A bare spec repo holding `files` and a project `App` beside it that reads it for `pod`,
    /// resolved once (which clones the repo).
    func gitProject(in temporary: TemporaryDirectory, files: [String: String], pod: String) throws -> (
        remote: String, app: URL, service: ResolveService
    ) {
        let remote = try makeBareRepository(at: temporary.url.appendingPathComponent("specs.git"), files: files)
        let app = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try "source '\(remote)'\nplatform :ios, '15.0'\npod '\(pod)'\n".write(
            to: app.appendingPathComponent("Composefile"), atomically: true, encoding: .utf8)
        let home = temporary.url.appendingPathComponent("home")
        let service = ResolveService(projectDirectory: app.path, composeHome: home, toolVersion: "0.1.0")
        _ = try service.resolve()
        return (remote, app, service)
    }

    /// Publishes `json` as `name` `version` to `remote` from a new clone in `temporary`.
    func publish(
        _ json: String, as name: String, _ version: String, to remote: String, from temporary: TemporaryDirectory
    )
        throws
    {
        let work = temporary.url.appendingPathComponent("work-\(name)-\(version)")
        try runGit(["clone", "-q", remote, work.path])
        let folder = work.appendingPathComponent("\(name)/\(version)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try json.write(to: folder.appendingPathComponent("\(name).podspec.json"), atomically: true, encoding: .utf8)
        try runGit(["add", "-A"], in: work)
        try runGit(
            ["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "\(name) \(version)"],
            in: work)
        try runGit(["push", "-q", "origin", "HEAD:main"], in: work)
    }

    /// A project on `writeRepo`'s specs, resolved once after the racy window (the index is written).
    func indexedProject(_ label: String) throws -> ProjectFixture {
        let project = try project(label)
        try writeRepo(project)
        waitOutTheRacyWindow()
        _ = try project.service.resolve()
        return project
    }

    @Test func aSecondResolveReadsTheIndexAndChoosesTheSame() throws {
        let project = try indexedProject("index-hit")
        defer { project.directory.remove() }
        let first = try project.lockText()
        #expect(try project.versions() == ["App": "1.1.0", "Kit": "2.1.0", "Core": "1.0.0"])
        let index = index(project)
        #expect(SpecIndex.isReadable(index.file))

        // Read through the index: the listings and the specs the resolve read are answered from it.
        let repository = SpecRepository(root: project.directory.url.appendingPathComponent("specs"), index: index)
        #expect(repository.versions(of: "Kit").map(\.string) == ["2.1.0", "2.0.0", "1.0.0"])
        let kit = try #require(repository.indexedSpec(name: "Kit", version: try Version("2.1.0")))
        #expect(kit.spec.dependencies.map(\.name) == ["Core"])
        #expect(kit.spec.summary == nil)  // reduced to what resolution reads
        let bytes = try Data(contentsOf: URL(fileURLWithPath: kit.path))
        #expect(kit.checksum == SHA1.hex(of: bytes))
        #expect(index.hits == 2)

        _ = try project.service.resolve(unlock: .all)
        #expect(try project.lockText() == first)
        #expect(try lockWithoutIndex(project) == first)
    }

    /// While a solve runs, version folders and indexed spec files are checked on another thread;
    /// the confirmation afterwards says whether what was answered still holds, and drops what did not.
    @Test func deferredChecksConfirmWhatHeldAndDropWhatChanged() throws {
        let project = try indexedProject("index-deferred")
        defer { project.directory.remove() }
        let specs = project.directory.url.appendingPathComponent("specs")
        func repository() -> SpecRepository { SpecRepository(root: specs, index: index(project)) }

        let unchanged = repository()
        unchanged.deferListingChecks()
        #expect(unchanged.versions(of: "Kit").map(\.string) == ["2.1.0", "2.0.0", "1.0.0"])
        #expect(unchanged.indexedSpec(name: "Kit", version: try Version("2.1.0")) != nil)
        #expect(unchanged.confirmListings())

        // A spec file removed, its folder kept (the pod folder's stamp stays), and another edited
        // in place to the same size: answered from the index at first, refused on confirmation.
        try FileManager.default.removeItem(at: specs.appendingPathComponent("Kit/2.0.0/Kit.podspec.json"))
        try editInPlace(specs.appendingPathComponent("App/1.1.0/App.podspec.json"), "~> 2.0", "~> 1.0")
        let changed = repository()
        changed.deferListingChecks()
        #expect(changed.versions(of: "Kit").map(\.string) == ["2.1.0", "2.0.0", "1.0.0"])
        let stale = try #require(changed.indexedSpec(name: "App", version: try Version("1.1.0")))
        #expect(stale.spec.dependencies.map(\.requirements.description) == ["~> 2.0"])
        #expect(!changed.confirmListings())
        #expect(changed.versions(of: "Kit").map(\.string) == ["2.1.0", "1.0.0"])
        #expect(changed.indexedSpec(name: "App", version: try Version("1.1.0")) == nil)

        // Checked at once when nothing is deferred.
        let direct = repository()
        #expect(direct.versions(of: "Kit").map(\.string) == ["2.1.0", "1.0.0"])
        #expect(direct.indexedSpec(name: "App", version: try Version("1.1.0")) == nil)
    }

    /// The index is decoded entry by entry as looked up; saved after a few lookups and a new
    /// entry, it still holds every entry it had.
    @Test func anIndexSavedAfterAFewLookupsKeepsEveryEntry() throws {
        let project = try indexedProject("index-partial")
        defer { project.directory.remove() }
        let specs = project.directory.url.appendingPathComponent("specs")
        try write(project, "Extra", "1.0.0")
        waitOutTheRacyWindow()
        let first = index(project)
        #expect(SpecRepository(root: specs, index: first).versions(of: "Extra").map(\.string) == ["1.0.0"])
        #expect(first.recorded == 1)
        first.save()
        #expect(SpecIndex.isReadable(first.file))

        let second = index(project)
        let repository = SpecRepository(root: specs, index: second)
        for name in ["App", "Kit", "Core", "Extra"] { #expect(!repository.versions(of: name).isEmpty) }
        #expect(repository.indexedSpec(name: "Kit", version: try Version("2.1.0")) != nil)
        #expect(second.hits == 5)
        #expect(second.recorded == 0)
    }

    /// What a publish, a `git pull` or a hand edit does to a spec repo folder.
    enum Change: String, CaseIterable {
        case editInPlaceSameSize, newVersion, specFileRemovedFolderKept, versionRemoved, jsonReplacedByRuby
    }

    @Test(arguments: Change.allCases)
    func everyChangeToTheFolderIsSeen(_ change: Change) throws {
        let project = try indexedProject("index-change-\(change.rawValue)")
        defer { project.directory.remove() }
        _ = try project.service.resolve(unlock: .all)  // read from the index
        let specs = project.directory.url.appendingPathComponent("specs")
        switch change {
        case .editInPlaceSameSize:
            // "~> 2.0" becomes "~> 1.0": same size, so only the timestamps tell.
            try editInPlace(specs.appendingPathComponent("App/1.1.0/App.podspec.json"), "~> 2.0", "~> 1.0")
        case .newVersion:
            try write(project, "Kit", "2.2.0", #""Core": []"#)
        case .specFileRemovedFolderKept:
            try FileManager.default.removeItem(at: specs.appendingPathComponent("Kit/2.1.0/Kit.podspec.json"))
        case .versionRemoved:
            try FileManager.default.removeItem(at: specs.appendingPathComponent("App/1.1.0"))
        case .jsonReplacedByRuby:
            try FileManager.default.removeItem(at: specs.appendingPathComponent("Kit/2.1.0/Kit.podspec.json"))
            try "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.version = '2.1.0'\n  s.dependency 'Core', '> 5'\nend\n"
                .write(to: specs.appendingPathComponent("Kit/2.1.0/Kit.podspec"), atomically: false, encoding: .utf8)
        }
        _ = try project.service.resolve(unlock: .all)
        let expected: [String: String] =
            switch change {
            case .editInPlaceSameSize: ["App": "1.1.0", "Kit": "1.0.0"]
            case .newVersion: ["App": "1.1.0", "Kit": "2.2.0", "Core": "1.0.0"]
            case .specFileRemovedFolderKept, .jsonReplacedByRuby: ["App": "1.1.0", "Kit": "2.0.0", "Core": "1.0.0"]
            case .versionRemoved: ["App": "1.0.0", "Kit": "1.0.0"]
            }
        #expect(try project.versions() == expected)
        #expect(try lockWithoutIndex(project) == project.lockText())
    }

    /// A resolve with nothing to do takes each locked spec's checksum from the index (no read), and
    /// still sees an edit that keeps the file's size.
    @Test func aResolveWithNothingToDoSeesAnEditedLockedSpec() throws {
        let project = try indexedProject("index-up-to-date")
        defer { project.directory.remove() }
        let standing = try project.service.resolve()
        #expect(standing.decisions.contains { $0.contains("the lock stands") })
        let file = project.directory.url.appendingPathComponent("specs/Kit/2.1.0/Kit.podspec.json")
        let edited = try editInPlace(file, "Kit.", "KIT.")
        let report = try project.service.resolve()
        #expect(!report.decisions.contains { $0.contains("the lock stands") })
        let lock = try Lockfile.parse(project.lockText())
        #expect(lock.specChecksums["Kit"] == SHA1.hex(of: Data(edited.utf8)))
    }

    /// A pod folder swapped for a symbolic link to the very same files elsewhere: the index's
    /// answer is not used (compose never reads through a link in a spec repo), so Kit is missing.
    @Test func aPodFolderReplacedByASymlinkIsNotAnsweredFromTheIndex() throws {
        let project = try indexedProject("index-symlink")
        defer { project.directory.remove() }
        #expect(try project.service.resolve().decisions.contains { $0.contains("the lock stands") })
        let kit = project.directory.url.appendingPathComponent("specs/Kit")
        let outside = project.directory.url.appendingPathComponent("elsewhere-Kit")
        try FileManager.default.moveItem(at: kit, to: outside)
        try FileManager.default.createSymbolicLink(at: kit, withDestinationURL: outside)
        #expect(throws: (any Error).self) { try project.service.resolve() }
    }

    /// A clone of the project on a new machine (a lock, no index yet): the first resolve has nothing
    /// to do and writes the index anyway, so the second takes every checksum from it.
    @Test func aResolveWithNothingToDoInAFreshHomeWritesTheIndex() throws {
        let project = try indexedProject("index-fresh-home")
        defer { project.directory.remove() }
        let home = project.directory.url.appendingPathComponent("new-home")
        let service = ResolveService(projectDirectory: project.path, composeHome: home, toolVersion: "0.1.0")
        #expect(try service.resolve().decisions.contains { $0.contains("the lock stands") })
        let index = SpecIndex(home: ComposeHome(url: home), root: project.directory.url.appendingPathComponent("specs"))
        #expect(SpecIndex.isReadable(index.file))
        let repository = SpecRepository(root: project.directory.url.appendingPathComponent("specs"), index: index)
        let kit = try repository.specChecksum(name: "Kit", version: try Version("2.1.0"))
        #expect(index.hits == 1)  // answered from the index, no file read
        #expect(kit.checksum == (try Lockfile.parse(project.lockText()).specChecksums["Kit"]))
        #expect(try service.resolve().decisions.contains { $0.contains("the lock stands") })
    }

    /// Install needs every attribute: a spec the resolve read reduced from the index is read whole.
    @Test func installGetsWholeSpecsAfterAResolveFromTheIndex() throws {
        let project = try indexedProject("index-install")
        defer { project.directory.remove() }
        try FileManager.default.removeItem(atPath: project.path + "/Compose.lock")
        let (report, inputs) = try project.service.installInputs()
        #expect(report != nil)  // resolved first, from the index
        let kit = try #require(inputs.pods.first { $0.name == "Kit" })
        #expect(kit.spec.summary == "Kit.")
        #expect(inputs.pods.allSatisfy { $0.spec.summary == "\($0.name)." })
    }

    enum Damage: String, CaseIterable {
        case truncated, byteFlipped, garbage, empty, otherFormatVersion
    }

    @Test(arguments: Damage.allCases)
    func aDamagedIndexIsIgnoredAndRewritten(_ damage: Damage) throws {
        let project = try indexedProject("index-damage-\(damage.rawValue)")
        defer { project.directory.remove() }
        let first = try project.lockText()
        let file = index(project).file
        var bytes = [UInt8](try Data(contentsOf: file))
        switch damage {
        case .truncated: bytes = Array(bytes.prefix(bytes.count / 2))
        case .byteFlipped: bytes[bytes.count / 2] ^= 0x5A
        case .garbage: bytes = Array("not an index".utf8)
        case .empty: bytes = []
        case .otherFormatVersion: bytes[SpecIndex.formatVersion == 99 ? 0 : 19] = 99
        }
        try Data(bytes).write(to: file)
        #expect(!SpecIndex.isReadable(file))
        _ = try project.service.resolve(unlock: .all)
        #expect(try project.lockText() == first)
        #expect(SpecIndex.isReadable(file))
    }

    /// A spec repo cloned from git: a publish to the remote and `--repo-update` (a checkout of what
    /// changed) are seen; unchanged pods still come from the index.
    @Test func aRepoUpdateBringsAPublishedVersion() throws {
        let temporary = try TemporaryDirectory("index-git")
        defer { temporary.remove() }
        let spec = { (name: String, version: String, dependencies: String) in
            #"{"name": "\#(name)", "version": "\#(version)", "dependencies": {\#(dependencies)}}"#
        }
        let (remote, app, service) = try gitProject(
            in: temporary,
            files: [
                "App/1.0.0/App.podspec.json": spec("App", "1.0.0", #""Kit": ["~> 1.0"]"#),
                "Kit/1.0.0/Kit.podspec.json": spec("Kit", "1.0.0", ""),
            ], pod: "App")
        waitOutTheRacyWindow()
        _ = try service.resolve(unlock: .all)  // records the index

        try publish(spec("Kit", "1.1.0", ""), as: "Kit", "1.1.0", to: remote, from: temporary)

        _ = try service.resolve(unlock: .all, repoUpdate: true)
        let lock = try String(contentsOf: app.appendingPathComponent("Compose.lock"), encoding: .utf8)
        #expect(lock.contains("  - Kit (1.1.0)\n"), "\(lock)")
        #expect(lock.contains("  - App (1.0.0):\n    - Kit (~> 1.0)\n"), "\(lock)")
    }
}
