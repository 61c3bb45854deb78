import ArgumentParser
import Foundation
import Publishing
import Specs
import Support

/// `--format human|json|github` of `publish` and `deprecate`.
struct PublishFormatOptions: ParsableArguments {
    @Option(
        help:
            "Output format: human (progress lines and a result line), json (one object: steps, tag, commit, findings; see docs/publish-json-schema.md), github (workflow annotations)."
    )
    var format: OutputFormat = .human

    /// Runs `body` (the transaction, given where to report its steps), prints its progress on standard
    /// error, and, unless the format is human, its report on standard output: on success, and on a
    /// refusal or a failure too (then the exit code is the failure's and `error:` goes to standard error).
    /// Returns the result; the caller prints the human result line.
    func reporting(
        _ command: PublishReport.Command,
        _ body: (_ step: (PublishEvent) -> Void, _ extraStep: (String) -> Void) throws -> PublishResult
    ) throws -> PublishResult {
        var report = PublishReport(command)
        let err = Terminal.standardError
        let result: PublishResult
        do {
            result = try body(
                { event in
                    err.write(event.description + "\n")
                    report.record(event)
                }, { report.record(step: $0) })
        } catch let failure as ComposeFailure where format != .human {
            let code = ComposeCommand.exitCode(for: failure)
            report.fail(
                .init(
                    kind: failure.kind == .input ? "input" : "environment", exitCode: Int(code),
                    message: failure.description),
                findings: (failure as? PublishError)?.findings ?? [],
                buildFailure: (failure as? PublishError)?.buildSummary)
            write(report)
            err.write("error: \(escapedForDisplay(failure.description, keepingNewlines: true))\n")
            throw ExitCode(code)
        }
        report.result = result
        write(report)
        return result
    }

    private func write(_ report: PublishReport) {
        switch format {
        case .human: break
        case .json: Terminal.standardOutput.write(report.json())
        case .github: Terminal.standardOutput.write(report.github())
        }
    }
}
