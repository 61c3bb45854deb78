import Digests
import Foundation
import Specs
import Support

/// Where a spec repo keeps its specs, and the only code that lists, reads, writes and counts them:
/// `Name/version/Name.podspec.json` at the repo's root, or under `Specs/` when the repo has that
/// folder, and in CocoaPods' sharded layout (`Specs/d/a/2/Alamofire/5.9.1/…`) when the repo's
/// `CocoaPods-version.yml` sets `prefix_lengths`: the shard folders are successive slices of the
/// MD5 of the pod's name.
///
/// Symbolic links are never followed: a pod, shard or version folder, a spec file or `Specs` that is
/// a symlink is not a spec (repo lint reports it, publish refuses to write through it), so nothing
/// outside the clone is read or written in its name.
package struct SpecRepoLayout: Sendable, Equatable {
    /// The repo's folder as given.
    package let root: URL
    /// `root.path`, computed once (every absolute path starts with it).
    package let rootPath: String
    /// `Specs` when the repo has a (real) `Specs` folder, else empty: where the pod folders start,
    /// relative to `root`.
    package let specsPrefix: String
    /// The shard prefix lengths from `CocoaPods-version.yml` (`[1, 1, 1]` on the public Specs
    /// repo); empty when the repo is not sharded.
    package let prefixLengths: [Int]

    /// The file naming the shard prefix lengths, at the repo's root.
    package static let versionFile = "CocoaPods-version.yml"

    package init(root: URL) {
        self.root = root
        rootPath = root.path
        let specs = root.appendingPathComponent("Specs")
        specsPrefix = FileKind.of(specs.path) == .directory ? "Specs" : ""
        let versionFile = root.appendingPathComponent(Self.versionFile)
        if FileKind.of(versionFile.path) == .file, let data = FileManager.default.contents(atPath: versionFile.path) {
            prefixLengths = Self.prefixLengths(inVersionFile: String(decoding: data, as: UTF8.self)) ?? []
        } else {
            prefixLengths = []
        }
    }

    /// The folder holding the pod folders (or the first shard level).
    package var specsFolder: URL {
        specsPrefix.isEmpty ? root : root.appendingPathComponent(specsPrefix, isDirectory: true)
    }

    // MARK: Paths (relative to the root, `/`-separated)

    /// `Specs/d/a/2/Alamofire`, `Specs/Pay` or `Pay`: where `name`'s versions live.
    package func podPath(_ name: SafeName) -> String {
        var parts = specsPrefix.isEmpty ? [] : [specsPrefix]
        parts += shards(of: name.string)
        parts.append(name.string)
        return parts.joined(separator: "/")
    }

    /// The shard folders of `name` (empty in an unsharded repo).
    package func shards(of name: String) -> [String] {
        Self.shards(of: name, prefixLengths: prefixLengths)
    }

    /// The name of the pod whose folder holds `path` (relative to the repo's top, as a diff of two
    /// trees names it): below `Specs/` when the layout has it, in the shard folders of that name when
    /// it is sharded, and inside the pod's folder. Nil otherwise (a change of the layout, a file
    /// beside the pods, a folder that is not a pod name or not at its name's shard).
    package func podName(holding path: String) -> String? {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if specsPrefix.isEmpty {
            guard parts.first != "Specs" else { return nil }
        } else {
            guard parts.first == specsPrefix else { return nil }
            parts.removeFirst()
        }
        let depth = prefixLengths.count
        guard parts.count >= depth + 2 else { return nil }
        let name = parts[depth]
        guard !name.hasPrefix("."), (try? SafeName(name, as: .pod)) != nil, Array(parts[..<depth]) == shards(of: name)
        else { return nil }
        return name
    }

    /// The shard folders of `name` for `prefixLengths` (CocoaPods' CDN names its shard indexes with them too).
    package static func shards(of name: String, prefixLengths: [Int]) -> [String] {
        guard !prefixLengths.isEmpty else { return [] }
        let digest = Array(MD5.hex(of: name.utf8))
        var shards: [String] = []
        var start = 0
        for length in prefixLengths {
            let end = min(start + length, digest.count)
            shards.append(String(digest[start..<end]))
            start = end
        }
        return shards
    }

    /// `…/Name/version/Name.podspec.json`: where publish writes a spec.
    package func specPath(_ name: SafeName, version: String, format: PodspecFormat = .json) -> String {
        "\(podPath(name))/\(version)/\(format.fileName(for: name.string))"
    }

    /// The first part of `relativePath` (a path below the root) that is a symbolic link, as a path
    /// relative to the root; nil when none is. Parts that do not exist end the walk.
    package func firstSymlink(along relativePath: String) -> String? {
        var current = rootPath
        var shown: [String] = []
        for part in relativePath.split(separator: "/") {
            current += "/" + part
            shown.append(String(part))
            switch FileKind.of(current) {
            case .symlink: return shown.joined(separator: "/")
            case .missing: return nil
            case .directory, .file, .other: continue
            }
        }
        return nil
    }

    // MARK: Listing

    /// A pod folder found by walking the tree.
    package struct PodFolder: Sendable, Equatable {
        package let name: String
        /// Relative to the root.
        package let path: String
    }

    /// What walking the pod folders met besides pods: files, symlinks and unreadable folders.
    package struct Entry: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case file
            case symlink
            /// A shard folder whose name is not the expected length.
            case strayFolder
            case unreadable(reason: String)
        }

        package let kind: Kind
        /// Relative to the root.
        package let path: String
        /// Whether it sits at the top of the specs folder (where README, LICENSE… may live).
        package let atTop: Bool
    }

    /// Every pod folder (walking the shard folders of a sharded repo), in path order, and what
    /// else was met on the way. Hidden entries are skipped; symlinks are reported, never followed.
    package func walk() -> (pods: [PodFolder], others: [Entry]) {
        var pods: [PodFolder] = []
        var others: [Entry] = []
        func visit(_ relative: String, depth: Int) {
            let listing: [DirectoryListing.Entry]
            switch DirectoryListing.entries(of: absolute(relative)) {
            case .success(let entries): listing = entries
            case .failure(let problem):
                others.append(Entry(kind: .unreadable(reason: problem.reason), path: relative, atTop: depth == 0))
                return
            }
            for entry in listing {
                let path = relative.isEmpty ? entry.name : joinedPath(relative, entry.name)
                if entry.isSymlink {
                    others.append(Entry(kind: .symlink, path: path, atTop: depth == 0))
                } else if !entry.isDirectory {
                    others.append(Entry(kind: .file, path: path, atTop: depth == 0))
                } else if depth < prefixLengths.count {
                    if entry.name.count == prefixLengths[depth] {
                        visit(path, depth: depth + 1)
                    } else {
                        others.append(Entry(kind: .strayFolder, path: path, atTop: depth == 0))
                    }
                } else {
                    pods.append(PodFolder(name: entry.name, path: path))
                }
            }
        }
        visit(specsPrefix, depth: 0)
        return (pods, others)
    }

    /// Every pod's name, sorted (a name in two shards once).
    package func podNames() -> [String] {
        Array(Set(walk().pods.map(\.name))).sorted()
    }

    /// The versions of `name` that hold a readable spec file, newest first, with the folder each is
    /// spelled as. Empty when the repo has no such pod, when `name` is not a safe pod name, or
    /// when the pod's folder (or a shard folder above it) is a symlink.
    package func versionFolders(of name: String) -> [(version: Version, folder: String)] {
        versionFolders(of: name, limit: nil)
    }

    /// The newest version of `name` that holds a readable spec file: the version folders are sorted
    /// by name first and only the newest ones are looked into, so a pod of 20 releases costs one
    /// listing and one file check on a cold file cache, not 20.
    package func newestVersionFolder(of name: String) -> (version: Version, folder: String)? {
        versionFolders(of: name, limit: 1).first
    }

    private func versionFolders(of name: String, limit: Int?) -> [(version: Version, folder: String)] {
        guard let safe = try? SafeName(name, as: .pod), let candidates = versionFolderCandidates(of: safe) else {
            return []
        }
        var table: [(version: Version, folder: String)] = []
        for candidate in candidates where specFile(of: safe, folder: candidate.folder) != nil {
            table.append(candidate)
            if let limit, table.count == limit { break }
        }
        return table
    }

    /// Every real folder of `name` whose name is a version, newest first, whether or not it holds
    /// a spec file; nil when the pod's folder (or a folder above it) is a symlink or cannot be listed.
    package func versionFolderCandidates(of name: SafeName) -> [(version: Version, folder: String)]? {
        let podPath = podPath(name)
        guard firstSymlink(along: podPath) == nil,
            case .success(let entries) = DirectoryListing.entries(of: absolute(podPath))
        else { return nil }
        var candidates: [(version: Version, folder: String)] = []
        for entry in entries where entry.isDirectory && !entry.isSymlink {
            guard let version = try? Version(entry.name) else { continue }
            candidates.append((version, entry.name))
        }
        candidates.sort { $0.version > $1.version }
        return candidates
    }

    /// The spec file of `name` in version folder `folder`, relative to the root: the first of
    /// `PodspecFormat.readable` that is a regular file (a symlink is not read).
    package func specFile(of name: SafeName, folder: String) -> (path: String, format: PodspecFormat)? {
        stampedSpecFile(of: name, folder: folder).map { ($0.path, $0.format) }
    }

    /// `specFile(of:folder:)` with the `lstat` stamp of the file found (taken by the look that found
    /// it: a caller comparing it with an index entry needs no second one).
    func stampedSpecFile(of name: SafeName, folder: String)
        -> (path: String, format: PodspecFormat, stamp: SpecIndex.Stamp)?
    {
        for format in PodspecFormat.readable {
            let path = "\(podPath(name))/\(folder)/\(format.fileName(for: name.string))"
            if let stamp = SpecIndex.Stamp.of(absolute(path)), stamp.isFile { return (path, format, stamp) }
        }
        return nil
    }

    /// The number of version folders over every pod folder (one listing per pod, no file read).
    package func countSpecs() -> Int {
        walk().pods.reduce(0) { count, pod in
            guard case .success(let entries) = DirectoryListing.entries(of: absolute(pod.path)) else { return count }
            return count + entries.filter { $0.isDirectory && !$0.isSymlink }.count
        }
    }

    /// `relative` below the root as an absolute path.
    package func absolute(_ relative: String) -> String {
        relative.isEmpty ? rootPath : joinedPath(rootPath, relative)
    }

    // MARK: Decoding

    /// The one place a spec file's bytes become a `Spec`.
    package static func decode(_ data: Data, format: PodspecFormat, path: String) throws(SpecRepoError) -> Spec {
        switch format {
        case .json:
            do {
                return try Spec(json: data, label: path)
            } catch {
                throw .invalidSpec(error)
            }
        case .ruby:
            do {
                return try Spec(node: PodspecReader.readRuby(bytes: [UInt8](data), label: path), label: path)
            } catch {
                throw .invalidSpec(error)
            }
        }
    }

    /// The `prefix_lengths` of a `CocoaPods-version.yml`, as a flow list (`prefix_lengths: [1, 1, 1]`)
    /// or a block list (`- 1` lines below the key); nil when the file has none or they are not
    /// small positive numbers.
    package static func prefixLengths(inVersionFile text: String) -> [Int]? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("prefix_lengths:") }) else { return nil }
        let rest = lines[index].dropFirst("prefix_lengths:".count).trimmingCharacters(in: .whitespaces)
        var items: [String] = []
        if rest.hasPrefix("[") && rest.hasSuffix("]") {
            items = rest.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        } else if rest.isEmpty {
            for line in lines[(index + 1)...] {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("-") else { break }
                items.append(trimmed.dropFirst().trimmingCharacters(in: .whitespaces))
            }
        } else {
            return nil
        }
        let lengths = items.compactMap { Int($0) }
        guard !lengths.isEmpty, lengths.count == items.count, lengths.count <= 8,
            lengths.allSatisfy({ (1...8).contains($0) }), lengths.reduce(0, +) <= 32
        else { return nil }
        return lengths
    }
}

/// Directory listing with plain system calls (one `readdir` pass; `lstat` only when the file
/// system does not give the entry's type). Hidden entries (`.git`, …) are skipped; a symbolic link
/// is reported as one, never followed.
package enum DirectoryListing {
    package struct Entry: Sendable {
        package let name: String
        package let isDirectory: Bool
        package let isSymlink: Bool
    }

    package struct Problem: Error {
        package let reason: String
    }

    package static func entries(of path: String) -> Result<[Entry], Problem> {
        guard let directory = opendir(path) else {
            return .failure(Problem(reason: String(cString: strerror(errno)).lowercased()))
        }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let pointer = readdir(directory) {
            let name = withUnsafeBytes(of: pointer.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let kind: FileKind
            switch pointer.pointee.d_type {
            case UInt8(DT_DIR): kind = .directory
            case UInt8(DT_REG): kind = .file
            case UInt8(DT_LNK): kind = .symlink
            case UInt8(DT_UNKNOWN): kind = FileKind.of(joinedPath(path, name))
            default: kind = .other
            }
            entries.append(Entry(name: name, isDirectory: kind == .directory, isSymlink: kind == .symlink))
        }
        entries.sort { $0.name < $1.name }
        return .success(entries)
    }
}
