import Foundation
import SpecRepos
import Specs

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
/// Incremental: a file whose bytes are already there is not written, a file is replaced atomically
/// (a temporary file and a rename), and files of specs the repo no longer has are removed; a
/// second export with nothing new writes nothing. A symbolic link in the repo's specs is refused
/// before anything is written.
package enum SpecRepoExport {
    /// What an export did.
    package struct Summary: Sendable, Equatable {
        package var pods = 0
        package var specs = 0
        /// Files written (new or changed).
        package var written: [String] = []
        /// Files removed (specs and shard indexes no longer in the repo).
        package var removed: [String] = []
        package var unchanged = 0
    }

    /// The shard prefix lengths of an export: those of CocoaPods' trunk.
    package static let prefixLengths = [1, 1, 1]

    /// Exports the spec repo at `source` to `output` (created when missing).
    package static func export(from source: URL, to output: URL) throws(ExportError) -> Summary {
        let source = source.standardizedFileURL
        let output = output.standardizedFileURL
        guard FileKind.of(source.path) == .directory else { throw .notASpecRepo(path: source.path) }
        if output.path == source.path || output.path.hasPrefix(source.path + "/") {
            throw .outputInsideSource(output: output.path, source: source.path)
        }
        let files = try collect(from: SpecRepoLayout(root: source))
        var summary = Summary()
        summary.pods = files.pods
        summary.specs = files.specs
        let manager = FileManager.default
        for (relative, data) in files.contents.sorted(by: { $0.key < $1.key }) {
            let file = output.appendingPathComponent(relative)
            if FileKind.of(file.path) == .file, manager.contents(atPath: file.path) == data {
                summary.unchanged += 1
                continue
            }
            do {
                try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file, options: .atomic)
            } catch {
                throw .fileSystem(path: file.path, message: error.localizedDescription)
            }
            summary.written.append(relative)
        }
        for relative in staleFiles(in: output, keeping: files.contents) {
            try? manager.removeItem(at: output.appendingPathComponent(relative))
            summary.removed.append(relative)
        }
        removeEmptyFolders(output.appendingPathComponent("Specs"))
        return summary
    }

    private struct Collected {
        var contents: [String: Data] = [:]
        var pods = 0
        var specs = 0
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
            if case .success(let entries) = DirectoryListing.entries(of: layout.absolute(pod.path)),
                let link = entries.first(where: \.isSymlink)
            {
                throw .symlink(path: layout.absolute(pod.path + "/" + link.name))
            }
            var versions: [String] = []
            for (_, folder) in layout.versionFolders(of: pod.name).reversed() {
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
                let target =
                    (["Specs"] + SpecRepoLayout.shards(of: pod.name, prefixLengths: prefixLengths)
                    + [pod.name, folder, "\(pod.name).podspec.json"]).joined(separator: "/")
                collected.contents[target] = data
                if spec.deprecated || spec.deprecatedInFavorOf != nil { deprecated.append(target) }
                versions.append(folder)
            }
            guard !versions.isEmpty else { continue }
            names.insert(pod.name)
            collected.pods += 1
            collected.specs += versions.count
            let shard = SpecRepoLayout.shards(of: pod.name, prefixLengths: prefixLengths).joined(separator: "_")
            shardLines[shard, default: []].append(([pod.name] + versions).joined(separator: "/"))
        }
        for (shard, lines) in shardLines {
            collected.contents["all_pods_versions_\(shard).txt"] = Data(lines.map { $0 + "\n" }.joined().utf8)
        }
        collected.contents["all_pods.txt"] = Data(names.sorted().map { $0 + "\n" }.joined().utf8)
        collected.contents["deprecated_podspecs.txt"] = Data(deprecated.sorted().map { $0 + "\n" }.joined().utf8)
        let lengths = prefixLengths.map { "- \($0)\n" }.joined()
        collected.contents[SpecRepoLayout.versionFile] = Data(
            "---\nmin: 1.0.0\nlast: 1.16.2\nprefix_lengths:\n\(lengths)".utf8)
        return collected
    }

    /// Files of an earlier export that this one does not have: shard indexes at the top, anything under `Specs/`.
    private static func staleFiles(in output: URL, keeping: [String: Data]) -> [String] {
        var stale: [String] = []
        if case .success(let entries) = DirectoryListing.entries(of: output.path) {
            for entry in entries
            where !entry.isDirectory && entry.name.hasPrefix("all_pods_versions_")
                && keeping[entry.name] == nil
            {
                stale.append(entry.name)
            }
        }
        func visit(_ relative: String) {
            guard case .success(let entries) = DirectoryListing.entries(of: output.path + "/" + relative) else {
                return
            }
            for entry in entries {
                let path = relative + "/" + entry.name
                if entry.isDirectory {
                    visit(path)
                } else if keeping[path] == nil {
                    stale.append(path)
                }
            }
        }
        visit("Specs")
        return stale
    }

    /// Removes folders left empty under `folder` (not `folder` itself).
    private static func removeEmptyFolders(_ folder: URL) {
        guard case .success(let entries) = DirectoryListing.entries(of: folder.path) else { return }
        for entry in entries where entry.isDirectory {
            let child = folder.appendingPathComponent(entry.name)
            removeEmptyFolders(child)
            if case .success(let left) = DirectoryListing.entries(of: child.path), left.isEmpty {
                try? FileManager.default.removeItem(at: child)
            }
        }
    }
}

/// Why `compose repo export` wrote nothing.
package enum ExportError: ComposeFailure, Equatable {
    case notASpecRepo(path: String)
    case outputInsideSource(output: String, source: String)
    case symlink(path: String)
    case invalidSpec(path: String, message: String)
    case fileSystem(path: String, message: String)

    package var kind: FailureKind {
        switch self {
        case .fileSystem: .environment
        default: .input
        }
    }

    package var description: String {
        switch self {
        case .notASpecRepo(let path):
            return "\(path) is not a folder. Name an added spec repo (compose repo list) or a spec repo folder."
        case .outputInsideSource(let output, let source):
            return "The output \(output) is inside the spec repo \(source). Export to a folder outside it."
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
