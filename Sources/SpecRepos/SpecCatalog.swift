import Foundation
import Git
import Specs
import Support

/// One pod in `compose search`.
package struct PodSummary: Sendable, Equatable, Codable {
    package let name: String
    package let latestVersion: String
    package let summary: String?
    package let repo: String
    /// Why the newest version's spec could not be read (`file:line:col: message`); nil when it was.
    package var unreadable: String?

    package init(name: String, latestVersion: String, summary: String?, repo: String, unreadable: String? = nil) {
        self.name = name
        self.latestVersion = latestVersion
        self.summary = summary
        self.repo = repo
        self.unreadable = unreadable
    }

    private enum CodingKeys: String, CodingKey { case name, latestVersion, summary, repo, unreadable }

    /// `summary` is always there (`null` when unknown); `unreadable` only for a spec that was not read.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(latestVersion, forKey: .latestVersion)
        try container.encode(summary, forKey: .summary)
        try container.encode(repo, forKey: .repo)
        try container.encodeIfPresent(unreadable, forKey: .unreadable)
    }
}

/// What `compose info` shows of a pod in one spec repo.
package struct PodInfo: Sendable, Equatable, Codable {
    package let name: String
    package let repo: String
    /// Newest first.
    package let versions: [String]
    package let summary: String?
    package let homepage: String?
    /// `git URL @ tag`, `git URL @ commit`, an http URL, … of the newest version.
    package let source: String?
    package let deprecated: Bool
    package let deprecatedInFavorOf: String?
    /// The newest version's dependencies (its subspecs' too, per-platform ones named `ios: X`):
    /// name → requirements as written (`["~> 2.1"]`; empty for any version).
    package var dependencies: [String: [String]] = [:]
    /// The newest version's subspecs, full names.
    package var subspecs: [String] = []
    /// The newest version's platforms and their deployment targets (empty string: any).
    package var platforms: [String: String] = [:]
    /// Why the newest version's spec could not be read (`file:line:col: message`); nil when it was.
    /// In JSON its details are then `null`, not empty: nothing is known of them.
    package var unreadable: String?

    private enum CodingKeys: String, CodingKey {
        case name, repo, versions, summary, homepage, source, deprecated, deprecatedInFavorOf, dependencies, subspecs,
            platforms, unreadable
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(repo, forKey: .repo)
        try container.encode(versions, forKey: .versions)
        try container.encode(summary, forKey: .summary)
        try container.encode(homepage, forKey: .homepage)
        try container.encode(source, forKey: .source)
        let known = unreadable == nil
        try container.encode(known ? deprecated : nil, forKey: .deprecated)
        try container.encode(deprecatedInFavorOf, forKey: .deprecatedInFavorOf)
        try container.encode(known ? dependencies : nil, forKey: .dependencies)
        try container.encode(known ? subspecs : nil, forKey: .subspecs)
        try container.encode(known ? platforms : nil, forKey: .platforms)
        try container.encodeIfPresent(unreadable, forKey: .unreadable)
    }

    package init(
        name: String, repo: String, versions: [String], summary: String?, homepage: String?, source: String?,
        deprecated: Bool, deprecatedInFavorOf: String?
    ) {
        self.name = name
        self.repo = repo
        self.versions = versions
        self.summary = summary
        self.homepage = homepage
        self.source = source
        self.deprecated = deprecated
        self.deprecatedInFavorOf = deprecatedInFavorOf
    }
}

