import Foundation

/// Why a managed folder was not changed (`unsafe`: nothing was written), or not wholly (`fileSystem`:
/// every file written so far is whole).
package enum ManagedFolderFailure: Error, Sendable, Equatable {
    /// A symbolic link, or something else than the folder or regular file a run writes, at `path`.
    case unsafe(path: String, what: String)
    case fileSystem(path: String, message: String)
}

/// What a run did to a managed folder: the files it wrote (new or changed) and removed, relative to
/// the folder, and how many of the files it owns were already as wanted.
package struct FolderReport: Sendable, Equatable {
    package var written: [String] = []
    package var removed: [String] = []
    package var unchanged = 0

    package init(written: [String] = [], removed: [String] = [], unchanged: Int = 0) {
        self.written = written
        self.removed = removed
        self.unchanged = unchanged
    }
}

/// What reports a run on a managed folder (`files`), with its lists by their own names.
package protocol FolderReporting {
    var files: FolderReport { get set }
}

extension FolderReporting {
    /// The files written (new or changed).
    package var written: [String] {
        get { files.written }
        set { files.written = newValue }
    }

    /// The files removed.
    package var removed: [String] {
        get { files.removed }
        set { files.removed = newValue }
    }
}

/// A folder that a command owns part of (an export's output, which a web server serves and other
/// files may share): the one way compose keeps such a folder.
///
/// - Its manifest (`manifestName`, a hidden file in it) lists the files the last run wrote; only
///   those are ever removed, and a run that does not finish leaves it `pending`, naming every file
///   the run may have written, so the next run removes what is stale and sweeps the temporary files
///   left behind (`begin`).
/// - No link is followed: one at the folder, or on the way to a file a run writes, compares or
///   removes, is refused (`check`) before anything is written; links above the folder are the user's.
/// - Only the files whose bytes differ are written (`changes`), each atomically (`AtomicFile`).
package struct ManagedFolder {
    package let root: String
    package let manifestName: String
    /// Who writes the folder, for messages: `the export`, `the site`.
    let writer: String
    /// Folders already checked on the way to a file.
    private var checked: Set<String> = []

    /// The folder at `root` (an absolute path; created by `begin` when missing): refused when it is a
    /// symbolic link or not a folder, or when a part of the path above it is not a folder, or when its
    /// manifest is not a regular file.
    package init(root: String, manifestName: String, writer: String) throws(ManagedFolderFailure) {
        self.root = root
        self.manifestName = manifestName
        self.writer = writer
        var path = ""
        for part in root.split(separator: "/") {
            path += "/" + part
            switch FileKind.of(path) {
            case .directory, .missing: continue
            case .symlink where path != root: continue
            case .symlink: throw .unsafe(path: path, what: "a symbolic link")
            default: throw .unsafe(path: path, what: "not a folder")
            }
        }
        try check(manifestName)
    }

    /// The absolute path of `relative`.
    package func path(_ relative: String) -> String { joinedPath(root, relative) }

    /// The manifest's bytes; nil when there is none (or it is not a regular file).
    package func readManifest() -> [UInt8]? { FileKind.readRegularFile(path(manifestName)) }

    /// Refuses a link, or anything but a folder, on the way to `relative`, and anything but a regular
    /// file at it; a missing part ends the check (what is below it will be made by the run).
    package mutating func check(_ relative: String) throws(ManagedFolderFailure) {
        var path = root
        let parts = relative.split(separator: "/")
        for (index, part) in parts.enumerated() {
            path += "/" + part
            let last = index == parts.count - 1
            if !last, checked.contains(path) { continue }
            switch FileKind.of(path) {
            case .missing: return
            case .symlink: throw .unsafe(path: path, what: "a symbolic link")
            case .directory where !last: checked.insert(path)
            case .file where last: return
            case .directory: throw .unsafe(path: path, what: "a folder where \(writer) writes a file")
            case .file, .other: throw .unsafe(path: path, what: last ? "not a regular file" : "not a folder")
            }
        }
    }

    /// Whether the regular file at `relative` holds `data`.
    package func holds(_ data: Data, at relative: String) -> Bool {
        FileKind.readRegularFile(path(relative)).map { $0.elementsEqual(data) } ?? false
    }

    /// The files of `contents` whose bytes the folder does not hold, by path, and how many it holds.
    package func changes(in contents: [String: Data]) -> (changed: [(path: String, data: Data)], unchanged: Int) {
        var changed: [(path: String, data: Data)] = []
        for (relative, data) in contents.sorted(by: { $0.key < $1.key }) where !holds(data, at: relative) {
            changed.append((relative, data))
        }
        return (changed, contents.count - changed.count)
    }

    /// Starts changing the folder: makes it when missing; when the last run did not finish, removes
    /// the temporary files it may have left in the folders of `sweeping` (the files it and this run
    /// write); then, given `pending`, replaces the manifest with it: a manifest naming every file
    /// this run may write and every file the last one wrote, so that a run killed from here on
    /// leaves nothing the next one does not know of.
    package func begin(pending: Data?, sweeping: Set<String>?) throws(ManagedFolderFailure) {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: root, message: error.localizedDescription)
        }
        if let sweeping { sweep(besides: sweeping) }
        if let pending { try write(pending, to: manifestName) }
    }

    /// Replaces the file at `relative` with `data` (its folders made when missing), atomically.
    /// A file replaced within the second it was last written gets a modification time one second
    /// later than the old one: web servers (nginx, Apache) make a file's ETag and Last-Modified of
    /// its size and modification time in whole seconds, so a same-size change in that second would
    /// be answered "304 Not Modified" to a client holding the old bytes.
    package func write(_ data: Data, to relative: String) throws(ManagedFolderFailure) {
        let target = path(relative)
        let previous = Self.modificationSecond(of: target)
        do {
            try AtomicFile.write(data, to: URL(fileURLWithPath: target), createFolder: true)
        } catch {
            throw .fileSystem(path: error.path, message: error.message)
        }
        if let previous, let now = Self.modificationSecond(of: target), now <= previous {
            // Access and modification time both (Glibc's UTIME_OMIT is a macro Swift does not see).
            let later = timespec(tv_sec: previous + 1, tv_nsec: 0)
            var times = [later, later]
            _ = utimensat(AT_FDCWD, target, &times, AT_SYMLINK_NOFOLLOW)
        }
    }

    /// The whole second of the last change of the regular file at `path`, if there is one.
    static func modificationSecond(of path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return status.st_mtim.tv_sec
    }

    /// Removes the regular file at `relative` (nothing else, never through a link) and the folders
    /// its removal left empty, up to the root (not included); whether it was removed.
    @discardableResult
    package func remove(_ relative: String) -> Bool {
        guard FileKind.of(path(relative)) == .file, unlink(path(relative)) == 0 else { return false }
        var folder = Self.folder(of: relative)
        while !folder.isEmpty, rmdir(path(folder)) == 0 {
            folder = Self.folder(of: folder)
        }
        return true
    }

    /// The folder of `relative` (`a/b` of `a/b/c`), "" for a name at the top.
    static func folder(of relative: String) -> String { parentPath(relative) }

    /// Ends a run: `manifest` (complete) replaces the manifest, unless it holds those bytes already.
    package func finish(manifest: Data) throws(ManagedFolderFailure) {
        if !holds(manifest, at: manifestName) { try write(manifest, to: manifestName) }
    }

    /// Removes, in the folders of `relatives`, the temporary files an interrupted run left: those of
    /// `AtomicFile` whose writer is gone, and those of earlier versions of compose's exports
    /// (`.NAME.compose-export.tmp`, and Foundation's `.dat.nosync…`). Only regular files.
    private func sweep(besides relatives: Set<String>) {
        let folders = Set(relatives.map(Self.folder(of:)))
        for relative in folders {
            let folder = relative.isEmpty ? root : path(relative)
            guard FileKind.of(folder) == .directory else { continue }
            AtomicFile.sweep(in: URL(fileURLWithPath: folder))
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names
            where name.hasPrefix(".dat.nosync") || (name.hasPrefix(".") && name.hasSuffix(".compose-export.tmp")) {
                if FileKind.of(joinedPath(folder, name)) == .file { unlink(joinedPath(folder, name)) }
            }
        }
    }
}

