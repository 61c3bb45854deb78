import ComposeTestSupport
import ComposefileFormat
import Foundation
import Project
import Specs
import Testing

/// Random small spec repos resolved through the whole project path with the spec index warm (its
/// checks deferred to a second thread while the solver runs), against a resolve that reads every
/// file (a new compose home) and against a brute-force search: the same lock or the same error,
/// and a lock that satisfies every requirement (without a dependency cycle) exactly when some
/// selection does. Then three random changes to the repo, one at a time (a spec rewritten in
/// place, a spec file removed with its folder kept, a version added, a version removed), each
/// followed by the same comparison with the index now stale.
@Suite("Spec index, differential")
struct IndexDifferentialTests {
    static let pool = ["0.9", "1.0", "1.0.1", "1.1", "1.2.0", "1.5", "2.0", "2.1", "3.0"]
    static let bounds = pool + ["1", "1.0.0", "2.0.0.0"]
    static let operators = ["", "= ", "!= ", "> ", "< ", ">= ", ">= ", ">= ", "<= ", "<= ", "~> ", "~> "]

    /// A spec repo: pod → version → dependencies (pod → requirement text, "" for any version).
    struct Instance {
        var pods: [String: [String: [String: String]]] = [:]
        var top: [(pod: String, requirement: String)] = []
        var rng: SeededGenerator

        init(seed: UInt64) {
            rng = SeededGenerator(state: seed)
            let names = (0..<Int.random(in: 2...6, using: &rng)).map { "P\($0)" }
            // Dependencies on earlier pods only, so most instances have a solution (cycles, which
            // compose refuses as CocoaPods does, are the resolution differential test's business).
            for (i, name) in names.enumerated() {
                var versions: [String: [String: String]] = [:]
                for version in Self.pick(IndexDifferentialTests.pool, 1...4, &rng) {
                    versions[version] = dependencies(Array(names[..<i]))
                }
                pods[name] = versions
            }
            for name in Self.pick(names, 1...3, &rng) { top.append((name, requirement())) }
        }

        static func pick(_ list: [String], _ count: ClosedRange<Int>, _ rng: inout SeededGenerator) -> [String] {
            Array(list.shuffled(using: &rng).prefix(Int.random(in: count, using: &rng)))
        }

        mutating func requirement() -> String {
            guard Int.random(in: 0..<5, using: &rng) > 1 else { return "" }
            return IndexDifferentialTests.operators.randomElement(using: &rng)!
                + IndexDifferentialTests.bounds.randomElement(using: &rng)!
        }

        mutating func dependencies(_ others: [String]) -> [String: String] {
            var result: [String: String] = [:]
            for other in others where Int.random(in: 0..<3, using: &rng) == 0 { result[other] = requirement() }
            return result
        }

        static func json(_ name: String, _ version: String, _ dependencies: [String: String]) -> String {
            let list = dependencies.keys.sorted().map { key in
                let requirement = dependencies[key]!
                return requirement.isEmpty ? #""\#(key)": []"# : #""\#(key)": ["\#(requirement)"]"#
            }
            return
                #"{"name": "\#(name)", "version": "\#(version)", "dependencies": {\#(list.joined(separator: ", "))}}"#
        }

        func write(to specs: URL) throws {
            for (name, versions) in pods {
                for (version, dependencies) in versions {
                    let folder = specs.appendingPathComponent("\(name)/\(version)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try Self.json(name, version, dependencies).write(
                        to: folder.appendingPathComponent("\(name).podspec.json"), atomically: false, encoding: .utf8)
                }
            }
        }

        var composefile: String {
            let lines = top.map {
                $0.requirement.isEmpty ? "  pod '\($0.pod)'" : "  pod '\($0.pod)', '\($0.requirement)'"
            }
            return "source 'specs'\nplatform :ios, '15.0'\ntarget 'App' do\n\(lines.joined(separator: "\n"))\nend\n"
        }

        func satisfies(_ requirement: String, _ version: String) -> Bool {
            requirement.isEmpty
                || (try? RequirementSet(parsing: [requirement]).isSatisfied(by: Version(version))) == true
        }

        /// Whether `selection` (pod → version) meets the top-level lines and every selected
        /// version's dependencies.
        func isValid(_ selection: [String: String]) -> Bool {
            for line in top {
                guard let version = selection[line.pod], satisfies(line.requirement, version) else { return false }
            }
            for (pod, version) in selection {
                guard let dependencies = pods[pod]?[version] else { return false }
                for (other, requirement) in dependencies {
                    guard let chosen = selection[other], satisfies(requirement, chosen) else { return false }
                }
            }
            // CocoaPods refuses a dependency cycle, and so does compose.
            var state: [String: Bool] = [:]  // false: on the path, true: done
            func cycles(from pod: String) -> Bool {
                if let done = state[pod] { return !done }
                state[pod] = false
                for other in pods[pod]![selection[pod]!]!.keys where cycles(from: other) { return true }
                state[pod] = true
                return false
            }
            return !selection.keys.sorted().contains(where: cycles(from:))
        }

