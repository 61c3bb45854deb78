import Specs
import Support

/// One run of PubGrub (conflict-driven clause learning over package versions): unit propagation
/// over incompatibilities, decisions (fewest candidates first; the locked version, else the
/// newest), and conflict resolution that learns a new incompatibility and jumps back.
final class Solver {
    struct Assignment {
        var term: Term
        /// The intersection of every assignment to this package up to and including this one.
        var accumulated: Term
        var level: Int
        /// The incompatibility it was derived from; nil for a decision.
        var cause: Int?
    }

    struct DependencyKey: Hashable {
        var depender: Int
        var dependee: Int
        var lowest: Int
    }

    struct SameVersionKey: Hashable {
        var depender: Int
        var dependee: Int
        var range: VersionSet
    }

    static let root = 0

    let provider: any DependencyProvider
    let options: ResolverOptions
    let lockedVersions: [String: Version]
    let rootRequirements: [PackageRequirement]
    /// Root pods (`Kit` for `Kit/Rx`) whose prereleases are candidates for every requirement: a
    /// top-level requirement names a prerelease of them, or (from an earlier run) a dependency does.
    let prereleaseRoots: Set<String>
    /// Roots named with a prerelease by the dependencies of the versions this run looked at (a
    /// pod's own subspecs and root do not count for it).
    private(set) var namedPrereleaseRoots: Set<String> = []
    /// The names the Composefile itself asks for (decided before transitive ones).
    let topLevelNames: Set<String>

    // Packages, by id (0 is the root).
    var names: [String] = []
    var ids: [String: Int] = [:]
    var versions: [[Version]] = []
    var universes: [VersionSet] = []
    var lockedIndex: [Int?] = []
    var dependencyCache: [[[PackageRequirement]?]] = []
    var setCache: [[String: VersionSet]] = []
    var incompatibilitiesOf: [[Int]] = []

    var incompatibilities: [Incompatibility] = []
    var dependencyIncompatibilities: [DependencyKey: Int] = [:]
    var sameVersionIncompatibilities: [SameVersionKey: Int] = [:]

    // The partial solution.
    var assignments: [Assignment] = []
    var history: [[Int]] = []
    var decision: [Int] = []
    var level = 0
    var touched: [Int] = []
    /// Per package: -1 when the user asked to update it, 1 for a top-level package, 2 otherwise.
    var staticClass: [Int] = []
    var isTouched: [Bool] = []
    /// Per package: its place in `touched` (ties between equal ranks go to the earlier one).
    var touchOrder: [Int] = []
    /// The undecided packages by rank, lazily: an entry is pushed whenever a package's rank may
    /// have changed, and an entry whose stamp is not the package's current one is skipped when popped.
    var queue = DecisionQueue()
    var rankStamp: [Int] = []

    var log: [String] = []

    init(
        provider: any DependencyProvider, locked: [String: Version], options: ResolverOptions,
        root: [PackageRequirement],
        prereleaseRoots: Set<String> = []
    ) {
        self.provider = provider
        self.lockedVersions = locked
        self.options = options
        self.rootRequirements = root
        self.prereleaseRoots = prereleaseRoots.union(
            root.filter { $0.requirements.mentionsPrerelease }.map { Spec.rootName(of: $0.name) })
        self.topLevelNames = Set(root.map(\.name))
        addPackage(name: "", versions: [Version.zero])
    }

    // MARK: Packages

    @discardableResult
    private func addPackage(name: String, versions list: [Version]) -> Int {
        let id = names.count
        names.append(name)
        ids[name] = id
        versions.append(list)
        universes.append(VersionSet(count: list.count))
        let locked = lockedVersions[name].flatMap { l in list.firstIndex { $0 == l } }
        lockedIndex.append(locked)
        // The decision class that does not depend on the candidates (see `decisionClass`), computed
        // once: the decision loop asks for it for every undecided package at every decision.
        staticClass.append(
            !options.updating.isEmpty && options.updating.contains(Spec.rootName(of: name))
                ? -1 : topLevelNames.contains(name) ? 1 : 2)
        dependencyCache.append(Array(repeating: nil, count: list.count))
        setCache.append([:])
        incompatibilitiesOf.append([])
        history.append([])
        decision.append(-1)
        isTouched.append(false)
        touchOrder.append(-1)
        rankStamp.append(0)
        return id
    }