/// A managed folder's manifest as text: a header (`NAME 1 complete`, or `pending` while a run
/// changes the folder), the writer's own records (`tree ID PODS SPECS`), then the paths of the
/// files the folder's writer owns, one a line, each ended by a newline. A line that is not a path the
/// writer could have written (`couldBeWritten`, which refuses `..` and the like) is never a path.
package struct FolderManifest: Equatable {
    package var paths: Set<String> = []
    package var isComplete = false
    /// The lines after the header that are not paths.
    package var records: [String] = []

    /// The manifest of `bytes`; empty and not complete when they are not one of `name` (none, or one
    /// of another format): then the writer owns nothing and writes the whole folder again.
    package init(_ bytes: [UInt8]?, name: String, couldBeWritten: (String) -> Bool) {
        let lines = String(decoding: bytes ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
        guard let header = lines.first,
            header == Self.header(name, complete: true) || header == Self.header(name, complete: false)
        else { return }
        isComplete = header == Self.header(name, complete: true)
        for line in lines.dropFirst() {
            if couldBeWritten(line) { paths.insert(line) } else { records.append(line) }
        }
    }

    /// `NAME 1 complete` or `NAME 1 pending`.
    package static func header(_ name: String, complete: Bool) -> String {
        "\(name) 1 \(complete ? "complete" : "pending")"
    }

    /// The text of a manifest of `paths` with `records` after the header.
    package static func text(_ name: String, paths: Set<String>, complete: Bool, records: [String] = []) -> Data {
        Data(([header(name, complete: complete)] + records + paths.sorted()).map { $0 + "\n" }.joined().utf8)
    }
}
