import Foundation
import Resolution
import Specs
import Testing

/// A resolver test case in the compact fixture format of `Fixtures/*.txt`, one statement a line:
/// `request NAME [REQUIREMENTS]`, `lock NAME VERSION`, `pod NAME VERSION [| NAME [REQUIREMENTS]]...`,
/// then the published answer, `expect NAME VERSION, ...` or `fails TEXT` (the explanation must name it),
/// and, where compose picks another valid solution, `compose NAME VERSION, ...` (see docs/resolver-fidelity.md).
struct PublishedCase: CustomStringConvertible {
    var file: String
    var repository = InMemoryProvider()
    var requests: [PackageRequirement] = []
    var locked: [String: Version] = [:]
    var expected: [String: String]?
    var failureMentions: String?
    var composeAnswer: [String: String]?

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static var all: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".txt") }
            .sorted()
    }

    var description: String { file }

    static func requirement(_ text: Substring) -> PackageRequirement {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
        let list = parts.count > 1 ? String(parts[1]) : ""
        return PackageRequirement(
            name: String(parts[0]), requirements: list.isEmpty ? .any : try! RequirementSet(parsingList: list))
    }

    static func versions(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: " ")
            result[String(parts[0])] = String(parts[1])
        }
        return result
    }

    init(file: String) throws {
        self.file = file
        let text = try String(contentsOf: PublishedCase.directory.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let (keyword, rest) = (line.prefix { $0 != " " }, String(line.drop { $0 != " " }.dropFirst()))
            switch keyword {
            case "request":
                var request = PublishedCase.requirement(Substring(rest))
                request.origin = "Composefile:\(requests.count + 1)"
                requests.append(request)
            case "lock":
                let parts = rest.split(separator: " ")
                locked[String(parts[0])] = try Version(String(parts[1]))
            case "pod":
                let fields = rest.split(separator: "|")
                let head = fields[0].split(separator: " ")
                repository.packages[String(head[0]), default: []].append(
                    (try Version(String(head[1])), fields.dropFirst().map(PublishedCase.requirement)))
            case "expect": expected = PublishedCase.versions(rest)
            case "compose": composeAnswer = PublishedCase.versions(rest)
            case "fails": failureMentions = rest
            default: Issue.record("\(file): unknown line \(line)")
            }
        }
    }

    /// Whether `selection` meets every request and every chosen version's dependencies, without a
    /// dependency cycle: stated independently of the solver.
    func isValid(_ selection: [String: Version]) -> Bool {
        func met(_ requirement: PackageRequirement) -> Bool {
            guard let version = selection[requirement.name] else { return false }
            return requirement.requirements.requirements.allSatisfy { satisfies(version, $0) }
        }
        func dependencies(_ name: String) -> [PackageRequirement] {
            repository.packages[name]?.first { $0.version.string == selection[name]!.string }?.dependencies ?? []
        }
        guard requests.allSatisfy(met), selection.keys.allSatisfy({ dependencies($0).allSatisfy(met) }) else {
            return false
        }
        return !hasCycle(selection.keys.sorted()) { dependencies($0).map(\.name) }
    }
}

/// RubyGems' comparison, written apart from `Requirement`: versions equal by segments are equal at every bound.
func satisfies(_ version: Version, _ requirement: Requirement) -> Bool {
    let c = version.compareSegments(requirement.version)
    switch requirement.op {
    case .equal: return c == 0
    case .notEqual: return c != 0
    case .greater: return c > 0
    case .less: return c < 0
    case .greaterOrEqual: return c >= 0
    case .lessOrEqual: return c <= 0
    case .pessimistic: return c >= 0 && version.release.compareSegments(requirement.version.bump) < 0
    }
}

/// Whether the graph over `nodes` given by `edges` has a cycle.
func hasCycle(_ nodes: [String], _ edges: (String) -> [String]) -> Bool {
    var state: [String: Int] = [:]
    func visit(_ node: String) -> Bool {
        state[node] = 1
        for next in edges(node) where nodes.contains(next) {
            if state[next] == 1 { return true }
            if state[next] == nil, visit(next) { return true }
        }
        state[node] = 2
        return false
    }
    return nodes.contains { state[$0] == nil && visit($0) }
}

/// Published resolver test cases (Molinillo's integration specs) and the shapes of issue 18, translated
/// into `Fixtures/`: compose must give the published answer, or another valid solution documented there.
@Suite struct PublishedCaseTests {
    @Test(arguments: PublishedCase.all)
    func answersAsPublished(_ file: String) throws {
        let fixture = try PublishedCase(file: file)
        let outcome: Result<Solution, ResolutionError>
        do {
            outcome = .success(
                try Resolver(provider: fixture.repository, locked: fixture.locked).resolve(fixture.requests))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let solution):
            #expect(fixture.failureMentions == nil, "\(file): solved \(solution.chosen), but the case fails")
            #expect(fixture.isValid(solution.versions), "\(file): invalid solution \(solution.chosen)")
            // Versions compare as versions: Molinillo's answer may spell `10.26` as `10.26.0`.
            func matches(_ answer: [String: String]?) -> Bool {
                answer.map { $0.mapValues { try! Version($0) } == solution.versions } ?? false
            }
            #expect(matches(fixture.expected) || matches(fixture.composeAnswer), "\(file): chose \(solution.chosen)")
            // A lock change is reported for each locked pod that moved, and only for those.
            let moved = fixture.locked.filter { name, version in
                solution.versions[name].map { !($0 == version) } ?? false
            }
            #expect(solution.lockChanges.count == moved.count, "\(file): \(solution.lockChanges)")
            for name in moved.keys { #expect(solution.lockChanges.contains { $0.package == name }) }
        case .failure(let error):
            let explanation = error.description
            #expect(fixture.failureMentions != nil, "\(file): failed:\n\(explanation)")
            #expect(
                explanation.contains(fixture.failureMentions ?? "version solving failed."), "\(file): \(explanation)")
            #expect(explanation.contains("version solving failed."))
        }
    }

    @Test func everyFixtureIsRead() {
        #expect(PublishedCase.all.count >= 15)
    }
}