/// Reads the added spec repos for search and info. Search answers from each clone's search index
/// (`SearchIndex`: names, newest versions and summaries, kept fresh by the clone's git state), and
/// reads every pod's newest spec only for a clone that is not a git working tree or with the spec
/// index off (`COMPOSE_SPEC_INDEX=0`); info reads one pod's folder and its newest spec.
package struct SpecCatalog: Sendable {
    package let store: SpecRepoStore

    package init(store: SpecRepoStore) {
        self.store = store
    }

    /// How one repo was searched: from its search index (`freshness` says what that cost), or,
    /// when `freshness` is nil, by reading the newest spec of each of its `podsRead` pods.
    package struct RepoSearch: Sendable, Equatable {
        package let repo: String
        package let freshness: SearchIndex.Freshness?
        package let podsRead: Int
    }

    /// Pods whose name or summary contains `query` (case-insensitive), across every added repo,
    /// sorted by name then repo. An empty query lists every pod.
    package func search(_ query: String) -> [PodSummary] {
        searchReport(query).pods
    }

    /// `search(_:)`, with how each repo was searched.
    package func searchReport(_ query: String) -> (pods: [PodSummary], repos: [RepoSearch]) {
        let needle = query.lowercased()
        var results: [PodSummary] = []
        var repos: [RepoSearch] = []
        for repo in store.names() {
            let root = store.home.repoDirectory(repo)
            if let index = searchIndex(of: root), let freshness = index.refresh(root: root) {
                let (found, read) = Self.search(needle, in: index, root: root, repo: repo)
                results += found
                repos.append(RepoSearch(repo: repo, freshness: freshness, podsRead: read))
                continue
            }
            let repository = SpecRepository(root: root)
            let names = repository.podNames()
            for name in names {
                guard let newest = repository.versions(of: name).first else { continue }
                // A spec that cannot be read is still found by its name, and says why it was not read.
                let read = Result { () throws(SpecRepoError) in try repository.spec(name: name, version: newest) }
                let summary = try? read.get().summary
                guard Self.matches(needle, name: name, summary: summary) else { continue }
                results.append(
                    PodSummary(
                        name: name, latestVersion: newest.string, summary: summary, repo: repo,
                        unreadable: Self.unreadable(read)))
            }
            repos.append(RepoSearch(repo: repo, freshness: nil, podsRead: names.count))
        }
        let sorted = results.sorted { ($0.name.lowercased(), $0.repo) < ($1.name.lowercased(), $1.repo) }
        return (sorted, repos)
    }

    /// Whether a pod named `name` with `summary` is found by `needle` (a lowercased query).
    static func matches(_ needle: String, name: String, summary: String?) -> Bool {
        needle.isEmpty || name.lowercased().contains(needle) || summary?.lowercased().contains(needle) == true
    }

    /// The search index of the clone at `root`; nil with the spec index off.
    private func searchIndex(of root: URL) -> SearchIndex? {
        store.home.isSpecIndexDisabled ? nil : SearchIndex(home: store.home, root: root)
    }

    /// The pods of `index` that `needle` finds, and how many specs were read to tell (those whose
    /// summary was too long to keep).
    private static func search(_ needle: String, in index: SearchIndex, root: URL, repo: String)
        -> (pods: [PodSummary], specsRead: Int)
    {
        let (decided, undecided) = index.candidates(for: needle)
        var results: [PodSummary] = decided.compactMap { index.entry(at: $0) }.map { entry in
            PodSummary(
                name: entry.name, latestVersion: entry.version, summary: entry.summary, repo: repo,
                unreadable: entry.unreadable)
        }
        var repository: SpecRepository?
        var read = 0
        for position in undecided {
            guard let entry = index.entry(at: position) else { continue }
            var summary = entry.summary
            var unreadable = entry.unreadable
            if entry.summaryLeftOut {
                let reader = repository ?? SpecRepository(root: root)
                repository = reader
                let spec = Result { () throws -> Spec in
                    try reader.spec(name: entry.name, version: try Version(entry.version))
                }
                read += 1
                summary = try? spec.get().summary
                unreadable = Self.unreadable(spec)
            }
            guard matches(needle, name: entry.name, summary: summary) else { continue }
            results.append(
                PodSummary(
                    name: entry.name, latestVersion: entry.version, summary: summary, repo: repo,
                    unreadable: unreadable))
        }
        return (results, read)
    }

    /// The pod folder `name` names in the clone at `root`: the exact name when that folder exists,
    /// else the first pod (in name order) whose name matches it case-insensitively, taken from the
    /// search index (no walk of the pod folders) unless there is none.
    func podName(matching name: String, root: URL) -> String? {
        let layout = SpecRepoLayout(root: root)
        if let safe = try? SafeName(name, as: .pod), layout.firstSymlink(along: layout.podPath(safe)) == nil,
            FileKind.of(layout.absolute(layout.podPath(safe))) == .directory
        {
            return name
        }
        let lowercased = name.lowercased()
        let names: [String]
        if let index = searchIndex(of: root), index.refresh(root: root) != nil {
            names = index.names()
        } else {
            names = layout.podNames()
        }
        return names.first { $0.lowercased() == lowercased }
    }

    /// `name` in every added repo that has it (exact name, else a case-insensitive match).
    package func info(_ name: String) throws(SpecRepoError) -> [PodInfo] {
        var results: [PodInfo] = []
        for repo in store.names() {
            let root = store.home.repoDirectory(repo)
            guard let match = podName(matching: name, root: root) else { continue }
            let repository = SpecRepository(root: root)
            let all = repository.versions(of: match)
            guard let newest = all.first else { continue }
            let read = Result { () throws(SpecRepoError) in try repository.spec(name: match, version: newest) }
            results.append(Self.podInfo(name: match, repo: repo, versions: all, newest: read))
        }
        if results.isEmpty {
            let suggestions = search(name).prefix(5).map(\.name)
            throw .podNotFound(name: name, repos: store.names(), suggestions: Array(suggestions))
        }
        return results
    }

    /// What `compose info` shows of `name`, from its versions (newest first) and the reading of the
    /// newest one's spec (the fields it gives, or why it could not be read); credentials in its URLs are
    /// masked.
    package static func podInfo<Failure: Error>(
        name: String, repo: String, versions: [Version], newest read: Result<Spec, Failure>
    ) -> PodInfo {
        let spec = try? read.get()
        let inFavorOf = spec?.deprecatedInFavorOf
        var info = PodInfo(
            name: name, repo: repo, versions: versions.map(\.string), summary: spec?.summary,
            homepage: spec?.homepage.map(redact), source: spec?.source.flatMap(describeSource).map(redact),
            deprecated: spec?.deprecated == true || inFavorOf != nil, deprecatedInFavorOf: inFavorOf)
        if let spec { describeContents(of: spec, into: &info) }
        info.unreadable = unreadable(read)
        return info
    }

    /// Why a spec was not read, as `file:line:col: message` (nil when it was).
    package static func unreadable<Failure: Error>(_ read: Result<Spec, Failure>) -> String? {
        guard case .failure(let failure) = read else { return nil }
        let error: any Error = failure
        switch error {
        case SpecRepoError.invalidSpec(let problem): return problem.description
        case SpecRepoError.unreadableSpec(let path, let message): return "\(path): \(message)"
        case let problem as SpecError: return problem.description
        default: return "\(error)"
        }
    }

    /// Dependencies, subspecs and platforms of `spec` (and its subspecs) into `info`.
    package static func describeContents(of spec: Spec, into info: inout PodInfo) {
        func requirements(_ dependency: SpecDependency) -> [String] {
            dependency.requirements.requirements.map(\.description)
        }
        func visit(_ spec: Spec) {
            for dependency in spec.dependencies where Spec.rootName(of: dependency.name) != spec.rootName {
                info.dependencies[dependency.name] = requirements(dependency)
            }
            for (platform, dependencies) in spec.platformDependencies {
                for dependency in dependencies {
                    info.dependencies["\(platform): \(dependency.name)"] = requirements(dependency)
                }
            }
            for subspec in spec.subspecs {
                info.subspecs.append(subspec.name)
                visit(subspec)
            }
        }
        visit(spec)
        for platform in spec.platforms ?? [] { info.platforms[platform.name] = platform.minimum?.string ?? "" }
    }

    /// `URL (tag 1.2.0)` for a git source, the URL of an http, svn or hg source.
    package static func describeSource(_ source: SpecSource) -> String? {
        switch source {
        case .git(let git):
            if let tag = git.tag { return "\(git.url) (tag \(tag))" }
            if let commit = git.commit { return "\(git.url) (commit \(commit))" }
            if let branch = git.branch { return "\(git.url) (branch \(branch))" }
            return git.url
        case .other(let fields):
            return ["http", "svn", "hg"].lazy.compactMap { fields[$0] }.first
        }
    }
}
