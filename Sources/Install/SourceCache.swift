import Foundation

/// A git reference a lock pins.
public enum GitReference: Sendable, Equatable {
    case tag(String)
    case commit(String)
}

/// Bare clones of component repositories in `$COMPOSE_HOME/cache/git/<name>-<hash of URL>`, fetched with
/// libgit2. A reference already present is used as it is: no network.
public struct SourceCache: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    public struct Fetch: Sendable, Equatable {
        /// The bare repository (the mirror SwiftPM reads).
        public let repository: URL
        /// The commit the reference names.
        public let commit: String
        /// Whether the network was used.
        public let usedNetwork: Bool
    }

    /// The cached repository of `url`, with `reference` present, fetched if needed.
    public func ensure(name: String, url: String, reference: GitReference) throws(InstallError) -> Fetch {
        throw .fetchFailed(name: name, url: url, message: "fetching is not available in this build")
    }
}
