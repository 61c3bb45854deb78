import Foundation
import Git

/// The git tree a spec repo folder's working tree holds, for an export that reads only what changed
/// since the tree it last exported (`SpecRepoExport`): its id, and the files that differ between
/// an earlier tree and it.
package struct SpecRepoTree: Sendable {
    /// The tree's 40-character id.
    package let id: String
    private let changes: @Sendable (String) -> [String]?

    /// A tree known by its id alone: an export from an earlier tree reads every spec.
    package init(id: String, changes: @escaping @Sendable (_ since: String) -> [String]? = { _ in nil }) {
        self.id = id
        self.changes = changes
    }

    /// The paths (relative to the repo's top) of the files that differ between tree `earlier` and
    /// this one; nil when that cannot be told (`earlier` is not a tree of this repository).
    package func changedPaths(since earlier: String) -> [String]? {
        earlier == id ? [] : changes(earlier)
    }

    /// The tree of HEAD when `folder` is the top of a git working tree that holds it: checked with a
    /// status walk (every file looked at; any change, staged or not, or an untracked file, and there
    /// is none), or, for a clone of the compose home (`trusted`), taken as compose keeps it: at
    /// HEAD, unless a publish was interrupted there (then walked too). Nil when not clean, or not
    /// a repository.
    package static func of(_ folder: URL, trusted: Bool = false) -> SpecRepoTree? {
        let trust =
            trusted
            && !FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(".git/\(PublishJournal.markerName)").path)
        guard let tree = Repository.cleanTreeID(of: folder, trustingWorkingTree: trust) else { return nil }
        return SpecRepoTree(id: tree.hex) { earlier in
            guard let earlier = ObjectID(hex: earlier), let repository = try? Repository.open(at: folder) else {
                return nil
            }
            return repository.changedPaths(fromTree: earlier, toTree: tree)
        }
    }
}
