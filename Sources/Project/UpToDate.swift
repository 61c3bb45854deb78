import ComposefileFormat
import Foundation
import Specs

extension ResolveService {
    /// The report of a resolve that has nothing to do, or nil when the solver must run: the lock was
    /// written by this compose from these very Composefile bytes, every locked spec is byte for byte
    /// what the lock's checksum says, no earlier source has gained a locked pod, and every
    /// requirement (the Composefile's and each locked pod's) holds for the locked versions. Then a
    /// resolve would keep every locked version and write the same bytes, so it is not run: a second
    /// resolve with nothing changed reads the Composefile, the lock and the locked specs, nothing more.
    /// `:git` pods always go through the solver (their checkout is not re-read here).
    func upToDate(_ project: LoadedProject) -> Report? {
        guard let lock = project.previousLock, lock.composeVersion == toolVersion,
            lock.composefileChecksum == SHA1.hex(of: project.composefileBytes),
            lock.checkoutOptions.isEmpty
        else { return nil }
        let locked = Dictionary(lock.pods.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
        // Every requirement holds for the locked versions.
        for dependency in project.composefile.allDependencies {
            guard let version = locked[dependency.name] ?? project.externals[dependency.rootName]?.summary.version,
                dependency.requirements.isSatisfied(by: version)
            else { return nil }
        }
        // Many pods spell the same requirement (`Core (~> 2.1)`): each spelling is parsed once.
        var parsed: [String: RequirementSet?] = [:]
        for pod in lock.pods {
            for entry in pod.dependencies {
                let (name, detail) = Lockfile.splitEntry(entry)
                guard let version = locked[name] else { return nil }
                if let detail {
                    let requirements =
                        parsed[detail]
                        ?? {
                            let result = try? RequirementSet(parsingList: detail)
                            parsed[detail] = result
                            return result
                        }()
                    guard let requirements, requirements.isSatisfied(by: version) else { return nil }
                }
            }
        }
        // Every locked spec unchanged, from the source the solver would read it from.
        var covered = Set<String>()
        for (name, external) in project.externals {
            guard lock.externalSources[name] != nil, lock.specChecksums[name] == SHA1.hex(of: external.specData)
            else { return nil }
            covered.insert(name)
        }
        for (key, roots) in lock.specRepos {
            for root in roots {
                guard let version = locked[root] ?? lock.pods.first(where: { $0.rootName == root })?.version,
                    let checksum = lock.specChecksums[root]
                else { return nil }
                let candidates = project.restrictedSources[root].map { [$0] } ?? project.sources
                guard let index = candidates.firstIndex(where: { $0.key == key }),
                    candidates[..<index].allSatisfy({ $0.versions(of: root) == nil }),
                    (try? candidates[index].specChecksum(of: root, version: version)) == checksum
                else { return nil }
                covered.insert(root)
            }
        }
        guard Set(lock.pods.map(\.rootName)).isSubset(of: covered) else { return nil }
        var origins: [String: String] = [:]
        for (key, names) in lock.specRepos { for name in names { origins[name] = key } }
        for (name, options) in lock.externalSources { origins[name] = options["path"] ?? options["git"] ?? "" }
        return Report(
            lockfile: lock, lockPath: lockPath, lockChanged: false, changes: [],
            decisions: [
                "nothing changed since Compose.lock was written (the Composefile and every locked spec are as they were): the lock stands"
            ],
            lockChanges: [], notes: project.notes + project.offlineNotes, origins: origins)
    }
}
