import ComposeTestSupport
import Resolution
import Specs
import Testing

/// A random small instance: a few packages, a few versions each, random CocoaPods requirements.
struct Instance: CustomStringConvertible {
    var repository = InMemoryProvider()
    var names: [String] = []
    var top: [PackageRequirement] = []
    var locked: [String: Version] = [:]

    static let pool = ["0.9", "1.0", "1.0.1", "1.1", "1.2.0", "1.5", "2.0.0-beta.1", "2.0", "2.1", "3.0.0-rc.1", "3.0"]
    /// Versions requirements name: the pool and other spellings of its releases (RubyGems' equality at `>` and `<`).
    static let bounds = pool + ["1", "1.0.0", "2.0.0.0"]
    static let operators = ["", "= ", "!= ", "!= ", "> ", "< ", ">= ", ">= ", ">= ", "<= ", "~> ", "~> ", "~> "]

    init(seed: UInt64) {
        var rng = SeededGenerator(state: seed)
        let count = Int.random(in: 2...5, using: &rng)
        names = (0..<count).map { "P\($0)" }
        func requirement() -> RequirementSet {
            let parts = (0..<(Int.random(in: 0..<4, using: &rng) == 0 ? 2 : 1)).map { _ in
                Instance.operators.randomElement(using: &rng)! + Instance.bounds.randomElement(using: &rng)!
            }
            return try! RequirementSet(parsing: parts)
        }
        for name in names {
            let versions = Instance.pool.shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng))
            for version in versions {
                var dependencies: [PackageRequirement] = []
                let others = (names + ["Ghost"]).filter { $0 != name }.shuffled(using: &rng)
                for other in others.prefix(Int.random(in: 0...2, using: &rng))
                where other != "Ghost" || Int.random(in: 0..<4, using: &rng) == 0 {
                    let pinned = try! RequirementSet(parsing: ["= \(version)"])  // a subspec's pin to its root
                    let kind = Int.random(in: 0..<6, using: &rng)
                    dependencies.append(
                        PackageRequirement(
                            name: other, requirements: kind == 0 ? .any : kind == 1 ? pinned : requirement()))
                }
                repository.packages[name, default: []].append((try! Version(version), dependencies))
            }
        }
        for name in names.shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng)) {
            top.append(
                PackageRequirement(name: name, requirements: requirement(), origin: "Composefile:\(top.count + 1)"))
        }
        for name in names where Int.random(in: 0..<4, using: &rng) == 0 {
            locked[name] = repository.packages[name]!.randomElement(using: &rng)!.version
        }
    }

    var description: String {
        let packages = names.map { name in
            name + ": "
                + repository.packages[name]!.map { "\($0.version) -> \($0.dependencies)" }.joined(separator: "; ")
        }
        return "top: \(top), locked: \(locked)\n" + packages.joined(separator: "\n")
    }

    /// The prerelease policy, stated independently of the solver. `strict`: a prerelease is a
    /// candidate when the requirement names one, a top-level requirement on the package does, or it
    /// is locked. Otherwise also when any spec's dependency on the package (from another package)
    /// names one: CocoaPods' rule counts such requirements once they are in its graph, so what the
    /// solver admits lies between the two.
    func allows(_ name: String, _ version: Version, _ requirements: RequirementSet, strict: Bool) -> Bool {
        guard requirements.requirements.allSatisfy({ satisfies(version, $0) }) else { return false }
        if !version.isPrerelease { return true }
        if requirements.mentionsPrerelease || locked[name].map({ $0.string == version.string }) == true { return true }
        if top.contains(where: { $0.name == name && $0.requirements.mentionsPrerelease }) { return true }
        if strict { return false }
        return repository.packages.contains { other, versions in
            other != name
                && versions.contains {
                    $0.dependencies.contains { $0.name == name && $0.requirements.mentionsPrerelease }
                }
        }
    }

    /// Whether `selection` (name → version; absent = not selected) meets every requirement.
    func isValid(_ selection: [String: Version], strict: Bool = true) -> Bool {
        func met(_ requirement: PackageRequirement) -> Bool {
            guard let version = selection[requirement.name] else { return false }
            return allows(requirement.name, version, requirement.requirements, strict: strict)
        }
        guard top.allSatisfy(met) else { return false }
        for (name, version) in selection {
            guard let entry = repository.packages[name]?.first(where: { $0.version.string == version.string }) else {
                return false
            }
            var merged: [String: [Requirement]] = [:]
            for dependency in entry.dependencies {
                merged[dependency.name, default: []] += dependency.requirements.requirements
            }
            for (dependee, requirements) in merged
            where !met(PackageRequirement(name: dependee, requirements: RequirementSet(requirements))) {
                return false
            }
        }
        // CocoaPods refuses a dependency cycle.
        return !hasCycle(selection.keys.sorted()) { name in
            repository.packages[name]!.first { $0.version.string == selection[name]!.string }!.dependencies.map(\.name)
        }
    }

    /// Tries every selection.
    func bruteForce() -> [String: Version]? {
        var selection: [String: Version] = [:]
        func search(_ i: Int) -> Bool {
            if i == names.count { return isValid(selection) }
            let name = names[i]
            selection[name] = nil
            if search(i + 1) { return true }
            for entry in repository.packages[name]! {
                selection[name] = entry.version
                if search(i + 1) { return true }
            }
            selection[name] = nil
            return false
        }
        return search(0) ? selection : nil
    }
}

