import CDN
import ComposefileFormat
import Digests
import Foundation
import Git
import Resolution
import SpecRepos
import Specs
import Support

/// `compose resolve`, `compose update` and `compose outdated` for one project folder: read the
/// Composefile (or Podfile) and Compose.lock, solve against the sources, write the lock.
package struct ResolveService: Sendable {
    /// Which locked versions to let go of.
    package enum Unlock: Sendable, Equatable {
        /// Keep every locked version the Composefile still allows (pods whose Composefile line changed are re-resolved).
        case none
        /// `compose update`: ignore the lock.
        case all
        /// `compose update NAME...`: re-resolve these pods (and their subspecs), keep the rest.
        case pods([String])
    }

    /// A pod whose version differs from the previous lock.
    package struct Change: Sendable, Equatable, Codable {
        package let name: String
        package let from: String?
        package let to: String?

        package init(name: String, from: String?, to: String?) {
            self.name = name
            self.from = from
            self.to = to
        }
    }

    /// A locked version that could not be kept: the solver's `LockChange`, its package and the
    /// package that required another version named as pods (`ResolveService.lockChanges`).
    package typealias LockChange = Resolution.LockChange

    /// What a resolve did.
    package struct Report: Sendable {
        package let lockfile: Lockfile
        package let lockPath: String
        /// Whether Compose.lock's bytes changed (a no-op resolve leaves the file untouched).
        package let lockChanged: Bool
        package let changes: [Change]
        /// The solver's steps, for `--verbose`.
        package let decisions: [String]
        /// Locked versions that could not be kept, and why.
        package let lockChanges: [LockChange]
        /// Notes and warnings about the Composefile (ignored lines, assumed platform), the lock and the sources.
        package let notes: [Finding]
        /// Where each root pod came from: a source (as written in the Composefile) or an external source.
        package let origins: [String: String]
    }

    /// The project folder as the user gave it (used to show paths).
    package let projectDirectory: String
    /// `$COMPOSE_HOME` (clones of git spec repositories live in `repos/`).
    package let composeHome: URL
    /// The command's environment (credentials, cache switches), as the CLI read it.
    package let environment: [String: String]
    /// Written as the lock's COMPOSE version.
    package let toolVersion: String
    /// Told what git work is under way (adding a spec repo, waiting for another compose process).
    package let progress: @Sendable (String) -> Void
    /// Time limit, retries, credentials and cache age of HTTP spec sources.
    package var http = HTTPSettings()
    /// The environment variables whose values the Podfile's Ruby may turn into a source, a pod's
    /// option or any other word's value (`--allow-env`, `COMPOSE_ALLOW_ENV`); any other variable's
    /// value is refused there, and variables whose names look secret read as unset.
    package var allowedEnvironment: Set<String> = []
    /// Told how a clone made on first use of a spec source (as `compose repo add` makes it) is
    /// going, then `nil` when it is done; nil: not told.
    package var cloneProgress: (@Sendable (TransferProgress?) -> Void)?

    package init(
        projectDirectory: String = ".", composeHome: URL? = nil, environment: [String: String] = [:],
        toolVersion: String, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.projectDirectory = projectDirectory
        self.environment = environment
        self.composeHome = composeHome ?? ComposeHome.fromEnvironment(environment).url
        self.toolVersion = toolVersion
        self.progress = progress
    }

    package var projectURL: URL { URL(fileURLWithPath: projectDirectory, isDirectory: true).standardizedFileURL }

    /// How a file in the project is named in messages: relative to the current folder when the
    /// project is given relatively.
    func display(_ file: String) -> String {
        projectDirectory == "." || projectDirectory.isEmpty
            ? file
            : joinedPath(projectDirectory.hasSuffix("/") ? String(projectDirectory.dropLast()) : projectDirectory, file)
    }

    package var lockPath: String { projectURL.appendingPathComponent("Compose.lock").path }

    // MARK: Resolve

    /// Resolves and (when `write`) writes Compose.lock atomically. Throws `ComposefileError`,
    /// `ProjectError` or `ResolutionError` (whose description is the plain-words explanation).
    package func resolve(unlock: Unlock = .none, repoUpdate: Bool = false, write: Bool = true) throws -> Report {
        let project = try load(repoUpdate: repoUpdate, unlock: unlock)
        if unlock == .none, let (report, basis) = upToDate(project) {
            PodSource.saveIndexes(of: project.sources + project.restrictedSources.values)
            recordUpToDate(project, report: report, basis: basis)
            return report
        }
        let (report, provider) = try resolve(project: project, unlock: unlock, write: write)
        ReleaseInBackground.drop([provider, project])
        return report
    }

    /// Resolves a project already read; returns the provider too, which holds the specs it read.
    /// While the solver runs, the folder sources' indexes check version folders on another thread
    /// (`SpecRepository.deferListingChecks`); when one did not hold, the solve is done again with
    /// the folders listed anew (`deferChecks` false), before anything is written or thrown.
    func resolve(project: LoadedProject, unlock: Unlock, write: Bool, deferChecks: Bool = true) throws -> (
        report: Report, provider: ProjectProvider
    ) {
        let unlock = Self.spelledAsKnown(unlock, project: project)
        let previous = project.previousLock
        let locked = try lockedVersions(project: project, unlock: unlock)
        let provider = project.provider()
        provider.preferredVersions = locked
        // Over HTTP, what the solver will most likely read is fetched before it asks, concurrently.
        provider.fetchAhead(project.rootRequirements)
        var options = project.resolverOptions
        if case .pods(let names) = unlock { options.updating = Set(names.map(Spec.rootName(of:))) }
        if deferChecks {
            for repository in project.folderSources { repository.deferListingChecks() }
        }
        let solved = Result {
            try Resolver(provider: provider, locked: locked, options: options).resolve(project.rootRequirements)
        }
        if deferChecks, !project.folderSources.map({ $0.confirmListings() }).allSatisfy({ $0 }) {
            return try resolve(project: project, unlock: unlock, write: write, deferChecks: false)
        }
        let solution: Solution
        do {
            solution = try solved.get()
        } catch {
            try project.throwSourceFailure()
            if error is ResolutionError, let missing = project.missingSourceLine(home: home) { throw missing }
            if error is ResolutionError, let unknown = project.podInNoSource() { throw unknown }
            throw error
        }
        try project.throwSourceFailure()
        let lock = try buildLock(project: project, provider: provider, solution: solution)
        let changed: Bool
        if write {
            changed = try lock.write(to: lockPath)
            // A record of the last answer "nothing to do" no longer holds when the lock changed; the
            // next resolve, finding nothing to do, writes a new one (why not here: docs/DESIGN.md,
            // "A resolve with nothing to do").
            if changed { unlink(upToDateRecordFile.path) }
        } else {
            changed = (try? String(contentsOfFile: lockPath, encoding: .utf8)) != lock.text
        }
        provider.saveIndexes()
        let report = Report(
            lockfile: lock, lockPath: lockPath, lockChanged: changed,
            changes: Self.changes(from: previous, to: lock), decisions: solution.decisions,
            lockChanges: Self.lockChanges(solution.lockChanges),
            notes: notesToSay(project) + Self.shadowedSources(project: project, provider: provider, lock: lock)
                + Self.deprecations(provider: provider, lock: lock) + project.offlineNotes,
            origins: origins(project: project, provider: provider, lock: lock))
        return (report, provider)
    }

    /// The solver's lock changes of pods (its bookkeeping packages left out), with every package
    /// named as the pod (or the platform) it stands for.
    static func lockChanges(_ changes: [Resolution.LockChange]) -> [LockChange] {
        changes.compactMap { change in
            guard let pod = ResolverPackage(key: change.package).pod else { return nil }
            var reason = change.reason
            if case .required(let by, let version, var requirement) = change.reason {
                requirement.name = pod
                reason = .required(
                    by: by.map { key in
                        switch ResolverPackage(key: key) {
                        case .pod(let name), .rootIdentity(let name): name
                        case .platform(let name): Platform.displayName(name)
                        }
                    }, at: version, requirement: requirement)
            }
            return LockChange(package: pod, locked: change.locked, chosen: change.chosen, reason: reason)
        }
    }

    /// A warning for each pod read from one source while a later source has a higher version: the
    /// first source still wins (a public pod never shadows a private name), but the user is told.
    static func shadowedSources(project: LoadedProject, provider: ProjectProvider, lock: Lockfile) -> [Finding] {
        var warnings: [Finding] = []
        for root in lock.specRepos.values.joined().sorted(by: { $0.lowercased() < $1.lowercased() })
        where project.restrictedSources[root] == nil {
            guard let chosen = provider.source(for: root), let own = chosen.versions(of: root)?.max() else { continue }
            for later in project.sources.drop(while: { $0.key != chosen.key }).dropFirst() {
                if let higher = later.versions(of: root)?.max(), higher > own {
                    warnings.append(
                        Finding(
                            severity: .warning, ruleID: ProjectRule.sourceShadowed,
                            message:
                                "\(root) comes from '\(chosen.key)' (newest \(own.string)), the first source that has it; the later source '\(later.key)' has \(higher.string). To use that one, add :source => '\(later.key)' to its pod line."
                        ))
                    break
                }
            }
        }
        return warnings
    }

    /// A warning for each locked pod from a spec source whose chosen version, or whose newest
    /// version there, is deprecated (`compose deprecate`), naming the replacement when there is one.
    static func deprecations(provider: ProjectProvider, lock: Lockfile) -> [Finding] {
        var warnings: [Finding] = []
        let locked = lock.lockedVersions
        for root in lock.specRepos.values.joined().sorted(by: { $0.lowercased() < $1.lowercased() }) {
            guard let version = locked[root], let source = provider.source(for: root) else { continue }
            var checked = [version]
            // The newest version too, when reading it costs no request (an HTTP source's is read only
            // if the solver fetched it).
            if let newest = source.versions(of: root)?.max(), newest != version,
                provider.isCheapToRead(root, at: newest)
            {
                checked.append(newest)
            }
            for candidate in checked {
                guard let spec = try? provider.summary(root, candidate).spec,
                    spec.deprecated || spec.deprecatedInFavorOf != nil
                else { continue }
                let which = candidate == version ? "\(root) \(version.string)" : "\(root) (as of \(candidate.string))"
                let instead = spec.deprecatedInFavorOf.map { "; use \($0) instead" } ?? ""
                warnings.append(
                    Finding(
                        severity: .warning, ruleID: ProjectRule.podDeprecated,
                        message: "\(which) is deprecated in '\(source.key)'\(instead)."))
                break
            }
        }
        return warnings
    }

    static func changes(from previous: Lockfile?, to lock: Lockfile) -> [Change] {
        let before = previous?.lockedVersions ?? [:]
        let after = lock.lockedVersions
        return Set(before.keys).union(after.keys).filter { !$0.contains("/") }.sorted {
            $0.lowercased() < $1.lowercased()
        }
        .compactMap { name in
            let from = before[name]?.string
            let to = after[name]?.string
            return from == to ? nil : Change(name: name, from: from, to: to)
        }
    }

    private func origins(project: LoadedProject, provider: ProjectProvider, lock: Lockfile) -> [String: String] {
        var result: [String: String] = [:]
        for (key, names) in lock.specRepos { for name in names { result[name] = key } }
        for (name, options) in lock.externalSources {
            result[name] = options["path"] ?? options["git"] ?? options["podspec"] ?? ""
        }
        return result
    }

    /// `update pay` means `Pay` when the lock or the Composefile knows the pod only as `Pay`: names
    /// to unlock are matched exactly, else case-insensitively (a subspec keeps its own part).
    static func spelledAsKnown(_ unlock: Unlock, project: LoadedProject) -> Unlock {
        guard case .pods(let names) = unlock else { return unlock }
        let known = Set(
            (project.previousLock?.pods.map(\.rootName) ?? []) + project.composefile.allDependencies.map(\.rootName))
        return .pods(
            names.map { name in
                let root = Spec.rootName(of: name)
                guard !known.contains(root), let match = known.first(where: { $0.lowercased() == root.lowercased() })
                else { return name }
                return match + name.dropFirst(root.count)
            })
    }

    /// The versions the solver should prefer, after unlocking what `unlock` and the Composefile's
    /// changes ask for.
    func lockedVersions(project: LoadedProject, unlock: Unlock) throws -> [String: Version] {
        guard let previous = project.previousLock else { return [:] }
        let knownRoots = Set(previous.pods.map(\.rootName)).union(project.composefile.allDependencies.map(\.rootName))
        var unlocked: Set<String> = []
        switch unlock {
        case .all: return [:]
        case .pods(let names):
            for name in names {
                let root = Spec.rootName(of: name)
                guard knownRoots.contains(root) else {
                    throw ProjectError.unknownPod(
                        name: name, known: knownRoots.sorted { $0.lowercased() < $1.lowercased() })
                }
                unlocked.insert(root)
            }
        case .none:
            break
        }
        // As CocoaPods' update: the dependencies of an updated pod that nothing else requires and
        // that the Composefile does not name are updated with it.
        if case .pods = unlock {
            var requiredBy: [String: Set<String>] = [:]
            for pod in previous.pods {
                for entry in pod.dependencies {
                    let dependee = Spec.rootName(of: Lockfile.splitEntry(entry).name)
                    if dependee != pod.rootName { requiredBy[dependee, default: []].insert(pod.rootName) }
                }
            }
            let named = Set(project.composefile.allDependencies.map(\.rootName))
            var changed = true
            while changed {
                changed = false
                for (dependee, dependers) in requiredBy
                where !unlocked.contains(dependee) && !named.contains(dependee) && dependers.isSubset(of: unlocked) {
                    unlocked.insert(dependee)
                    changed = true
                }
            }
        }
        // A Composefile line that is new or changed since the lock was written re-resolves its pod.
        let before = Set(previous.dependencies)
        for dependency in project.composefile.allDependencies where !before.contains(Self.lockLine(of: dependency)) {
            unlocked.insert(dependency.rootName)
        }
        var result: [String: Version] = [:]
        for pod in previous.pods where !unlocked.contains(pod.rootName) {
            result[pod.name] = pod.version
            result[ResolverPackage.rootIdentity(pod.rootName).key] = pod.version
        }
        return result
    }

    /// How a Composefile line is recorded under DEPENDENCIES: its Podfile.lock spelling, with the
    /// user and password of any URL in it hidden (`https://***@host/x.git`), so a token written in
    /// the Composefile never reaches Compose.lock.
    static func lockLine(of dependency: Dependency) -> String { redact(dependency.description) }

    func buildLock(project: LoadedProject, provider: ProjectProvider, solution: Solution) throws -> Lockfile {
        var lock = Lockfile()
        var rootVersions: [String: Version] = [:]
        for (key, version) in solution.versions {
            guard let name = ResolverPackage(key: key).pod else { continue }
            lock.pods.append(
                Lockfile.Pod(
                    name: name, version: version, dependencies: try provider.lockDependencies(of: name, at: version)))
            rootVersions[Spec.rootName(of: name)] = version
        }
        lock.dependencies = project.composefile.allDependencies.map(Self.lockLine(of:))
        for dependency in project.composefile.allDependencies where dependency.configurations != nil {
            lock.configurations[dependency.name] = dependency.configurations
        }
        for (root, version) in rootVersions {
            if let external = project.externals[root] {
                lock.externalSources[root] = external.options
                if let checkout = external.checkout { lock.checkoutOptions[root] = checkout }
            } else if let source = provider.source(for: root) {
                lock.specRepos[redact(source.key), default: []].append(root)
            }
            lock.specChecksums[root] = try provider.summary(root, version).checksum
        }
        // In the order the written lock has them, so the value equals what reading the file gives.
        lock.specRepos = lock.specRepos.mapValues { $0.sorted { $0.lowercased() < $1.lowercased() } }
        lock.composefileChecksum = SHA1.hex(of: project.composefileBytes)
        lock.composeVersion = toolVersion
        return lock
    }
}

/// Drops the last references to objects on a thread of its own. A resolve of thousands of pods
/// leaves hundreds of thousands of small objects (specs, listings, the solver's records) whose
/// freeing is a measurable part of the command (docs/benchmarks.md); nothing waits for it (the
/// process may exit first).
enum ReleaseInBackground {
    private final class Box: @unchecked Sendable {
        var objects: [Any]?
        init(_ objects: [Any]) { self.objects = objects }
    }

    /// The caller gives up its references (`objects` must be the last ones for it to help).
    static func drop(_ objects: [Any]) {
        let box = Box(objects)
        Thread.detachNewThread { box.objects = nil }
    }
}
