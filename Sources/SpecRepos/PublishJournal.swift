import Foundation
import Git

/// A marker in the clone's git directory saying "a publish is changing this clone". It is written
/// before the first change and removed after the last, so a publish killed half-way is noticed by
/// the next compose process to take the clone's lock, which puts the clone back at the remote's tip.
enum PublishJournal {
    static func markerURL(_ repository: Repository) -> URL {
        repository.gitDirectory.appendingPathComponent("compose-publish")
    }

    static func begin(_ repository: Repository, description: String) throws(SpecRepoError) {
        let url = markerURL(repository)
        do {
            try Data((description + "\n").utf8).write(to: url, options: .atomic)
        } catch {
            throw .fileSystem(path: url.path, message: "cannot write the publish marker: \(error.localizedDescription)")
        }
    }

    static func end(_ repository: Repository) {
        try? FileManager.default.removeItem(at: markerURL(repository))
    }

    /// Call holding the clone's lock. Removes lock files a killed git operation left, and when a
    /// publish was interrupted, resets the clone to its remote-tracking tip and deletes untracked
    /// files. Returns whether there was an interrupted publish to clean up.
    static func recoverIfInterrupted(_ repository: Repository, credentials: Credentials) throws(GitError) -> Bool {
        repository.removeStaleLockFiles()
        guard FileManager.default.fileExists(atPath: markerURL(repository).path) else { return false }
        try resetToRemoteTip(repository)
        end(repository)
        return true
    }

    /// Resets the current branch to `origin/BRANCH` (when there is one) and removes untracked files.
    static func resetToRemoteTip(_ repository: Repository) throws(GitError) {
        if let branch = try repository.currentBranch(),
            let tip = try repository.resolveCommit("refs/remotes/origin/\(branch)")
        {
            try repository.resetHard(to: tip)
        } else if let head = try repository.headCommit() {
            try repository.resetHard(to: head)
        }
        try repository.removeUntrackedFiles()
    }
}