    func package(named name: String) throws -> Int {
        if let id = ids[name] { return id }
        let raw: [Version]
        do {
            raw = try provider.availableVersions(of: name)
        } catch let error as any ComposeFailure {
            throw ResolutionError.provider(package: name, version: nil, message: error.description, kind: error.kind)
        } catch {
            throw ResolutionError.provider(package: name, version: nil, message: "\(error)", kind: .environment)
        }
        var unique: [Version] = []
        // Sources list newest first: strictly descending needs no sort, only reversing.
        let isDescending = zip(raw, raw.dropFirst()).allSatisfy { $0 > $1 }
        for version in isDescending ? raw.reversed() : raw.sorted(by: <) {
            if let last = unique.last, last == version {
                unique[unique.count - 1] = version
            } else {
                unique.append(version)
            }
        }
        return addPackage(name: name, versions: unique)
    }

    func dependencies(_ package: Int, _ index: Int) throws -> [PackageRequirement] {
        if let cached = dependencyCache[package][index] { return cached }
        let version = versions[package][index]
        let raw: [PackageRequirement]
        do {
            raw = try provider.dependencies(of: names[package], at: version)
        } catch let error as any ComposeFailure {
            throw ResolutionError.provider(
                package: names[package], version: version, message: error.description, kind: error.kind)
        } catch {
            throw ResolutionError.provider(
                package: names[package], version: version, message: "\(error)", kind: .environment)
        }
        let merged = Solver.mergeDuplicates(raw)
        let own = Spec.rootName(of: names[package])
        for requirement in merged where requirement.requirements.mentionsPrerelease {
            let root = Spec.rootName(of: requirement.name)
            if root != own { namedPrereleaseRoots.insert(root) }
        }
        dependencyCache[package][index] = merged
        return merged
    }

    /// One requirement per name, in order of first appearance; requirements on a repeated name are ANDed.
    static func mergeDuplicates(_ list: [PackageRequirement]) -> [PackageRequirement] {
        var result: [PackageRequirement] = []
        var position: [String: Int] = [:]
        for requirement in list {
            if let i = position[requirement.name] {
                let both = result[i].requirements.requirements + requirement.requirements.requirements
                result[i].requirements = RequirementSet(both)
            } else {
                position[requirement.name] = result.count
                result.append(requirement)
            }
        }
        return result
    }

    /// The candidates of `package` that meet `requirements`, under the prerelease policy.
    func versionSet(_ package: Int, _ requirements: RequirementSet) -> VersionSet {
        let key = requirements.description
        if let cached = setCache[package][key] { return cached }
        let allowsPrerelease =
            requirements.mentionsPrerelease || prereleaseRoots.contains(Spec.rootName(of: names[package]))
        var set = VersionSet()
        for (i, version) in versions[package].enumerated() where requirements.isSatisfied(by: version) {
            if !version.isPrerelease || allowsPrerelease || lockedIndex[package] == i { set.insert(i) }
        }
        setCache[package][key] = set
        return set
    }

    // MARK: Incompatibilities

    /// Adds an incompatibility after normalising it: one term per package (intersected), no
    /// terms that always hold, no root term in a learned one. Returns nil when it can never be
    /// satisfied (and so says nothing).
    func makeIncompatibility(_ terms: [Term], cause: Incompatibility.Cause) -> Incompatibility? {
        var merged: [Term] = []
        for term in terms {
            if let i = merged.firstIndex(where: { $0.package == term.package }) {
                merged[i] = merged[i].intersection(term)
            } else {
                merged.append(term)
            }
        }
        merged.removeAll { $0.isTautology(universe: universes[$0.package]) }
        if case .derived = cause, merged.count > 1 {
            merged.removeAll { $0.package == Solver.root && $0.isPositive }
        }
        if merged.contains(where: \.isEmpty) { return nil }
        return Incompatibility(terms: merged, cause: cause)
    }

    /// Stores an incompatibility; `indexed` ones take part in unit propagation.
    @discardableResult
    func add(_ incompatibility: Incompatibility, indexed: Bool = true) -> Int {
        let id = incompatibilities.count
        incompatibilities.append(incompatibility)
        if indexed { index(id) }
        return id
    }

    func index(_ id: Int) {
        for term in incompatibilities[id].terms { incompatibilitiesOf[term.package].append(id) }
    }

