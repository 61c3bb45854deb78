import Foundation
import Git

/// A git reference a lock pins.
public enum GitReference: Sendable, Equatable {
    case tag(String)
    case commit(String)

    var name: String {
        switch self {
        case .tag(let tag): return "tag \(tag)"
        case .commit(let commit): return "commit \(commit)"
        }
    }
}

/// Bare clones of component repositories in `$COMPOSE_HOME/cache/git/<name>-<hash of URL>`, fetched with
/// libgit2. A reference already present is used as it is: no network.
public struct SourceCache: Sendable {
    public let folder: URL
    public let credentials: Credentials

    public init(folder: URL, credentials: Credentials = .fromEnvironment()) {
        self.folder = folder
        self.credentials = credentials
    }

    public struct Fetch: Sendable, Equatable {
        /// The bare repository (the mirror SwiftPM reads).
        public let repository: URL
        /// The commit the reference names.
        public let commit: String
        /// Whether the network was used.
        public let usedNetwork: Bool
    }

    /// Where the clone of `url` lives: `<hash of URL>/<last path component of URL>.git`. SwiftPM names a
    /// mirrored package after the mirror's last path component, so it must be the URL's.
    public func location(name: String, url: String) -> URL {
        var hasher = SHA256()
        hasher.update(Array(url.utf8))
        return folder.appendingPathComponent(String(hasher.finalize().prefix(16))).appendingPathComponent("\(packageIdentity(of: url)).git")
    }

    /// The cached repository of `url`, with `reference` present, fetched if needed.
    public func ensure(name: String, url: String, reference: GitReference) throws(InstallError) -> Fetch {
        let location = location(name: name, url: url)
        let fileManager = FileManager.default
        do {
            if fileManager.fileExists(atPath: location.appendingPathComponent("HEAD").path) {
                let repository = try Repository.open(at: location)
                if let commit = try commit(of: reference, in: repository) {
                    return Fetch(repository: location, commit: commit, usedNetwork: false)
                }
                try repository.fetch(
                    remote: "origin", refspecs: ["+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"], credentials: credentials)
                guard let commit = try commit(of: reference, in: repository) else {
                    throw InstallError.missingReference(name: name, url: redact(url), reference: reference.name)
                }
                return Fetch(repository: location, commit: commit, usedNetwork: true)
            }
            try fileManager.createDirectory(at: location.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Clone beside the final place, then move: an interrupted clone leaves no half repository.
            let partial = location.deletingLastPathComponent().appendingPathComponent(".\(location.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
            defer { try? fileManager.removeItem(at: partial) }
            let repository = try Repository.clone(from: url, to: partial, bare: true, credentials: credentials)
            // A mirror for SwiftPM: branches as local branches, tags as tags.
            try repository.fetch(remote: "origin", refspecs: ["+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"], credentials: credentials)
            guard let commit = try commit(of: reference, in: repository) else {
                throw InstallError.missingReference(name: name, url: redact(url), reference: reference.name)
            }
            // Another compose may have finished the same clone meanwhile: then its clone is kept.
            if rename(partial.path, location.path) != 0, !fileManager.fileExists(atPath: location.appendingPathComponent("HEAD").path) {
                throw InstallError.fetchFailed(name: name, url: redact(url), message: "cannot move the clone into \(location.path): \(String(cString: strerror(errno)))")
            }
            return Fetch(repository: location, commit: commit, usedNetwork: true)
        } catch let error as InstallError {
            throw error
        } catch let error as GitError {
            throw .fetchFailed(name: name, url: redact(url), message: error.description)
        } catch {
            throw .fetchFailed(name: name, url: redact(url), message: error.localizedDescription)
        }
    }

    private func commit(of reference: GitReference, in repository: Repository) throws(GitError) -> String? {
        switch reference {
        case .tag(let tag):
            return try repository.tagCommit(tag)?.hex
        case .commit(let commit):
            return try repository.resolveCommit(commit)?.hex
        }
    }
}
