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
            #expect(own.allSatisfy { ($0.line ?? 0) >= 1 && ($0.column ?? 0) >= 1 })
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
    /// docs/lint-rules.md lists every rule of the catalog, spec rules and every other check's, with
    /// its severity, and no rule the catalog does not have.
    @Test func theRuleTablesListEveryRuleOfTheCatalog() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/lint-rules.md"), encoding: .utf8)
        for entry in RuleCatalog.entries {
            #expect(
                text.contains("| `\(entry.identifier)` | \(entry.severity.rawValue) |"),
                "\(entry.identifier) (\(entry.severity.rawValue)) is not in docs/lint-rules.md")
        }
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let id = line.dropFirst(3).prefix { $0 != "`" }
            #expect(
                RuleCatalog.entry(String(id)) != nil,
                "docs/lint-rules.md lists `\(id)`, which the catalog does not have")
        }
        #expect(Set(builtInRules.map { $0.description.identifier }).isSubset(of: RuleCatalog.identifiers))
    }

    /// `--ignore` and `.compose.yml` take every id of the catalog: none is called unknown.
    @Test func everyCatalogIdCanBeIgnored() {
        let report = LintReport(command: .lint, findings: [], fileCount: 0)
        let ignored = Dictionary(uniqueKeysWithValues: RuleCatalog.entries.map { ($0.identifier, ".compose.yml") })
        let remarks = report.ignoring(ignored).remarks
        #expect(!remarks.contains { $0.contains("names no rule compose knows") }, "\(remarks)")
        let typo = report.ignoring(["publish-manifests": "--ignore"]).remarks
        #expect(typo.contains { $0.contains("`publish-manifests` (--ignore) names no rule compose knows") })
    }
}
