import Digests
import Foundation
import Specs
import Support

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

    /// The persistent index of this folder (see `SpecIndex`), when resolution keeps one.
    package let index: SpecIndex?
    /// Per `name\0version` answered from the index by `specChecksum`: the checksum and the stamps
    /// it was compared with (taken before the index read the files), for `witnesses(ofSpec:)`.
    private var vouched: [String: (checksum: String, witnesses: [Witness])] = [:]
    /// Witnesses of the folders above pod folders, taken by `witnesses(ofSpec:)`.
    private var folderWitnesses: [String: Witness] = [:]
    /// Per name listed from the index: each version folder's spec file format, in `listed`'s order.
    private var listedFormats: [String: [PodspecFormat]] = [:]
    /// Folders above pod folders found free of symbolic links (relative to the root).
    private var checkedParents: Set<String> = []
    /// Stamps of spec files taken just before they were read, for `recordSpec`.
    private var readStamps: [String: (folder: String, format: PodspecFormat, stamp: SpecIndex.Stamp)] = [:]

    package init(root: URL, index: SpecIndex? = nil) {
        layout = SpecRepoLayout(root: root)
        self.index = index
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
        -> (file: (path: String, data: Data), format: PodspecFormat)
    {
        let safe: SafeName
        do {
            safe = try SafeName(name, as: .pod)
        } catch {
            throw .unreadableSpec(path: name, message: "not a pod name (\(error.reason))")
        }
        let listed =
            (newest[name].flatMap { $0.version.string == version.string ? $0.folder : nil })
            ?? table(for: name).first { $0.version.string == version.string }?.folder
        // A listed folder was reached without a symbolic link; a version not listed is looked up by
        // its name, and then every folder on the way is checked.
        let folder = listed ?? version.string
        let unlisted = listed == nil ? layout.firstSymlink(along: layout.specPath(safe, version: folder)) : nil
        guard unlisted == nil, let (relative, format) = layout.specFile(of: safe, folder: folder) else {
            let path = layout.absolute(layout.specPath(safe, version: folder))
            if let link = unlisted ?? layout.firstSymlink(along: layout.specPath(safe, version: folder)) {
                throw .unreadableSpec(
                    path: path, message: "\(link) is a symbolic link, which compose does not follow in a spec repo")
            }
            throw .unreadableSpec(path: path, message: "no such file (neither Name.podspec.json nor Name.podspec)")
        }
        let path = layout.absolute(relative)
        let stamp = index != nil ? SpecIndex.Stamp.of(path) : nil
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableSpec(path: path, message: "the file cannot be read")
        }
        if let stamp { readStamps[path] = (folder, format, stamp) }
        return ((path, data), format)
    }

    // MARK: The index

    /// `name`'s spec at `version` as resolution reads it (`SpecIndex.resolutionNode`, its `json`
    /// left empty), with the path and the checksum of its file, when the index holds it and the
    /// file is unchanged; nil otherwise (read the file, then `recordSpec`).
    package func indexedSpec(name: String, version: Version) -> (path: String, checksum: String, spec: Spec)? {
        guard let index, let safe = try? SafeName(name, as: .pod) else { return nil }
        let table = table(for: name)
        guard let position = table.firstIndex(where: { $0.version.string == version.string }) else { return nil }
        let folder = table[position].folder
        let path: String
        let entry: (checksum: String, node: JSONNode)
        if index.isDeferring, let formats = listedFormats[name], position < formats.count {
            // With checks deferred, the file is the one the listing recorded (a change to the
            // version folder shows in its stamp), and its own stamp is compared later.
            let podPath = layout.absolute(layout.podPath(safe))
            let fileName = formats[position].fileName(for: name)
            path = joinedPath(podPath, folder, fileName)
            guard
                let found = index.deferredSpec(
                    name: name, folder: folder, format: formats[position], podPath: podPath, fileName: fileName)
            else { return nil }
            entry = found
        } else {
            guard let (relative, format, stamp) = layout.stampedSpecFile(of: safe, folder: folder),
                let found = index.spec(name: name, folder: folder, format: format, stamp: stamp)
            else { return nil }
            path = layout.absolute(relative)
            entry = found
        }
        guard let spec = try? Spec(node: entry.node, label: path, keepingJSON: false), spec.name == name,
            spec.version.string == version.string
        else { return nil }
        return (path, entry.checksum, spec)
    }

    /// The path and SHA-1 of `name`'s spec file at `version`: from the index when it holds them and
    /// nothing changed (no read), else by reading the file (and recording it in the index).
    package func specChecksum(name: String, version: Version) throws(SpecRepoError) -> (path: String, checksum: String)
    {
        if let index, let safe = try? SafeName(name, as: .pod) {
            let podPath = layout.podPath(safe)
            // The folders above the pod's are checked here; the pod's own by its stamp (an `lstat`
            // of a symlink never matches the folder recorded).
            let above = podPath.split(separator: "/").dropLast().joined(separator: "/")
            if above.isEmpty || layout.firstSymlink(along: above) == nil,
                let known = index.checksum(of: name, version: version, podPath: layout.absolute(podPath), safe: safe)
            {
                vouched[name + "\u{0}" + version.string] = (known.checksum, known.witnesses)
                return (known.path, known.checksum)
            }
        }
        let (file, format) = try located(name: name, version: version)
        let checksum = SHA1.hex(of: file.data)
        // Kept for the next time (a resolve with nothing to do then reads no file), when it decodes.
        if index != nil, let spec = try? SpecRepoLayout.decode(file.data, format: format, path: file.path),
            spec.name == name, spec.version.string == version.string
        {
            recordSpec(name: name, path: file.path, checksum: checksum, spec: spec)
        }
        return (file.path, checksum)
    }

    /// Keeps a spec read by `specFile(name:version:)` from `path` in the index (it decoded without
    /// error, and its checksum is `checksum`).
    package func recordSpec(name: String, path: String, checksum: String, spec: Spec) {
        guard let index, let read = readStamps.removeValue(forKey: path) else { return }
        index.record(
            name: name, folder: read.folder, format: read.format, stamp: read.stamp, checksum: checksum, spec: spec)
    }

    // MARK: Witnesses (see `Witness`)

    /// Witnesses of where this object looks for specs, taken now: the folder itself, its `Specs`
    /// and `CocoaPods-version.yml`. Nil when one cannot be taken or the layout is no longer the one
    /// read when this object was made.
    package func layoutWitnesses() -> [Witness]? {
        let now = SpecIndex.now()
        var result = [Witness(path: layout.rootPath, state: .folder)]
        for name in ["Specs", SpecRepoLayout.versionFile] {
            guard let witness = Witness.take(layout.absolute(name), now: now) else { return nil }
            result.append(witness)
        }
        guard SpecRepoLayout(root: root) == layout else { return nil }
        return result
    }

    /// Witnesses that `name`'s spec at `version` is the file whose SHA-1 is `checksum`, taken now
    /// and then checked against the files themselves (not the index): every folder from the root
    /// down to the pod's (whose stamp changes when a version folder is added, removed or renamed),
    /// the version folders spelling `version` (whose stamp changes when a spec file is added or
    /// removed) and the spec file. Nil when one cannot be taken or the files give another answer.
    package func witnesses(ofSpec name: String, version: Version, checksum: String) -> [Witness]? {
        let now = SpecIndex.now()
        guard let safe = try? SafeName(name, as: .pod) else { return nil }
        var result: [Witness] = []
        func take(_ path: String, isFolder: Bool) -> Bool {
            guard let witness = Witness.take(path, now: now), let stamp = witness.stamp,
                isFolder ? stamp.isDirectory : stamp.isFile
            else { return false }
            result.append(witness)
            return true
        }
        let podPath = layout.podPath(safe)
        var path = layout.rootPath
        let parts = podPath.split(separator: "/")
        for part in parts.dropLast() {
            path += "/" + part
            // `Specs` and the shard folders are shared by many pods: taken once per object.
            if let known = folderWitnesses[path] {
                result.append(known)
                continue
            }
            guard take(path, isFolder: true) else { return nil }
            folderWitnesses[path] = result.last
        }
        // What `specChecksum` compared with the index's stamps: nothing more to take or read.
        if let known = vouched[name + "\u{0}" + version.string] {
            return known.checksum == checksum ? result + known.witnesses : nil
        }
        guard take(joinedPath(path, String(parts[parts.count - 1])), isFolder: true) else { return nil }
        // Each witness is taken before what it vouches for is read: a change in between shows in it.
        // The spelling folders up to the one read: the file that folder holds and whether the ones
        // before it hold one follow from their stamps, unless the one read holds the format that
        // wins (`Name.podspec.json`): then its own spec file's witness is enough.
        // The folder's listing and each version folder's spec file come from the index when it
        // took them with the same stamps (no listing, no file checks), else from the files.
        guard let podStamp = result.last?.stamp else { return nil }
        let listing = index?.listing(of: name, stamp: podStamp)
        let spellings: [(folder: String, indexed: SpecIndex.VersionFolder?)]
        if let listing {
            spellings = listing.folders.filter { $0.spells(version) }.map { ($0.folder, $0) }
        } else {
            guard let candidates = layout.versionFolderCandidates(of: safe) else { return nil }
            spellings = candidates.filter { $0.version.string == version.string }.map { ($0.folder, nil) }
        }
        var chosen: (folder: String, path: String)?
        for spelling in spellings {
            let folder = layout.absolute(joinedPath(podPath, spelling.folder))
            guard let witness = Witness.take(folder, now: now), let stamp = witness.stamp, stamp.isDirectory else {
                return nil
            }
            let file: (path: String, format: PodspecFormat)? =
                if let indexed = spelling.indexed, indexed.stamp == stamp {
                    indexed.format.map { (joinedPath(podPath, spelling.folder, $0.fileName(for: name)), $0) }
                } else {
                    layout.specFile(of: safe, folder: spelling.folder)
                }
            if file?.format != PodspecFormat.readable.first { result.append(witness) }
            if let file {
                chosen = (spelling.folder, layout.absolute(file.path))
                break
            }
        }
        // The file's bytes are those the index hashed when it was read with the same stamp; else read.
        guard let chosen, take(chosen.path, isFolder: false), let stamp = result.last?.stamp else { return nil }
        if let known = index?.checksum(of: name, folder: chosen.folder, stamp: stamp) {
            return known == checksum ? result : nil
        }
        guard let data = FileManager.default.contents(atPath: chosen.path), SHA1.hex(of: data) == checksum else {
            return nil
        }
        return result
    }

    /// Witnesses that this repository has no folder for pod `name`, taken now; nil when it has one
    /// (or a witness cannot be taken).
    package func witnesses(ofAbsence name: String) -> [Witness]? {
        guard let safe = try? SafeName(name, as: .pod),
            let witness = Witness.take(layout.absolute(layout.podPath(safe))),
            witness.state == .absent
        else { return nil }
        return [witness]
    }

    /// Lets the index check version folders on another thread while a solve goes on (see
    /// `SpecIndex.deferFolderChecks`); `confirmListings()` must follow before the answer is used.
    package func deferListingChecks() {
        index?.deferFolderChecks()
    }

    /// Waits for the deferred checks: false when a listing used did not hold. Its index entry is
    /// then dropped and this object forgets every listing, so a new solve lists the folders again.
    package func confirmListings() -> Bool {
        guard let index, index.confirmDeferredChecks() > 0 else { return true }
        listed = [:]
        listedFormats = [:]
        return false
    }

    private func table(for name: String) -> [(version: Version, folder: String)] {
        if let cached = listed[name] { return cached }
        let table = index.map { indexedTable(for: name, index: $0) } ?? layout.versionFolders(of: name)
        listed[name] = table
        return table
    }

    /// The listing of `name` from the index when its folders are unchanged, else listed anew (and
    /// recorded), with the same answer as `SpecRepoLayout.versionFolders(of:)`.
    private func indexedTable(for name: String, index: SpecIndex) -> [(version: Version, folder: String)] {
        guard let safe = try? SafeName(name, as: .pod) else { return [] }
        let podPath = layout.podPath(safe)
        // The folders above the pod's (`Specs`, shards) are checked once per object; the pod's own
        // is opened without following a symbolic link (and `lstat`ed when listed anew).
        let parent = podPath.split(separator: "/").dropLast().joined(separator: "/")
        if !parent.isEmpty && !checkedParents.contains(parent) {
            guard layout.firstSymlink(along: parent) == nil else { return [] }
            checkedParents.insert(parent)
        }
        let absolute = layout.absolute(podPath)
        let listing: SpecIndex.PodListing
        if let known = index.listing(of: name, podPath: absolute) {
            listing = known
        } else {
            // Stamps first, then the listing: a change in between makes the stamps stale, never the entry.
            guard let stamp = SpecIndex.Stamp.of(absolute), stamp.isDirectory,
                let candidates = layout.versionFolderCandidates(of: safe)
            else { return [] }
            let folders = candidates.compactMap { candidate -> SpecIndex.VersionFolder? in
                guard let folderStamp = SpecIndex.Stamp.of(joinedPath(absolute, candidate.folder)) else { return nil }
                return SpecIndex.VersionFolder(
                    folder: candidate.folder, stamp: folderStamp,
                    format: layout.specFile(of: safe, folder: candidate.folder)?.format)
            }
            listing = SpecIndex.PodListing(stamp: stamp, folders: folders)
            index.record(listing, of: name)
        }
        var table: [(version: Version, folder: String)] = []
        var formats: [PodspecFormat] = []
        for folder in listing.folders {
            guard let format = folder.format, let version = try? Version(folder.folder) else { continue }
            table.append((version, folder.folder))
            formats.append(format)
        }
        listedFormats[name] = formats
        return table
    }
}
