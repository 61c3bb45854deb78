import ComposefileFormat
import Digests
import Foundation
import SpecRepos
import Specs
import Support

/// What `compose install` needs of a project: the Composefile's targets and platforms, and every
/// locked pod with its spec, read from where the resolve read it.
package struct InstallInputs: Sendable {
    /// A Composefile target: it becomes a library product of the same name offering its pods and
    /// everything they depend on.
    package struct Target: Sendable, Equatable {
        package let name: String
        /// Pod names (`Name` or `Name/Sub`) of the target, inherited ones included.
        package let pods: [String]
        /// The build configurations of pods limited by `:configurations` (pod name → names as
        /// written); a pod not listed is used in every configuration.
        package let configurations: [String: [String]]
        /// Where the target is declared (`Podfile:12:1`), for notes about it; nil when not read from a file.
        package var location: String?

        package init(name: String, pods: [String], configurations: [String: [String]] = [:], location: String? = nil) {
            self.name = name
            self.pods = pods
            self.configurations = configurations
            self.location = location
        }

        /// Which SwiftPM build configuration may use `pod`: SwiftPM has two, debug and release, so
        /// a pod limited to configurations whose names all contain `debug` (any case) is debug-only,
        /// one limited to configurations none of which does is release-only, anything else is used
        /// in both.
        package func configuration(of pod: String) -> BuildConfiguration {
            guard let names = configurations[pod], !names.isEmpty else { return .any }
            let debug = names.filter { $0.lowercased().contains("debug") }.count
            if debug == names.count { return .debug }
            if debug == 0 { return .release }
            return .any
        }

        package enum BuildConfiguration: Sendable, Equatable {
            case any, debug, release
        }
    }

    /// A locked root pod.
    package struct Pod: Sendable {
        package enum Origin: Sendable, Equatable {
            /// From a spec source: the spec's `source` says where the code is.
            case specRepo
            /// `:path`, as written in the Composefile (relative to the project folder, or absolute).
            case path(String)
            /// `:git`, checked out at `commit` (CHECKOUT OPTIONS).
            case git(url: String, commit: String)
        }

        /// The root name: package identity and library product.
        package let name: String
        package let version: Version
        /// Root names of the pods it depends on (its subspecs' dependencies included).
        package let dependencies: [String]
        /// Its podspec (for the source, the platforms, the module name and a prebuilt artifact).
        package let spec: Spec
        package let origin: Origin
        /// The names the lock lists for it (`Pay`, `Pay/UI`), sorted: the subspecs a package made from
        /// its podspec holds.
        package let lockedNames: [String]

        package init(
            name: String, version: Version, dependencies: [String] = [], spec: Spec, origin: Origin,
            lockedNames: [String] = []
        ) {
            self.name = name
            self.version = version
            self.dependencies = dependencies
            self.spec = spec
            self.origin = origin
            self.lockedNames = lockedNames.isEmpty ? [name] : lockedNames
        }

        /// The subspecs the lock names (full names); empty when only the root is named.
        package var lockedSubspecs: [String] { lockedNames.filter { $0 != name } }
    }

    package let targets: [Target]
    /// Targeted platforms with a deployment target (`ios` → `15.0`).
    package let platforms: [String: Version]
    package let pods: [Pod]
    /// Warnings about the locked pods (deprecated ones) for the install to show.
    package var warnings: [Finding] = []
    /// What these inputs were read from, as witnesses (for the record of an install with nothing
    /// to do); nil when they cannot all be vouched for by their stamps.
    package var witnessed: Witnessed?
    /// The Composefile (or Podfile) as the inputs were read from it, for what runs after the install
    /// (the Xcode integration) without reading it again; nil when not read from a file.
    package var composefile: Composefile?

    /// The witnesses of everything the inputs rest on: the Composefile, Compose.lock, every locked
    /// spec and its absence from the sources listed before its own, the spec repos' layout, the
    /// clones the Composefile's URLs name (what a resolve with nothing to do rests on:
    /// `ResolveService.recordUpToDate`). `bases`: the folders most of them lie in; `clones`: the
    /// clones read (for the note about a clone not fetched for a day).
    package struct Witnessed: Sendable {
        package let witnesses: [Witness]
        package let bases: [String]
        package let clones: [String]
    }

    package init(targets: [Target], platforms: [String: Version] = [:], pods: [Pod]) {
        self.targets = targets
        self.platforms = platforms
        self.pods = pods
    }
}

