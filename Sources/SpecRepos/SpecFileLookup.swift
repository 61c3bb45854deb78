import Foundation
import Specs

/// One version's spec file in an added spec repo (what `compose spec which` prints).
package struct SpecFileLocation: Sendable, Equatable {
    package let name: String
    package let version: String
    package let repo: String
    /// The absolute path of the spec file in the clone.
    package let path: String
    /// Every version the repo has of the pod, newest first (for a message when `version` is wrong).
    package let versions: [String]
}

extension SpecCatalog {
    /// The spec file of `name` (exact, else case-insensitive) at `version` (nil: the newest) in every
    /// added repo that has the pod; a repo without that version gives its entry with the newest one
    /// and the caller compares. `.podNotFound` when no repo has the pod.
    package func specFiles(of name: String, version: String?) throws(SpecRepoError) -> [SpecFileLocation] {
        var results: [SpecFileLocation] = []
        for repo in store.names() {
            let root = store.home.repoDirectory(repo)
            let layout = SpecRepoLayout(root: root)
            guard let match = podName(matching: name, root: root), let safe = try? SafeName(match, as: .pod) else {
                continue
            }
            let folders = layout.versionFolders(of: match)
            let wanted = version.flatMap { try? Version($0) }
            guard let chosen = folders.first(where: { wanted == nil ? true : $0.version == wanted }) ?? folders.first,
                let file = layout.specFile(of: safe, folder: chosen.folder)
            else { continue }
            results.append(
                SpecFileLocation(
                    name: match, version: chosen.folder, repo: repo, path: layout.absolute(file.path),
                    versions: folders.map(\.folder)))
        }
        if results.isEmpty {
            throw .podNotFound(name: name, repos: store.names(), suggestions: Array(search(name).prefix(5).map(\.name)))
        }
        return results
    }
}
