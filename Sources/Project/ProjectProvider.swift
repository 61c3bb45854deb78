import CDN
import ComposefileFormat
import Digests
import Foundation
import Resolution
import SpecRepos
import Specs
import Support

/// A pod read from `:path` or `:git` rather than from a source: one version, already read.
struct ExternalPod {
    let dependency: Dependency
    let summary: PodspecSummary
    let specPath: String
    /// The podspec.json bytes as read (from the folder, or from the repository at the commit).
    let specData: Data
    /// Lock EXTERNAL SOURCES options (without colons).
    let options: [String: String]
    /// Lock CHECKOUT OPTIONS (git pods only).
    let checkout: [String: String]?
    /// A `:podspec => URL` pod's podspec read from the cache because its server could not be reached.
    var offlineNote: Finding? = nil
}

/// The resolver's view of a project: packages are pods (`Root`), subspecs (`Root/Sub`), one hidden
/// package per pod with subspecs that pins them all to one version (`Root (root spec)`), and one
/// package per target platform whose single version is the deployment target (`iOS (deployment
/// target)`), so a version needing a newer platform is refused with an explanation.
///
/// - `Root` at v depends on its dependencies and, when it has subspecs, on `Root (root spec) (= v)`
///   and on its default subspecs (or every subspec) at `= v`.
/// - `Root/Sub` at v depends on `Root (root spec) (= v)`, its own and its parents' dependencies, and
///   its default subspecs (or every child subspec) at `= v`.
/// - Per-platform dependencies of every platform the project targets are included.
///
/// Explanations never show these bookkeeping names: `Root (root spec)` reads as `Root` ("uses the
/// Kit 1.2.0 spec"), a platform as "the iOS deployment target 15.0" ("requires iOS 16.0 or later",
/// "does not support iOS").
///
/// Lazy: a source's folder for a name is listed when the solver first asks for the name; a spec
/// file is read when the solver asks for that version's dependencies.
final class ProjectProvider: DependencyProvider {
    let sources: [PodSource]
    /// Pods restricted to one source by `:source =>`.
    let restrictedSources: [String: PodSource]
    let externals: [String: ExternalPod]
    /// The platforms the project targets, each with the lowest deployment target declared for it.
    let platforms: [(name: String, deploymentTarget: Version?)]
    /// Where each platform's deployment target is set (`Composefile:2`), for explanations.
    let platformOrigins: [String: String]

    private(set) var summaries: [String: PodspecSummary] = [:]
    /// The keys of `summaries` read from an index (reduced specs).
    private var reduced: Set<String> = []
    private(set) var sourceOfRoot: [String: PodSource] = [:]
    /// What the lock lists under each `Name (version)`: the dependencies as the spec declares them.
    private(set) var lockDependencies: [String: [String]] = [:]
    /// The versions the solver will try first (the lock's), by root name: what is fetched ahead.
    var preferredVersions: [String: Version] = [:]
    /// Whether any source is read over HTTP (only those are fetched ahead).
    private let hasHTTPSource: Bool

    init(
        sources: [PodSource], restrictedSources: [String: PodSource], externals: [String: ExternalPod],
        platforms: [(name: String, deploymentTarget: Version?)], platformOrigins: [String: String] = [:]
    ) {
        self.sources = sources
        self.restrictedSources = restrictedSources
        self.externals = externals
        self.platforms = platforms
        self.platformOrigins = platformOrigins
        hasHTTPSource = (sources + restrictedSources.values).contains { source in
            if case .http = source.storage { true } else { false }
        }
    }

    /// The top-level requirements for the platform packages.
    var platformRequirements: [PackageRequirement] {
        platforms.map { platform in
            PackageRequirement(
                name: ResolverPackage.platform(platform.name).key,
                requirements: platform.deploymentTarget.map { RequirementSet([Requirement(.equal, $0)]) } ?? .any)
        }
    }

    // MARK: DependencyProvider