    /// The incompatibilities saying what version `index` of `package` depends on, each covering
    /// the run of adjacent versions that share that exact dependency.
    func dependencyIncompatibilities(_ package: Int, _ index: Int) throws -> [Int] {
        var result: [Int] = []
        for requirement in try dependencies(package, index) {
            let dependee = try self.package(named: requirement.name)
            let key = requirement.requirements.description
            func same(_ i: Int) throws -> Bool {
                guard
                    dependencyCache[package][i] != nil
                        || provider.isCheapToRead(names[package], at: versions[package][i])
                else { return false }
                return try dependencies(package, i).contains {
                    $0.name == requirement.name && $0.requirements.description == key
                }
            }
            var lowest = index
            var highest = index
            if options.mergesVersionRanges && package != Solver.root {
                while lowest > 0, try same(lowest - 1) { lowest -= 1 }
                while highest + 1 < versions[package].count, try same(highest + 1) { highest += 1 }
            }
            let dependencyKey = DependencyKey(depender: package, dependee: dependee, lowest: lowest)
            if let existing = dependencyIncompatibilities[dependencyKey] {
                result.append(existing)
                continue
            }
            var range = VersionSet()
            for i in lowest...highest { range.insert(i) }
            let allowed = versionSet(dependee, requirement.requirements)
            let empty = allowed.isEmpty ? emptyReason(dependee, requirement.requirements) : nil
            let terms = [
                Term(package: package, versions: range, allowsAbsent: false),
                Term(package: dependee, versions: universes[dependee].subtracting(allowed), allowsAbsent: true),
            ]
            guard
                let incompatibility = makeIncompatibility(
                    terms, cause: .dependency(dependee: dependee, requirement: requirement, empty: empty))
            else { continue }
            let id = add(incompatibility)
            dependencyIncompatibilities[dependencyKey] = id
            result.append(id)
            if let id = try sameVersionIncompatibility(package, index, requirement, dependee) { result.append(id) }
        }
        return result
    }

    /// When version `index` of `package` depends on `dependee (= its own version)`, the same fact
    /// for every version still allowed that does the same: "Kit/Core < 2.0 depends on Kit at the
    /// same version", so a subspec and its root are reasoned about as ranges, not version by version.
    func sameVersionIncompatibility(_ package: Int, _ index: Int, _ requirement: PackageRequirement, _ dependee: Int)
        throws -> Int?
    {
        guard options.mergesVersionRanges, package != Solver.root,
            let allowed = accumulated(package), allowed.isPositive
        else { return nil }
        func pins(_ i: Int) throws -> Bool {
            guard dependencyCache[package][i] != nil || provider.isCheapToRead(names[package], at: versions[package][i])
            else { return false }
            return try dependencies(package, i).contains { dependency in
                guard dependency.name == requirement.name, dependency.requirements.requirements.count == 1 else {
                    return false
                }
                let only = dependency.requirements.requirements[0]
                return only.op == .equal && only.version == versions[package][i]
            }
        }
        guard try pins(index) else { return nil }
        var range = VersionSet()
        var targets = VersionSet()
        for i in allowed.versions.indices where try pins(i) {
            range.insert(i)
            targets = targets.union(versionSet(dependee, RequirementSet([Requirement(.equal, versions[package][i])])))
        }
        guard range.count > 1 else { return nil }
        let key = SameVersionKey(depender: package, dependee: dependee, range: range)
        if let existing = sameVersionIncompatibilities[key] { return existing }
        let terms = [
            Term(package: package, versions: range, allowsAbsent: false),
            Term(package: dependee, versions: universes[dependee].subtracting(targets), allowsAbsent: true),
        ]
        guard let incompatibility = makeIncompatibility(terms, cause: .sameVersion(dependee: dependee)) else {
            return nil
        }
        let id = add(incompatibility)
        sameVersionIncompatibilities[key] = id
        return id
    }

    func emptyReason(_ package: Int, _ requirements: RequirementSet) -> EmptyReason {
        if versions[package].isEmpty { return .unknownPackage }
        let prereleases = versions[package].filter { $0.isPrerelease && requirements.isSatisfied(by: $0) }
        return prereleases.isEmpty ? .noMatch : .onlyPrereleases(prereleases)
    }

    // MARK: Partial solution

    func accumulated(_ package: Int) -> Term? {
        history[package].last.map { assignments[$0].accumulated }
    }

