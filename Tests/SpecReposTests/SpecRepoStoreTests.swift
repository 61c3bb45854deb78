import ComposeTestSupport
import Foundation
import Git
import SpecRepos
import SpecReposTestSupport
import Testing

@Suite("SpecRepos: repo add, list, update, remove")
struct SpecRepoStoreTests {
    @Test func addListUpdateRemove() throws {
        let world = try PublishWorld("store", specs: ["A/1.0/A.podspec.json": "{}\n", "B/2.0/B.podspec.json": "{}\n"])
        defer { world.stop() }
        let store = SpecRepoStore(home: ComposeHome(url: world.temp.url.appendingPathComponent("home")))
        // What an add killed half-way leaves is cleaned up by the next one.
        let leftover = store.home.reposDirectory.appendingPathComponent(".specs.adding-deadbeef")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        let added = try store.add(name: "specs", url: world.specsURL)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(added.specCount == 2)
        #expect(added.branch == "main")
        #expect(store.names() == ["specs"])
        // The same name and URL again: nothing to do (a CI job runs `repo add` every time).
        #expect(try store.add(name: "specs", url: world.specsURL).head == added.head)
        #expect(throws: SpecRepoError.repoExists(name: "specs", path: store.home.repoDirectory("specs").path)) {
            try store.add(name: "specs", url: world.specsURL + "-elsewhere")
        }
        let listed = try store.list()
        #expect(listed.map(\.name) == ["specs"])
        #expect(listed.first?.head == added.head)

        // Nothing new.
        let idle = try store.update("specs")
        #expect(idle.map(\.changed) == [false])

        // A push elsewhere, then update fast-forwards.
        let other = try Repository.clone(from: world.specsURL, to: world.temp.url.appendingPathComponent("other"))
        let file = world.temp.url.appendingPathComponent("other/C/1.0/C.podspec.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: file)
        try other.add(["C"])
        let pushed = try other.commit(message: "[Add] C (1.0)")
        try other.push(refspecs: ["refs/heads/main:refs/heads/main"])
        let updated = try store.update()
        #expect(updated.first?.after == pushed)
        #expect(updated.first?.changed == true)
        #expect(try store.summary("specs").specCount == 3)

        try store.remove("specs")
        #expect(store.names().isEmpty)
        #expect(throws: SpecRepoError.repoNotFound(name: "specs", available: [])) { try store.remove("specs") }
    }