    func availableVersions(of package: String) throws -> [Version] {
        let name: String
        switch ResolverPackage(key: package) {
        case .platform(let platformName):
            guard let platform = platforms.first(where: { $0.name == platformName }) else { return [] }
            return [platform.deploymentTarget ?? Version.zero]
        case .rootIdentity(let root): name = root
        case .pod(let pod): name = pod
        }
        try Self.validate(name)
        let root = Spec.rootName(of: name)
        let versions: [Version]
        if let external = externals[root] {
            versions = [external.summary.version]
        } else if let source = source(for: root) {
            versions = source.versions(of: root) ?? []
        } else {
            return []
        }
        guard name != root else { return versions }
        // A subspec exists only in the versions that declare it. Which ones do is learnt lazily: a
        // version whose spec was read already and lacks it is left out here; any other is offered,
        // and `dependencies(of:at:)` rules it out if its spec, once read, does not declare the
        // subspec. So a pod with many releases costs no spec reads here (over HTTP: no requests).
        return versions.filter { version in
            let key = "\(root) \(version.string)"
            guard !speculated.contains(key), let known = summaries[key] ?? externals[root]?.summary else { return true }
            return known.spec.subspec(named: name) != nil
        }
    }

    func dependencies(of package: String, at version: Version) throws -> [PackageRequirement] {
        let pod: String
        switch ResolverPackage(key: package) {
        case .platform: return []
        case .rootIdentity(let root):
            return translate(try summary(root, version).spec.dependencies(on: platforms.map(\.name)))
        case .pod(let name): pod = name
        }
        let root = Spec.rootName(of: pod)
        guard let node = try summary(root, version).spec.subspec(named: pod) else {
            // This version does not declare the subspec: it needs a root spec version that does not
            // exist, so the solver never chooses it (worded by `describe(dependencyOn:requirements:)`).
            return [
                PackageRequirement(
                    name: ResolverPackage.rootIdentity(root).key, requirements: Self.undeclaredSubspec)
            ]
        }
        let declared = node.allDependencies(on: platforms.map(\.name))
        var pinned: [String] = []
        let exact = RequirementSet([Requirement(.equal, version)])
        var result: [PackageRequirement] = []
        if pod != root || !node.subspecs.isEmpty {
            result.append(PackageRequirement(name: ResolverPackage.rootIdentity(root).key, requirements: exact))
            pinned = node.defaultSubspecNames.map { "\(pod)/\($0)" }
        }
        result += translate(declared)
        result += pinned.map { PackageRequirement(name: $0, requirements: exact) }
        result += platformRequirements(for: node)
        fetchAhead(result)
        lockDependencies["\(pod) \(version.string)"] =
            declared.map { $0.requirements.isAny ? $0.name : "\($0.name) (\($0.requirements))" }
            + pinned.map { "\($0) (= \(version.string))" }
        return result
    }

    /// Recorded lock dependencies of a chosen package version (read when the version was solved).
    func lockDependencies(of package: String, at version: Version) throws -> [String] {
        if let known = lockDependencies["\(package) \(version.string)"] { return known }
        _ = try dependencies(of: package, at: version)
        return lockDependencies["\(package) \(version.string)"] ?? []
    }

    /// A local spec (a folder source, a `:path` or `:git` pod) is cheap to read; one of an HTTP
    /// source is unless it was fetched already (or is cached on disk, which the source answers).
    func isCheapToRead(_ package: String, at version: Version) -> Bool {
        let root: String
        switch ResolverPackage(key: package) {
        case .platform: return true
        case .rootIdentity(let name): root = name
        case .pod(let name): root = Spec.rootName(of: name)
        }
        // A spec fetched only in case it is needed leaves the solver's reasoning as if it were not:
        // fetching ahead changes when files arrive, never what is solved or how.
        if speculated.contains("\(root) \(version.string)") { return false }
        if externals[root] != nil || summaries["\(root) \(version.string)"] != nil { return true }
        guard let source = source(for: root), case .http(let repository) = source.storage else { return true }
        return repository.hasCachedSpec(name: root, version: version)
    }

    // MARK: Words for explanations

    func displayName(of package: String) -> String {
        switch ResolverPackage(key: package) {
        case .pod(let name), .rootIdentity(let name): return name
        case .platform(let name):
            let display = Platform.displayName(name)
            let target = platforms.first { $0.name == name }?.deploymentTarget
            return target.map { "the \(display) deployment target \($0)" } ?? display
        }
    }

