internal import CGit2
import Foundation
import Support

/// A git repository on disk (a working copy or a bare repository). One handle is used by one task at
/// a time (libgit2 handles are not thread-safe), so `Repository` is deliberately not `Sendable`.
package final class Repository {
    let pointer: OpaquePointer

    init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Its working directory, or the git directory when bare.
    package var location: URL { workingDirectory ?? gitDirectory }

    deinit { git_repository_free(pointer) }

    // MARK: Opening, creating, cloning

    /// Opens the repository whose working directory (or bare git directory) is exactly `url`.
    package static func open(at url: URL) throws(GitError) -> Repository {
        Runtime.ensure()
        var pointer: OpaquePointer?
        try check(
            "git_repository_open_ext(\(url.path))",
            git_repository_open_ext(&pointer, url.path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil))
        return Repository(pointer: pointer!)
    }

    /// Opens the repository containing `url`, walking up parent folders as `git` does.
    package static func discover(from url: URL) throws(GitError) -> Repository {
        Runtime.ensure()
        var pointer: OpaquePointer?
        try check("git_repository_open_ext(\(url.path))", git_repository_open_ext(&pointer, url.path, 0, nil))
        return Repository(pointer: pointer!)
    }

    /// Creates an empty repository at `url` whose unborn HEAD names `initialBranch`.
    package static func create(at url: URL, bare: Bool = false, initialBranch: String = "main") throws(GitError)
        -> Repository
    {
        Runtime.ensure()
        var options = git_repository_init_options()
        try check("git_repository_init_options_init", git_repository_init_options_init(&options, 1))
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue | (bare ? GIT_REPOSITORY_INIT_BARE.rawValue : 0)
        var pointer: OpaquePointer?
        let code = initialBranch.withCString { branch -> Int32 in
            options.initial_head = branch
            return git_repository_init_ext(&pointer, url.path, &options)
        }
        try check("git_repository_init(\(url.path))", code)
        return Repository(pointer: pointer!)
    }

    /// Clones `url` into `destination` (which must not exist or be empty). `branch` is checked out
    /// instead of the remote's default branch when given. `applyFilters: false` writes files as
    /// stored (no `.gitattributes` filters). `checkout: false` leaves the working tree empty and
    /// the index unwritten (then `writeWorkingTree`). `progress` receives transfer progress.
    ///
    /// With `linkLocalObjects`, the objects of a local remote (`file://…` or a path) are linked
    /// (copied across file systems) instead of packed and sent, as `git clone --local` does (no
    /// transfer progress is reported then), unless the remote's object folder holds a symbolic link
    /// or borrows objects (`info/alternates`): then they travel through git's protocol, so nothing
    /// outside the remote's own objects is taken. Without it, a local remote is cloned through
    /// git's protocol too.
    package static func clone(
        from url: String,
        to destination: URL,
        branch: String? = nil,
        bare: Bool = false,
        applyFilters: Bool = true,
        checkout: Bool = true,
        linkLocalObjects: Bool = false,
        credentials: Credentials = Credentials(),
        progress: ((TransferProgress) -> Void)? = nil
    ) throws(GitError) -> Repository {
        Runtime.ensure()
        var options = git_clone_options()
        try check("git_clone_options_init", git_clone_options_init(&options, 1))
        options.bare = bare ? 1 : 0
        options.local = linkLocalObjects ? localCloneMode(of: url, destination: destination) : GIT_CLONE_NO_LOCAL
        if !checkout { options.checkout_opts.checkout_strategy = GIT_CHECKOUT_NONE.rawValue }
        // Without filters, files are written as stored (no .gitattributes lookups, no line-ending
        // conversion): right for plain data such as a spec repo's JSON, and faster on many files.
        options.checkout_opts.disable_filters = applyFilters ? 0 : 1
        let context = RemoteContext(url: url, credentials: credentials, progress: progress)
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        context.install(on: &options.fetch_opts.callbacks, payload: unmanaged.toOpaque())
        var pointer: OpaquePointer?
        let code: Int32
        if let branch {
            code = branch.withCString { name -> Int32 in
                options.checkout_branch = name
                return git_clone(&pointer, url, destination.path, &options)
            }
        } else {
            code = git_clone(&pointer, url, destination.path, &options)
        }
        if code < 0 {
            if code == GIT_ENOTFOUND.rawValue, let branch {
                git_error_clear()
                throw .revisionNotFound(revision: branch, repository: redact(url))
            }
            throw context.error(operation: "git clone \(url) \(destination.path)", code: code)
        }
        let repository = Repository(pointer: pointer!)
        try repository.scrubReflogs(of: url)
        return repository
    }

    /// The folder a local remote names (`file:///x` or `/x`); nil for a network URL.
    package static func localFolder(ofRemote url: String) -> String? {
        if url.hasPrefix("file://") { return URL(string: url)?.path }
        return url.hasPrefix("/") ? url : nil
    }

    /// How a clone of `url` takes the objects: linked or copied from a local remote whose object
    /// folder is plain (no symbolic link, no `info/alternates`), else through git's protocol.
    static func localCloneMode(of url: String, destination: URL) -> git_clone_local_t {
        guard let path = localFolder(ofRemote: url), !path.isEmpty else { return GIT_CLONE_NO_LOCAL }
        var pointer: OpaquePointer?
        guard git_repository_open_ext(&pointer, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil) == 0 else {
            git_error_clear()
            return GIT_CLONE_NO_LOCAL
        }
        let objects = String(cString: git_repository_path(pointer)) + "objects"
        git_repository_free(pointer)
        guard WorkingTreeWriter.isPlainFolder(objects, depth: 1),
            FileManager.default.fileExists(atPath: objects + "/info/alternates") == false
        else { return GIT_CLONE_NO_LOCAL }
        var source = stat()
        var target = stat()
        let parent = destination.deletingLastPathComponent().path
        guard stat(objects, &source) == 0, stat(parent, &target) == 0 else { return GIT_CLONE_NO_LOCAL }
        return source.st_dev == target.st_dev ? GIT_CLONE_LOCAL : GIT_CLONE_LOCAL_NO_LINKS
    }

    // MARK: Where it is

    /// The working directory, or nil for a bare repository.
    package var workingDirectory: URL? {
        guard let path = git_repository_workdir(pointer) else { return nil }
        return URL(fileURLWithPath: String(cString: path), isDirectory: true)
    }

    /// The `.git` folder (or the repository itself when bare).
    package var gitDirectory: URL {
        URL(fileURLWithPath: String(cString: git_repository_path(pointer)), isDirectory: true)
    }

    package var isBare: Bool { git_repository_is_bare(pointer) == 1 }

    // MARK: Refs and commits

    /// The commit HEAD points at, or nil on an unborn branch (a repository with no commits).
    package func headCommit() throws(GitError) -> ObjectID? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, pointer, "HEAD")
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EUNBORNBRANCH.rawValue { return nil }
        try check("git_reference_name_to_id(HEAD) in \(location.path)", code)
        return ObjectID(oid)
    }

    /// The id of the tree HEAD's commit holds when `folder` is the top of this kind of repository's
    /// working tree and nothing in it differs from that commit (no change, staged or not, and no
    /// untracked file); nil otherwise, or when it is not a repository: what `repo export` keeps to
    /// know, from one id, that a spec repo has not changed since its last export.
    ///
    /// `trustingWorkingTree` skips the status walk (every file of the working tree looked at, most
    /// of the time of an export with nothing new on 100,000 specs): for a working tree the caller
    /// keeps at HEAD itself.
    package static func cleanTreeID(of folder: URL, trustingWorkingTree: Bool = false) -> ObjectID? {
        guard let repository = try? Repository.open(at: folder),
            let top = repository.workingDirectory?.standardizedFileURL.resolvingSymlinksInPath().path,
            top == folder.standardizedFileURL.resolvingSymlinksInPath().path,
            let commit = try? repository.headCommit(), let tree = try? repository.tree(of: commit)
        else {
            git_error_clear()
            return nil
        }
        defer { git_tree_free(tree) }
        guard trustingWorkingTree || (try? repository.status())?.isEmpty == true, let id = git_tree_id(tree) else {
            return nil
        }
        return ObjectID(id)
    }

    /// The paths of files that differ between two trees (by tree id), or nil when either is not a
    /// tree of this repository. Subtrees with the same id are not read (libgit2's tree-to-tree diff
    /// reads every tree of both: 0.5 s of CPU on 100,000 specs for a change of one file), so this
    /// costs the folders on the way to what changed. A file whose mode alone changed (a file made
    /// a symbolic link with the same bytes) is a change; a folder added or removed names its files.
    package func changedPaths(fromTree from: ObjectID, toTree to: ObjectID) -> [String]? {
        if from == to { return [] }
        guard let old = lookupTree(from.oid), let new = lookupTree(to.oid) else { return nil }
        defer {
            git_tree_free(old)
            git_tree_free(new)
        }
        var paths: [String] = []
        guard compareTrees(old, new, prefix: "", into: &paths) else { return nil }
        return paths.sorted()
    }

    private func lookupTree(_ id: git_oid) -> OpaquePointer? {
        var oid = id
        var tree: OpaquePointer?
        guard git_tree_lookup(&tree, pointer, &oid) == 0 else {
            git_error_clear()
            return nil
        }
        return tree
    }

    /// Appends to `paths` the files that differ between `old` and `new` (either may be nil: absent),
    /// below `prefix`; false when a subtree cannot be read.
    private func compareTrees(_ old: OpaquePointer?, _ new: OpaquePointer?, prefix: String, into paths: inout [String])
        -> Bool
    {
        func isTree(_ entry: OpaquePointer?) -> Bool {
            entry.map { git_tree_entry_type($0) == GIT_OBJECT_TREE } ?? false
        }
        func visit(_ before: OpaquePointer?, _ after: OpaquePointer?, name: UnsafePointer<CChar>) -> Bool {
            let path = prefix + String(cString: name)
            if (before != nil && !isTree(before)) || (after != nil && !isTree(after)) { paths.append(path) }
            guard isTree(before) || isTree(after) else { return true }
            let oldTree = isTree(before) ? lookupTree(git_tree_entry_id(before)!.pointee) : nil
            let newTree = isTree(after) ? lookupTree(git_tree_entry_id(after)!.pointee) : nil
            defer {
                git_tree_free(oldTree)
                git_tree_free(newTree)
            }
            if (isTree(before) && oldTree == nil) || (isTree(after) && newTree == nil) { return false }
            return compareTrees(oldTree, newTree, prefix: path + "/", into: &paths)
        }
        if let new {
            for index in 0..<git_tree_entrycount(new) {
                guard let entry = git_tree_entry_byindex(new, index), let name = git_tree_entry_name(entry) else {
                    continue
                }
                let before = old.flatMap { git_tree_entry_byname($0, name) }
                if let before, git_oid_cmp(git_tree_entry_id(before), git_tree_entry_id(entry)) == 0,
                    git_tree_entry_filemode(before) == git_tree_entry_filemode(entry)
                {
                    continue
                }
                guard visit(before, entry, name: name) else { return false }
            }
        }
        if let old {
            for index in 0..<git_tree_entrycount(old) {
                guard let entry = git_tree_entry_byindex(old, index), let name = git_tree_entry_name(entry),
                    new.flatMap({ git_tree_entry_byname($0, name) }) == nil
                else { continue }
                guard visit(entry, nil, name: name) else { return false }
            }
        }
        return true
    }

    /// The short name of the branch HEAD points at (also when unborn), or nil when HEAD is detached.
    package func currentBranch() throws(GitError) -> String? {
        var reference: OpaquePointer?
        try check("git_reference_lookup(HEAD) in \(location.path)", git_reference_lookup(&reference, pointer, "HEAD"))
        defer { git_reference_free(reference) }
        guard git_reference_type(reference) == GIT_REFERENCE_SYMBOLIC,
            let target = git_reference_symbolic_target(reference)
        else { return nil }
        let name = String(cString: target)
        return name.hasPrefix("refs/heads/") ? String(name.dropFirst("refs/heads/".count)) : name
    }

    /// Whether the repository has no branch at all, local or remote-tracking (a clone of an empty remote).
    package func hasNoBranches() throws(GitError) -> Bool {
        var iterator: OpaquePointer?
        try check(
            "git_branch_iterator_new in \(location.path)", git_branch_iterator_new(&iterator, pointer, GIT_BRANCH_ALL))
        defer { git_branch_iterator_free(iterator) }
        var reference: OpaquePointer?
        var type = GIT_BRANCH_LOCAL
        let code = git_branch_next(&reference, &type, iterator)
        if code == GIT_ITEROVER.rawValue {
            git_error_clear()
            return true
        }
        try check("git_branch_next in \(location.path)", code)
        git_reference_free(reference)
        return false
    }

    /// Points HEAD at `refs/heads/BRANCH`, which may not exist yet (an unborn branch: the next commit
    /// starts it). For an empty clone whose remote's default branch is known.
    package func attachHead(toBranch branch: String) throws(GitError) {
        try check(
            "git_repository_set_head(refs/heads/\(branch)) in \(location.path)",
            git_repository_set_head(pointer, "refs/heads/\(branch)"))
    }

    /// A string from git's configuration as this repository sees it (its own, the global and the
    /// system files), or nil when it is not set.
    package func configString(_ key: String) -> String? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, pointer) == 0 else {
            git_error_clear()
            return nil
        }
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        guard git_config_get_string(&value, config, key) == 0, let value else {
            git_error_clear()
            return nil
        }
        return String(cString: value)
    }

    /// The commit `revision` names (a branch, tag, `origin/main`, a full or abbreviated id, `HEAD~1`),
    /// peeled through annotated tags; nil when it names nothing.
    package func resolveCommit(_ revision: String) throws(GitError) -> ObjectID? {
        var object: OpaquePointer?
        let code = git_revparse_single(&object, pointer, revision)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue || code == GIT_EAMBIGUOUS.rawValue {
            return nil
        }
        try check("git_revparse_single(\(revision)) in \(location.path)", code)
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        let peel = git_object_peel(&commit, object, GIT_OBJECT_COMMIT)
        if peel == GIT_EPEEL.rawValue || peel == GIT_EINVALIDSPEC.rawValue || peel == GIT_ENOTFOUND.rawValue {
            return nil
        }
        try check("git_object_peel(\(revision)) in \(location.path)", peel)
        defer { git_object_free(commit) }
        return ObjectID(git_object_id(commit)!)
    }

    /// Whether `ancestor` is `commit` or reachable from it.
    package func isAncestor(_ ancestor: ObjectID, of commit: ObjectID) throws(GitError) -> Bool {
        if ancestor == commit { return true }
        var a = commit.oid
        var b = ancestor.oid
        let code = git_graph_descendant_of(pointer, &a, &b)
        try check("git_graph_descendant_of(\(commit.short), \(ancestor.short))", code)
        return code == 1
    }

    /// Points the branch HEAD names (or a detached HEAD) at `target` and updates the working tree,
    /// provided that is a fast-forward; throws `.diverged` otherwise. Local changes to files the
    /// update touches make it fail rather than be overwritten.
    package func fastForward(to target: ObjectID) throws(GitError) {
        let head = try headCommit()
        if head == target { return }
        if let head, try !isAncestor(head, of: target) {
            throw .diverged(branch: (try currentBranch()) ?? "HEAD", local: head, target: target)
        }
        // Only the paths that differ between the two commits are looked at, so a fast-forward
        // costs what changed, not the size of the working tree.
        let paths = try changedPaths(from: head, to: target)
        if !paths.isEmpty || head == nil {
            try checkoutTree(of: target, force: false, paths: head == nil ? nil : paths)
        }
        try moveHead(to: target, message: "compose: fast-forward")
    }

    /// Moves HEAD (and the branch it names) to `target` and makes the index and working tree match
    /// it at the paths that differ between HEAD and `target` and under `folders`, where untracked
    /// files are deleted too. Elsewhere nothing is looked at, so this costs what changed rather than
    /// the size of the working tree. (`resetHard(to:)` is the whole-tree `git reset --hard`.)
    package func resetHard(to target: ObjectID, limitedTo folders: [String]) throws(GitError) {
        let paths = Array(Set(try changedPaths(from: try headCommit(), to: target) + folders)).sorted()
        if !paths.isEmpty {
            try checkoutTree(of: target, force: true, paths: paths, removeUntracked: true)
        }
        try moveHead(to: target, message: "compose: reset")
    }

    /// The paths of files that differ between the trees of two commits (all of `to`'s when `from` is
    /// nil), sorted; compared as `changedPaths(fromTree:toTree:)` compares, reading only the folders
    /// on the way to what changed.
    package func changedPaths(from: ObjectID?, to: ObjectID) throws(GitError) -> [String] {
        if from == to { return [] }
        let newTree = try tree(of: to)
        defer { git_tree_free(newTree) }
        let oldTree = try from.map { (id) throws(GitError) in try tree(of: id) }
        defer { if let oldTree { git_tree_free(oldTree) } }
        var paths: [String] = []
        guard compareTrees(oldTree, newTree, prefix: "", into: &paths) else {
            throw .failed(
                operation: "comparing the trees of \(from?.short ?? "nothing") and \(to.short) in \(location.path)",
                code: -1, message: "a folder's tree could not be read")
        }
        return paths.sorted()
    }

    func tree(of commit: ObjectID) throws(GitError) -> OpaquePointer {
        var oid = commit.oid
        var commitObject: OpaquePointer?
        try check("git_commit_lookup(\(commit.short))", git_commit_lookup(&commitObject, pointer, &oid))
        defer { git_commit_free(commitObject) }
        var tree: OpaquePointer?
        try check("git_commit_tree(\(commit.short))", git_commit_tree(&tree, commitObject))
        return tree!
    }

    /// Moves HEAD (and the branch it names) to `target`, and makes the index and working tree match
    /// it: local changes to tracked files are discarded. Untracked files stay (see `removeUntrackedFiles`).
    package func resetHard(to target: ObjectID) throws(GitError) {
        let commit = try lookupObject(target, "git_reset")
        defer { git_object_free(commit) }
        var options = git_checkout_options()
        git_checkout_options_init(&options, 1)
        options.checkout_strategy = GIT_CHECKOUT_FORCE.rawValue
        try check(
            "git_reset(--hard \(target.short)) in \(location.path)",
            git_reset(pointer, commit, GIT_RESET_HARD, &options))
    }

    /// Checks out `revision` (a tag, a commit id, a branch) with a detached HEAD, as
    /// `git checkout --detach REVISION` does.
    package func checkout(_ revision: String) throws(GitError) {
        guard let commit = try resolveCommit(revision) else {
            throw .revisionNotFound(revision: revision, repository: location.path)
        }
        try checkoutTree(of: commit, force: false)
        var oid = commit.oid
        try check("git_repository_set_head_detached(\(revision))", git_repository_set_head_detached(pointer, &oid))
    }

    /// After `clone(checkout: false)`: checks out `revision` with a detached HEAD into the empty
    /// working tree, once every file of its tree is known (from object headers) to be at most
    /// `maximumFileSize` bytes; a larger one throws `.fileTooLarge` naming it, before anything is written.
    package func checkoutMeasured(_ revision: String, maximumFileSize: Int) throws(GitError) {
        guard let commit = try resolveCommit(revision) else {
            throw .revisionNotFound(revision: revision, repository: location.path)
        }
        if let large = try fileSizes(at: commit.hex).first(where: { $0.size > maximumFileSize }) {
            throw .fileTooLarge(path: large.path, size: large.size, limit: maximumFileSize)
        }
        try checkoutTree(of: commit, force: true)
        var oid = commit.oid
        try check("git_repository_set_head_detached(\(revision))", git_repository_set_head_detached(pointer, &oid))
    }

    /// Checks out the tree of `commit`; with `paths`, only those files and folders are looked at.
    func checkoutTree(of commit: ObjectID, force: Bool, paths: [String]? = nil, removeUntracked: Bool = false)
        throws(GitError)
    {
        let object = try lookupObject(commit, "git_checkout_tree")
        defer { git_object_free(object) }
        var options = git_checkout_options()
        git_checkout_options_init(&options, 1)
        options.checkout_strategy = force ? GIT_CHECKOUT_FORCE.rawValue : GIT_CHECKOUT_SAFE.rawValue
        if removeUntracked { options.checkout_strategy |= GIT_CHECKOUT_REMOVE_UNTRACKED.rawValue }
        let code: Int32
        if let paths {
            options.checkout_strategy |= GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH.rawValue
            code = withStrArray(paths) { array -> Int32 in
                options.paths = array.pointee
                return git_checkout_tree(pointer, object, &options)
            }
        } else {
            code = git_checkout_tree(pointer, object, &options)
        }
        try check("git_checkout_tree(\(commit.short)) in \(location.path)", code)
    }

    func moveHead(to target: ObjectID, message: String) throws(GitError) {
        var oid = target.oid
        if let branch = try currentBranch() {
            var reference: OpaquePointer?
            try check(
                "git_reference_create(refs/heads/\(branch))",
                git_reference_create(&reference, pointer, "refs/heads/\(branch)", &oid, 1, message))
            git_reference_free(reference)
        } else {
            try check("git_repository_set_head_detached", git_repository_set_head_detached(pointer, &oid))
        }
    }

    func lookupObject(_ id: ObjectID, _ operation: String) throws(GitError) -> OpaquePointer {
        var oid = id.oid
        var object: OpaquePointer?
        try check(
            "\(operation): git_object_lookup(\(id.short))", git_object_lookup(&object, pointer, &oid, GIT_OBJECT_ANY))
        return object!
    }

    /// Points `reference` (a full name such as `refs/heads/main`) at `target`, creating it if needed.
    package func setReference(_ reference: String, to target: ObjectID) throws(GitError) {
        var oid = target.oid
        var created: OpaquePointer?
        try check(
            "git_reference_create(\(reference))",
            git_reference_create(&created, pointer, reference, &oid, 1, "compose"))
        git_reference_free(created)
    }

    // MARK: Working tree

    /// Changes in the working tree and index against HEAD, untracked files included, ignored ones not.
    /// With `folders`, only files under them are looked at (cheap in a large working tree).
    package func status(limitedTo folders: [String]? = nil) throws(GitError) -> [StatusEntry] {
        if let folders, folders.isEmpty { return [] }
        var options = git_status_options()
        git_status_options_init(&options, 1)
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags =
            GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
        if folders != nil { options.flags |= GIT_STATUS_OPT_DISABLE_PATHSPEC_MATCH.rawValue }
        var list: OpaquePointer?
        let code = withStrArray(folders ?? []) { array -> Int32 in
            if folders != nil { options.pathspec = array.pointee }
            return git_status_list_new(&list, pointer, &options)
        }
        try check("git_status_list_new in \(location.path)", code)
        defer { git_status_list_free(list) }
        var entries: [StatusEntry] = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index)?.pointee else { continue }
            let delta = entry.index_to_workdir ?? entry.head_to_index
            guard let delta, let path = delta.pointee.new_file.path ?? delta.pointee.old_file.path else { continue }
            let flags = entry.status.rawValue
            let untracked = flags & GIT_STATUS_WT_NEW.rawValue != 0 && flags & GIT_STATUS_INDEX_NEW.rawValue == 0
            entries.append(StatusEntry(path: String(cString: path), isUntracked: untracked))
        }
        return entries
    }

    /// Deletes untracked (not ignored) files and returns their paths, as `git clean -fd` does.
    @discardableResult
    package func removeUntrackedFiles(in folders: [String]? = nil) throws(GitError) -> [String] {
        guard let root = workingDirectory else { return [] }
        let untracked = try status(limitedTo: folders).filter(\.isUntracked).map(\.path)
        for path in untracked {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
        }
        // Remove folders the deleted files leave empty.
        for path in untracked {
            var folder = parentPath(path)
            while !folder.isEmpty {
                let url = root.appendingPathComponent(folder)
                guard let contents = try? FileManager.default.contentsOfDirectory(atPath: url.path), contents.isEmpty
                else { break }
                try? FileManager.default.removeItem(at: url)
                folder = parentPath(folder)
            }
        }
        return untracked
    }

    /// Deletes lock files a killed git process can leave in the git directory (`index.lock`,
    /// `HEAD.lock`, `refs/**/*.lock`, `packed-refs.lock`, `config.lock`) and returns their paths.
    /// Only call this while holding an exclusive lock of your own over every process that writes
    /// to this repository: a lock file that a running git holds would be taken from it.
    @discardableResult
    package func removeStaleLockFiles() -> [String] {
        let gitDirectory = self.gitDirectory
        var removed: [String] = []
        let fileManager = FileManager.default
        for name in ["index.lock", "HEAD.lock", "packed-refs.lock", "config.lock", "FETCH_HEAD.lock", "ORIG_HEAD.lock"]
        {
            let url = gitDirectory.appendingPathComponent(name)
            if fileManager.fileExists(atPath: url.path), (try? fileManager.removeItem(at: url)) != nil {
                removed.append(name)
            }
        }
        let refs = gitDirectory.appendingPathComponent("refs")
        if let walker = fileManager.enumerator(atPath: refs.path) {
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".lock") else { continue }
                if (try? fileManager.removeItem(at: refs.appendingPathComponent(relative))) != nil {
                    removed.append("refs/" + relative)
                }
            }
        }
        return removed
    }

    // MARK: Reading at a revision

    /// The contents of `path` (relative to the repository root) in the tree of `revision`, or nil
    /// when the revision does not have that file.
    /// With `limit`, the blob's size is read from its object header first and a larger file throws
    /// `.fileTooLarge` before any of its bytes are read (or inflated).
    package func readFile(_ path: String, at revision: String, limit: Int? = nil) throws(GitError) -> Data? {
        guard let commit = try resolveCommit(revision) else {
            throw .revisionNotFound(revision: revision, repository: location.path)
        }
        guard let blobID = try entryID(path, in: commit, kind: GIT_OBJECT_BLOB) else { return nil }
        if let limit {
            let size = try objectSizes([blobID.oid], path: path)[0]
            guard size <= limit else { throw .fileTooLarge(path: path, size: size, limit: limit) }
        }
        var oid = blobID.oid
        var blob: OpaquePointer?
        try check("git_blob_lookup(\(path) at \(revision))", git_blob_lookup(&blob, pointer, &oid))
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let raw = git_blob_rawcontent(blob) else { return Data() }
        return Data(bytes: raw, count: size)
    }

    /// The regular files (executable ones included) of the tree of `revision`, as paths relative to the
    /// repository root, sorted. Symbolic links and submodules are left out. The tree is untrusted: a
    /// name that could leave its folder or reach git's own throws `.unsafePath`, as a checkout would.
    package func files(at revision: String) throws(GitError) -> [String] {
        guard let commit = try resolveCommit(revision) else {
            throw .revisionNotFound(revision: revision, repository: location.path)
        }
        let root = try tree(of: commit)
        defer { git_tree_free(root) }
        return try WorkingTreeWriter.entries(of: root, repository: pointer)
            .filter { $0.mode == WorkingTreeWriter.fileMode || $0.mode == WorkingTreeWriter.executableMode }
            .map(\.path).sorted()
    }

    /// The size in bytes of the file `path` at `revision`, read from its object header (nothing is
    /// inflated), or nil when the revision does not have that file.
    package func fileSize(_ path: String, at revision: String) throws(GitError) -> Int? {
        guard let commit = try resolveCommit(revision) else {
            throw .revisionNotFound(revision: revision, repository: location.path)
        }
        guard let blobID = try entryID(path, in: commit, kind: GIT_OBJECT_BLOB) else { return nil }
        return try objectSizes([blobID.oid], path: path)[0]
    }

    /// The regular files of the tree of `revision` as `files(at:)` lists them, each with its size in
    /// bytes read from the object header (`git_odb_read_header`): no blob is inflated, so a tree can
    /// be measured before anything of it is read or written.
    package func fileSizes(at revision: String) throws(GitError) -> [(path: String, size: Int)] {
        guard let commit = try resolveCommit(revision) else {
            throw .revisionNotFound(revision: revision, repository: location.path)
        }
        let root = try tree(of: commit)
        defer { git_tree_free(root) }
        let entries = try WorkingTreeWriter.entries(of: root, repository: pointer)
            .filter { $0.mode == WorkingTreeWriter.fileMode || $0.mode == WorkingTreeWriter.executableMode }
            .sorted { $0.path < $1.path }
        let sizes = try objectSizes(entries.map(\.id), path: revision)
        return zip(entries, sizes).map { ($0.path, $1) }
    }

    /// The sizes of objects from their headers (for a packed object, the pack's entry header; for a
    /// loose one, its first inflated bytes), never their contents.
    func objectSizes(_ ids: [git_oid], path: String) throws(GitError) -> [Int] {
        var database: OpaquePointer?
        try check("git_repository_odb(\(location.path))", git_repository_odb(&database, pointer))
        defer { git_odb_free(database) }
        var sizes: [Int] = []
        sizes.reserveCapacity(ids.count)
        for id in ids {
            var oid = id
            var size = 0
            var type = GIT_OBJECT_INVALID
            try check("git_odb_read_header(\(path))", git_odb_read_header(&size, &type, database, &oid))
            sizes.append(size)
        }
        return sizes
    }

    private func entryID(_ path: String, in commit: ObjectID, kind: git_object_t?) throws(GitError) -> ObjectID? {
        var oid = commit.oid
        var commitObject: OpaquePointer?
        try check("git_commit_lookup(\(commit.short))", git_commit_lookup(&commitObject, pointer, &oid))
        defer { git_commit_free(commitObject) }
        var tree: OpaquePointer?
        try check("git_commit_tree(\(commit.short))", git_commit_tree(&tree, commitObject))
        defer { git_tree_free(tree) }
        var entry: OpaquePointer?
        let code = git_tree_entry_bypath(&entry, tree, path)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check("git_tree_entry_bypath(\(path))", code)
        defer { git_tree_entry_free(entry) }
        if let kind, git_tree_entry_type(entry) != kind { return nil }
        return ObjectID(git_tree_entry_id(entry)!)
    }

    // MARK: Writing

    /// Stages `pathspecs` (files or folders, relative to the working directory): new and changed
    /// files are added, deleted ones removed, as `git add --all PATHS` does.
    package func add(_ pathspecs: [String]) throws(GitError) {
        var index: OpaquePointer?
        try check("git_repository_index in \(location.path)", git_repository_index(&index, pointer))
        defer { git_index_free(index) }
        let code = withStrArray(pathspecs) { array -> Int32 in
            let added = git_index_add_all(index, array, 0, nil, nil)
            if added < 0 { return added }
            return git_index_update_all(index, array, nil, nil)
        }
        try check("git add \(pathspecs.joined(separator: " "))", code)
        try check("git_index_write", git_index_write(index))
    }

    /// Stages exactly `files` (paths of files relative to the working directory): present ones are
    /// added, missing ones removed. Nothing else in the working tree is looked at.
    package func stage(files: [String]) throws(GitError) {
        guard let root = workingDirectory else { return }
        var index: OpaquePointer?
        try check("git_repository_index in \(location.path)", git_repository_index(&index, pointer))
        defer { git_index_free(index) }
        for file in files {
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path) {
                try check("git add \(file)", git_index_add_bypath(index, file))
            } else {
                let code = git_index_remove_bypath(index, file)
                if code != GIT_ENOTFOUND.rawValue { try check("git rm --cached \(file)", code) }
            }
        }
        try check("git_index_write", git_index_write(index))
    }

    /// Commits the index on top of HEAD (a root commit on an unborn branch) and moves the branch.
    @discardableResult
    package func commit(message: String, author: Signature? = nil) throws(GitError) -> ObjectID {
        var index: OpaquePointer?
        try check("git_repository_index", git_repository_index(&index, pointer))
        defer { git_index_free(index) }
        var treeOID = git_oid()
        try check("git_index_write_tree", git_index_write_tree(&treeOID, index))
        return try createCommit(tree: treeOID, message: message, author: author)
    }

    /// Commits exactly `files` (paths relative to the working directory; present ones as they are
    /// on disk, missing ones deleted) on top of HEAD, and stages them. The new tree is HEAD's with
    /// those entries changed, so the cost does not grow with the size of the tree, unlike
    /// `add` + `commit`, which write the tree from the whole index.
    @discardableResult
    package func commit(files: [String], message: String, author: Signature? = nil) throws(GitError) -> ObjectID {
        guard let root = workingDirectory else {
            throw .failed(
                operation: "git commit in \(location.path)", code: -1, message: "a bare repository has no working tree")
        }
        try stage(files: files)
        let baseline: OpaquePointer
        if let head = try headCommit() {
            baseline = try tree(of: head)
        } else {
            var builder: OpaquePointer?
            try check("git_treebuilder_new", git_treebuilder_new(&builder, pointer, nil))
            defer { git_treebuilder_free(builder) }
            var empty = git_oid()
            try check("git_treebuilder_write", git_treebuilder_write(&empty, builder))
            var tree: OpaquePointer?
            try check("git_tree_lookup(empty)", git_tree_lookup(&tree, pointer, &empty))
            baseline = tree!
        }
        defer { git_tree_free(baseline) }
        var updates: [git_tree_update] = []
        for file in files {
            var update = git_tree_update()
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path) {
                try check(
                    "git_blob_create_from_workdir(\(file))", git_blob_create_from_workdir(&update.id, pointer, file))
                update.action = GIT_TREE_UPDATE_UPSERT
                update.filemode = GIT_FILEMODE_BLOB
            } else {
                update.action = GIT_TREE_UPDATE_REMOVE
            }
            updates.append(update)
        }
        var treeOID = git_oid()
        let code = withStrArray(files) { array -> Int32 in
            for index in updates.indices { updates[index].path = UnsafePointer(array.pointee.strings[index]) }
            return git_tree_create_updated(&treeOID, pointer, baseline, updates.count, updates)
        }
        try check("git_tree_create_updated(\(files.joined(separator: ", ")))", code)
        return try createCommit(tree: treeOID, message: message, author: author)
    }

    private func createCommit(tree treeOID: git_oid, message: String, author: Signature?) throws(GitError) -> ObjectID {
        var treeOID = treeOID
        var tree: OpaquePointer?
        try check("git_tree_lookup", git_tree_lookup(&tree, pointer, &treeOID))
        defer { git_tree_free(tree) }

        var parent: OpaquePointer?
        if let head = try headCommit() {
            var headOID = head.oid
            try check("git_commit_lookup(HEAD)", git_commit_lookup(&parent, pointer, &headOID))
        }
        defer { if let parent { git_commit_free(parent) } }

        let signature = try identity(author).make()
        defer { git_signature_free(signature) }
        var commitOID = git_oid()
        var parents: [OpaquePointer?] = parent.map { [$0] } ?? []
        let code = parents.withUnsafeMutableBufferPointer { buffer -> Int32 in
            git_commit_create(
                &commitOID, pointer, "HEAD", signature, signature, "UTF-8", message, tree, buffer.count,
                buffer.baseAddress)
        }
        try check("git commit in \(location.path)", code)
        return ObjectID(commitOID)
    }

    /// `given`, else git's identity for this repository.
    private func identity(_ given: Signature?) throws(GitError) -> Signature {
        if let given { return given }
        return try Signature.default(for: self)
    }

    // MARK: Tags

    /// Creates the annotated tag `name` on `commit`. Throws `.tagExists` when a tag of that name exists.
    @discardableResult
    package func createAnnotatedTag(_ name: String, at commit: ObjectID, message: String, tagger: Signature? = nil)
        throws(GitError) -> ObjectID
    {
        let target = try lookupObject(commit, "git tag \(name)")
        defer { git_object_free(target) }
        let signature = try identity(tagger).make()
        defer { git_signature_free(signature) }
        var tagOID = git_oid()
        let code = git_tag_create(&tagOID, pointer, name, target, signature, message, 0)
        if code == GIT_EEXISTS.rawValue {
            git_error_clear()
            throw .tagExists(name: name, target: try tagCommit(name) ?? commit)
        }
        try check("git tag -a \(name) \(commit.short)", code)
        return ObjectID(tagOID)
    }

    /// The commit the tag `name` (annotated or lightweight) points at, or nil when there is no such tag.
    package func tagCommit(_ name: String) throws(GitError) -> ObjectID? {
        var reference: OpaquePointer?
        let code = git_reference_lookup(&reference, pointer, "refs/tags/\(name)")
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue { return nil }
        try check("git_reference_lookup(refs/tags/\(name))", code)
        defer { git_reference_free(reference) }
        var commit: OpaquePointer?
        try check("git_reference_peel(refs/tags/\(name))", git_reference_peel(&commit, reference, GIT_OBJECT_COMMIT))
        defer { git_object_free(commit) }
        return ObjectID(git_object_id(commit)!)
    }

    /// Deletes the tag `name` (nothing happens when there is none).
    package func deleteTag(_ name: String) throws(GitError) {
        let code = git_tag_delete(pointer, name)
        if code == GIT_ENOTFOUND.rawValue {
            git_error_clear()
            return
        }
        try check("git tag -d \(name)", code)
    }

    // MARK: Remotes

    /// The URL of remote `name`, or nil when there is no such remote.
    package func remoteURL(_ name: String = "origin") throws(GitError) -> String? {
        var remote: OpaquePointer?
        let code = git_remote_lookup(&remote, pointer, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue { return nil }
        try check("git_remote_lookup(\(name))", code)
        defer { git_remote_free(remote) }
        return git_remote_url(remote).map { String(cString: $0) }
    }

    /// The names of all remotes.
    package func remoteNames() throws(GitError) -> [String] {
        var array = git_strarray()
        try check("git_remote_list", git_remote_list(&array, pointer))
        defer { git_strarray_dispose(&array) }
        return (0..<array.count).compactMap { array.strings[$0].map { String(cString: $0) } }
    }

    package func addRemote(_ name: String, url: String) throws(GitError) {
        var remote: OpaquePointer?
        try check("git_remote_create(\(name), \(url))", git_remote_create(&remote, pointer, name, url))
        git_remote_free(remote)
    }
}