    @Test func spellingsOfOneRemoteCompareEqual() {
        let normal = SpecRepoStore.normalURL("https://Git.Example.COM/iOS/Specs.git/")
        #expect(normal == "https://git.example.com/iOS/Specs")
        #expect(SpecRepoStore.normalURL("git@GitHub.com:team/specs.git") == "git@github.com:team/specs")
        #expect(
            SpecRepoStore.normalURL("https://token@git.example.com/a/b")
                == normal.replacingOccurrences(of: "iOS/Specs", with: "a/b"))
    }

    @Test(arguments: ["", "..", "a/b", ".hidden", "a b", "tab\there", "../escape", "-flag"])
    func namesThatCouldEscapeAreRefused(name: String) throws {
        let temp = try TemporaryDirectory("names")
        defer { temp.remove() }
        let store = SpecRepoStore(home: ComposeHome(url: temp.url))
        #expect(throws: SpecRepoError.self) { try store.add(name: name, url: "file:///nowhere") }
        #expect(
            !FileManager.default.fileExists(
                atPath: temp.url.appendingPathComponent("repos").appendingPathComponent(name).path)
                || name.isEmpty || name == "..")
    }

    @Test func aFailedCloneLeavesNothing() throws {
        let temp = try TemporaryDirectory("failed-add")
        defer { temp.remove() }
        let store = SpecRepoStore(home: ComposeHome(url: temp.url))
        do {
            try store.add(name: "specs", url: "https://user:hunter2@127.0.0.1:1/specs.git")
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .environment)
            #expect(!error.description.contains("hunter2"))
            #expect(error.description.contains("***@127.0.0.1"))
        }
        #expect(store.names().isEmpty)
    }

    /// A spec repo whose tree names `..` (pushed with plumbing, as no git porcelain would) is refused
    /// by `repo add` before a file is written: a clear error, and nothing added.
    @Test func aTreeThatWouldEscapeIsNotAdded() throws {
        let temp = try TemporaryDirectory("unsafe-add")
        defer { temp.remove() }
        let bare = temp.url.appendingPathComponent("specs.git")
        let url = try makeBareRepository(at: bare, files: ["A/1.0/A.podspec.json": "{}\n"])
        let spec = try runGit(["rev-parse", "HEAD:A"], in: bare).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let tree = try writeRawTree([("40000", "..", spec), ("40000", "A", spec)], in: bare)
        let commit = try runGit(["commit-tree", tree, "-p", "HEAD", "-m", "evil"], in: bare).stdout
        try runGit(["update-ref", "refs/heads/main", commit.trimmingCharacters(in: .whitespacesAndNewlines)], in: bare)

        let store = SpecRepoStore(home: ComposeHome(url: temp.url.appendingPathComponent("home")))
        do {
            try store.add(name: "specs", url: url)
            Issue.record("expected a failure")
        } catch {
            #expect(error.description.contains("'..'"))
            #expect(error.description.contains("nothing was added"))
        }
        #expect(store.names().isEmpty)
        // Only the lock file stays (as after any add); no clone, no staging folder.
        let left = try FileManager.default.contentsOfDirectory(atPath: store.home.reposDirectory.path)
        #expect(left == [".specs.lock"])
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("home/1.0").path))
    }

    @Test func localChangesAndDivergedBranchesAreRefused() throws {
        let world = try PublishWorld("refuse", specs: ["A/1.0/A.podspec.json": "{}\n"])
        defer { world.stop() }
        let home = try world.home()
        let store = SpecRepoStore(home: home)
        let clone = home.repoDirectory("specs")

        // A remote change plus a local edit: refused, nothing touched.
        let other = try Repository.clone(from: world.specsURL, to: world.temp.url.appendingPathComponent("other"))
        try Data("{\"x\":1}\n".utf8).write(to: world.temp.url.appendingPathComponent("other/A/1.0/A.podspec.json"))
        try other.add(["A"])
        try other.commit(message: "[Fix] A (1.0)")
        try other.push(refspecs: ["refs/heads/main:refs/heads/main"])
        try Data("edited".utf8).write(to: clone.appendingPathComponent("A/1.0/A.podspec.json"))
        let before = try Repository.open(at: clone).headCommit()
        #expect(throws: SpecRepoError.localChanges(name: "specs", path: clone.path, files: ["A/1.0/A.podspec.json"])) {
            try store.update("specs")
        }
        #expect(try Repository.open(at: clone).headCommit() == before)

        // A local commit: diverged.
        try runGit(["commit", "-q", "-am", "local"], in: clone)
        #expect(throws: SpecRepoError.diverged(name: "specs", path: clone.path, branch: "main")) {
            try store.update("specs")
        }
    }

    @Test func aSecondProcessWaitsForTheLock() async throws {
        let world = try PublishWorld("lock")
        defer { world.stop() }
        let home = try world.home()
        // Another process takes the lock (flock locks are per open file description), says so on
        // standard error once it has it, and keeps it until its input ends. Every wait is for an event,
        // with a generous deadline: a loaded machine makes this slower, never wrong, and a broken lock
        // fails instead of hanging.
        let lockPath = home.reposDirectory.appendingPathComponent(".specs.lock").path
        let holder = try BackgroundProcess(
            URL(fileURLWithPath: "/usr/bin/flock"), [lockPath, "sh", "-c", "echo held >&2; cat >/dev/null"],
            openInput: true)
        try #require(
            await holder.waitForStandardError(containing: "held", seconds: 600), "the holder never took the lock")

        let messages = Observed([String]())
        let finished = Observed(false)
        let update = Task.detached {
            defer { finished.update { $0 = true } }
            return try SpecRepoStore(home: home).update(
                "specs", waiting: { message in messages.update { $0.append(message) } })
        }
        try #require(await messages.wait(seconds: 600) { !$0.isEmpty }, "the update never said it was waiting")
        // Still blocked: it cannot finish while the lock is held.
        #expect(!finished.value)
        #expect(holder.isRunning)
        let released = await holder.finish(seconds: 600)
        #expect(released.code == 0, "\(released.stderr)")
        let result = try await update.value
        #expect(result.map(\.changed) == [false])
        #expect(messages.value.count == 1)
        #expect(messages.value.first?.contains("waiting for another compose process") == true)
    }

    @Test func infoNeverShowsCredentialsFromASpec() throws {
        let spec =
            #"{"name": "Leaky", "version": "1.0.0", "homepage": "https://u:pass word@example.com/Leaky", "source": {"git": "https://ci:TOKEN@git.example.com/Leaky.git", "tag": "1.0.0"}}"#
        let world = try PublishWorld("info-credentials", specs: ["Leaky/1.0.0/Leaky.podspec.json": spec])
        defer { world.stop() }
        let catalog = SpecCatalog(store: SpecRepoStore(home: try world.home()))
        let info = try #require(try catalog.info("Leaky").first)
        #expect(info.source == "https://***@git.example.com/Leaky.git (tag 1.0.0)")
        #expect(info.homepage == "https://***@example.com/Leaky")
    }

    @Test func firstUsesOfOneURLAtOnceShareOneClone() async throws {
        let world = try PublishWorld("first-use", specs: ["A/1.0/A.podspec.json": "{}\n"])
        defer { world.stop() }
        let home = ComposeHome(url: world.temp.url.appendingPathComponent("home"))
        let url = world.specsURL
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<6 {
                group.addTask { try SpecRepoStore(home: home).nameAddingIfNeeded(url: url) }
            }
            var all: [String] = []
            for try await name in group { all.append(name) }
            return all
        }
        #expect(Set(names).count == 1, "\(names)")
        #expect(SpecRepoStore(home: home).names() == names.first.map { [$0] })
        // The same URL with credentials in it names the same repository: no second clone.
        let withToken = "https://ci:TOKEN@git.example.com/ios/specs.git"
        try gitSetRemoteURL(
            home.repoDirectory(try #require(names.first)), "origin", to: "https://git.example.com/ios/specs.git/")
        #expect(SpecRepoStore(home: home).name(forURL: withToken) == names.first)
    }
}