    private func assign(_ term: Term, cause: Int?) {
        let p = term.package
        let accumulated = self.accumulated(p).map { $0.intersection(term) } ?? term
        history[p].append(assignments.count)
        assignments.append(Assignment(term: term, accumulated: accumulated, level: level, cause: cause))
        if !isTouched[p] {
            isTouched[p] = true
            touchOrder[p] = touched.count
            touched.append(p)
        }
        rankChanged(p)
    }

    /// Queues `p` at its current rank, when it is a candidate for the next decision: undecided, with
    /// a positive accumulated term. The rank is `makeDecision`'s: one candidate left first (in touch
    /// order), then by decision class and candidate count, then touch order.
    private func rankChanged(_ p: Int) {
        rankStamp[p] += 1
        guard decision[p] < 0, let accumulated = accumulated(p), accumulated.isPositive else { return }
        let count = accumulated.versions.count
        let rank =
            count <= 1
            ? DecisionQueue.Rank(decisionClass: -1, count: 0, order: touchOrder[p])
            : DecisionQueue.Rank(
                decisionClass: decisionClass(p, accumulated.versions), count: count, order: touchOrder[p])
        queue.push(rank, package: p, stamp: rankStamp[p])
    }

    func decide(_ package: Int, _ index: Int) {
        level += 1
        decision[package] = index
        assign(Term(package: package, versions: VersionSet(index: index), allowsAbsent: false), cause: nil)
    }

    func derive(_ term: Term, cause: Int) {
        assign(term, cause: cause)
    }

    func backtrack(to target: Int) {
        var changed: [Int] = []
        while let last = assignments.last, last.level > target {
            let p = last.term.package
            history[p].removeLast()
            if last.cause == nil { decision[p] = -1 }
            assignments.removeLast()
            changed.append(p)
        }
        level = target
        for p in Set(changed) { rankChanged(p) }
    }

    enum Relation { case satisfied, contradicted, inconclusive }

    func relation(_ term: Term) -> Relation {
        guard let accumulated = accumulated(term.package) else { return .inconclusive }
        if accumulated.isSubset(of: term) { return .satisfied }
        if accumulated.isDisjoint(with: term) { return .contradicted }
        return .inconclusive
    }

    /// The earliest assignment after which the partial solution satisfies `term`.
    func satisfier(_ term: Term) -> Int {
        for index in history[term.package] where assignments[index].accumulated.isSubset(of: term) {
            return index
        }
        preconditionFailure("satisfier: the partial solution does not satisfy the term")
    }

    // MARK: Solving

    func solve() throws -> Solution {
        // The root must be selected; the root depends on the top-level requirements.
        let rootTerm = Term(package: Solver.root, versions: VersionSet(index: 0), allowsAbsent: false)
        let notRoot = rootTerm.negated(universe: universes[Solver.root])
        add(Incompatibility(terms: [notRoot], cause: .root))
        dependencyCache[Solver.root][0] = Solver.mergeDuplicates(rootRequirements)

        var next: Int? = Solver.root
        while let package = next {
            try propagate(package)
            next = try makeDecision()
            if next == nil, let cycle = findCycle() {
                // Every package is decided, but some depend on one another in a circle: learn that
                // those versions cannot all be chosen, jump back and carry on.
                let terms = cycle.map {
                    Term(package: $0, versions: VersionSet(index: decision[$0]), allowsAbsent: false)
                }
                let id = add(Incompatibility(terms: terms, cause: .cycle))
                log.append("cycle: \(Explainer(solver: self).sentence(id))")
                let learned = try resolveConflict(id)
                guard case .derived(let p) = propagate(incompatibility: learned) else {
                    preconditionFailure("a learned incompatibility must derive a term after backjumping")
                }
                next = p
            }
        }

        var chosen: [String: Version] = [:]
        var dependencies: [String: [PackageRequirement]] = [:]
        for p in touched where p != Solver.root && decision[p] >= 0 {
            chosen[names[p]] = versions[p][decision[p]]
            dependencies[names[p]] = dependencyCache[p][decision[p]] ?? []
        }
        return Solution(versions: chosen, dependencies: dependencies, decisions: log, lockChanges: lockChanges(chosen))
    }

    enum PropagationResult {
        case none
        case derived(Int)
        case conflict
    }

