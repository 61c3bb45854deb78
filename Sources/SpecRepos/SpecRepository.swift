import Foundation
import Specs

/// A spec repository's tree on disk, read-only and lazily through its `SpecRepoLayout`
/// (`Name/version/Name.podspec.json` at the root, under `Specs/`, or sharded): every name is
/// listed only when every name is asked for, a name's folder only when that name is, a spec file
/// only when its version is. Listings are cached for the object's life; a repository of 100k specs
/// costs one directory listing per name looked up. Symbolic links are never followed.
///
/// Not `Sendable`: one task reads through it (the caches are unsynchronised). Make one per task.
package final class SpecRepository {
    /// The folder as given.
    package var root: URL { layout.root }
    /// Where the specs are and how they are named.
    package let layout: SpecRepoLayout
    /// The folder holding the pod folders (or the first shard level): `root/Specs` when present, else `root`.
    package var specsFolder: URL { layout.specsFolder }
    private var names: [String]?
    /// Per name: version and the folder it is spelled as, newest first.
    private var listed: [String: [(version: Version, folder: String)]] = [:]
    /// Per name: the newest version alone, when only that was asked for.
    private var newest: [String: (version: Version, folder: String)] = [:]

    package init(root: URL) {
        layout = SpecRepoLayout(root: root)
    }

    /// Every pod folder's name (hidden entries, files and symlinks skipped), sorted.
    package func podNames() -> [String] {
        if let names { return names }
        let result = layout.podNames()
        names = result
        return result
    }

    /// The versions of `name`, newest first: the folders whose name is a version and that hold
    /// `name.podspec.json`. Empty when the repository has no such pod (or `name` could leave the folder).
    package func versions(of name: String) -> [Version] {
        table(for: name).map(\.version)
    }

    /// The newest version of `name` (see `SpecRepoLayout.newestVersionFolder`), or nil.
    package func newestVersion(of name: String) -> Version? {
        if let cached = listed[name] { return cached.first?.version }
        if let cached = newest[name] { return cached.version }
        guard let found = layout.newestVersionFolder(of: name) else { return nil }
        newest[name] = found
        return found.version
    }

    /// The path and bytes of `name`'s spec at `version`.
    package func specFile(name: String, version: Version) throws(SpecRepoError) -> (path: String, data: Data) {
        try located(name: name, version: version).file
    }

    /// `name`'s spec at `version`, decoded.
    package func spec(name: String, version: Version) throws(SpecRepoError) -> Spec {
        try fileAndSpec(name: name, version: version).spec
    }

    /// `name`'s spec at `version`: the file's path and bytes, and the spec decoded from them (one read).
    package func fileAndSpec(name: String, version: Version) throws(SpecRepoError)
        -> (path: String, data: Data, spec: Spec)
    {
        let (file, format) = try located(name: name, version: version)
        return (file.path, file.data, try SpecRepoLayout.decode(file.data, format: format, path: file.path))
    }

    private func located(name: String, version: Version) throws(SpecRepoError)
        -> (file: (path: String, data: Data), format: SpecFileFormat)
    {
        let safe: SafeName
        do {
            safe = try SafeName(name, as: .pod)
        } catch {
            throw .unreadableSpec(path: name, message: "not a pod name (\(error.reason))")
        }
        let folder =
            (newest[name].flatMap { $0.version.string == version.string ? $0.folder : nil })
            ?? table(for: name).first { $0.version.string == version.string }?.folder ?? version.string
        guard let (relative, format) = layout.specFile(of: safe, folder: folder) else {
            let path = layout.absolute(layout.specPath(safe, version: folder))
            if let link = layout.firstSymlink(along: layout.specPath(safe, version: folder)) {
                throw .unreadableSpec(
                    path: path, message: "\(link) is a symbolic link, which compose does not follow in a spec repo")
            }
            throw .unreadableSpec(path: path, message: "no such file (only JSON podspecs are read)")
        }
        let path = layout.absolute(relative)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableSpec(path: path, message: "the file cannot be read")
        }
        return ((path, data), format)
    }

    private func table(for name: String) -> [(version: Version, folder: String)] {
        if let cached = listed[name] { return cached }
        let table = layout.versionFolders(of: name)
        listed[name] = table
        return table
    }
}
