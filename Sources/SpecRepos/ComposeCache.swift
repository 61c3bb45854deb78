import Foundation

/// What `compose cache list` and `compose cache clean` see of a compose home: the folders compose
/// fills again by itself when they are gone. The spec repos' clones (`repos/`, owned by `compose repo
/// add`/`remove`) and exported registries (`registry/`) are never part of it.
package struct ComposeCache: Sendable {
    package let home: ComposeHome

    package init(home: ComposeHome) { self.home = home }

    /// The cache's folders under the home, with what each holds.
    package static let folders: [(path: String, holds: String)] = [
        ("cache/git", "git mirrors of the pods' sources"),
        ("cache/binaries", "downloaded prebuilt artifacts"),
        ("cache/podspecs", "podspecs fetched for :podspec => URL pods"),
        ("cdn", "specs read from CDN sources"),
        ("index", "the spec index of each repo (rebuilt from the clone)"),
        ("resolved", "records of resolves with nothing to do"),
        ("noted", "notes already said once per project"),
        ("installed", "records of installs with nothing to do"),
    ]

    package struct Entry: Sendable, Equatable {
        /// The path below the home: `cache/git/0123abcd/alamofire.git`.
        package let path: String
        /// A pod's source repository name (`alamofire`), for a git mirror; nil for the other folders.
        package let name: String?
        package let bytes: Int64
    }

    /// Every git mirror (one entry each) and every other cache folder that exists (one entry each).
    package func entries() -> [Entry] {
        let fileManager = FileManager.default
        var result: [Entry] = []
        let git = home.url.appendingPathComponent("cache/git", isDirectory: true)
        for hash in ((try? fileManager.contentsOfDirectory(atPath: git.path)) ?? []).sorted() where !hash.hasPrefix(".")
        {
            let folder = git.appendingPathComponent(hash, isDirectory: true)
            for mirror in ((try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            where mirror.hasSuffix(".git") {
                let url = folder.appendingPathComponent(mirror)
                result.append(
                    Entry(
                        path: "cache/git/\(hash)/\(mirror)", name: String(mirror.dropLast(4)), bytes: Self.size(of: url)
                    ))
            }
        }
        for folder in Self.folders where folder.path != "cache/git" {
            let url = home.url.appendingPathComponent(folder.path, isDirectory: true)
            guard fileManager.fileExists(atPath: url.path) else { continue }
            result.append(Entry(path: folder.path, name: nil, bytes: Self.size(of: url)))
        }
        return result
    }

    /// Removes the entries `clean` names: with `name`, the git mirrors of sources whose repository
    /// is named so (case-insensitively); else every entry. Returns what was removed.
    package func clean(name: String?) throws -> [Entry] {
        let chosen = entries().filter { entry in
            guard let name else { return true }
            return entry.name?.lowercased() == name.lowercased()
        }
        for entry in chosen {
            let url = home.url.appendingPathComponent(entry.path)
            try FileManager.default.removeItem(at: url)
            // The mirror's hash folder holds its lock file too: gone with its last mirror.
            let parent = url.deletingLastPathComponent()
            if entry.name != nil,
                let rest = try? FileManager.default.contentsOfDirectory(atPath: parent.path),
                !rest.contains(where: { $0.hasSuffix(".git") })
            {
                try? FileManager.default.removeItem(at: parent)
            }
        }
        return chosen
    }

    /// The bytes of the files below `url` (links not followed).
    static func size(of url: URL) -> Int64 {
        guard let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey])
        else { return 0 }
        var total: Int64 = 0
        for case let file as URL in enumerator {
            total += Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
        return total
    }
}
