import ComposefileFormat
import Foundation
import Resolution
import Specs

/// A pod with a newer version than the lock holds.
package struct OutdatedPod: Sendable, Equatable, Codable {
    package let name: String
    /// The locked version.
    package let current: String
    /// What `compose update` would choose: the newest version every requirement allows.
    package let update: String
    /// The newest release in its source, requirements aside.
    package let latest: String
    /// Where it comes from (a source as written in the Composefile).
    package let source: String

    package init(name: String, current: String, update: String, latest: String, source: String) {
        self.name = name
        self.current = current
        self.update = update
        self.latest = latest
        self.source = source
    }
}

extension ResolveService {
    /// The locked pods (from spec sources) with newer versions, within their requirements
    /// (`update`) and beyond them (`latest`). Without a lock, against a fresh resolution.
    /// Writes nothing.
    package func outdated(repoUpdate: Bool = false) throws -> [OutdatedPod] {
        let project = try load(repoUpdate: repoUpdate)
        if Self.everyLockedPodIsNewest(project), upToDate(project) != nil { return [] }
        let current: Lockfile
        if let previous = project.previousLock {
            current = previous
        } else {
            let provider = project.provider()
            let solution = try Resolver(
                provider: provider, locked: try lockedVersions(project: project, unlock: .none),
                options: project.resolverOptions
            ).resolve(project.rootRequirements)
            current = try buildLock(project: project, provider: provider, solution: solution)
        }
        let provider = project.provider()
        provider.fetchAhead(project.rootRequirements)
        let unlocked = try Resolver(provider: provider, options: project.resolverOptions).resolve(
            project.rootRequirements)
        var result: [OutdatedPod] = []
        let roots = Set(current.pods.map(\.rootName)).sorted { $0.lowercased() < $1.lowercased() }
        for root in roots where project.externals[root] == nil {
            guard let locked = current.pods.first(where: { $0.rootName == root })?.version,
                let source = provider.source(for: root)
            else { continue }
            let all = source.versions(of: root) ?? []
            let candidates = locked.isPrerelease ? all : all.filter { !$0.isPrerelease }
            let latest = candidates.max() ?? locked
            let update =
                unlocked.versions[root]
                ?? unlocked.versions.first(where: { ResolverPackage(key: $0.key).pod.map(Spec.rootName(of:)) == root })?
                .value
                ?? locked
            guard update > locked || latest > locked else { continue }
            result.append(
                OutdatedPod(
                    name: root, current: locked.string, update: max(update, locked).string,
                    latest: max(latest, update).string,
                    source: source.key))
        }
        return result
    }

    /// Whether every locked pod from a spec source is at the newest version its source lists,
    /// pre-releases included. When the lock also stands as it is (`upToDate`: written from these
    /// Composefile bytes, every locked spec as its checksum says, every requirement holding),
    /// neither what `update` would choose nor the newest release can be above a locked version, so
    /// nothing is outdated and the unrestricted solve is not run: the versions come from the
    /// sources' listings (the spec index), and no spec but the locked ones' checksums is read.
    static func everyLockedPodIsNewest(_ project: LoadedProject) -> Bool {
        guard let lock = project.previousLock else { return false }
        let provider = project.provider()
        for pod in lock.pods where project.externals[pod.rootName] == nil {
            guard let source = provider.source(for: pod.rootName) else { continue }
            guard let newest = source.versions(of: pod.rootName)?.max(), newest <= pod.version else { return false }
        }
        return true
    }
}