    func describe(dependencyOn package: String, requirements: RequirementSet?) -> DependencyWording? {
        switch ResolverPackage(key: package) {
        case .pod: return nil
        case .rootIdentity(let root):
            guard let requirements else {
                return DependencyWording(verb: "uses", object: "the \(root) spec at the same version")
            }
            if requirements == Self.undeclaredSubspec {
                return DependencyWording(verb: "is", object: "not declared by the \(root) spec of that version")
            }
            guard let only = requirements.requirements.first, requirements.requirements.count == 1, only.op == .equal
            else { return nil }
            return DependencyWording(verb: "uses", object: "the \(root) \(only.version) spec")
        case .platform(let platformName):
            guard let platform = platforms.first(where: { $0.name == platformName }), let requirements else {
                return nil
            }
            let name = Platform.displayName(platform.name)
            if requirements.isAny { return DependencyWording(verb: "targets", object: name) }
            guard let only = requirements.requirements.first, requirements.requirements.count == 1 else { return nil }
            switch only.op {
            case .less where only.version == Version.zero:
                return DependencyWording(verb: "does not support", object: name)
            case .greaterOrEqual:
                var object = "\(name) \(only.version) or later"
                if let target = platform.deploymentTarget {
                    let origin = platformOrigins[platform.name].map { ", \($0)" } ?? ""
                    object += " (the \(name) deployment target is \(target)\(origin))"
                }
                let line = platformOrigins[platform.name].map { " (\($0))" } ?? ""
                return DependencyWording(
                    verb: "requires", object: object,
                    hint: "raise the \(name) deployment target to \(only.version) in the platform line\(line)")
            case .equal:
                return DependencyWording(verb: "sets", object: "the \(name) deployment target \(only.version)")
            default:
                return nil
            }
        }
    }

    // MARK: Helpers

    /// The requirement on `Root (root spec)` of a subspec version its root's spec does not declare.
    static let undeclaredSubspec = RequirementSet([Requirement(.less, Version.zero)])

    private func translate(_ list: [SpecDependency]) -> [PackageRequirement] {
        list.map { PackageRequirement(name: $0.name, requirements: $0.requirements) }
    }

    /// Requirements on the platform packages: `>= minimum` where the spec needs a newer platform
    /// than the project targets, `< 0` (nothing) where it does not support a targeted platform.
    private func platformRequirements(for spec: Spec) -> [PackageRequirement] {
        // A subspec's platforms are inherited from its parents unless it declares its own.
        var result: [PackageRequirement] = []
        for platform in platforms {
            guard let minimum = spec.deploymentTarget(for: platform.name) else {
                result.append(
                    PackageRequirement(
                        name: ResolverPackage.platform(platform.name).key,
                        requirements: RequirementSet([Requirement(.less, Version.zero)])))
                continue
            }
            if let minimum, let target = platform.deploymentTarget, minimum > target {
                result.append(
                    PackageRequirement(
                        name: ResolverPackage.platform(platform.name).key,
                        requirements: RequirementSet([Requirement(.greaterOrEqual, minimum)])))
            }
        }
        return result
    }

    /// What `fetchAhead` did: the requirements (package and requirement set) it took up, and the
    /// package versions whose dependencies it followed, each with whether only as speculation (an
    /// alternative, or what an alternative depends on) so far.
    private var aheadWanted: [String: Bool] = [:]
    private var aheadExpanded: [String: Bool] = [:]
    /// Whether `fetchAhead` is running (the dependencies it reads are not fetched ahead again).
    private var fetchingAhead = false
    /// The specs (`Root version`) fetched ahead as what the solver will most likely read.
    private var aheadLikely: Set<String> = []
    /// The specs (`Root version`) fetched (and perhaps read) only in case the likely versions do not
    /// fit, and not read by the solver since: `isCheapToRead` and `availableVersions(of:)` answer for
    /// them as if they were not fetched, so that the solver reasons, decides and explains exactly as
    /// without them.
    private var speculated: Set<String> = []

