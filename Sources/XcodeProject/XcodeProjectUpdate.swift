import Foundation
import Support

#if canImport(Glibc)
    import Glibc
#endif

/// The file-level entry point: reads a `.xcodeproj` (and its workspace), takes CocoaPods out, links a local
/// package into targets (or not), and writes `project.pbxproj`, the workspace's
/// `contents.xcworkspacedata` and any user xcconfig it edited, each atomically (a temporary file beside
/// it, then a rename). Refuses a project, project file, workspace file or xcconfig that is a symbolic
/// link, and writes nothing when a file changed on disk between the read and the write. Nothing is
/// written when nothing changed.
package enum XcodeProjectUpdate {
    /// Deintegrates, then links `link` when given (nil: deintegrate only). `project` is the `.xcodeproj`
    /// folder, `workspace` the `.xcworkspace` folder (nil: none). With `dryRun` nothing is written and
    /// the report lists what would be. `beforeWrite` runs between the read and the write (tests use it to
    /// change a file under the writer's feet).
    package static func run(
        project: URL, workspace: URL? = nil, link: LocalPackageLink?, dryRun: Bool = false,
        beforeWrite: (() -> Void)? = nil
    ) throws(XcodeProjectError) -> XcodeReport {
        var report = XcodeReport()
        let projectFolder = project.deletingLastPathComponent()
        try refuseLink(project.path)
        let pbxproj = project.appendingPathComponent("project.pbxproj")
        let projectFile = try Snapshot.read(pbxproj, limit: PBXProjDocument.maximumSize)
        var document = try PBXProjDocument(data: projectFile.data, path: pbxproj.path)

        let deintegration = Deintegration.apply(to: &document)
        report.removed = deintegration.removed
        report.notes = deintegration.notes
        if let link {
            let changes = try Integration.apply(link, to: &document)
            report.added = changes.filter { !$0.description.hasPrefix("no longer") }
            report.removed += changes.filter { $0.description.hasPrefix("no longer") }
        }

        var writes: [(Snapshot, Data)] = []
        for relative in deintegration.userBaseConfigurations {
            let url = projectFolder.appendingPathComponent(relative)
            // Read through a link to look; only a file that needs a change must be a real file here.
            guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
                report.notes.append(
                    XcodeNote(
                        rule: XcodeRule.xcconfigUnreadable, file: relative,
                        "this base configuration file cannot be read (missing?); it was not checked"))
                continue
            }
            let edited = XcconfigIncludes.removingPodsIncludes(text, path: relative)
            guard edited.text != text else {
                report.notes += edited.notes
                continue
            }
            if relative.hasPrefix("../") {
                // Outside the folder holding the project: named, not written.
                report.notes += edited.notes.map { note in
                    guard note.rule == XcodeRule.xcconfigIncludeRemoved else { return note }
                    let line = note.message.dropFirst("removed `".count).prefix { $0 != "`" }
                    return XcodeNote(
                        rule: XcodeRule.xcconfigOutsideFolder, file: note.file, line: note.line,
                        "remove `\(line)` yourself: the file is outside the project's folder, so compose does not change it"
                    )
                }
                continue
            }
            report.notes += edited.notes
            let file = try Snapshot.read(url, limit: PBXProjDocument.maximumSize)
            guard file.data == data else { throw .changedOnDisk(path: url.path) }
            writes.append((file, Data(edited.text.utf8)))
        }
        if let workspace {
            try refuseLink(workspace.path)
            let contents = workspace.appendingPathComponent("contents.xcworkspacedata")
            if FileManager.default.fileExists(atPath: contents.path) {
                let file = try Snapshot.read(contents, limit: PBXProjDocument.maximumSize)
                if let text = String(data: file.data, encoding: .utf8) {
                    let edited = WorkspaceContents.removingPodsProject(text)
                    for location in edited.removed {
                        report.removed.append(XcodeChange(target: nil, "\(location) from the workspace"))
                    }
                    if edited.text != text { writes.append((file, Data(edited.text.utf8))) }
                }
            }
        }
        let serialized = document.serialized()
        if serialized != projectFile.data { writes.append((projectFile, serialized)) }

        report.writtenFiles = writes.map(\.0.url.path)
        if dryRun || writes.isEmpty { return report }
        beforeWrite?()
        try writeAll(writes)
        return report
    }

    static func refuseLink(_ path: String) throws(XcodeProjectError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw .readFailed(path: path, message: String(cString: strerror(errno)))
        }
        if status.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path: path) }
    }

    /// Writes every file to a temporary file beside it, checks that none changed since it was read, then
    /// renames them into place; on any failure the temporary files are removed and no file is replaced.
    static func writeAll(_ writes: [(Snapshot, Data)]) throws(XcodeProjectError) {
        var temporaries: [String] = []
        defer { for temporary in temporaries { unlink(temporary) } }
        for (file, data) in writes {
            try file.checkUnchanged()
            let temporary = AtomicFile.temporaryPath(for: file.url)
            temporaries.append(temporary)
            do {
                try AtomicFile.writeTemporary(data, at: temporary, for: file.url, permissions: file.permissions)
            } catch {
                throw .writeFailed(path: file.url.path, message: error.message)
            }
        }
        for (file, _) in writes { try file.checkUnchanged() }
        for ((file, _), temporary) in zip(writes, temporaries) {
            guard rename(temporary, file.url.path) == 0 else {
                throw .writeFailed(path: file.url.path, message: String(cString: strerror(errno)))
            }
        }
        temporaries.removeAll()
    }
}

/// A file as it was read: its bytes, size, modification time and permissions, to tell whether it changed.
struct Snapshot {
    let url: URL
    let data: Data
    let size: Int
    let modified: timespec
    let permissions: mode_t

    static func read(_ url: URL, limit: Int) throws(XcodeProjectError) -> Snapshot {
        let path = url.path
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw .readFailed(path: path, message: String(cString: strerror(errno)))
        }
        if status.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path: path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .readFailed(path: path, message: "not a regular file") }
        guard Int(status.st_size) <= limit else { throw .tooLarge(path: path, size: Int(status.st_size), limit: limit) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .readFailed(path: path, message: error.localizedDescription)
        }
        return Snapshot(
            url: url, data: data, size: Int(status.st_size), modified: status.st_mtim,
            permissions: status.st_mode & 0o7777)
    }

    /// Throws `changedOnDisk` when the file is no longer what was read.
    func checkUnchanged() throws(XcodeProjectError) {
        let path = url.path
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw .changedOnDisk(path: path) }
        guard Int(status.st_size) == size, status.st_mtim.tv_sec == modified.tv_sec,
            status.st_mtim.tv_nsec == modified.tv_nsec, (try? Data(contentsOf: url)) == data
        else { throw .changedOnDisk(path: path) }
    }
}
