import Foundation
import SpecRepos
import Specs

/// A place pods are looked up in: a spec repository's folder, read in place and lazily through
/// `SpecRepository` (a name's folder is listed only when the name is asked for, a spec file is read
/// only when its version is).
final class PodSource {
    /// The source as the Composefile wrote it (the lock's SPEC REPOS key).
    let key: String
    let repository: SpecRepository

    init(key: String, folder: URL) {
        self.key = key
        self.repository = SpecRepository(root: folder)
    }

    /// The versions of `name`, newest first, or nil when the source has no such pod.
    func versions(of name: String) -> [Version]? {
        let versions = repository.versions(of: name)
        return versions.isEmpty ? nil : versions
    }

    /// The spec file of `name` at `version`: its path and bytes.
    func specFile(of name: String, version: Version) throws(ProjectError) -> (path: String, data: Data) {
        do {
            return try repository.specFile(name: name, version: version)
        } catch {
            if case .unreadableSpec(let path, let message) = error { throw .unreadable(path: path, reason: message) }
            throw .unreadable(path: name, reason: error.description)
        }
    }
}