    /// For the requirements an HTTP source will be asked about next, fetches ahead, concurrently,
    /// everything the solver will most likely read after them: each pod's shard index, then the spec
    /// of the version the solver will most likely try (the locked one, else the newest that the
    /// requirement allows), then, as soon as that spec arrives, the same for each of its
    /// dependencies, and so on: the likely part of the graph is fetched in as many round trips as its
    /// longest chain of dependencies, while the solver would ask for it one file at a time.
    /// Beside each likely version, the next candidates under the same requirement, newest first
    /// (`alternativesFetchedAhead` of them), are fetched and followed the same way, as speculation:
    /// when the solver sets the likely one aside, what it tries next is read without waiting.
    /// A name is fetched ahead only from the first HTTP source it would be read from (every source
    /// before it a folder without it), so nothing is asked of a source the solver would not ask.
    func fetchAhead(_ requirements: [PackageRequirement]) {
        guard hasHTTPSource, !fetchingAhead else { return }
        fetchingAhead = true
        defer { fetchingAhead = false }
        enum Waiter {
            case versions(package: String, set: RequirementSet, speculative: Bool)
            case spec(package: String, version: Version, speculative: Bool)
        }
        // What waits for each file of a source (by its path) before it can be followed.
        var waiting: [ObjectIdentifier: [String: [Waiter]]] = [:]
        typealias Files = [(repository: CDNSpecRepository, relative: String)]
        func wait(_ waiter: Waiter, for relative: String, in repository: CDNSpecRepository) -> Files {
            waiting[ObjectIdentifier(repository), default: [:]][relative, default: []].append(waiter)
            return [(repository, relative)]
        }
        // Alternatives waiting for room in the budget of speculation (`mayFetchSpeculation`).
        var deferred: [(package: String, version: Version, repository: CDNSpecRepository)] = []
        func resume() -> Files {
            var files: Files = []
            while let first = deferred.first, 2 * (speculativeFetches + 1) <= aheadLikely.count {
                deferred.removeFirst()
                files += take(first.package, first.version, speculative: true, from: first.repository)
            }
            return files
        }
        // Whether `key` is to be taken up: not yet, or only as speculation and now for good.
        func takeUp(_ key: String, in done: inout [String: Bool], speculative: Bool) -> Bool {
            if let previous = done[key], !previous || speculative { return false }
            done[key] = speculative
            return true
        }
        // The files to fetch so that `package` under `set` can be followed, from the source it is read from.
        func follow(_ package: String, _ set: RequirementSet, speculative: Bool) -> Files {
            guard case .pod(let name) = ResolverPackage(key: package) else { return [] }
            let root = Spec.rootName(of: name)
            guard externals[root] == nil, takeUp("\(package) \(set)", in: &aheadWanted, speculative: speculative),
                let repository = httpRepository(for: root)
            else { return [] }
            guard repository.hasVersionList(of: root) else {
                return wait(
                    .versions(package: package, set: set, speculative: speculative),
                    for: repository.shardIndexPath(of: root), in: repository)
            }
            return choose(package, set, speculative: speculative, in: repository)
        }
        func choose(_ package: String, _ set: RequirementSet, speculative: Bool, in repository: CDNSpecRepository)
            -> Files
        {
            let root = Spec.rootName(of: package)
            guard let version = likelyVersion(of: root, in: repository, allowedBy: set) else { return [] }
            let likely = take(package, version, speculative: speculative, from: repository)
            return likely
                + alternatives(of: root, in: repository, allowedBy: set, besides: version).flatMap {
                    take(package, $0, speculative: true, from: repository)
                }
        }
        // The spec of `package` at `version`, and once it is in, what it depends on.
        func take(_ package: String, _ version: Version, speculative: Bool, from repository: CDNSpecRepository)
            -> Files
        {
            let root = Spec.rootName(of: package)
            let key = "\(root) \(version.string)"
            guard takeUp("\(package) \(version.string)", in: &aheadExpanded, speculative: speculative),
                let spec = repository.specRelative(name: root, version: version)
            else { return [] }
            let isCached = summaries[key] != nil || repository.hasCachedSpec(name: root, version: version)
            if !speculative {
                aheadLikely.insert(key)
                speculated.remove(key)
            } else if !isCached && !aheadLikely.contains(key) && !speculated.contains(key) {
                guard mayFetchSpeculation() else {
                    // Over the budget for now: taken up again as likely specs come in.
                    aheadExpanded["\(package) \(version.string)"] = nil
                    deferred.append((package, version, repository))
                    return []
                }
                speculated.insert(key)
            }
            if isCached { return expand(package, version, speculative: speculative) }
            return wait(.spec(package: package, version: version, speculative: speculative), for: spec, in: repository)
        }
        func expand(_ package: String, _ version: Version, speculative: Bool) -> Files {
            ((try? dependencies(of: package, at: version)) ?? []).flatMap {
                follow($0.name, $0.requirements, speculative: speculative)
            }
        }
        var pending: Files = requirements.flatMap { follow($0.name, $0.requirements, speculative: false) }
        while let first = pending.first?.repository {
            let batch = pending.filter { $0.repository === first }.map(\.relative)
            pending.removeAll { $0.repository === first }
            first.fetchAll(batch) { relative, arrived in
                let waiters = waiting[ObjectIdentifier(first)]?.removeValue(forKey: relative) ?? []
                guard arrived else { return [] }
                var next: [String] = []
                for waiter in waiters {
                    let files: Files
                    switch waiter {
                    case .versions(let package, let set, let speculative):
                        files = choose(package, set, speculative: speculative, in: first)
                    case .spec(let package, let version, let speculative):
                        files = expand(package, version, speculative: speculative)
                    }
                    for file in files {
                        if file.repository === first { next.append(file.relative) } else { pending.append(file) }
                    }
                }
                for file in resume() {
                    if file.repository === first { next.append(file.relative) } else { pending.append(file) }
                }
                return next
            }
        }
    }

