import Foundation
import Git
import Support

/// A marker in the clone's git directory saying "a publish is changing this clone, under this
/// folder". It is written before the first change and removed after the last, so a publish killed
/// half-way is noticed by the next compose process to take the clone's lock, which puts the clone
/// back at the remote's tip.
package enum PublishJournal {
    /// The marker's name in the git directory.
    static let markerName = "compose-publish"

    static func markerURL(_ repository: Repository) -> URL {
        repository.gitDirectory.appendingPathComponent(markerName)
    }

    /// `folder` is the only part of the working tree the publish writes to (`Name/`).
    package static func begin(_ repository: Repository, folder: String) throws(SpecRepoError) {
        let url = markerURL(repository)
        do {
            try AtomicFile.write(Data((folder + "\n").utf8), to: url)
        } catch {
            throw .fileSystem(path: url.path, message: "cannot write the publish marker: \(error.message)")
        }
    }

    package static func end(_ repository: Repository) {
        try? FileManager.default.removeItem(at: markerURL(repository))
    }

    /// Call holding the clone's lock. Removes lock files a killed git operation left, and when a
    /// publish was interrupted, resets the clone to its remote-tracking tip (the files that differ,
    /// and the folder the publish wrote to, untracked files included). Returns whether there was
    /// an interrupted publish to clean up.
    package static func recoverIfInterrupted(_ repository: Repository) throws(GitError) -> Bool {
        repository.removeStaleLockFiles()
        let url = markerURL(repository)
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        let folder =
            (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        try resetToRemoteTip(repository, folder: folder.isEmpty || folder.contains("..") ? nil : folder)
        end(repository)
        return true
    }

    /// Resets the current branch to `origin/BRANCH` (HEAD when there is none): only what differs
    /// and `folder` are touched; without a folder, the whole working tree.
    package static func resetToRemoteTip(_ repository: Repository, folder: String?) throws(GitError) {
        let target: ObjectID?
        if let branch = try repository.currentBranch(),
            let tip = try repository.resolveCommit("refs/remotes/origin/\(branch)")
        {
            target = tip
        } else {
            target = try repository.headCommit()
        }
        guard let target else { return }
        if let folder {
            try repository.resetHard(to: target, limitedTo: [folder])
        } else {
            try repository.resetHard(to: target)
            try repository.removeUntrackedFiles()
        }
    }
}
