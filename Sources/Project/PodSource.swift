import CDN
import Digests
import Foundation
import SpecRepos
import Specs

/// A place pods are looked up in, read lazily: a spec repository's folder (through
/// `SpecRepository`: a name's folder is listed only when the name is asked for, a spec file is read
/// only when its version is), or an HTTP source in CocoaPods' CDN layout (through
/// `CDNSpecRepository`: a name's shard index and a version's spec file fetched when asked for).
final class PodSource {
    enum Storage {
        case folder(SpecRepository)
        case http(CDNSpecRepository)
    }

    /// The source as the Composefile wrote it (the lock's SPEC REPOS key; `trunk` for the public CDN).
    let key: String
    let storage: Storage
    /// The first failure of an HTTP source met while looking up versions (where the solver cannot be
    /// told); the resolve throws it rather than report the pods as missing.
    private(set) var failure: HTTPSourceError?

    /// A folder source; with `home`, read through the persistent index kept there (`SpecIndex`),
    /// unless `COMPOSE_SPEC_INDEX=0`.
    init(key: String, folder: URL, home: ComposeHome? = nil) {
        self.key = key
        let index = home.flatMap { $0.isSpecIndexDisabled ? nil : SpecIndex(home: $0, root: folder) }
        self.storage = .folder(SpecRepository(root: folder, index: index))
    }

    init(key: String, http: CDNSpecRepository) {
        self.key = key
        self.storage = .http(http)
    }

    /// The spec repository folder this source reads, nil for an HTTP source.
    var folder: SpecRepository? {
        if case .folder(let repository) = storage { repository } else { nil }
    }

    /// The versions of `name`, newest first, or nil when the source has no such pod.
    func versions(of name: String) -> [Version]? {
        let versions: [Version]
        switch storage {
        case .folder(let repository):
            versions = repository.versions(of: name)
        case .http(let repository):
            do {
                versions = try repository.versions(of: name)
            } catch {
                if failure == nil { failure = error }
                return nil
            }
        }
        return versions.isEmpty ? nil : versions
    }

    /// Writes the index of every folder source among `sources` that recorded something (see `SpecIndex.save`).
    static func saveIndexes(of sources: [PodSource]) {
        for repository in sources.compactMap(\.folder) { repository.index?.save() }
    }

    /// The SHA-1 of `name`'s spec file at `version` (a folder source answers from its index when
    /// the file is unchanged).
    func specChecksum(of name: String, version: Version) throws(ProjectError) -> String {
        if case .folder(let repository) = storage {
            do {
                return try repository.specChecksum(name: name, version: version).checksum
            } catch {
                throw .unreadable(path: name, reason: error.description)
            }
        }
        return SHA1.hex(of: try specFile(of: name, version: version).data)
    }

    /// The spec file of `name` at `version`: its path and bytes.
    func specFile(of name: String, version: Version) throws(ProjectError) -> (path: String, data: Data) {
        switch storage {
        case .folder(let repository):
            do {
                return try repository.specFile(name: name, version: version)
            } catch {
                if case .unreadableSpec(let path, let message) = error {
                    throw .unreadable(path: path, reason: message)
                }
                throw .unreadable(path: name, reason: error.description)
            }
        case .http(let repository):
            do {
                return try repository.specFile(name: name, version: version)
            } catch {
                throw .http(error)
            }
        }
    }
}
