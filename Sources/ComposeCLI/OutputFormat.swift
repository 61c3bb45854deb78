import ArgumentParser
import Foundation
import Lint

/// `--format human|json|github`, shared by the commands that report findings.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case human
    case json
    case github

    var reportFormat: ReportFormat {
        switch self {
        case .human: .human
        case .json: .json
        case .github: .github
        }
    }
}

/// Options of every command that prints a lint report.
struct ReportOptions: ParsableArguments {
    @Flag(help: "Pass even when there are warnings (errors still fail).")
    var allowWarnings = false

    @Option(
        help:
            "Output format: human (compiler-style lines), json (see docs/lint-json-schema.md), github (workflow annotations)."
    )
    var format: OutputFormat = .human

    @Option(
        name: .customLong("ignore"),
        help: ArgumentHelp(
            "Leave out the findings of this rule (repeatable); a .compose.yml can list them too (docs/lint-rules.md).",
            valueName: "rule-id"))
    var ignore: [String] = []

    /// Prints the report to standard output and fails (exit 1) when it does not pass. The rules of
    /// `--ignore` and of the `.compose.yml` in `configFolders` are left out.
    func emit(_ report: LintReport, configFolders: [URL] = []) throws {
        var ignored: [String: String] = [:]
        for folder in configFolders {
            for id in try LintConfig.read(in: folder).ignore {
                ignored[id] = folder.appendingPathComponent(LintConfig.fileName).path
            }
        }
        for id in ignore { ignored[id] = "--ignore" }
        var report = report.ignoring(ignored)
        // `--quiet`: results, errors and warnings only (a machine format keeps everything).
        if Terminal.style.quiet && format == .human { report = report.withoutNotes() }
        let out = Terminal.standardOutput
        out.write(
            report.rendered(
                as: format.reportFormat, allowWarnings: allowWarnings, color: format == .human && out.usesColor))
        if !report.passes(allowWarnings: allowWarnings) { throw ExitCode.failure }
    }
}

/// "1 spec", "2 specs", "0 components".
func counted(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