    func propagate(_ start: Int) throws {
        var changed = [start]
        var queued: Set<Int> = [start]
        while let package = changed.popLast() {
            queued.remove(package)
            incompatibilities: for id in incompatibilitiesOf[package].reversed() {
                switch propagate(incompatibility: id) {
                case .none:
                    continue
                case .derived(let p):
                    if queued.insert(p).inserted { changed.append(p) }
                case .conflict:
                    let rootCause = try resolveConflict(id)
                    guard case .derived(let p) = propagate(incompatibility: rootCause) else {
                        preconditionFailure("a learned incompatibility must derive a term after backjumping")
                    }
                    changed = [p]
                    queued = [p]
                    break incompatibilities
                }
            }
        }
    }

    /// Derives the one term left open in `id`, or reports that all its terms hold (a conflict).
    func propagate(incompatibility id: Int) -> PropagationResult {
        var unsatisfied: Term?
        for term in incompatibilities[id].terms {
            switch relation(term) {
            case .contradicted:
                return .none
            case .inconclusive:
                if unsatisfied != nil { return .none }
                unsatisfied = term
            case .satisfied:
                continue
            }
        }
        guard let term = unsatisfied else { return .conflict }
        derive(term.negated(universe: universes[term.package]), cause: id)
        return .derived(term.package)
    }

    /// Learns, from a satisfied incompatibility, the incompatibility that explains the conflict
    /// at the earliest decision level; backjumps there and returns it. Throws `unsatisfiable`
    /// when the learned incompatibility says version solving has failed.
    func resolveConflict(_ start: Int) throws -> Int {
        log.append("conflict: \(Explainer(solver: self).sentence(start))")
        var id = start
        var isNew = false
        while !isFailure(incompatibilities[id]) {
            let current = incompatibilities[id]
            var mostRecentTerm: Term?
            var mostRecentSatisfier = -1
            var difference: Term?
            var previousLevel = 1
            for term in current.terms {
                let satisfier = self.satisfier(term)
                if mostRecentSatisfier < 0 {
                    mostRecentTerm = term
                    mostRecentSatisfier = satisfier
                } else if mostRecentSatisfier < satisfier {
                    previousLevel = max(previousLevel, assignments[mostRecentSatisfier].level)
                    mostRecentTerm = term
                    mostRecentSatisfier = satisfier
                    difference = nil
                } else {
                    previousLevel = max(previousLevel, assignments[satisfier].level)
                }
                if mostRecentTerm?.package == term.package {
                    let universe = universes[term.package]
                    let rest = assignments[mostRecentSatisfier].term.intersection(term.negated(universe: universe))
                    if rest.isEmpty {
                        difference = nil
                    } else {
                        difference = rest
                        previousLevel = max(
                            previousLevel, assignments[self.satisfier(rest.negated(universe: universe))].level)
                    }
                }
            }
            let satisfier = assignments[mostRecentSatisfier]
            if previousLevel < satisfier.level || satisfier.cause == nil {
                backtrack(to: previousLevel)
                if isNew { index(id) }
                log.append("learned: \(Explainer(solver: self).sentence(id)); back to level \(previousLevel)")
                return id
            }
            let package = satisfier.term.package
            let cause = satisfier.cause!
            var terms = current.terms.filter { $0.package != package }
            terms += incompatibilities[cause].terms.filter { $0.package != package }
            if let difference { terms.append(difference.negated(universe: universes[package])) }
            guard let next = makeIncompatibility(terms, cause: .derived(conflict: id, other: cause)) else {
                preconditionFailure("conflict resolution produced an incompatibility that can never hold")
            }
            id = add(next, indexed: false)
            isNew = true
        }
        throw ResolutionError.unsatisfiable(explanation: Explainer(solver: self).report(id))
    }

    func isFailure(_ incompatibility: Incompatibility) -> Bool {
        incompatibility.terms.isEmpty
            || (incompatibility.terms.count == 1 && incompatibility.terms[0].package == Solver.root
                && incompatibility.terms[0].isPositive)
    }

