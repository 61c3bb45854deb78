import Foundation
import Specs

/// One pod in `compose search`.
public struct PodSummary: Sendable, Equatable, Codable {
    public let name: String
    public let latestVersion: String
    public let summary: String?
    public let repo: String
}

/// What `compose info` shows of a pod in one spec repo.
public struct PodInfo: Sendable, Equatable, Codable {
    public let name: String
    public let repo: String
    /// Newest first.
    public let versions: [String]
    public let summary: String?
    public let homepage: String?
    /// `git URL @ tag`, `git URL @ commit`, an http URL, … of the newest version.
    public let source: String?
    public let deprecated: Bool
    public let deprecatedInFavorOf: String?
}

/// Reads the added spec repos for search and info: names from folder listings, details from the
/// newest version's spec only.
public struct SpecCatalog: Sendable {
    public let store: SpecRepoStore

    public init(store: SpecRepoStore) {
        self.store = store
    }

    /// Pods whose name or summary contains `query` (case-insensitive), across every added repo,
    /// sorted by name then repo. An empty query lists every pod.
    public func search(_ query: String) -> [PodSummary] {
        let needle = query.lowercased()
        var results: [PodSummary] = []
        for repo in store.names() {
            let root = store.home.repoDirectory(repo)
            for name in podNames(in: root) {
                let nameMatches = needle.isEmpty || name.lowercased().contains(needle)
                guard let newest = versions(of: name, in: root).first else { continue }
                let fields = specFields(name: name, version: newest, in: root)
                let summary = fields?["summary"] as? String
                guard nameMatches || summary?.lowercased().contains(needle) == true else { continue }
                results.append(PodSummary(name: name, latestVersion: newest, summary: summary, repo: repo))
            }
        }
        return results.sorted { ($0.name.lowercased(), $0.repo) < ($1.name.lowercased(), $1.repo) }
    }

    /// `name` in every added repo that has it (exact name, else a case-insensitive match).
    public func info(_ name: String) throws(SpecRepoError) -> [PodInfo] {
        var results: [PodInfo] = []
        for repo in store.names() {
            let root = store.home.repoDirectory(repo)
            let names = podNames(in: root)
            guard let match = names.first(where: { $0 == name }) ?? names.first(where: { $0.lowercased() == name.lowercased() })
            else { continue }
            let all = versions(of: match, in: root)
            guard let newest = all.first else { continue }
            let fields = specFields(name: match, version: newest, in: root) ?? [:]
            let inFavorOf = fields["deprecated_in_favor_of"] as? String
            results.append(PodInfo(
                name: match, repo: repo, versions: all, summary: fields["summary"] as? String,
                homepage: fields["homepage"] as? String, source: Self.describeSource(fields["source"]),
                deprecated: (fields["deprecated"] as? Bool) == true || inFavorOf != nil,
                deprecatedInFavorOf: inFavorOf))
        }
        if results.isEmpty {
            let suggestions = search(name).prefix(5).map(\.name)
            throw .podNotFound(name: name, repos: store.names(), suggestions: Array(suggestions))
        }
        return results
    }

    static func describeSource(_ value: Any?) -> String? {
        guard let source = value as? [String: Any] else { return nil }
        if let git = source["git"] as? String {
            for key in ["tag", "commit", "branch"] {
                if let reference = source[key] as? String { return "\(git) (\(key) \(reference))" }
            }
            return git
        }
        for key in ["http", "svn", "hg"] {
            if let url = source[key] as? String { return url }
        }
        return nil
    }

    // TODO: read through SpecRepository(root:) (podNames, versions(of:), spec(name:version:)) once it lands.
    func podNames(in root: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    func versions(of name: String, in root: URL) -> [String] {
        let folder = root.appendingPathComponent(name)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return entries.compactMap { entry -> (String, Version)? in
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(entry)/\(name).podspec.json").path),
                let version = try? Version(entry)
            else { return nil }
            return (entry, version)
        }.sorted { $0.1 > $1.1 }.map(\.0)
    }

    func specFields(name: String, version: String, in root: URL) -> [String: Any]? {
        let url = root.appendingPathComponent("\(name)/\(version)/\(name).podspec.json")
        guard let data = try? Data(contentsOf: url) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
