import Foundation
import Git

/// What `repo list` shows of one clone.
package struct SpecRepoSummary: Sendable, Equatable, Codable {
    package let name: String
    /// The remote URL with any credential redacted.
    package let url: String
    package let branch: String?
    /// The commit the clone is at (nil for an empty repository).
    package let head: String?
    package let specCount: Int
    package let path: String
}

/// What `repo update` did to one clone.
package struct SpecRepoUpdate: Sendable, Equatable {
    package let name: String
    package let before: ObjectID?
    package let after: ObjectID?
    /// Whether a previous publish had been interrupted and the clone was reset to the remote's tip.
    package let recovered: Bool
    package var changed: Bool { before != after }
}

/// The spec repos added under a compose home: add, list, update, remove. Every operation on a
/// clone holds the clone's lock file, so two compose processes on one machine take turns.
package struct SpecRepoStore: Sendable {
    package let home: ComposeHome
    package let credentials: Credentials

    /// `credentials`: nil takes them from the home's environment.
    package init(home: ComposeHome, credentials: Credentials? = nil) {
        self.home = home
        self.credentials = credentials ?? home.credentials
    }

    /// The names of the added repos, sorted.
    package func names() -> [String] {
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: home.reposDirectory.path)) ?? []
        return contents.filter { name in
            guard !name.hasPrefix(".") else { return false }
            var isDirectory: ObjCBool = false
            let path = home.repoDirectory(name).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }

    /// The added spec repos other than the one at `root`, and the pods they hold: where the dependencies
    /// of `root`'s specs may be found besides `root` itself (repo lint, graph --check).
    package func otherPods(than root: URL) -> (repos: [String], names: Set<String>) {
        var others: (repos: [String], names: Set<String>) = ([], [])
        for name in names() where home.repoDirectory(name).standardizedFileURL != root.standardizedFileURL {
            others.repos.append(name)
            others.names.formUnion(SpecRepoLayout(root: home.repoDirectory(name)).podNames())
        }
        return others
    }

    /// The clone of `name`, or `.repoNotFound`.
    package func directory(of name: String) throws(SpecRepoError) -> URL {
        try SpecRepoName.validate(name)
        let url = home.repoDirectory(name)
        guard FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) else {
            throw .repoNotFound(name: name, available: names())
        }
        return url
    }

    /// Seconds since the clone of `name` was last cloned or fetched (`FETCH_HEAD`, else `HEAD`'s
    /// file), or nil when that cannot be told.
    package func secondsSinceFetch(_ name: String) -> TimeInterval? {
        let git = home.repoDirectory(name).appendingPathComponent(".git")
        for file in ["FETCH_HEAD", "HEAD"] {
            let attributes = try? FileManager.default.attributesOfItem(atPath: git.appendingPathComponent(file).path)
            if let date = attributes?[.modificationDate] as? Date { return Date().timeIntervalSince(date) }
        }
        return nil
    }

    /// The added repo that `nameOrURL` names: a name as it is, a URL (`scheme://…`, `user@host:path`,
    /// an absolute path) by `name(forURL:)`. `.repoNotFound` for a URL no added repo has, with the
    /// `repo add` to run.
    package func addedName(for nameOrURL: String) throws(SpecRepoError) -> String {
        let isURL =
            nameOrURL.contains("://") || nameOrURL.hasPrefix("/")
            || (nameOrURL.contains("@") && nameOrURL.contains(":"))
        guard isURL else { return nameOrURL }
        guard let name = name(forURL: nameOrURL) else {
            throw .repoNotFound(name: nameOrURL, available: names())
        }
        return name
    }

    /// The added repo whose remote is `url`, compared without credentials, a trailing `/` or `.git`;
    /// nil when none is.
    package func name(forURL url: String) -> String? {
        names().first { isClone(named: $0, of: url) }
    }

    /// Whether the clone `name` exists and its remote is `url`, compared as `name(forURL:)` does.
    package func isClone(named name: String, of url: String) -> Bool {
        guard let repository = try? Repository.open(at: home.repoDirectory(name)),
            let remote = try? repository.remoteURL()
        else { return false }
        return Self.normalURL(remote) == Self.normalURL(url)
    }

    /// `url` as two spellings of one remote compare: without credentials, trailing `/`s or a `.git`
    /// suffix, with the scheme and host in lower case.
    package static func normalURL(_ url: String) -> String {
        var text = strippingCredentials(url)
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text = String(text.dropLast(4)) }
        while text.hasSuffix("/") { text.removeLast() }
        // The scheme and host (up to the first `/` after `://`, or the `:` of `host:path`) are case-insensitive.
        if let scheme = text.range(of: "://") {
            let hostEnd = text[scheme.upperBound...].firstIndex(of: "/") ?? text.endIndex
            return text[..<hostEnd].lowercased() + text[hostEnd...]
        }
        if !text.hasPrefix("/"), let colon = text.firstIndex(of: ":") {
            return text[..<colon].lowercased() + text[colon...]
        }
        return text
    }

    /// A name for a new repo of `url`, not taken yet: `https://git.example.com/ios/specs.git` →
    /// `git.example.com-ios-specs`, with `-2`, `-3`… when that name is taken.
    package func unusedName(forURL url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://") { text = String(text[scheme.upperBound...]) }
        if let at = text.lastIndex(of: "@") { text = String(text[text.index(after: at)...]) }
        if text.hasSuffix(".git") { text = String(text.dropLast(4)) }
        let mapped = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "-" })
        var base = mapped.split(separator: "-").joined(separator: "-")
        if base.isEmpty { base = "specs" }
        if base.utf8.count > 80 {
            base = String(base.suffix(80)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        }
        let taken = Set(names())
        var name = base
        var suffix = 2
        while taken.contains(name) {
            name = "\(base)-\(suffix)"
            suffix += 1
        }
        return name
    }

    /// The credentials for a clone's own remote: the token may go to the host the user added it from.
    package func credentials(for repository: Repository) -> Credentials {
        ((try? repository.remoteURL()) ?? nil).map { credentials.trusting($0) } ?? credentials
    }

    /// The credentials for component sources named by specs: the token may go to the hosts of the
    /// added spec repos (and of `COMPOSE_GIT_TOKEN_HOST`), never to another host a spec names.
    /// The cache component sources are fetched into, with `credentialsForSources()`: what resolve,
    /// the registry export and the catalogue's READMEs fetch through.
    package func componentSources() -> SourceCache {
        SourceCache(home: home, credentials: credentialsForSources())
    }

    package func credentialsForSources() -> Credentials {
        names().reduce(credentials) { result, name in
            guard let repository = try? Repository.open(at: home.repoDirectory(name)) else { return result }
            return ((try? repository.remoteURL()) ?? nil).map { result.trusting($0) } ?? result
        }
    }

    /// The added repo for `url`, adding it under `unusedName(forURL:)` when there is none (`adding` is
    /// told the new name first). Two processes doing this for one URL at once take turns on one lock
    /// (`repos/.first-use.lock`): the second finds and uses the first one's clone.
    package func nameAddingIfNeeded(
        url: String, waiting: (String) -> Void = { _ in }, progress: ((TransferProgress) -> Void)? = nil,
        adding: (String) -> Void = { _ in }
    ) throws(SpecRepoError) -> String {
        if let existing = name(forURL: url) { return existing }
        let lockURL = home.reposDirectory.appendingPathComponent(".first-use.lock")
        let lock = try FileLock(lockURL) {
            waiting("waiting for another compose process adding a spec repo (lock \(lockURL.path))")
        }
        defer { withExtendedLifetime(lock) {} }
        if let existing = name(forURL: url) { return existing }
        let name = unusedName(forURL: url)
        adding(name)
        try add(name: name, url: url, progress: progress, waiting: waiting)
        return name
    }

    /// Runs `body` holding the lock of clone `name`; `waiting` is told when another process holds it.
    package func withLock<T>(_ name: String, waiting: (String) -> Void, _ body: () throws(SpecRepoError) -> T)
        throws(SpecRepoError) -> T
    {
        try withLock(name, waiting: waiting, wrapping: { $0 }, body)
    }

    /// `withLock` for a caller with an error type of its own: a lock that cannot be taken is `wrap`ped.
    package func withLock<T, E: Error>(
        _ name: String, waiting: (String) -> Void, wrapping wrap: (SpecRepoError) -> E, _ body: () throws(E) -> T
    ) throws(E) -> T {
        let lockURL = home.lockFile(name)
        let lock: FileLock
        do {
            lock = try FileLock(lockURL) {
                waiting("waiting for another compose process using spec repo '\(name)' (lock \(lockURL.path))")
            }
        } catch {
            throw wrap(error)
        }
        defer { withExtendedLifetime(lock) {} }
        removeLeftovers(of: name)
        sweepLeftovers()
        return try body()
    }

    /// Deletes what killed or interrupted commands left for other clones (`.NAME.adding-*`,
    /// `.NAME.removing-*`), each only when NAME's lock is free (no command is working on it).
    func sweepLeftovers() {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: home.reposDirectory.path)) ?? []
        for entry in entries where entry.hasPrefix(".") {
            guard let marker = entry.range(of: ".adding-") ?? entry.range(of: ".removing-") else { continue }
            let name = String(entry[entry.index(after: entry.startIndex)..<marker.lowerBound])
            guard !name.isEmpty, let lock = FileLock(ifFree: home.lockFile(name)) else { continue }
            try? FileManager.default.removeItem(at: home.reposDirectory.appendingPathComponent(entry))
            withExtendedLifetime(lock) {}
        }
    }

    // MARK: add

    /// Clones `url` into `repos/NAME`. A name already added from the same URL (and, when `branch` is
    /// given, on that branch) is left as it is and its summary returned, so a CI job may run the same
    /// `repo add` every time; a name added from another URL, a second name for a URL added already
    /// (one clone per URL, unless `branch` names another branch), or a name that could escape `repos/`, is refused. The clone is made in a hidden folder beside it and renamed into place, so a failure
    /// leaves nothing behind.
    @discardableResult
    package func add(
        name: String, url: String, branch: String? = nil,
        progress: ((TransferProgress) -> Void)? = nil,
        waiting: (String) -> Void = { _ in }
    ) throws(SpecRepoError) -> SpecRepoSummary {
        try SpecRepoName.validate(name)
        let destination = home.repoDirectory(name)
        try withLock(name, waiting: waiting) { () throws(SpecRepoError) in
            if FileManager.default.fileExists(atPath: destination.path) {
                let sameBranch = { branch == nil || (try? Repository.open(at: destination).currentBranch()) == branch }
                if isClone(named: name, of: url), sameBranch() { return }
                throw .repoExists(name: name, path: destination.path)
            }
            // One clone per URL and branch: a second would list every pod twice (`--branch` of another
            // branch is another repo).
            let sameRepo = { (other: String) in
                other != name && self.isClone(named: other, of: url)
                    && (branch == nil
                        || (try? Repository.open(at: self.home.repoDirectory(other)).currentBranch()) == branch)
            }
            if let existing = names().first(where: sameRepo) {
                throw .urlAdded(name: name, existing: existing, url: url)
            }
            let staging = home.reposDirectory.appendingPathComponent(".\(name).adding-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: staging) }
            do throws(GitError) {
                try cloneForAdding(url: url, to: staging, branch: branch, progress: progress)
            } catch {
                throw .git(error, context: "cannot add '\(name)' (nothing was added)")
            }
            do {
                try FileManager.default.moveItem(at: staging, to: destination)
            } catch {
                throw .fileSystem(
                    path: destination.path, message: "cannot move the clone into place: \(error.localizedDescription)")
            }
        }
        return try summary(name)
    }

    /// Clones `url` for `add`. An empty remote (a new spec repo) has no branch to check out: the
    /// clone's HEAD is then the branch asked for, else the remote's own HEAD when the remote is a
    /// local repository, else git's `init.defaultBranch`, else `main`, so that the first publish
    /// goes to the branch a teammate's clone will check out.
    func cloneForAdding(
        url: String, to staging: URL, branch: String?, progress: ((TransferProgress) -> Void)?
    ) throws(GitError) {
        let trusted = credentials.trusting(url)
        let repository: Repository
        do {
            repository = try Repository.clone(
                from: url, to: staging, branch: branch, applyFilters: false, checkout: false, linkLocalObjects: true,
                credentials: trusted, progress: progress)
            try repository.writeWorkingTree(progress: progress)
        } catch .revisionNotFound(let revision, let remote) {
            // The branch may be missing only because the remote is empty: then start it.
            try? FileManager.default.removeItem(at: staging)
            let empty = try Repository.clone(
                from: url, to: staging, applyFilters: false, credentials: trusted, progress: progress)
            guard let branch, try empty.hasNoBranches() else {
                throw GitError.revisionNotFound(revision: revision, repository: remote)
            }
            try empty.attachHead(toBranch: branch)
            return
        }
        guard branch == nil, try repository.hasNoBranches() else { return }
        let remoteHead = Self.localPath(of: url).flatMap { try? Repository.open(at: $0).currentBranch() }
        try repository.attachHead(
            toBranch: remoteHead ?? repository.configString("init.defaultBranch") ?? "main")
    }

    /// The folder of a local remote (`file://…` or an absolute path), nil for a network URL.
    static func localPath(of url: String) -> URL? {
        Repository.localFolder(ofRemote: url).map { URL(fileURLWithPath: $0) }
    }

    /// Under the lock of `name`: deletes what a killed `add` or `remove` of it left (`.NAME.adding-*`,
    /// `.NAME.removing-*`).
    func removeLeftovers(of name: String) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: home.reposDirectory.path)) ?? []
        for entry in entries where entry.hasPrefix(".\(name).adding-") || entry.hasPrefix(".\(name).removing-") {
            try? FileManager.default.removeItem(at: home.reposDirectory.appendingPathComponent(entry))
        }
    }

    // MARK: list

    /// Name, redacted URL, branch, head commit and spec count of every added repo.
    package func list() throws(SpecRepoError) -> [SpecRepoSummary] {
        var summaries: [SpecRepoSummary] = []
        for name in names() { summaries.append(try summary(name)) }
        return summaries
    }

    package func summary(_ name: String) throws(SpecRepoError) -> SpecRepoSummary {
        let directory = try directory(of: name)
        do {
            let repository = try Repository.open(at: directory)
            return SpecRepoSummary(
                name: name,
                url: redact(try repository.remoteURL() ?? ""),
                branch: try repository.currentBranch(),
                head: try repository.headCommit()?.hex,
                specCount: SpecRepoLayout(root: directory).countSpecs(),
                path: directory.path)
        } catch {
            throw .git(error, context: "cannot read the clone of '\(name)'")
        }
    }

    // MARK: update

    /// Fetches and fast-forwards `name` (every added repo when nil). When the remote has nothing new
    /// this costs one fetch and nothing else. Local changes or a diverged branch are refused.
    package func update(_ name: String? = nil, waiting: (String) -> Void = { _ in }) throws(SpecRepoError)
        -> [SpecRepoUpdate]
    {
        let targets =
            try name.map { (name) throws(SpecRepoError) -> [String] in
                _ = try directory(of: name)
                return [name]
            } ?? names()
        var results: [SpecRepoUpdate] = []
        for target in targets {
            results.append(
                try withLock(target, waiting: waiting) { () throws(SpecRepoError) in
                    try updateLocked(target)
                })
        }
        return results
    }

    func updateLocked(_ name: String) throws(SpecRepoError) -> SpecRepoUpdate {
        let directory = try directory(of: name)
        let context = "cannot update '\(name)'"
        do {
            let repository = try Repository.open(at: directory)
            let recovered = try PublishJournal.recoverIfInterrupted(repository)
            guard let branch = try repository.currentBranch() else {
                throw SpecRepoError.detachedHead(name: name, path: directory.path)
            }
            let before = try repository.headCommit()
            try repository.fetch(credentials: credentials(for: repository))
            guard let tip = try repository.resolveCommit("refs/remotes/origin/\(branch)") else {
                throw SpecRepoError.remoteBranchMissing(
                    name: name, branch: branch, url: redact(try repository.remoteURL() ?? ""))
            }
            if before == tip {
                return SpecRepoUpdate(name: name, before: before, after: tip, recovered: recovered)
            }
            if let before, try !repository.isAncestor(before, of: tip) {
                throw SpecRepoError.diverged(name: name, path: directory.path, branch: branch)
            }
            // Only the files the update changes are looked at (a fast-forward refuses to overwrite
            // local changes there); the rest of a large working tree is not scanned.
            let changed = try repository.changedPaths(from: before, to: tip)
            let changes = before == nil ? [] : try repository.status(limitedTo: changed)
            if !changes.isEmpty {
                throw SpecRepoError.localChanges(name: name, path: directory.path, files: changes.map(\.path))
            }
            try repository.fastForward(to: tip)
            return SpecRepoUpdate(name: name, before: before, after: tip, recovered: recovered)
        } catch let error as SpecRepoError {
            throw error
        } catch let error as GitError {
            throw .git(error, context: context)
        } catch {
            throw .fileSystem(path: directory.path, message: "\(error)")
        }
    }

    // MARK: remove

    /// Deletes the clone of `name`.
    package func remove(_ name: String, waiting: (String) -> Void = { _ in }) throws(SpecRepoError) {
        let directory = try directory(of: name)
        try withLock(name, waiting: waiting) { () throws(SpecRepoError) in
            // Move aside first so a failure half-way never leaves a half-deleted clone under its name.
            let trash = home.reposDirectory.appendingPathComponent(".\(name).removing-\(UUID().uuidString.prefix(8))")
            do {
                try FileManager.default.moveItem(at: directory, to: trash)
                try FileManager.default.removeItem(at: trash)
            } catch {
                throw .fileSystem(path: directory.path, message: "cannot remove: \(error.localizedDescription)")
            }
        }
    }
}
