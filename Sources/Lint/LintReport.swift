import Foundation
import Specs
import Support

/// The outcome of linting one or more files: every finding, counts, timing, and notes for the
/// reader (such as checks that were not run).
package struct LintReport: Sendable {
    package enum Command: String, Sendable {
        case lint = "lint"
        case repoLint = "repo lint"
        case graph = "graph --check"
    }

    package var command: Command
    package var findings: [Finding]
    /// Files read (for `repo lint`, the spec files found in the tree).
    package var fileCount: Int
    /// Whether the component was also built (the full lint); false for `--quick` and `repo lint`.
    package var buildChecked: Bool
    /// Remarks printed after the findings, such as a check that was not run.
    package var remarks: [String]
    package var seconds: Double
    /// The spec files `compose lint` read, in the order given (empty for `repo lint`).
    package var specs: [LintedSpec]

    /// `findings` in any order: the report sorts them (`Finding.reportOrder`), the one place they are sorted.
    package init(
        command: Command, findings: [Finding], fileCount: Int, buildChecked: Bool = false, remarks: [String] = [],
        specs: [LintedSpec] = [], seconds: Double = 0
    ) {
        self.command = command
        self.findings = findings.sorted(by: Finding.reportOrder)
        self.fileCount = fileCount
        self.buildChecked = buildChecked
        self.remarks = remarks
        self.specs = specs
        self.seconds = seconds
    }

    package var errorCount: Int { findings.count { $0.severity == .error } }
    package var warningCount: Int { findings.count { $0.severity == .warning } }
    package var noteCount: Int { findings.count { $0.severity == .note } }

    /// No errors, and no warnings unless they are allowed.
    package func passes(allowWarnings: Bool) -> Bool {
        errorCount == 0 && (allowWarnings || warningCount == 0)
    }

    package var specsPerSecond: Double { seconds > 0 ? Double(fileCount) / seconds : 0 }
}

/// Output formats of the lint commands: Support's, those of every report of findings.
package typealias ReportFormat = FindingFormat

extension LintReport {
    /// The report as text in `format`; `color` adds ANSI colours to the human format.
    package func rendered(as format: ReportFormat, allowWarnings: Bool, color: Bool = false) -> String {
        switch format {
        case .human: humanText(allowWarnings: allowWarnings, color: color)
        case .json: jsonText(allowWarnings: allowWarnings)
        case .github: githubText(allowWarnings: allowWarnings)
        }
    }

    private func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

    /// `Linted 3 specs: 1 error, 2 warnings, 0 notes. Failed.` (and the speed for `repo lint`).
    package func summaryLine(allowWarnings: Bool) -> String {
        var line = "Linted \(plural(fileCount, "spec"))"
        if command != .lint {
            line += String(format: " in %.2f s (%.0f specs/s)", seconds, specsPerSecond)
        }
        line += ": \(plural(errorCount, "error")), \(plural(warningCount, "warning")), \(plural(noteCount, "note")). "
        if passes(allowWarnings: allowWarnings) {
            line += warningCount > 0 ? "Passed (warnings allowed)." : "Passed."
        } else if errorCount == 0 {
            line += "Failed: warnings count as failures unless --allow-warnings is given."
        } else {
            line += "Failed."
        }
        return line
    }

    /// The report as `--quiet` prints it: errors and warnings, no notes and no remarks.
    package func withoutNotes() -> LintReport {
        var quiet = self
        quiet.findings = findings.filter { $0.severity != .note }
        quiet.remarks = []
        return quiet
    }

    private func humanText(allowWarnings: Bool, color: Bool) -> String {
        var out = Finding.rendered(findings, as: .human, color: color)
        let label = color ? "\u{1B}[1;36mnote:\u{1B}[0m" : "note:"
        for remark in remarks { out += "\(label) \(escapedForDisplay(remark))\n" }
        out += summaryLine(allowWarnings: allowWarnings) + "\n"
        return out
    }

    private func githubText(allowWarnings: Bool) -> String {
        var out = Finding.rendered(findings, as: .github)
        for remark in remarks { out += "::notice::\(GitHubAnnotation.data(remark))\n" }
        out += summaryLine(allowWarnings: allowWarnings) + "\n"
        return out
    }

    private struct JSONReport: Encodable {
        struct Summary: Encodable {
            let files: Int
            let errors: Int
            let warnings: Int
            let notes: Int
            let seconds: Double
            let specsPerSecond: Double
        }
        let schemaVersion = 1
        let command: String
        let passed: Bool
        let allowWarnings: Bool
        let buildChecked: Bool
        let summary: Summary
        let findings: [Finding.JSONItem]
        let remarks: [String]
    }

    private func jsonText(allowWarnings: Bool) -> String {
        let report = JSONReport(
            command: command.rawValue, passed: passes(allowWarnings: allowWarnings), allowWarnings: allowWarnings,
            buildChecked: buildChecked,
            summary: .init(
                files: fileCount, errors: errorCount, warnings: warningCount, notes: noteCount,
                seconds: (seconds * 1000).rounded() / 1000, specsPerSecond: specsPerSecond.rounded()),
            findings: findings.map(Finding.JSONItem.init),
            remarks: remarks)
        return JSONOutput.text(report, fallback: "{}") + "\n"
    }
}
