internal import CGit2
import Foundation
import Support

/// Writes HEAD's tree into an empty working directory on several threads, then records every file,
/// with its `lstat` data, in the index: the state a `git clone` leaves (`git status` clean and
/// fast), reached in a fraction of libgit2's single-threaded checkout on a tree of 100,000 files,
/// where creating the files is nearly all the cost.
///
/// The tree is untrusted (anyone who can push to a spec repo shapes it), so it is checked before a
/// byte is written: every name is refused that could leave the folder or reach git's own
/// (`..`, `.`, empty, a `/` or `\`, `.git` in any case), as are two entries of one name. Files are
/// created with `O_EXCL | O_NOFOLLOW` and folders are checked to be real folders, and symbolic links
/// are made last, so nothing is ever written through one.
enum WorkingTreeWriter {
    struct Entry: Sendable {
        let path: String
        let id: git_oid
        let mode: UInt32
    }

    static let executableMode: UInt32 = 0o100755
    static let fileMode: UInt32 = 0o100644
    static let linkMode: UInt32 = 0o120000
    static let gitlinkMode: UInt32 = 0o160000
    static let treeMode: UInt32 = 0o040000

    /// Every entry of `tree` below `prefix`, files before the folders' contents as in the tree;
    /// throws `.unsafePath` on a name that must not be written.
    static func entries(of tree: OpaquePointer, repository: OpaquePointer, prefix: String = "") throws(GitError)
        -> [Entry]
    {
        var entries: [Entry] = []
        try collect(tree, repository: repository, prefix: prefix, into: &entries)
        return entries
    }

