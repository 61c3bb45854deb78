import Digests
import Foundation
import Git
import Specs
import Support

/// What a cached component repository is asked for.
package enum SourceReference: Sendable, Hashable, CustomStringConvertible {
    case tag(String)
    case commit(String)
    /// A branch's tip: moves, so it is fetched again when asked to refresh.
    case branch(String)
    /// The remote's default branch (what `HEAD` names there).
    case defaultBranch

    package var description: String {
        switch self {
        case .tag(let tag): return "tag \(tag)"
        case .commit(let commit): return "commit \(commit)"
        case .branch(let branch): return "branch \(branch)"
        case .defaultBranch: return "default branch"
        }
    }

    /// Whether what it names can change on the remote (a branch) rather than being fixed (a tag or commit).
    package var moves: Bool {
        switch self {
        case .branch, .defaultBranch: return true
        case .tag, .commit: return false
        }
    }
}

/// Why the cache could not provide a reference.
package enum SourceCacheError: ComposeFailure, Equatable {
    /// The repository could not be cloned or fetched (network, credentials, file system).
    case fetchFailed(url: String, message: String)
    /// The repository was fetched but has no such tag, commit or branch.
    case missingReference(url: String, reference: SourceReference)

    package var kind: FailureKind {
        switch self {
        case .fetchFailed: return .environment
        case .missingReference: return .input
        }
    }

    package var description: String {
        switch self {
        case .fetchFailed(let url, let message): return "could not fetch \(url): \(message)"
        case .missingReference(let url, let reference): return "\(url) has no \(reference)"
        }
    }
}

/// Bare mirrors of component repositories in `$COMPOSE_HOME/cache/git/<hash of URL>/<Name>.git`,
/// shared by `compose resolve` (which reads the podspec of a `:git` pod there) and `compose install`
/// (which hands them to SwiftPM as mirrors). A fixed reference already present costs no network.
/// Two compose processes take turns on one mirror (a lock file beside it).
package struct SourceCache: Sendable {
    package let folder: URL
    package let credentials: Credentials

    package init(folder: URL, credentials: Credentials = Credentials()) {
        self.folder = folder
        self.credentials = credentials
    }

    /// The cache of a compose home: `cache/git`. `credentials`: nil takes them from the home's environment.
    package init(home: ComposeHome, credentials: Credentials? = nil) {
        self.init(
            folder: home.url.appendingPathComponent("cache/git", isDirectory: true),
            credentials: credentials ?? home.credentials)
    }

    package struct Fetch: Sendable, Equatable {
        /// The bare repository (the mirror SwiftPM reads).
        package let repository: URL
        /// The commit the reference names, 40 hexadecimal digits.
        package let commit: String
        /// Whether the network was used.
        package let usedNetwork: Bool
    }

    /// Where the mirror of `url` lives: `<hash of URL without credentials>/<last path component of URL>.git`. SwiftPM names a
    /// mirrored package after the mirror's last path component, so it must be the URL's.
    package func location(of url: String) -> URL {
        // Credentials in the URL do not make another mirror: Compose.lock names the URL without them.
        folder.appendingPathComponent(String(SHA256Digest.hex(of: strippingCredentials(url).utf8).prefix(16)))
            .appendingPathComponent("\(packageIdentity(of: url)).git")
    }

    /// The mirror of `url` with `reference` present. A tag or commit already there is used as it is;
    /// a branch is fetched again when `refresh` is set (or when the mirror is new).
    package func ensure(url: String, reference: SourceReference, refresh: Bool = false) throws(SourceCacheError)
        -> Fetch
    {
        let location = location(of: url)
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: location.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .fetchFailed(
                url: redact(url),
                message: "cannot create \(location.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        let lockFile = location.deletingLastPathComponent().appendingPathComponent(".lock")
        let lock: FileLock
        do {
            lock = try FileLock(lockFile) {}
        } catch {
            throw .fetchFailed(url: redact(url), message: error.description)
        }
        defer { withExtendedLifetime(lock) {} }
        // Under the lock, a `.partial` clone beside the mirror is what a killed or interrupted run left.
        let parent = location.deletingLastPathComponent()
        for entry in (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? [] where entry.hasSuffix(".partial")
        {
            try? fileManager.removeItem(at: parent.appendingPathComponent(entry))
        }
        do {
            if fileManager.fileExists(atPath: location.appendingPathComponent("HEAD").path) {
                let repository = try Repository.open(at: location)
                if !(refresh && reference.moves), let commit = try commit(of: reference, in: repository) {
                    return Fetch(repository: location, commit: commit, usedNetwork: false)
                }
                try repository.fetch(remote: "origin", refspecs: Self.mirrorRefspecs, credentials: credentials)
                guard let commit = try commit(of: reference, in: repository) else {
                    throw SourceCacheError.missingReference(url: redact(url), reference: reference)
                }
                return Fetch(repository: location, commit: commit, usedNetwork: true)
            }
            // Clone beside the final place, then move: an interrupted clone leaves no half repository.
            let partial = location.deletingLastPathComponent().appendingPathComponent(
                ".\(location.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
            defer { try? fileManager.removeItem(at: partial) }
            // A mirror for SwiftPM: branches as local branches, tags as tags.
            let repository = try Repository.mirror(
                from: url, to: partial, refspecs: Self.mirrorRefspecs, credentials: credentials)
            guard let commit = try commit(of: reference, in: repository) else {
                throw SourceCacheError.missingReference(url: redact(url), reference: reference)
            }
            if rename(partial.path, location.path) != 0 {
                throw SourceCacheError.fetchFailed(
                    url: redact(url),
                    message: "cannot move the clone into \(location.path): \(String(cString: strerror(errno)))")
            }
            return Fetch(repository: location, commit: commit, usedNetwork: true)
        } catch let error as SourceCacheError {
            throw error
        } catch let error as GitError {
            throw .fetchFailed(url: redact(url), message: error.description)
        } catch {
            throw .fetchFailed(url: redact(url), message: error.localizedDescription)
        }
    }

    /// The file at `path` in the mirror of `url` at `commit`, or nil when there is none.
    package func readFile(_ path: String, url: String, commit: String) throws(SourceCacheError) -> Data? {
        do {
            return try Repository.open(at: location(of: url)).readFile(path, at: commit)
        } catch {
            throw .fetchFailed(url: redact(url), message: error.description)
        }
    }

    /// The size of the file at `path` in the mirror of `url` at `commit` from its object header
    /// (nothing read), or nil when there is none.
    package func fileSize(_ path: String, url: String, commit: String) throws(SourceCacheError) -> Int? {
        do {
            return try Repository.open(at: location(of: url)).fileSize(path, at: commit)
        } catch {
            throw .fetchFailed(url: redact(url), message: error.description)
        }
    }

    private static let mirrorRefspecs = ["+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"]

    private func commit(of reference: SourceReference, in repository: Repository) throws(GitError) -> String? {
        switch reference {
        case .tag(let tag):
            return try repository.tagCommit(tag)?.hex
        case .commit(let commit):
            return try repository.resolveCommit(commit)?.hex
        case .branch(let branch):
            return try repository.resolveCommit("refs/heads/\(branch)")?.hex
        case .defaultBranch:
            return try repository.resolveCommit("HEAD")?.hex
        }
    }
}

/// `https://host/ios/Pay.git` → `Pay`, `git@host:ios/Pay` → `Pay`, `../Components/Pay/` → `Pay`: the name
/// SwiftPM gives a package (its identity, compared without case).
package func packageIdentity(of location: String) -> String {
    var trimmed = Substring(location)
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    let last = trimmed.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? String(trimmed)
    return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
}