@Suite struct DifferentialTests {
    @Test(arguments: 0..<200)
    func agreesWithBruteForce(_ seed: Int) throws {
        let instance = Instance(seed: UInt64(seed) &* 7919 &+ 17)
        let expected = instance.bruteForce()
        do {
            let solution = try Resolver(provider: instance.repository, locked: instance.locked).resolve(instance.top)
            #expect(
                instance.isValid(solution.versions, strict: false),
                "invalid solution \(solution.versions) for\n\(instance)")
        } catch .unsatisfiable(let explanation) {
            #expect(expected == nil, "reported unsatisfiable, but \(expected!) works for\n\(instance)")
            #expect(explanation.contains("version solving failed."))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// `pod 'Kit', '2.0.0-beta.2'` with a bare `pod 'Kit/Rx'`: the subspec's prerelease is a
    /// candidate because a requirement on its root names one.
    @Test func aSubspecFollowsItsRootsPrerelease() throws {
        var repository = InMemoryProvider()
        for version in ["1.9.0", "2.0.0-beta.2"] {
            repository.add("Kit", version)
            repository.add("Kit/Rx", version, ["Kit": "= \(version)", "RxSwift": "~> 6.0"])
        }
        repository.add("RxSwift", "6.5.0")
        let top = [
            PackageRequirement(name: "Kit", requirements: try RequirementSet(parsing: ["2.0.0-beta.2"])),
            PackageRequirement(name: "Kit/Rx", requirements: .any),
        ]
        let solution = try Resolver(provider: repository).resolve(top)
        #expect(
            solution.versions.mapValues(\.string) == [
                "Kit": "2.0.0-beta.2", "Kit/Rx": "2.0.0-beta.2", "RxSwift": "6.5.0",
            ])
        // Without the prerelease line the subspec stays on the release.
        let bare = try Resolver(provider: repository).resolve([PackageRequirement(name: "Kit/Rx", requirements: .any)])
        #expect(bare.versions["Kit/Rx"]?.string == "1.9.0")
    }

    /// A spec pins `= 3.0.1-beta.8` of a pod the Composefile lists bare: the prerelease is a
    /// candidate because that dependency names it.
    @Test func aDependencyPinnedToAPrereleaseAdmitsItForABareLine() throws {
        var repository = InMemoryProvider()
        repository.add("Charts", "3.0.0")
        repository.add("Charts", "3.0.1-beta.8")
        repository.add("Charts", "3.1.0-beta.1")
        repository.add("Stocks", "1.0.0", ["Charts": "= 3.0.1-beta.8"])
        let top = [
            PackageRequirement(name: "Charts", requirements: .any),
            PackageRequirement(name: "Stocks", requirements: .any),
        ]
        let solution = try Resolver(provider: repository).resolve(top)
        #expect(solution.versions.mapValues(\.string) == ["Charts": "3.0.1-beta.8", "Stocks": "1.0.0"])
        // Alone, the bare line keeps to releases.
        let alone = try Resolver(provider: repository).resolve([PackageRequirement(name: "Charts", requirements: .any)])
        #expect(alone.versions["Charts"]?.string == "3.0.0")
    }

    @Test func instancesAreDeterministic() {
        #expect(Instance(seed: 42).description == Instance(seed: 42).description)
    }

    /// The instances exercise both rules the brute force states apart from the solver: dependency
    /// cycles among the published versions, and exclusive bounds at another spelling of a release.
    @Test func cyclesAndExclusiveBoundsOccur() {
        let instances = (0..<200).map { Instance(seed: UInt64($0) &* 7919 &+ 17) }
        let withCycles = instances.filter { instance in
            hasCycle(instance.names) { name in
                instance.repository.packages[name]!.flatMap { $0.dependencies.map(\.name) }
            }
        }
        let spellings: Set<String> = ["1", "1.0.0", "2.0.0.0"]
        let withBounds = instances.filter { instance in
            let requirements =
                instance.top.map(\.requirements)
                + instance.repository.packages.values.flatMap { $0.flatMap { $0.dependencies.map(\.requirements) } }
            return requirements.contains { set in
                set.requirements.contains {
                    ($0.op == .greater || $0.op == .less) && spellings.contains($0.version.string)
                }
            }
        }
        #expect(withCycles.count >= 20)
        #expect(withBounds.count >= 10)
    }

    @Test func bothOutcomesOccur() {
        let outcomes = (0..<200).map { Instance(seed: UInt64($0) &* 7919 &+ 17).bruteForce() != nil }
        #expect(outcomes.filter { $0 }.count >= 30)
        #expect(outcomes.filter { !$0 }.count >= 40)
    }
}