/// One changed path in `Repository.status()`.
package struct StatusEntry: Hashable, Sendable {
    /// Relative to the working directory.
    package let path: String
    /// Not in the index (a new file nobody added).
    package let isUntracked: Bool

    package init(path: String, isUntracked: Bool) {
        self.path = path
        self.isUntracked = isUntracked
    }
}

/// Who made a commit or a tag.
package struct Signature: Hashable, Sendable {
    package let name: String
    package let email: String

    package init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    /// Who git would record, in git's order: `GIT_AUTHOR_NAME`/`GIT_AUTHOR_EMAIL` when both are set,
    /// else `user.name`/`user.email` from the repository's, the global and the system configuration
    /// (libgit2's `git_signature_default`), else `GIT_COMMITTER_NAME`/`GIT_COMMITTER_EMAIL`. With none of
    /// them, `.noIdentity`: compose never makes up an author.
    package static func `default`(for repository: Repository) throws(GitError) -> Signature {
        let environment = ProcessInfo.processInfo.environment
        func pair(_ prefix: String) -> Signature? {
            guard let name = environment["GIT_\(prefix)_NAME"], let email = environment["GIT_\(prefix)_EMAIL"],
                !name.isEmpty, !email.isEmpty
            else { return nil }
            return Signature(name: name, email: email)
        }
        if let author = pair("AUTHOR") { return author }
        var signature: UnsafeMutablePointer<git_signature>?
        if git_signature_default(&signature, repository.pointer) == 0, let signature {
            defer { git_signature_free(signature) }
            return Signature(
                name: String(cString: signature.pointee.name), email: String(cString: signature.pointee.email))
        }
        git_error_clear()
        if let committer = pair("COMMITTER") { return committer }
        throw .noIdentity(repository: repository.location.path)
    }

    /// The name and e-mail git would record for a commit made in `directory` (which need not be in a
    /// repository yet: `lib create` asks before the component's repository exists), in `default(for:)`'s
    /// order: `GIT_AUTHOR_NAME`/`GIT_AUTHOR_EMAIL` of `environment`, else `user.name`/`user.email` of the
    /// repository around `directory` or of the global and system configuration, else
    /// `GIT_COMMITTER_NAME`/`GIT_COMMITTER_EMAIL`. Each part is nil when no source has it.
    package static func configured(in directory: URL, environment: [String: String]) -> (name: String?, email: String?)
    {
        func value(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        var name = value("GIT_AUTHOR_NAME")
        var email = value("GIT_AUTHOR_EMAIL")
        if name == nil || email == nil {
            Runtime.ensure()
            let read: (String) -> String?
            if let repository = try? Repository.discover(from: directory) {
                read = { repository.configString($0) }
            } else {
                read = { key in
                    var config: OpaquePointer?
                    guard git_config_open_default(&config) == 0 else {
                        git_error_clear()
                        return nil
                    }
                    defer { git_config_free(config) }
                    var buffer = git_buf()
                    defer { git_buf_dispose(&buffer) }
                    guard git_config_get_string_buf(&buffer, config, key) == 0, let text = buffer.ptr else {
                        git_error_clear()
                        return nil
                    }
                    return String(cString: text)
                }
            }
            name = name ?? read("user.name").flatMap { $0.isEmpty ? nil : $0 }
            email = email ?? read("user.email").flatMap { $0.isEmpty ? nil : $0 }
        }
        return (name ?? value("GIT_COMMITTER_NAME"), email ?? value("GIT_COMMITTER_EMAIL"))
    }

    /// Reads git's own form, `Name <email>` (as `git commit --author` takes it); nil when `text` is
    /// not of that form (no `<…>`, an empty name or e-mail, or text after the `>`).
    package init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.hasSuffix(">"), let open = text.lastIndex(of: "<") else { return nil }
        let name = text[..<open].trimmingCharacters(in: .whitespaces)
        let email = text[text.index(after: open)..<text.index(before: text.endIndex)]
            .trimmingCharacters(in: .whitespaces)
        let forbidden = CharacterSet(charactersIn: "<>\n\0")
        guard !name.isEmpty, !email.isEmpty, name.rangeOfCharacter(from: forbidden) == nil,
            email.rangeOfCharacter(from: forbidden.union(.whitespaces)) == nil
        else { return nil }
        self.init(name: name, email: email)
    }

    func make() throws(GitError) -> UnsafeMutablePointer<git_signature> {
        var signature: UnsafeMutablePointer<git_signature>?
        try check("git_signature_now(\(name) <\(email)>)", git_signature_now(&signature, name, email))
        return signature!
    }
}
