import ComposeTestSupport
import Foundation
import Testing

@testable import Lint

/// One built-in rule, named for the test report.
struct RuleCase: Sendable, CustomTestStringConvertible {
    let rule: any LintRule.Type
    var identifier: String { rule.description.identifier }
    var testDescription: String { identifier }
}

@Suite struct RuleExampleTests {
    static let cases = builtInRules.map(RuleCase.init)

    @Test(arguments: cases)
    func examplesBehave(_ ruleCase: RuleCase) {
        let description = ruleCase.rule.description
        let linter = Linter(rules: [ruleCase.rule])
        #expect(!description.triggering.isEmpty, "\(description.identifier) has no triggering example")
        #expect(!description.nonTriggering.isEmpty, "\(description.identifier) has no non-triggering example")
        for (index, example) in description.triggering.enumerated() {
            let result = linter.lint(contents: Array(example.json.utf8), path: example.fileName)
            let own = result.findings.filter { $0.ruleID == description.identifier }
            #expect(
                !own.isEmpty, "triggering example \(index) of \(description.identifier) found nothing:\n\(example.json)"
            )
            #expect(
                !result.findings.contains { $0.ruleID == Linter.unreadableRuleID }, "example \(index) does not parse")
            #expect(own.allSatisfy { $0.line >= 1 && $0.column >= 1 })
        }
        for (index, example) in description.nonTriggering.enumerated() {
            let result = linter.lint(contents: Array(example.json.utf8), path: example.fileName)
            #expect(
                result.findings.isEmpty,
                "non-triggering example \(index) of \(description.identifier): \(result.findings.map(\.description))")
        }
    }

    @Test func identifiersAreUniqueAndKebabCase() {
        let identifiers = builtInRules.map { $0.description.identifier }
        #expect(Set(identifiers).count == identifiers.count)
        for identifier in identifiers {
            #expect(identifier.allSatisfy { $0.isLowercase || $0 == "-" || $0.isNumber }, "\(identifier)")
        }
        #expect(!identifiers.contains(Linter.unreadableRuleID))
    }

    @Test func theValidExamplePassesEveryRule() {
        let result = Linter().lint(contents: Array(RuleExample.valid.json.utf8), path: RuleExample.valid.fileName)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.description))")
        #expect(result.specName == "Example")
        #expect(result.specVersion == "1.2.0")
    }

    @Test func publicOnlyRulesAreNotes() {
        for rule in builtInRules where rule.description.origin == .cocoapodsPublicOnly {
            #expect(rule.description.severity == .note, "\(rule.description.identifier)")
        }
    }
}

@Suite struct RuleDocumentationTests {
    @Test func theRuleTableListsEveryRule() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/lint-rules.md"), encoding: .utf8)
        for rule in builtInRules {
            let description = rule.description
            #expect(
                text.contains("| `\(description.identifier)` | \(description.severity.rawValue) |"),
                "\(description.identifier)")
        }
        #expect(text.contains("`\(Linter.unreadableRuleID)`"))
    }
}