    private static func collect(
        _ tree: OpaquePointer, repository: OpaquePointer, prefix: String, into entries: inout [Entry]
    )
        throws(GitError)
    {
        var seen = Set<String>()
        for index in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            let name = String(cString: git_tree_entry_name(entry))
            let path = prefix + name
            if let reason = unsafeReason(name) { throw .unsafePath(path: path, reason: reason) }
            guard seen.insert(name).inserted else {
                throw .unsafePath(path: path, reason: "the tree names it twice")
            }
            let mode = git_tree_entry_filemode(entry).rawValue
            let id = git_tree_entry_id(entry)!.pointee
            switch mode {
            case treeMode:
                var oid = id
                var subtree: OpaquePointer?
                try check("git_tree_lookup(\(path))", git_tree_lookup(&subtree, repository, &oid))
                defer { git_tree_free(subtree) }
                try collect(subtree!, repository: repository, prefix: path + "/", into: &entries)
            case fileMode, executableMode, linkMode, gitlinkMode, 0o100664:
                entries.append(Entry(path: path, id: id, mode: mode == 0o100664 ? fileMode : mode))
            default:
                throw .unsafePath(path: path, reason: "unknown file mode \(String(mode, radix: 8))")
            }
        }
    }

    /// Why `name` (one path component) must not be written, or nil.
    static func unsafeReason(_ name: String) -> String? {
        if name.isEmpty { return "an empty name" }
        if name == "." || name == ".." { return "a name that leaves its folder" }
        if name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) {
            return "a name with a path separator"
        }
        if name.utf8.count == 4, name.lowercased() == ".git" { return "git's own folder" }
        return nil
    }

    /// Writes `entries` below `workdir` (empty) from the repository at `gitDirectory`, on `jobs`
    /// threads each with its own libgit2 handle, then the symbolic links and submodule folders.
    /// `progress` is called on the calling thread with the files written so far, at most every
    /// tenth of a second, and once at the end.
    static func write(
        _ entries: [Entry], to workdir: String, gitDirectory: String, jobs: Int, progress: ((Int) -> Void)?
    ) throws(GitError) {
        let files = entries.filter { $0.mode == fileMode || $0.mode == executableMode }
        let failures = Failures()
        let workers = max(1, min(jobs, files.count / 256 + 1))
        let group = DispatchGroup()
        for worker in 0..<workers {
            let range = (files.count * worker / workers)..<(files.count * (worker + 1) / workers)
            // Dedicated threads, not a shared pool: the caller may itself run on one and wait here.
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do throws(GitError) {
                    var pointer: OpaquePointer?
                    try check("git_repository_open(\(gitDirectory))", git_repository_open(&pointer, gitDirectory))
                    defer { git_repository_free(pointer) }
                    var folders = Set<String>()
                    for (offset, entry) in files[range].enumerated() {
                        if offset % 64 == 63 {
                            failures.count(64)
                            if failures.any { return }
                        }
                        try writeFile(entry, workdir: workdir, repository: pointer!, folders: &folders)
                    }
                } catch {
                    failures.add(error)
                }
            }
        }
        while group.wait(timeout: .now() + 0.1) == .timedOut { progress?(failures.written) }
        if let first = failures.first { throw first }
        let others = entries.filter { $0.mode == linkMode || $0.mode == gitlinkMode }
        guard !others.isEmpty else { return }
        var pointer: OpaquePointer?
        try check("git_repository_open(\(gitDirectory))", git_repository_open(&pointer, gitDirectory))
        defer { git_repository_free(pointer) }
        var folders = Set<String>()
        for entry in others {
            let path = joinedPath(workdir, entry.path)
            try makeParents(of: entry.path, workdir: workdir, folders: &folders)
            if entry.mode == gitlinkMode {
                guard mkdir(path, 0o777) == 0 else { throw systemError("mkdir", path) }
                continue
            }
            let target = try withBlob(entry, repository: pointer!) { String(decoding: $0, as: UTF8.self) }
            guard symlink(target, path) == 0 else {
                throw systemError("symlink", path)
            }
        }
    }

    private static func writeFile(
        _ entry: Entry, workdir: String, repository: OpaquePointer, folders: inout Set<String>
    )
        throws(GitError)
    {
        let path = joinedPath(workdir, entry.path)
        let mode: mode_t = entry.mode == executableMode ? 0o777 : 0o666
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        var descriptor = open(path, flags, mode)
        if descriptor < 0 && errno == ENOENT {
            try makeParents(of: entry.path, workdir: workdir, folders: &folders)
            descriptor = open(path, flags, mode)
        }
        guard descriptor >= 0 else { throw systemError("open", path) }
        defer { close(descriptor) }
        try withBlob(entry, repository: repository) { (content) throws(GitError) in
            var pending = content
            while !pending.isEmpty {
                let written = Foundation.write(descriptor, pending.baseAddress, pending.count)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw systemError("write", path) }
                pending = UnsafeRawBufferPointer(rebasing: pending[written...])
            }
        }
    }

    /// Creates the folders above `relative` that this thread has not made or seen yet; one that
    /// exists must be a real folder (never a symbolic link).
    private static func makeParents(of relative: String, workdir: String, folders: inout Set<String>)
        throws(GitError)
    {
        var end = relative.startIndex
        while let slash = relative[end...].firstIndex(of: "/") {
            let folder = String(relative[..<slash])
            end = relative.index(after: slash)
            guard !folders.contains(folder) else { continue }
            let path = joinedPath(workdir, folder)
            if mkdir(path, 0o777) != 0 {
                var status = stat()
                guard errno == EEXIST, lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                    throw systemError("mkdir", path)
                }
            }
            folders.insert(folder)
        }
    }

    /// Calls `body` with the bytes of `entry`'s blob (valid only during the call).
    private static func withBlob<R>(
        _ entry: Entry, repository: OpaquePointer, _ body: (UnsafeRawBufferPointer) throws(GitError) -> R
    ) throws(GitError) -> R {
        var oid = entry.id
        var blob: OpaquePointer?
        try check("git_blob_lookup(\(entry.path))", git_blob_lookup(&blob, repository, &oid))
        defer { git_blob_free(blob) }
        return try body(UnsafeRawBufferPointer(start: git_blob_rawcontent(blob), count: Int(git_blob_rawsize(blob))))
    }

    /// Replaces the index of `repository` by `entries` as written below `workdir`, with each file's
    /// `lstat` data, so that git sees the working tree clean without reading a file.
    static func recordIndex(_ entries: [Entry], workdir: String, repository: OpaquePointer) throws(GitError) {
        var index: OpaquePointer?
        try check("git_repository_index", git_repository_index(&index, repository))
        defer { git_index_free(index) }
        try check("git_index_clear", git_index_clear(index))
        let sorted = entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        for entry in sorted {
            let path = joinedPath(workdir, entry.path)
            var status = stat()
            guard lstat(path, &status) == 0 else { throw systemError("lstat", path) }
            var record = git_index_entry()
            record.mode = entry.mode
            record.id = entry.id
            record.ctime = git_index_time(
                seconds: Int32(truncatingIfNeeded: status.st_ctim.tv_sec), nanoseconds: UInt32(status.st_ctim.tv_nsec))
            record.mtime = git_index_time(
                seconds: Int32(truncatingIfNeeded: status.st_mtim.tv_sec), nanoseconds: UInt32(status.st_mtim.tv_nsec))
            record.dev = UInt32(truncatingIfNeeded: status.st_dev)
            record.ino = UInt32(truncatingIfNeeded: status.st_ino)
            record.uid = status.st_uid
            record.gid = status.st_gid
            record.file_size = entry.mode == gitlinkMode ? 0 : UInt32(truncatingIfNeeded: status.st_size)
            let code = entry.path.withCString { name -> Int32 in
                record.path = name
                return git_index_add(index, &record)
            }
            try check("git_index_add(\(entry.path))", code)
        }
        try check("git_index_write", git_index_write(index))
    }

    /// Whether `path` is a real folder with no symbolic link (or anything but files and folders)
    /// in it, looking `depth` levels down.
    static func isPlainFolder(_ path: String, depth: Int) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, let folder = opendir(path) else {
            return false
        }
        defer { closedir(folder) }
        while let pointer = readdir(folder) {
            let name = withUnsafeBytes(of: pointer.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = joinedPath(path, name)
            guard lstat(child, &status) == 0 else { return false }
            switch status.st_mode & S_IFMT {
            case S_IFREG: continue
            case S_IFDIR: if depth == 0 || !isPlainFolder(child, depth: depth - 1) { return false }
            default: return false
            }
        }
        return true
    }

    static func systemError(_ call: String, _ path: String) -> GitError {
        .failed(operation: "\(call)(\(path))", code: -1, message: String(cString: strerror(errno)))
    }

    /// The first error of any worker (later workers stop early once one is recorded), and the count
    /// of files written.
    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [GitError] = []
        private var files = 0

        /// Files written so far (counted in batches).
        var written: Int { lock.withLock { files } }
        func count(_ batch: Int) { lock.withLock { files += batch } }

        var any: Bool { lock.withLock { !errors.isEmpty } }
        var first: GitError? { lock.withLock { errors.first } }
        func add(_ error: GitError) { lock.withLock { errors.append(error) } }
    }
}

