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

/// Output formats of the lint commands.
package enum ReportFormat: String, Sendable, CaseIterable {
    case human
    case json
    case github
}

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
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var out = ""
        for finding in findings {
            let label: String
            switch finding.severity {
            case .error: label = paint("error:", "1;31")
            case .warning: label = paint("warning:", "1;33")
            case .note: label = paint("note:", "1;36")
            }
            // The file's name and the message quote what a spec holds (its keys, its values): escaped,
            // so that neither a terminal sequence nor a line of its own (`::error …` in CI) gets out.
            let place = "\(escapedForDisplay(finding.file)):\(finding.line):\(finding.column):"
            out += "\(paint(place, "1")) \(label) \(escapedForDisplay(finding.message)) [\(finding.ruleID)]\n"
        }
        for remark in remarks { out += "\(paint("note:", "1;36")) \(escapedForDisplay(remark))\n" }
        out += summaryLine(allowWarnings: allowWarnings) + "\n"
        return out
    }

    private func githubText(allowWarnings: Bool) -> String {
        var out = findings.map { GitHubAnnotation.line(for: $0) }.joined()
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

extension Finding {
    /// A finding as every `--format json` report writes it (docs/lint-json-schema.md).
    package struct JSONItem: Encodable, Sendable {
        let file: String
        let line: Int
        let column: Int
        let severity: String
        let rule: String
        let message: String

        package init(_ finding: Finding) {
            file = finding.file
            line = finding.line
            column = finding.column
            severity = finding.severity.rawValue
            rule = finding.ruleID
            message = finding.message
        }
    }
}

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`), escaped as the runner
/// reads them, for every `--format github` report.
package enum GitHubAnnotation {
    /// The annotation of one finding at its file, line and column.
    package static func line(for finding: Finding) -> String {
        let level = finding.severity == .note ? "notice" : finding.severity.rawValue
        return
            "::\(level) file=\(property(finding.file)),line=\(finding.line),col=\(finding.column),title=\(property(finding.ruleID))::\(data(finding.message))\n"
    }

    /// A message, escaped.
    package static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value (file, title), escaped.
    package static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