extension ResolveService {
    /// Reads the project once and, when Compose.lock is missing or was written from another
    /// Composefile (or Podfile), resolves and writes it first (keeping every locked version the
    /// Composefile allows; `resolving` is told before). Returns that resolve's report, if any, and
    /// the install inputs of the current lock.
    package func installInputs(repoUpdate: Bool = false, resolving: () -> Void = {}) throws -> (
        resolve: Report?, inputs: InstallInputs
    ) {
        let project = try load(repoUpdate: repoUpdate)
        if let lock = project.previousLock, lock.composefileChecksum == SHA1.hex(of: project.composefileBytes) {
            var inputs = try installInputs(project: project, provider: project.provider(), lock: lock)
            inputs.witnessed = installWitnesses(project)
            return (nil, inputs)
        }
        resolving()
        let (report, provider) = try resolve(project: project, unlock: .none, write: true)
        return (report, try installInputs(project: project, provider: provider, lock: report.lockfile))
    }

    /// The witnesses of what the install inputs of `project` were read from: those of a resolve
    /// with nothing to do (`upToDate`, then `upToDateWitnesses`); nil when the record is off, the
    /// lock would not stand as it is, or a witness cannot be taken (an HTTP source, a `:git` pod,
    /// a platform read from the Xcode project, a folder changed within the last second).
    func installWitnesses(_ project: LoadedProject) -> InstallInputs.Witnessed? {
        guard !isRecordDisabled, let (_, basis) = upToDate(project),
            let (witnesses, clones) = upToDateWitnesses(project, basis: basis)
        else { return nil }
        return InstallInputs.Witnessed(witnesses: witnesses, bases: recordBases(project), clones: clones)
    }

    /// The targets, platforms and locked pods (with their specs) of `project` for `lock`.
    func installInputs(project: LoadedProject, provider: ProjectProvider, lock: Lockfile) throws -> InstallInputs {
        let targets = project.composefile.concreteTargets.map { target in
            InstallInputs.Target(
                name: target.name, pods: target.dependencies.map(\.name),
                configurations: Dictionary(
                    target.dependencies.compactMap { dependency in
                        dependency.configurations.map { (dependency.name, $0) }
                    },
                    uniquingKeysWith: { first, _ in first }),
                location: "\(target.location.file):\(target.location.line)")
        }
        var platforms: [String: Version] = [:]
        for platform in project.platforms {
            if let version = platform.deploymentTarget { platforms[platform.name] = version }
        }
        var roots: [String: (version: Version, dependencies: Set<String>, names: Set<String>)] = [:]
        // A lock is a file in the project anyone may edit: its names pass the same check as a spec's.
        func check(_ name: String) throws(ProjectError) {
            do { try SafeName.podPath(name) } catch { throw .unsafeName(error, in: lockPath) }
        }
        for pod in lock.pods {
            try check(pod.name)
            var entry = roots[pod.rootName] ?? (pod.version, [], [])
            entry.names.insert(pod.name)
            for dependency in pod.dependencies {
                let name = Lockfile.splitEntry(dependency).name
                try check(name)
                let root = Spec.rootName(of: name)
                if root != pod.rootName { entry.dependencies.insert(root) }
            }
            roots[pod.rootName] = entry
        }
        var pods: [InstallInputs.Pod] = []
        for (name, entry) in roots.sorted(by: { $0.key < $1.key }) {
            let origin: InstallInputs.Pod.Origin
            if let options = lock.externalSources[name], options["podspec"] == nil {
                if let path = options["path"] {
                    origin = .path(path)
                } else if let url = options["git"], let commit = lock.checkoutOptions[name]?["commit"] {
                    origin = .git(url: url, commit: commit)
                } else {
                    throw ProjectError.unreadable(
                        path: lockPath, reason: "\(name) has an external source without a path or a checked-out commit")
                }
            } else {
                origin = .specRepo
            }
            let spec: Spec
            if let external = project.externals[name] {
                spec = external.summary.spec
            } else if case .specRepo = origin, provider.source(for: name) != nil {
                spec = try provider.summary(name, entry.version, whole: true).spec
            } else {
                throw ProjectError.unreadable(path: name, reason: "no source of the Composefile has this pod any more")
            }
            pods.append(
                InstallInputs.Pod(
                    name: name, version: entry.version, dependencies: entry.dependencies.sorted(), spec: spec,
                    origin: origin, lockedNames: entry.names.sorted()))
        }
        var inputs = InstallInputs(targets: targets, platforms: platforms, pods: pods)
        inputs.composefile = project.composefile
        inputs.warnings = Self.deprecations(provider: provider, lock: lock)
        return inputs
    }
}