    /// The candidates of `root` the solver would try after `likely` under a `set` that allows older
    /// majors: the newest of each older major, newest first, at most `alternativesFetchedAhead` of
    /// them (a version that does not fit most often shares its dependencies with its major's other
    /// releases, so the next major down is what fits), and as many of the releases just below
    /// `likely` in its major. Under a set of one major, none: the releases of one major are fetched
    /// when the solver first moves within it (`fetchWithAlternatives`). None either when `likely`
    /// is the locked version (a resolve with a lock seldom moves from it).
    private func alternatives(
        of root: String, in repository: CDNSpecRepository, allowedBy set: RequirementSet, besides likely: Version
    ) -> [Version] {
        guard repository.alternativesFetchedAhead > 0, preferredVersions[root] != likely,
            let versions = try? repository.versions(of: root)
        else { return [] }
        let allowsPrerelease = set.mentionsPrerelease
        let older = versions.filter { $0 < likely && set.isSatisfied(by: $0) && (allowsPrerelease || !$0.isPrerelease) }
        func major(_ version: Version) -> Substring { version.string.prefix { $0.isNumber } }
        var majors: Set<Substring> = [major(likely)]
        let heads = older.filter { majors.insert(major($0)).inserted }
        guard !heads.isEmpty else { return [] }
        // A set that allows several majors (a Composefile's `>= 1.0`): the solver walks down from the
        // newest, so the next releases of the likely one's major too.
        let below = older.filter { major($0) == major(likely) }
        return Array(
            heads.prefix(repository.alternativesFetchedAhead) + below.prefix(repository.alternativesFetchedAhead))
    }

    /// Specs fetched as speculation so far; they are kept under half the specs fetched ahead as
    /// likely, so that speculation adds at most half again to a resolve's requests for specs.
    private var speculativeFetches = 0

    /// Whether one more spec may be fetched as speculation (counted when it may).
    private func mayFetchSpeculation() -> Bool {
        guard 2 * (speculativeFetches + 1) <= aheadLikely.count else { return false }
        speculativeFetches += 1
        return true
    }

    /// The spec paths of `versions` of `root` not read, fetched or cached yet, each recorded as speculated.
    private func speculate(_ root: String, _ versions: [Version], in repository: CDNSpecRepository) -> [String] {
        versions.compactMap { version in
            let key = "\(root) \(version.string)"
            guard summaries[key] == nil, !aheadLikely.contains(key), !speculated.contains(key),
                !repository.hasCachedSpec(name: root, version: version),
                let relative = repository.specRelative(name: root, version: version), mayFetchSpeculation()
            else { return nil }
            speculated.insert(key)
            return relative
        }
    }

    /// Before the solver waits for a spec nothing fetched ahead (it has set aside the versions it
    /// tried first): that spec and the next older candidates, `alternativesFetchedAhead` of them, in
    /// one round trip, so that the versions it tries after this one are read without waiting.
    private func fetchWithAlternatives(_ root: String, _ version: Version, from repository: CDNSpecRepository) {
        guard let relative = repository.specRelative(name: root, version: version),
            !repository.hasCachedSpec(name: root, version: version), let versions = try? repository.versions(of: root)
        else { return }
        let older = versions.filter { $0 < version && (version.isPrerelease || !$0.isPrerelease) }
        let others = speculate(root, Array(older.prefix(repository.alternativesFetchedAhead)), in: repository)
        guard !others.isEmpty else { return }
        repository.fetchAll([relative] + others) { _, _ in [] }
    }

    /// The version of `root` the solver will most likely try under `set`: the locked one when the
    /// set allows it, else the newest it allows (a prerelease only when the set names one).
    private func likelyVersion(of root: String, in repository: CDNSpecRepository, allowedBy set: RequirementSet)
        -> Version?
    {
        guard let versions = try? repository.versions(of: root) else { return nil }
        if let preferred = preferredVersions[root], versions.contains(preferred), set.isSatisfied(by: preferred) {
            return preferred
        }
        let allowsPrerelease = set.mentionsPrerelease
        return versions.first { set.isSatisfied(by: $0) && (allowsPrerelease || !$0.isPrerelease) }
    }

