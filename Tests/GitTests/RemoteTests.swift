import ComposeTestSupport
import Foundation
import Git
import Testing

@Suite("Git: remotes over file:// and git daemon")
struct RemoteTests {
    @Test func cloneWithProgressFetchAndFastForward() throws {
        let temp = try TemporaryDirectory("git-clone")
        defer { temp.remove() }
        let bare = temp.url.appendingPathComponent("remote.git")
        var files: [String: String] = [:]
        for index in 0..<50 { files["P\(index)/1.0/P\(index).podspec.json"] = "{\"name\": \"P\(index)\"}\n" }
        let url = try makeBareRepository(at: bare, files: files)

        let progressBox = Box<[TransferProgress]>([])
        let clone = try Repository.clone(from: url, to: temp.url.appendingPathComponent("clone")) {
            progressBox.value.append($0)
        }
        #expect(try clone.currentBranch() == "main")
        #expect(try gitStatusIsClean(clone.location))
        #expect(!progressBox.value.isEmpty)
        #expect(progressBox.value.last.map { $0.receivedObjects == $0.totalObjects } == true)
        #expect(try clone.remoteURL() == url)

        // Nothing new: a fetch receives nothing.
        let idle = try clone.fetch()
        #expect(idle.receivedObjects == 0)

        // Someone pushes; fetch and fast-forward.
        let other = try Repository.clone(from: url, to: temp.url.appendingPathComponent("other"))
        try Data("{}\n".utf8).write(to: temp.url.appendingPathComponent("other/P0/1.0/P0.podspec.json"))
        try other.add(["P0"])
        let pushed = try other.commit(message: "[Fix] P0 (1.0)")
        try other.push(refspecs: ["refs/heads/main:refs/heads/main"])

        try clone.fetch()
        let tip = try #require(try clone.resolveCommit("refs/remotes/origin/main"))
        #expect(tip == pushed)
        try clone.fastForward(to: tip)
        #expect(try clone.headCommit() == pushed)
        #expect(try clone.readFile("P0/1.0/P0.podspec.json", at: "HEAD") == Data("{}\n".utf8))
        #expect(
            try String(contentsOf: temp.url.appendingPathComponent("clone/P0/1.0/P0.podspec.json"), encoding: .utf8)
                == "{}\n")
        #expect(try gitStatusIsClean(clone.location))

