internal import CGit2
import Foundation

extension Repository {
    /// For each of `paths` (relative to the repository's root) present in HEAD's tree: the time of
    /// the newest commit on HEAD's first-parent line that added it (the commit's committer time,
    /// seconds since 1970). Commits are walked from HEAD, each compared with its first parent
    /// (the root commit with the empty tree), only below `folder` when given; the walk stops once
    /// every path has its time. A path no commit adds (an uncommitted file) is absent. An unborn
    /// HEAD answers nothing.
    package func additionTimes(of paths: Set<String>, below folder: String? = nil) throws(GitError) -> [String: Int64] {
        guard !paths.isEmpty, var current = try headCommit() else { return [:] }
        var found: [String: Int64] = [:]
        var options = git_diff_options()
        try check("git_diff_options_init", git_diff_options_init(&options, 1))
        let prefix = folder.map { $0.hasSuffix("/") || $0.isEmpty ? $0 : $0 + "/" } ?? ""
        // A literal pathspec (no pattern, so a folder named `a*` is itself) limits the comparison to
        // the folder's subtree; libgit2 skips equal subtrees by id.
        options.flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH.rawValue
        let spec = strdup(prefix)
        defer { free(spec) }
        var specs: [UnsafeMutablePointer<CChar>?] = [spec]
        while found.count < paths.count {
            var oid = current.oid
            var commit: OpaquePointer?
            try check("git_commit_lookup(\(current.short))", git_commit_lookup(&commit, pointer, &oid))
            defer { git_commit_free(commit) }
            let time = Int64(git_commit_time(commit))
            var tree: OpaquePointer?
            try check("git_commit_tree(\(current.short))", git_commit_tree(&tree, commit))
            defer { git_tree_free(tree) }
            var parentTree: OpaquePointer?
            var parentID: ObjectID?
            if git_commit_parentcount(commit) > 0, let id = git_commit_parent_id(commit, 0) {
                let parent = ObjectID(id)
                parentID = parent
                parentTree = try self.tree(of: parent)
            }
            defer { if let parentTree { git_tree_free(parentTree) } }
            var diff: OpaquePointer?
            let code = specs.withUnsafeMutableBufferPointer { buffer -> Int32 in
                options.pathspec = git_strarray(strings: buffer.baseAddress, count: prefix.isEmpty ? 0 : 1)
                return git_diff_tree_to_tree(&diff, pointer, parentTree, tree, &options)
            }
            try check("git_diff_tree_to_tree(\(current.short))", code)
            defer { git_diff_free(diff) }
            for index in 0..<git_diff_num_deltas(diff) {
                guard let delta = git_diff_get_delta(diff, index)?.pointee, delta.status == GIT_DELTA_ADDED,
                    let raw = delta.new_file.path
                else { continue }
                let path = String(cString: raw)
                if paths.contains(path), found[path] == nil { found[path] = time }
            }
            guard let parentID else { break }
            current = parentID
        }
        return found
    }
}
