import Foundation
import Lint
import Testing

@Suite struct LintReportTests {
    static let findings = [
        Finding(
            severity: .warning, ruleID: "b-rule", message: "second, with: comma\nand newline 100%",
            file: "b/X.podspec.json", line: 2, column: 5),
        Finding(severity: .error, ruleID: "a-rule", message: "first", file: "a/X.podspec.json", line: 9, column: 1),
        Finding(severity: .note, ruleID: "c-rule", message: "third", file: "b/X.podspec.json", line: 1, column: 1),
    ]

    @Test func findingsAreSortedByFileAndPosition() {
        let report = LintReport(command: .lint, findings: Self.findings, fileCount: 2)
        #expect(report.findings.map(\.ruleID) == ["a-rule", "c-rule", "b-rule"])
        #expect(report.errorCount == 1 && report.warningCount == 1 && report.noteCount == 1)
        #expect(!report.passes(allowWarnings: true))
    }

    @Test func humanFormatReadsLikeACompiler() {
        let report = LintReport(command: .lint, findings: Self.findings, fileCount: 2, remarks: ["a remark"])
        let lines = report.rendered(as: .human, allowWarnings: false).split(separator: "\n").map(String.init)
        #expect(lines.first == "a/X.podspec.json:9:1: error: first [a-rule]")
        #expect(lines.contains("note: a remark"))
        #expect(lines.last == "Linted 2 specs: 1 error, 1 warning, 1 note. Failed.")
    }

    @Test func githubFormatEscapesItsFields() {
        let report = LintReport(command: .lint, findings: Self.findings, fileCount: 2)
        let text = report.rendered(as: .github, allowWarnings: false)
        #expect(
            text.contains(
                "::warning file=b/X.podspec.json,line=2,col=5,title=b-rule::second, with: comma%0Aand newline 100%25\n")
        )
        #expect(text.contains("::notice file=b/X.podspec.json,line=1,col=1,title=c-rule::third\n"))
        #expect(text.contains("::error file=a/X.podspec.json,line=9,col=1,title=a-rule::first\n"))
    }

    @Test func warningsAloneFailUnlessAllowed() {
        let report = LintReport(command: .repoLint, findings: [Self.findings[0]], fileCount: 1, seconds: 0.5)
        #expect(!report.passes(allowWarnings: false))
        #expect(report.passes(allowWarnings: true))
        #expect(
            report.summaryLine(allowWarnings: true)
                == "Linted 1 spec in 0.50 s (2 specs/s): 0 errors, 1 warning, 0 notes. Passed (warnings allowed).")
        #expect(
            report.summaryLine(allowWarnings: false).hasSuffix(
                "Failed: warnings count as failures unless --allow-warnings is given."))
    }

    @Test func theDriverResolvesFoldersAndReadsRubySpecs() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("spec-repo-fixture")
        let files = try LintDriver.specFiles(
            for: ["Logging/2.1.0", "Pay/1.2.0/Pay.podspec.json"], currentDirectory: fixture)
        #expect(files.map(\.display) == ["Logging/2.1.0/Logging.podspec.json", "Pay/1.2.0/Pay.podspec.json"])
        #expect(throws: LintError.notFound(path: "Pay/1.2.0/Pay.podspec")) {
            _ = try LintDriver.specFiles(for: ["Pay/1.2.0/Pay.podspec"], currentDirectory: fixture)
        }
        // A folder with `Name.podspec.json` and `Name.podspec` lints the JSON one; a Ruby one alone is found.
        #expect(LintDriver.podspecFiles(in: ["Kit.podspec", "Kit.podspec.json", "README.md"]) == ["Kit.podspec.json"])
        #expect(LintDriver.podspecFiles(in: ["Kit.podspec", "Package.swift"]) == ["Kit.podspec"])
        let report = try LintDriver.run(paths: ["Logging/2.1.0"], currentDirectory: fixture)
        #expect(report.findings.isEmpty)
        #expect(report.remarks.isEmpty)
        #expect(!report.buildChecked)
        // The parsed spec goes along for the build check, which does not read the file again.
        #expect(report.specs.map(\.display) == ["Logging/2.1.0/Logging.podspec.json"])
        #expect(report.specs.first?.tree?["name"]?.stringValue == "Logging")
    }
}