        // A local commit plus a remote one: diverged.
        try Data("local".utf8).write(to: temp.url.appendingPathComponent("clone/local"))
        try clone.add(["local"])
        let local = try clone.commit(message: "local")
        try Data("remote".utf8).write(to: temp.url.appendingPathComponent("other/remote"))
        try other.add(["remote"])
        let remote = try other.commit(message: "remote")
        try other.push(refspecs: ["refs/heads/main:refs/heads/main"])
        try clone.fetch()
        #expect(throws: GitError.diverged(branch: "main", local: local, target: remote)) {
            try clone.fastForward(to: remote)
        }
    }

    @Test func cloneABranchAndAMissingBranch() throws {
        let temp = try TemporaryDirectory("git-branch")
        defer { temp.remove() }
        let bare = temp.url.appendingPathComponent("remote.git")
        let url = try makeBareRepository(at: bare, files: ["a": "1"])
        try runGit(["branch", "release", "main"], in: bare)
        let clone = try Repository.clone(from: url, to: temp.url.appendingPathComponent("c"), branch: "release")
        #expect(try clone.currentBranch() == "release")
        #expect(throws: GitError.self) {
            _ = try Repository.clone(from: url, to: temp.url.appendingPathComponent("d"), branch: "nope")
        }
        #expect(throws: GitError.self) {
            _ = try Repository.clone(
                from: temp.url.appendingPathComponent("absent.git").absoluteString,
                to: temp.url.appendingPathComponent("e"))
        }
    }

    @Test func pushTagsAndAnExistingTagElsewhereIsRejected() throws {
        let temp = try TemporaryDirectory("git-push-tag")
        defer { temp.remove() }
        let url = try makeBareRepository(at: temp.url.appendingPathComponent("component.git"), files: ["a": "1"])
        let clone = try Repository.clone(from: url, to: temp.url.appendingPathComponent("c"))
        let head = try #require(try clone.headCommit())
        try clone.createAnnotatedTag("1.0.0", at: head, message: "1.0.0")
        try clone.push(refspecs: ["refs/tags/1.0.0:refs/tags/1.0.0"])
        let remoteTag = try runGit(
            ["rev-parse", "1.0.0^{commit}"], in: temp.url.appendingPathComponent("component.git"))
        #expect(remoteTag.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == head.hex)
        // Pushing the same tag again is a no-op.
        try clone.push(refspecs: ["refs/tags/1.0.0:refs/tags/1.0.0"])
    }

    @Test func aTagThatExistsElsewhereOnTheServerIsRejectedNotRetried() throws {
        let temp = try TemporaryDirectory("git-tag-elsewhere")
        defer { temp.remove() }
        let base = temp.url.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try makeBareRepository(at: base.appendingPathComponent("component.git"), files: ["a": "1"])
        let daemon = try GitDaemon(base: base)
        defer { daemon.stop() }
        let first = try Repository.clone(
            from: daemon.url("component.git"), to: temp.url.appendingPathComponent("first"))
        let second = try Repository.clone(
            from: daemon.url("component.git"), to: temp.url.appendingPathComponent("second"))
        try first.createAnnotatedTag("1.0.0", at: try #require(try first.headCommit()), message: "first")
        try first.push(refspecs: ["refs/tags/1.0.0:refs/tags/1.0.0"])

        try Data("2".utf8).write(to: temp.url.appendingPathComponent("second/a"))
        try second.add(["a"])
        let other = try second.commit(message: "other")
        try second.createAnnotatedTag("1.0.0", at: other, message: "second")
        #expect(
            throws: GitError.pushRejected(
                remote: daemon.url("component.git"), reference: "refs/tags/1.0.0",
                message: "the remote already has this tag, pointing elsewhere; a tag is not moved")
        ) {
            try second.push(refspecs: ["refs/tags/1.0.0:refs/tags/1.0.0"])
        }
        let served = try runGit(["rev-parse", "1.0.0^{commit}"], in: base.appendingPathComponent("component.git"))
        #expect(served.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == (try first.tagCommit("1.0.0"))?.hex)
    }

    @Test func aRacingPushThroughGitDaemonIsANonFastForward() throws {
        let temp = try TemporaryDirectory("git-daemon")
        defer { temp.remove() }
        let base = temp.url.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try makeBareRepository(at: base.appendingPathComponent("specs.git"), files: ["README": "specs"])
        let daemon = try GitDaemon(base: base)
        defer { daemon.stop() }

        let first = try Repository.clone(from: daemon.url("specs.git"), to: temp.url.appendingPathComponent("first"))
        let second = try Repository.clone(from: daemon.url("specs.git"), to: temp.url.appendingPathComponent("second"))
        for (repository, name) in [(first, "A"), (second, "B")] {
            try Data(name.utf8).write(to: repository.workingDirectory!.appendingPathComponent(name))
            try repository.add([name])
            try repository.commit(message: "[Add] \(name) (1.0)")
        }
        try first.push(refspecs: ["refs/heads/main:refs/heads/main"])
        do {
            try second.push(refspecs: ["refs/heads/main:refs/heads/main"])
            Issue.record("the second push should be rejected")
        } catch {
            guard case .nonFastForward = error else {
                Issue.record("expected a non-fast-forward, got \(error)")
                return
            }
        }
        // After a fetch and a re-apply on the new tip, the push goes through.
        try second.fetch()
        let tip = try #require(try second.resolveCommit("origin/main"))
        try second.resetHard(to: tip)
        try Data("B".utf8).write(to: second.workingDirectory!.appendingPathComponent("B"))
        try second.add(["B"])
        let applied = try second.commit(message: "[Add] B (1.0)")
        try second.push(refspecs: ["refs/heads/main:refs/heads/main"])
        #expect(try second.resolveCommit("origin/main") == applied)
        let log = try runGit(["log", "--format=%s", "main"], in: base.appendingPathComponent("specs.git")).stdout
        #expect(log == "[Add] B (1.0)\n[Add] A (1.0)\nInitial commit\n")
    }
}

/// A mutable box for collecting callback values in a test.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