    /// A dependency cycle among the chosen versions, in dependency order (each package depends
    /// on the next, the last on the first), or nil. Subspecs of one pod depending on each other
    /// form no cycle unless the dependencies come back round (`Root/A` → `Root/B` → `Root/A`).
    func findCycle() -> [Int]? {
        var state = [UInt8](repeating: 0, count: names.count)  // 0 new, 1 on the path, 2 done
        var path: [Int] = []
        func visit(_ p: Int) -> [Int]? {
            state[p] = 1
            path.append(p)
            for requirement in dependencyCache[p][decision[p]] ?? [] {
                guard let q = ids[requirement.name], decision[q] >= 0 else { continue }
                if state[q] == 1 { return Array(path[path.firstIndex(of: q)!...]) }
                if state[q] == 0, let cycle = visit(q) { return cycle }
            }
            path.removeLast()
            state[p] = 2
            return nil
        }
        for p in touched where p != Solver.root && decision[p] >= 0 && state[p] == 0 {
            if let cycle = visit(p) { return cycle }
        }
        return nil
    }

    /// Which packages are decided first: those the user asked to update, then those whose locked version is still a candidate (keeping
    /// every locked version is the first goal), then the Composefile's own (their newest versions
    /// are the second), then the rest; within a class, the one with the fewest candidates.
    func decisionClass(_ p: Int, _ candidates: VersionSet) -> Int {
        if staticClass[p] == -1 { return -1 }
        if let locked = lockedIndex[p], candidates.contains(locked) { return 0 }
        return staticClass[p]
    }

    /// Picks the next package and version; returns the package to propagate from, or nil when done.
    func makeDecision() throws -> Int? {
        var best = -1
        while let entry = queue.pop() {
            guard entry.stamp == rankStamp[entry.package], decision[entry.package] < 0 else { continue }
            best = entry.package
            break
        }
        guard best >= 0 else { return nil }
        let candidates = accumulated(best)!.versions
        let index: Int
        if let locked = lockedIndex[best], candidates.contains(locked) {
            index = locked
        } else {
            // Propagation never empties a positive term: there is always a candidate.
            index = candidates.last!
        }
        var conflict = false
        for id in try dependencyIncompatibilities(best, index) {
            let holdsOnceDecided = incompatibilities[id].terms.allSatisfy { term in
                term.package == best ? term.versions.contains(index) : relation(term) == .satisfied
            }
            if holdsOnceDecided { conflict = true }
        }
        if conflict {
            rankChanged(best)  // still a candidate until propagation says otherwise
        } else {
            decide(best, index)
            log.append(
                best == Solver.root
                    ? "start from the top-level requirements (\(rootRequirements.count))"
                    : "decide \(names[best]) \(versions[best][index])")
        }
        return best
    }

    func lockChanges(_ chosen: [String: Version]) -> [LockChange] {
        var result: [LockChange] = []
        for (name, locked) in lockedVersions.sorted(by: { $0.key < $1.key }) {
            guard let version = chosen[name], !(version == locked) else { continue }
            guard let p = ids[name] else { continue }
            guard let li = lockedIndex[p] else {
                result.append(LockChange(package: name, locked: locked, chosen: version, reason: .unavailable))
                continue
            }
            var reason = LockChange.Reason.conflict
            for id in incompatibilitiesOf[p] {
                guard case .dependency(let dependee, let requirement, _) = incompatibilities[id].cause, dependee == p
                else { continue }
                guard let depender = incompatibilities[id].terms.first, depender.package != p else { continue }
                let d = decision[depender.package]
                guard d >= 0, depender.versions.contains(d) else { continue }
                if !versionSet(p, requirement.requirements).contains(li) {
                    let by =
                        depender.package == Solver.root
                        ? nil : (package: names[depender.package], version: versions[depender.package][d])
                    reason = .required(by: by?.package, at: by?.version, requirement: requirement)
                    break
                }
            }
            result.append(LockChange(package: name, locked: locked, chosen: version, reason: reason))
        }
        return result
    }
}

/// A binary min-heap of decision candidates (see `Solver.rankChanged`).
struct DecisionQueue {
    struct Rank: Comparable {
        let decisionClass: Int
        let count: Int
        let order: Int

        static func < (a: Rank, b: Rank) -> Bool {
            (a.decisionClass, a.count, a.order) < (b.decisionClass, b.count, b.order)
        }
    }

    private var heap: [(rank: Rank, package: Int, stamp: Int)] = []

    mutating func push(_ rank: Rank, package: Int, stamp: Int) {
        heap.append((rank, package, stamp))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].rank < heap[parent].rank else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (package: Int, stamp: Int)? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].rank < heap[smallest].rank { smallest = left }
                if right < heap.count, heap[right].rank < heap[smallest].rank { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return (top.package, top.stamp)
    }
}
