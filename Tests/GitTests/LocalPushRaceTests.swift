import ComposeTestSupport
import Foundation
import Git
import Testing

/// Pushes racing to a bare repository over `file://`: a push that reports success has its commit on
/// the remote branch, always (libgit2's local transport alone checks the branch when it connects and
/// overwrites it later, so a racing push in between was silently undone).
@Suite("Git: racing pushes over file://")
struct LocalPushRaceTests {
    @Test func everyPushThatSucceedsIsOnTheRemoteBranch() async throws {
        let temp = try TemporaryDirectory("git-local-race")
        defer { temp.remove() }
        let url = try makeBareRepository(at: temp.url.appendingPathComponent("remote.git"), files: ["README.md": "x\n"])
        let pushers = 8
        let commitsEach = 6
        let pushed = try await withThrowingTaskGroup(of: [ObjectID].self) { group in
            for pusher in 0..<pushers {
                let folder = temp.url.appendingPathComponent("clone-\(pusher)")
                group.addTask { try Self.push(commits: commitsEach, as: pusher, from: url, into: folder) }
            }
            var all: [ObjectID] = []
            for try await ids in group { all += ids }
            return all
        }
        #expect(pushed.count == pushers * commitsEach)
        let log = try runGit(["log", "--format=%H", "main"], in: temp.url.appendingPathComponent("remote.git")).stdout
        let onRemote = Set(log.split(separator: "\n").map(String.init))
        let lost = pushed.filter { !onRemote.contains($0.hex) }
        #expect(lost.isEmpty, "\(lost.count) of \(pushed.count) pushes reported success but are not on the remote")
        // The temporary refs that carried the objects are gone.
        let refs = try runGit(
            ["for-each-ref", "--format=%(refname)"], in: temp.url.appendingPathComponent("remote.git")
        ).stdout
        #expect(!refs.contains("compose-incoming"), "\(refs)")
    }

    /// Commits and pushes `commits` times from its own clone, re-applying on the new tip when refused.
    static func push(commits: Int, as pusher: Int, from url: String, into folder: URL) throws -> [ObjectID] {
        let clone = try Repository.clone(from: url, to: folder)
        var pushed: [ObjectID] = []
        for index in 0..<commits {
            let file = "p\(pusher)-\(index)"
            while true {
                try Data("\(pusher) \(index)\n".utf8).write(to: folder.appendingPathComponent(file))
                let commit = try clone.commit(files: [file], message: file)
                do {
                    try clone.push(refspecs: ["refs/heads/main:refs/heads/main"])
                    pushed.append(commit)
                    break
                } catch GitError.nonFastForward {
                    try clone.fetch()
                    guard let tip = try clone.resolveCommit("refs/remotes/origin/main") else {
                        throw GitError.revisionNotFound(revision: "origin/main", repository: url)
                    }
                    try clone.resetHard(to: tip)
                }
            }
        }
        return pushed
    }
}