extension Repository {
    /// Writes HEAD's tree into the (empty) working directory of a clone made without a checkout, on
    /// `jobs` threads, and records it in the index (see `WorkingTreeWriter`). Nothing to do on an
    /// unborn branch. Throws `.unsafePath` before writing anything when the tree holds a name that
    /// must not be written.
    /// `progress` hears the files written (`TransferProgress.isWritingFiles`).
    package func writeWorkingTree(
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: ((TransferProgress) -> Void)? = nil
    ) throws(GitError) {
        guard let workdir = workingDirectory?.path, let head = try headCommit() else { return }
        let tree = try tree(of: head)
        defer { git_tree_free(tree) }
        let root = workdir.hasSuffix("/") ? String(workdir.dropLast()) : workdir
        let entries = try WorkingTreeWriter.entries(of: tree, repository: pointer)
        let report = progress.map { progress in
            { (written: Int) in
                progress(
                    TransferProgress(
                        totalObjects: 0, receivedObjects: 0, indexedObjects: 0, receivedBytes: 0, totalDeltas: 0,
                        indexedDeltas: 0, writtenFiles: min(written, entries.count), totalFiles: entries.count))
            }
        }
        try WorkingTreeWriter.write(
            entries, to: root, gitDirectory: gitDirectory.path, jobs: max(1, min(jobs, 8)), progress: report)
        try WorkingTreeWriter.recordIndex(entries, workdir: root, repository: pointer)
        report?(entries.count)
    }
}