        /// Whether any selection is valid (every pod absent or at one of its versions).
        func isSolvable() -> Bool {
            let names = pods.keys.sorted()
            var selection: [String: String] = [:]
            func search(_ i: Int) -> Bool {
                if i == names.count { return isValid(selection) }
                if search(i + 1) { return true }
                for version in pods[names[i]]!.keys {
                    selection[names[i]] = version
                    defer { selection[names[i]] = nil }
                    if search(i + 1) { return true }
                }
                return false
            }
            return search(0)
        }

        /// One change a publish, a `git pull` or a hand edit makes; returns what it did.
        mutating func change(_ specs: URL) throws -> String {
            let pod = pods.keys.sorted().randomElement(using: &rng)!
            let version = pods[pod]!.keys.sorted().randomElement(using: &rng)!
            let folder = specs.appendingPathComponent("\(pod)/\(version)")
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let dependencies = self.dependencies(pods.keys.filter { $0 < pod })
                pods[pod]![version] = dependencies
                // In place: the same inode, only the timestamps (and maybe the size) tell.
                let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("\(pod).podspec.json"))
                try handle.truncate(atOffset: 0)
                try handle.write(contentsOf: Data(Self.json(pod, version, dependencies).utf8))
                try handle.close()
                return "rewrote \(pod) \(version)"
            case 1:
                pods[pod]![version] = nil
                try FileManager.default.removeItem(at: folder.appendingPathComponent("\(pod).podspec.json"))
                if pods[pod]!.isEmpty { pods[pod] = nil }
                return "removed the spec file of \(pod) \(version), kept its folder"
            case 2:
                guard let new = IndexDifferentialTests.pool.filter({ pods[pod]![$0] == nil }).randomElement(using: &rng)
                else { return "nothing" }
                pods[pod]![new] = dependencies(pods.keys.filter { $0 < pod })
                let added = specs.appendingPathComponent("\(pod)/\(new)")
                try FileManager.default.createDirectory(at: added, withIntermediateDirectories: true)
                try Self.json(pod, new, pods[pod]![new]!).write(
                    to: added.appendingPathComponent("\(pod).podspec.json"), atomically: false, encoding: .utf8)
                return "added \(pod) \(new)"
            default:
                pods[pod]![version] = nil
                try FileManager.default.removeItem(at: folder)
                if pods[pod]!.isEmpty { pods[pod] = nil }
                return "removed \(pod) \(version)"
            }
        }
    }

    /// The lock text, or the error, of a resolve ignoring the lock, with the compose home `home`.
    func resolve(_ project: ProjectFixture, home: String) -> String {
        let service = ResolveService(
            projectDirectory: project.path, composeHome: project.directory.url.appendingPathComponent(home),
            toolVersion: "0.1.0")
        do {
            _ = try service.resolve(unlock: .all)
            return try project.lockText()
        } catch {
            return "error: \(error)"
        }
    }

    /// The same answer with the index warm as from a new compose home, and the right one.
    func expectAgreement(_ project: ProjectFixture, _ instance: Instance, _ label: String) throws {
        let warm = resolve(project, home: "home")
        let fresh = resolve(project, home: "fresh-\(label)")
        #expect(warm == fresh, "\(label): index warm and every file read disagree")
        if warm.hasPrefix("error: ") {
            #expect(!instance.isSolvable(), "\(label): unsolved although a selection exists: \(warm)")
        } else {
            let selection = try Lockfile.parse(warm).lockedVersions.mapValues(\.string)
            #expect(instance.isValid(selection), "\(label): the lock does not meet the requirements: \(selection)")
        }
    }

    @Test(arguments: 0..<30)
    func theWarmIndexAnswersAsTheFilesDo(_ seed: Int) throws {
        var instance = Instance(seed: UInt64(seed) &* 6151 &+ 3)
        let project = try ProjectFixture("index-differential-\(seed)", composefile: instance.composefile)
        defer { project.directory.remove() }
        let specs = project.directory.url.appendingPathComponent("specs")
        try instance.write(to: specs)
        Thread.sleep(forTimeInterval: 1.1)  // files younger than a second are never indexed
        _ = resolve(project, home: "home")  // builds the index
        try expectAgreement(project, instance, "seed \(seed)")
        for _ in 0..<3 {
            let change = try instance.change(specs)
            try expectAgreement(project, instance, "seed \(seed), \(change)")
        }
    }
}