    /// The HTTP source `root` is read from when it is read from one: its `:source`, else the first
    /// HTTP source with every source before it a folder without `root`.
    private func httpRepository(for root: String) -> CDNSpecRepository? {
        if let known = sourceOfRoot[root] {
            if case .http(let repository) = known.storage { return repository }
            return nil
        }
        for source in restrictedSources[root].map({ [$0] }) ?? sources {
            if case .http(let repository) = source.storage { return repository }
            if source.versions(of: root) != nil { return nil }
        }
        return nil
    }

    /// The source a root name is read from: `:source` restriction, else the first that has it.
    func source(for root: String) -> PodSource? {
        if let known = sourceOfRoot[root] { return known }
        let candidates = restrictedSources[root].map { [$0] } ?? sources
        for source in candidates where source.versions(of: root) != nil {
            sourceOfRoot[root] = source
            return source
        }
        return nil
    }

    /// The parsed spec of `root` at `version` (read once). From a folder source's index it may be
    /// the spec reduced to what resolution reads (`SpecIndex.resolutionNode`); `whole` asks for
    /// every attribute (install needs the sources, resources, …).
    func summary(_ root: String, _ version: Version, whole: Bool = false) throws(ProjectError) -> PodspecSummary {
        if let external = externals[root] { return external.summary }
        let key = "\(root) \(version.string)"
        // Read for the solver (not to fetch ahead): no longer speculation.
        if !fetchingAhead { speculated.remove(key) }
        if let cached = summaries[key], !whole || !reduced.contains(key) { return cached }
        guard let source = source(for: root) else {
            throw .unreadable(path: root, reason: "no source has this pod")
        }
        if !whole, let indexed = source.folder?.indexedSpec(name: root, version: version) {
            let summary = try PodspecSummary.checked(indexed.spec, path: indexed.path, checksum: indexed.checksum)
            summaries[key] = summary
            reduced.insert(key)
            return summary
        }
        if case .http(let repository) = source.storage, !fetchingAhead {
            fetchWithAlternatives(root, version, from: repository)
        }
        let file = try source.specFile(of: root, version: version)
        let summary = try PodspecSummary.parse(file.data, path: file.path, checksum: SHA1.hex(of: file.data))
        guard summary.name == root else {
            throw .podspecNameMismatch(pod: root, found: summary.name, path: file.path)
        }
        source.folder?.recordSpec(name: root, path: file.path, checksum: summary.checksum, spec: summary.spec)
        summaries[key] = summary
        reduced.remove(key)
        return summary
    }

    /// Writes the index of every folder source that recorded something (see `SpecIndex.save`).
    func saveIndexes() {
        PodSource.saveIndexes(of: sources + restrictedSources.values)
    }

    static func validate(_ name: String) throws(ProjectError) {
        guard !SafeName.isValidPodPath(name) else { return }
        do { try SafeName.podPath(name) } catch { throw .invalidName(error) }
    }
}

/// A package of the solver: a pod, or one of the provider's bookkeeping packages. The solver sees
/// each as a string key (Resolution stays generic); the key is produced by `key` and read back by
/// `init(key:)`, here and nowhere else. Pod names pass `SafeName` (no spaces, no parentheses), so a
/// pod's key never looks like a bookkeeping one.
enum ResolverPackage: Hashable {
    /// `Root` or `Root/Sub`.
    case pod(String)
    /// The package pinning every subspec of `Root` to one version.
    case rootIdentity(String)
    /// A target platform (`ios`), whose one version is the project's deployment target.
    case platform(String)

    private static let identitySuffix = " (root spec)"
    private static let platformSuffix = " (deployment target)"

    var key: String {
        switch self {
        case .pod(let name): name
        case .rootIdentity(let root): root + Self.identitySuffix
        case .platform(let name): Platform.displayName(name) + Self.platformSuffix
        }
    }

    init(key: String) {
        if key.hasSuffix(Self.identitySuffix) {
            self = .rootIdentity(String(key.dropLast(Self.identitySuffix.count)))
        } else if key.hasSuffix(Self.platformSuffix) {
            let display = String(key.dropLast(Self.platformSuffix.count))
            self = .platform(Platform.displayNames.first { $0.value == display }?.key ?? display)
        } else {
            self = .pod(key)
        }
    }

    /// The pod (root or subspec) this package is, nil for bookkeeping packages.
    var pod: String? {
        if case .pod(let name) = self { return name }
        return nil
    }
}
