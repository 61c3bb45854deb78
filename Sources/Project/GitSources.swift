import ComposefileFormat
import Digests
import Foundation
import Git
import SpecRepos
import Specs

extension ResolveService {
    var home: ComposeHome { ComposeHome(url: composeHome, environment: environment) }

    /// The clone of a git spec repository under `$COMPOSE_HOME/repos`: a repo already added for this
    /// URL (`compose repo add`) is used as it is; otherwise one is added on first use, named after
    /// the URL. With `repoUpdate`, it is fetched and fast-forwarded first (as `compose repo update`).
    func cloneSpecRepository(_ url: String, repoUpdate: Bool) throws -> URL {
        let store = SpecRepoStore(home: home)
        if let existing = store.name(forURL: url) {
            if repoUpdate {
                _ = try store.update(existing, waiting: progress)
            } else {
                noteIfStale(existing, in: store)
            }
            return try store.directory(of: existing)
        }
        // A resolve running at the same time may add it first: then its clone is used.
        let report = cloneProgress
        let name = try store.nameAddingIfNeeded(
            url: url, waiting: progress, progress: report.map { report in { report($0) } }
        ) { name in
            progress("adding spec repo '\(name)' from \(redact(url)) (once; `compose repo list` shows it)")
        }
        report?(nil)
        return try store.directory(of: name)
    }

    /// Tells `progress` when the clone `name` was last fetched more than `staleAfter` ago.
    func noteIfStale(_ name: String, in store: SpecRepoStore) {
        guard let age = store.secondsSinceFetch(name), age > Self.staleAfter else { return }
        progress(
            "note: the clone of '\(name)' was last fetched \(Self.describe(age: age)) ago; --repo-update "
                + "(or `compose repo update \(name)`) brings what was published since")
    }

    /// A clone not fetched for a day is mentioned when a command reads it without fetching.
    static let staleAfter: TimeInterval = 24 * 3600

    static func describe(age: TimeInterval) -> String {
        let days = Int(age / 86400)
        if days >= 1 { return "\(days) day\(days == 1 ? "" : "s")" }
        let hours = Int(age / 3600)
        return "\(hours) hour\(hours == 1 ? "" : "s")"
    }

    /// A `:git` pod: its repository is mirrored in `$COMPOSE_HOME/cache/git` (the cache `compose
    /// install` uses), the reference resolved to a commit, and `Name.podspec.json` read at that commit
    /// from the repository's root. `lockedCommit`, when the lock pins one for the same options, is
    /// used instead of moving a branch.
    func readGitExternal(
        _ dependency: Dependency, url: String, reference: GitReference?, lockedCommit: String?
    ) throws -> ExternalPod {
        let root = dependency.rootName
        // What is written (Compose.lock, Composed/) names the repository without any user or token.
        let written = strippingCredentials(url)
        var options = ["git": written]
        let wanted: SourceReference
        switch reference {
        case .tag(let tag)?:
            options["tag"] = tag
            wanted = .tag(tag)
        case .branch(let branch)?:
            options["branch"] = branch
            wanted = .branch(branch)
        case .commit(let commit)?:
            options["commit"] = commit
            wanted = .commit(commit)
        case nil: wanted = .defaultBranch
        }
        let cache = SpecRepoStore(home: home).componentSources()
        let fetch: SourceCache.Fetch
        do {
            if let lockedCommit, wanted.moves {
                fetch = try cache.ensure(url: url, reference: .commit(lockedCommit))
            } else {
                fetch = try cache.ensure(url: url, reference: wanted, refresh: true)
            }
        } catch {
            switch error {
            case .fetchFailed(let url, let message): throw ProjectError.git(url: url, message: message)
            case .missingReference(let url, let reference):
                throw ProjectError.missingReference(
                    pod: root, url: url, reference: reference.description, location: dependency.location)
            }
        }
        // `Name.podspec.json` wins over `Name.podspec` when the repository has both.
        var found: (file: String, data: Data)?
        for file in PodspecFormat.fileNames(for: root) where found == nil {
            // A podspec is a few KiB; the lint's bound on a spec file (1 MiB) keeps a huge blob unread.
            if let size = try cache.fileSize(file, url: url, commit: fetch.commit), size > 1 << 20 {
                throw ProjectError.invalidSpec(
                    path: "\(redact(url)) (\(fetch.commit.prefix(10))):\(file)",
                    message:
                        "it is \(byteCount(size)), over the \(byteCount(1 << 20)) a podspec may have; it was not read")
            }
            if let data = try cache.readFile(file, url: url, commit: fetch.commit) { found = (file, data) }
        }
        guard let (file, data) = found else {
            throw ProjectError.podspecNotFound(
                pod: root, path: "\(redact(url)) at \(fetch.commit.prefix(10))", location: dependency.location)
        }
        let display = "\(redact(url)) (\(fetch.commit.prefix(10))):\(file)"
        let summary = try PodspecSummary.parse(data, path: display, checksum: SHA1.hex(of: data))
        guard summary.name == root else {
            throw ProjectError.podspecNameMismatch(pod: root, found: summary.name, path: display)
        }
        var checkout = ["git": written, "commit": fetch.commit]
        if case .tag(let tag)? = reference { checkout["tag"] = tag }
        return ExternalPod(
            dependency: dependency, summary: summary, specPath: display, specData: data, options: options,
            checkout: checkout)
    }
}
