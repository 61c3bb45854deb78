import Foundation
import SpecRepos
import Specs
import Support

/// Writes a spec repo (any layout `SpecRepoLayout` reads) as the static tree of CocoaPods' CDN
/// protocol, which any web server, object store or CDN can serve and `CDNSpecRepository` reads:
///
/// ```
/// CocoaPods-version.yml              prefix_lengths [1, 1, 1]
/// all_pods.txt                       every pod's name, one a line
/// all_pods_versions_a_b_c.txt        `Name/1.0.0/1.1.0` lines of the pods whose MD5 starts with a, b, c
/// Specs/a/b/c/Name/1.1.0/Name.podspec.json   the spec file's bytes as the repo holds them
/// deprecated_podspecs.txt            the spec paths of deprecated specs
/// ```
///
/// Incremental, through Support's `ManagedFolder`: a file whose bytes are already there is not
/// written, a file is replaced atomically (`AtomicFile`), and files of specs the repo no longer has are
/// removed when the manifest of the last export (`.compose-export-manifest`) lists them: nothing
/// the export did not write is removed. A second export with nothing new writes nothing; given the
/// git tree id of the repo (`tree`, when its working tree is clean), one of an unchanged repo reads
/// nothing either: the manifest keeps the tree id of the export that wrote it. A symbolic
/// link in the repo's specs, or in the output on the way to a file the export touches, is refused
/// before anything is written.
package enum SpecRepoExport {
    /// What an export did.
    package struct Summary: Sendable, Equatable, FolderReporting {
        package var pods = 0
        package var specs = 0
        /// Files written (new or changed), removed (specs and shard indexes no longer in the repo),
        /// and unchanged.
        package var files = FolderReport()
        package var unchanged: Int {
            get { files.unchanged }
            set { files.unchanged = newValue }
        }
    }

    /// The shard prefix lengths of an export: those of CocoaPods' trunk.
    package static let prefixLengths = [1, 1, 1]

    /// Exports the spec repo at `source` to `output` (created when missing). Both are compared after
    /// resolving symbolic links: an output inside the source, or a source inside the output, is
    /// refused. Inside the output no link is followed: one on the way to a file the export writes,
    /// compares or removes is refused before anything is written. Only files an earlier export
    /// wrote (its manifest, `manifestName`) are ever removed.
    ///
    /// With `tree` (the git tree the source's working tree holds, `SpecRepoTree.of`): when it is the
    /// one the last complete export recorded, nothing is read or written; when that export recorded
    /// another tree of the same repository, only the pods the two trees differ in are read, and only
    /// their files, their shard indexes, `all_pods.txt` and `deprecated_podspecs.txt` are compared
    /// and written (the rest of the output is the earlier export's, as its manifest lists it). A
    /// change the pods' folders do not hold (the layout, `CocoaPods-version.yml`, a file beside the
    /// pods), an earlier tree the repository does not have, or an output file the manifest lists and
    /// that is gone makes it a whole export, as without a tree.
    package static func export(from source: URL, to output: URL, tree: SpecRepoTree? = nil) throws(ExportError)
        -> Summary
    {
        let source = resolvedPath(source.standardizedFileURL.path)
        let output = resolvedPath(output.standardizedFileURL.path)
        guard FileKind.of(source) == .directory else { throw .notASpecRepo(path: source) }
        if output == source || output.hasPrefix(source + "/") {
            throw .outputInsideSource(output: output, source: source)
        }
        if source.hasPrefix(output + "/") { throw .sourceInsideOutput(source: source, output: output) }
        var folder = try managedFolder(output)
        let bytes = folder.readManifest()
        // The same tree: the manifest's first two lines say so, its paths need not be read.
        if let tree, let bytes, let recorded = Manifest.unchangedTree(in: bytes), recorded.tree.id == tree.id {
            var summary = Summary()
            summary.pods = recorded.tree.pods
            summary.specs = recorded.tree.specs
            summary.unchanged = recorded.paths
            return summary
        }
        let manifest = Manifest(bytes)
        let layout = SpecRepoLayout(root: URL(fileURLWithPath: source))
        if let tree, manifest.isComplete, let recorded = manifest.tree {
            if let paths = tree.changedPaths(since: recorded.id),
                let changes = try changes(
                    of: paths, since: recorded, manifest: manifest, layout: layout, output: output)
            {
                let record = Manifest.Tree(id: tree.id, pods: changes.pods, specs: changes.specs)
                return try apply(changes, to: &folder, manifest: manifest, record: record)
            }
        }
        let files = try collect(from: layout)
        let record = tree.map { Manifest.Tree(id: $0.id, pods: files.pods, specs: files.specs) }
        return try apply(files, to: &folder, manifest: manifest, record: record)
    }

    /// The output as a `ManagedFolder` (its root and manifest checked).
    package static func managedFolder(_ output: String) throws(ExportError) -> ManagedFolder {
        do {
            return try ManagedFolder(root: output, manifestName: manifestName, writer: "the export")
        } catch {
            throw ExportError(error)
        }
    }

    /// Makes the output hold `files.contents` (compared with what is there: only what differs is
    /// written) and none of the files the manifest lists beyond `files.wanted`, then writes the
    /// manifest of `files.wanted` with `record`.
    private static func apply(
        _ files: Collected, to folder: inout ManagedFolder, manifest: Manifest, record: Manifest.Tree?
    ) throws(ExportError) -> Summary {
        let wanted = files.wanted ?? Set(files.contents.keys)
        let stale = manifest.paths.subtracting(wanted).sorted()
        var summary = Summary()
        summary.pods = files.pods
        summary.specs = files.specs
        do {
            for relative in files.contents.keys.sorted() + stale { try folder.check(relative) }
            let changed = folder.changes(in: files.contents).changed
            summary.unchanged = wanted.count - changed.count
            if changed.isEmpty, stale.isEmpty, manifest.isComplete, manifest.paths == wanted, manifest.tree == record {
                return summary
            }
            // An earlier export that did not finish (or one by a compose without a manifest) may have
            // left temporary files; and until this one finishes, its manifest names all it may write.
            try folder.begin(
                pending: changed.isEmpty && stale.isEmpty
                    ? nil : Manifest.text(of: manifest.paths.union(wanted), complete: false),
                sweeping: manifest.isComplete ? nil : manifest.paths.union(wanted))
            for (relative, data) in changed {
                try folder.write(data, to: relative)
                summary.written.append(relative)
            }
            for relative in stale where folder.remove(relative) { summary.removed.append(relative) }
            try folder.finish(manifest: Manifest.text(of: wanted, complete: true, tree: record))
        } catch {
            throw ExportError(error)
        }
        return summary
    }

    /// The hidden file in the output listing, one a line, the files the last export wrote there.
    package static let manifestName = ".compose-export-manifest"

    /// The paths an earlier export wrote, as its manifest lists them. The first line says whether it
    /// finished; a line that is not a path this export could have written is ignored.
    struct Manifest {
        static let name = "compose-export-manifest"

        var paths: Set<String> = []
        var isComplete = false
        /// The git tree the export was made from, with its counts (a `tree ID PODS SPECS` line).
        var tree: Tree?

        struct Tree: Equatable {
            let id: String
            let pods: Int
            let specs: Int
        }

        init(_ bytes: [UInt8]?) {
            let manifest = FolderManifest(bytes, name: Self.name, couldBeWritten: Self.couldBeExported)
            isComplete = manifest.isComplete
            paths = manifest.paths
            if let line = manifest.records.first(where: { $0.hasPrefix("tree ") }) {
                let parts = line.split(separator: " ")
                if parts.count == 4, parts[1].utf8.count == 40, let pods = Int(parts[2]), let specs = Int(parts[3]) {
                    tree = Tree(id: String(parts[1]), pods: pods, specs: specs)
                }
            }
        }

        /// The tree of a complete manifest whose second line names one, with the number of paths
        /// after it (its lines: a manifest compose wrote ends each with a newline), read without
        /// reading the paths.
        static func unchangedTree(in bytes: [UInt8]) -> (tree: Tree, paths: Int)? {
            let newline = UInt8(ascii: "\n")
            guard let first = bytes.firstIndex(of: newline),
                String(decoding: bytes[..<first], as: UTF8.self) == FolderManifest.header(Self.name, complete: true),
                let second = bytes[(first + 1)...].firstIndex(of: newline)
            else { return nil }
            let parts = String(decoding: bytes[(first + 1)..<second], as: UTF8.self).split(separator: " ")
            guard parts.count == 4, parts[0] == "tree", parts[1].utf8.count == 40, let pods = Int(parts[2]),
                let specs = Int(parts[3])
            else { return nil }
            let lines = bytes.withUnsafeBufferPointer { buffer -> Int in
                guard var cursor = buffer.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
                let end = cursor + buffer.count
                var count = 0
                while cursor < end, let found = memchr(cursor, Int32(newline), end - cursor) {
                    count += 1
                    cursor = UnsafeRawPointer(found) + 1
                }
                return count
            }
            return (Tree(id: String(parts[1]), pods: pods, specs: specs), lines - 2)
        }

        /// The manifest's text; a `tree` line, when given, comes after the header (an earlier compose
        /// reads it as a path it could not have written, and ignores it).
        static func text(of paths: Set<String>, complete: Bool, tree: Tree? = nil) -> Data {
            let treeLine = tree.map { ["tree \($0.id) \($0.pods) \($0.specs)"] } ?? []
            return FolderManifest.text(Self.name, paths: paths, complete: complete, records: treeLine)
        }

        /// A relative path of the kind an export writes: a file at the top or a spec under `Specs/`.
        static func couldBeExported(_ path: String) -> Bool {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else {
                return false
            }
            if parts.count == 1 {
                return ["all_pods.txt", "deprecated_podspecs.txt", SpecRepoLayout.versionFile].contains(path)
                    || (path.hasPrefix("all_pods_versions_") && path.hasSuffix(".txt"))
            }
            return parts[0] == "Specs" && path.hasSuffix(".podspec.json")
        }
    }

    /// What an export makes the output hold.
    private struct Collected {
        /// The files to compare with the output and write where they differ.
        var contents: [String: Data] = [:]
        /// Every file the output is to hold, when more than `contents` (an export of what changed).
        var wanted: Set<String>?
        var pods = 0
        var specs = 0
    }

    /// One pod's share of an export.
    private struct PodFiles {
        /// Spec files by their path in the output.
        var contents: [String: Data] = [:]
        /// The output paths of its deprecated specs.
        var deprecated: [String] = []
        /// Its version folders, oldest first (its shard index line).
        var versions: [String] = []
        /// `Name/1.0.0/1.1.0`, or nil when it has no version to export.
        var shardLine: String? {
            versions.isEmpty ? nil : ([name] + versions).joined(separator: "/")
        }
        let name: String
    }

    /// Every file of the export and its bytes; throws before anything is written.
    private static func collect(from layout: SpecRepoLayout) throws(ExportError) -> Collected {
        let walk = layout.walk()
        for entry in walk.others {
            switch entry.kind {
            case .symlink: throw .symlink(path: layout.absolute(entry.path))
            case .unreadable(let reason): throw .fileSystem(path: layout.absolute(entry.path), message: reason)
            case .file, .strayFolder: continue
            }
        }
        var collected = Collected()
        var shardLines: [String: [String]] = [:]
        var deprecated: [String] = []
        var names: Set<String> = []
        for pod in walk.pods.sorted(by: { $0.name < $1.name }) {
            guard let safe = try? SafeName(pod.name, as: .pod), !names.contains(pod.name) else { continue }
            let files = try podFiles(of: safe, at: pod.path, in: layout)
            guard let line = files.shardLine else { continue }
            collected.contents.merge(files.contents) { _, new in new }
            deprecated += files.deprecated
            names.insert(pod.name)
            collected.pods += 1
            collected.specs += files.versions.count
            shardLines[shardIndexName(of: pod.name), default: []].append(line)
        }
        for (shard, shardLines) in shardLines {
            collected.contents[shard] = lines(shardLines)
        }
        collected.contents["all_pods.txt"] = lines(names.sorted())
        collected.contents["deprecated_podspecs.txt"] = lines(deprecated.sorted())
        let lengths = prefixLengths.map { "- \($0)\n" }.joined()
        collected.contents[SpecRepoLayout.versionFile] = Data(
            "---\nmin: 1.0.0\nlast: 1.16.2\nprefix_lengths:\n\(lengths)".utf8)
        return collected
    }

    /// The export of one pod whose folder is `path` (relative to the repo's top): its JSON specs, in
    /// version folders whose names are safe, oldest first.
    private static func podFiles(of safe: SafeName, at path: String, in layout: SpecRepoLayout) throws(ExportError)
        -> PodFiles
    {
        if case .success(let entries) = DirectoryListing.entries(of: layout.absolute(path)),
            let link = entries.first(where: \.isSymlink)
        {
            throw .symlink(path: layout.absolute(joinedPath(path, link.name)))
        }
        let name = safe.string
        var pod = PodFiles(name: name)
        for (_, folder) in layout.versionFolders(of: name).reversed() {
            guard let (path, format) = layout.specFile(of: safe, folder: folder), format == .json,
                (try? SafeName(folder, as: .pod)) != nil
            else { continue }
            let absolute = layout.absolute(path)
            guard let data = FileManager.default.contents(atPath: absolute) else {
                throw .fileSystem(path: absolute, message: "the file cannot be read")
            }
            let spec: Spec
            do {
                spec = try Spec(json: data, label: absolute)
            } catch {
                throw .invalidSpec(path: absolute, message: error.description)
            }
            let target = specsFolder(of: name) + "\(folder)/\(name).podspec.json"
            pod.contents[target] = data
            if spec.deprecated || spec.deprecatedInFavorOf != nil { pod.deprecated.append(target) }
            pod.versions.append(folder)
        }
        return pod
    }

    /// `Specs/a/b/c/Name/`: where a pod's specs go in the output.
    private static func specsFolder(of name: String) -> String {
        (["Specs"] + SpecRepoLayout.shards(of: name, prefixLengths: prefixLengths) + [name, ""]).joined(separator: "/")
    }

    /// The pod folder (`Specs/a/b/c/Name/`) of a spec's path in the output; nil for a path outside one.
    private static func podFolder(of path: String) -> String? {
        guard path.hasPrefix("Specs/") else { return nil }
        var slashes = 0
        for index in path.utf8.indices where path.utf8[index] == UInt8(ascii: "/") {
            slashes += 1
            if slashes == prefixLengths.count + 2 { return String(path[...index]) }
        }
        return nil
    }

    /// `all_pods_versions_a_b_c.txt`: the shard index a pod's line is in.
    private static func shardIndexName(of name: String) -> String {
        "all_pods_versions_\(SpecRepoLayout.shards(of: name, prefixLengths: prefixLengths).joined(separator: "_")).txt"
    }

    /// `lines`, each ended by a newline.
    private static func lines(_ lines: [String]) -> Data {
        Data(lines.map { $0 + "\n" }.joined().utf8)
    }

    /// The export of what changed since the export of tree `recorded` (the output, as `manifest`
    /// lists it): the files of the pods `paths` (the files that differ between the trees) are in,
    /// with the shard indexes, `all_pods.txt` and `deprecated_podspecs.txt` rewritten from the
    /// output's own. Nil when a path is not inside a pod's folder, or an index file the manifest
    /// lists cannot be read: then the whole repo is exported.
    private static func changes(
        of paths: [String], since recorded: Manifest.Tree, manifest: Manifest, layout: SpecRepoLayout, output: String
    ) throws(ExportError) -> Collected? {
        var names: Set<String> = []
        for path in paths {
            guard let name = layout.podName(holding: path) else { return nil }
            names.insert(name)
        }
        /// The lines of an index file of the output; [] when the manifest does not list it, nil when
        /// it lists it and it cannot be read.
        func existingLines(_ relative: String) -> [String]? {
            guard manifest.paths.contains(relative) else { return [] }
            guard let bytes = FileKind.readRegularFile(joinedPath(output, relative)) else { return nil }
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        var changed = Collected()
        var wanted = manifest.paths
        var pods: [String: PodFiles] = [:]
        for name in names.sorted() {
            guard let safe = try? SafeName(name, as: .pod) else { return nil }
            pods[name] = try podFiles(of: safe, at: layout.podPath(safe), in: layout)
        }
        let folders = Set(names.map(specsFolder))
        wanted = wanted.filter { podFolder(of: $0).map { !folders.contains($0) } ?? true }
        for pod in pods.values {
            for (relative, data) in pod.contents {
                changed.contents[relative] = data
                wanted.insert(relative)
            }
        }
        var podCount = recorded.pods
        var specCount = recorded.specs
        var added: Set<String> = []
        var removed: Set<String> = []
        for shard in Set(names.map(shardIndexName)).sorted() {
            guard let existing = existingLines(shard) else { return nil }
            var lines: [String: String] = [:]
            for line in existing { lines[String(line.prefix { $0 != "/" })] = line }
            for name in names where shardIndexName(of: name) == shard {
                let old = lines[name]
                let new = pods[name]?.shardLine
                specCount += (pods[name]?.versions.count ?? 0) - (old.map { $0.split(separator: "/").count - 1 } ?? 0)
                if old == nil, new != nil { added.insert(name) }
                if old != nil, new == nil { removed.insert(name) }
                lines[name] = new
            }
            if lines.isEmpty {
                wanted.remove(shard)
            } else {
                changed.contents[shard] = Self.lines(lines.keys.sorted().map { lines[$0]! })
                wanted.insert(shard)
            }
        }
        podCount += added.count - removed.count
        if !added.isEmpty || !removed.isEmpty {
            guard let existing = existingLines("all_pods.txt") else { return nil }
            changed.contents["all_pods.txt"] = lines(Set(existing).union(added).subtracting(removed).sorted())
            wanted.insert("all_pods.txt")
        }
        guard let deprecated = existingLines("deprecated_podspecs.txt") else { return nil }
        let kept = deprecated.filter { podFolder(of: $0).map { !folders.contains($0) } ?? true }
        let now = (kept + pods.values.flatMap(\.deprecated)).sorted()
        if now != deprecated {
            changed.contents["deprecated_podspecs.txt"] = lines(now)
            wanted.insert("deprecated_podspecs.txt")
        }
        changed.wanted = wanted
        changed.pods = podCount
        changed.specs = specCount
        return changed
    }
}

/// Why `compose repo export` wrote nothing.
package enum ExportError: ComposeFailure, Equatable {
    case notASpecRepo(path: String)
    case outputInsideSource(output: String, source: String)
    case sourceInsideOutput(source: String, output: String)
    case symlink(path: String)
    /// A symbolic link, or something else than the folder or regular file an export writes, in the output.
    case unsafeOutput(path: String, what: String)
    case invalidSpec(path: String, message: String)
    case fileSystem(path: String, message: String)

    package var kind: FailureKind {
        switch self {
        case .fileSystem: .environment
        default: .input
        }
    }

    /// A failure of the output folder in the export's words.
    package init(_ failure: ManagedFolderFailure) {
        switch failure {
        case .unsafe(let path, let what): self = .unsafeOutput(path: path, what: what)
        case .fileSystem(let path, let message): self = .fileSystem(path: path, message: message)
        }
    }

    package var description: String {
        switch self {
        case .notASpecRepo(let path):
            return "\(path) is not a folder. Name an added spec repo (compose repo list) or a spec repo folder."
        case .outputInsideSource(let output, let source):
            return
                "The output \(output) is inside the spec repo \(source) (symbolic links resolved). Nothing was written. Export to a folder outside it."
        case .sourceInsideOutput(let source, let output):
            return
                "The spec repo \(source) is inside the output \(output), where the export would write over it. Nothing was written. Export to a folder outside the spec repo."
        case .unsafeOutput(let path, let what):
            return
                "\(path) in the output is \(what); compose does not write, read or remove through it. Nothing was written. Remove it, or export to another folder."
        case .symlink(let path):
            return
                "\(path) is a symbolic link, which compose does not follow in a spec repo; nothing was written. Replace it with the real folder or file (compose repo lint lists every link)."
        case .invalidSpec(let path, let message):
            return
                "\(path) is not a readable podspec: \(message). Nothing was written. Fix or remove that version (compose repo lint checks the repo)."
        case .fileSystem(let path, let message):
            return
                "Cannot write \(path): \(message). Check the folder's permissions and free space; files already exported are whole."
        }
    }
}
