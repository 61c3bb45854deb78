import Foundation

/// Compares version folders' and spec files' stamps with those the index recorded, on a thread of
/// its own, while the solver goes on with what the index answered (see `SpecIndex.deferFolderChecks`). A pod's folder
/// changes its stamp when a version folder is added, removed or renamed, and that is checked
/// before a listing is used; a version folder changes its own when a spec file in it is added,
/// removed or replaced, which makes the version appear or disappear: on a large resolve those
/// are nine in ten of all the `lstat`s, and they can wait for a second core. So can the stamp of
/// each indexed spec file read.
///
/// `finish()` waits for every check sent and answers the pods whose listing no longer holds: the
/// resolve that used them is then done again with listings read anew, so no answer ever rests on
/// an unchecked folder.
final class FolderStampChecker: @unchecked Sendable {
    /// What a job vouches for: a pod's listing (by pod name) or an indexed spec (by index key).
    enum Subject: Sendable, Hashable {
        case listing(String)
        case spec(String)
    }

    /// A folder (absolute path) and entries below it (relative paths) with their recorded stamps.
    struct Job: Sendable {
        let subject: Subject
        let folder: String
        let entries: [(path: String, stamp: SpecIndex.Stamp)]
    }

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var failed: [Subject] = []
    private var running = false
    private var closing = false

    func enqueue(_ batch: [Job]) {
        guard !batch.isEmpty else { return }
        condition.lock()
        jobs += batch
        if !running {
            running = true
            Thread.detachNewThread { [self] in work() }
        }
        condition.signal()
        condition.unlock()
    }

    /// Waits until every job sent is checked; what no longer holds.
    func finish() -> [Subject] {
        condition.lock()
        defer { condition.unlock() }
        closing = true
        condition.broadcast()
        while running { condition.wait() }
        return failed
    }

    private func work() {
        condition.lock()
        while true {
            while jobs.isEmpty && !closing { condition.wait() }
            if jobs.isEmpty {
                running = false
                condition.broadcast()
                condition.unlock()
                return
            }
            let batch = jobs
            jobs = []
            condition.unlock()
            let changed = batch.filter { !Self.holds($0) }.map(\.subject)
            condition.lock()
            failed += changed
        }
    }

    /// Whether every entry of `job` still has its stamp (looked up from the open folder, whose own
    /// path is not followed through a symbolic link at its end).
    static func holds(_ job: Job) -> Bool {
        let folder = open(job.folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return false }
        defer { close(folder) }
        return job.entries.allSatisfy { SpecIndex.Stamp.of($0.path, in: folder) == $0.stamp }
    }
}
