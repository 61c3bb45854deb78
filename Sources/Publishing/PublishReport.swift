import Foundation
import Git
import Lint
import Specs
import Support

extension PublishEvent: CustomStringConvertible {
    /// The progress line of a step, as `publish` and `deprecate` print it and list it in their reports.
    package var description: String {
        switch self {
        case .linted(let spec, let warnings):
            return "Linted \(spec)"
                + (warnings.isEmpty ? "" : " (\(warnings.count) warning\(warnings.count == 1 ? "" : "s") allowed)")
        case .building(let summary): return "Building \(summary) in a clean clone (`swift build`)…"
        case .built(let summary, let warnings):
            return "Built \(summary)"
                + (warnings.isEmpty ? "" : " (\(warnings.count) warning\(warnings.count == 1 ? "" : "s") allowed)")
        case .buildSkipped: return "Not built (--skip-build)"
        case .notBuiltHere(let message): return "note: \(message)"
        case .tagCreated(let tag, let commit): return "Tagged \(commit.short) as \(tag)"
        case .tagExists(let tag, let commit): return "Tag \(tag) exists at HEAD (\(commit.short))"
        case .tagPushed(let tag, let remote): return "Pushed tag \(tag) to \(remote)"
        case .tagOnRemote(let tag, let remote): return "Tag \(tag) is already on the remote (\(remote))"
        case .recovered(let repo):
            return "note: an interrupted publish had left changes in \(repo); the clone was reset to the remote's tip"
        case .committed(let message, let commit): return "Committed \(message) (\(commit.short))"
        case .retrying(let attempt, let reason): return "Retrying (attempt \(attempt)): \(reason)"
        case .pushed(let repo, let url): return "Pushed to \(repo) (\(url))"
        }
    }

    /// The findings a step reports (lint warnings that were allowed).
    var findings: [Finding] {
        switch self {
        case .linted(_, let warnings), .built(_, let warnings): return warnings
        default: return []
        }
    }
}

extension PublishError {
    /// What the build that refused the release built; nil for other failures.
    package var buildSummary: String? {
        if case .buildFailed(_, let summary, _, _, _) = self { return summary }
        return nil
    }

    /// The findings behind a refusal: lint's, or publish's own checks'; empty for other failures.
    package var findings: [Finding] {
        switch self {
        case .lintFailed(_, let findings, _, _), .publishChecksFailed(_, let findings),
            .buildFailed(_, _, let findings, _, _):
            return findings
        default: return []
        }
    }
}

/// What `compose publish` and `compose deprecate` report with `--format json` or `--format github`:
/// every step done, the tag, the commit, every finding, and the failure when there is one
/// (docs/publish-json-schema.md).
package struct PublishReport: Sendable {
    package enum Command: String, Sendable {
        case publish
        case deprecate
    }

    /// A failure as the report tells it: `kind` is `input`, `environment` or `usage`.
    package struct Failure: Sendable, Encodable, Equatable {
        package let kind: String
        package let exitCode: Int
        package let message: String

        package init(kind: String, exitCode: Int, message: String) {
            self.kind = kind
            self.exitCode = exitCode
            self.message = message
        }
    }

    package let command: Command
    package private(set) var steps: [String] = []
    package private(set) var findings: [Finding] = []
    /// Whether the component was built before it was tagged (nil: the command had not come that far).
    package private(set) var build: Build?
    package var result: PublishResult?
    package var failure: Failure?

    package init(_ command: Command) {
        self.command = command
    }

    /// The build step as the report tells it: `status` is `passed`, `failed`, `skipped` (`--skip-build`)
    /// or `not-built-here` (the host lacks the component's SDK); `message` says what was built or why not.
    package struct Build: Sendable, Encodable, Equatable {
        package let status: String
        package let message: String
    }

    /// Records a step as it happens.
    package mutating func record(_ event: PublishEvent) {
        steps.append(event.description)
        findings += event.findings
        switch event {
        case .built(let summary, _): build = Build(status: "passed", message: "built \(summary)")
        case .buildSkipped: build = Build(status: "skipped", message: "--skip-build: the component was not built")
        case .notBuiltHere(let message): build = Build(status: "not-built-here", message: message)
        default: break
        }
    }

    /// Records a step the command took after the transaction (an export, say).
    package mutating func record(step: String) {
        steps.append(step)
    }

    /// Records a failure and the findings it carries.
    /// `buildFailure`: what the failed build built, when the build refused the release.
    package mutating func fail(_ failure: Failure, findings: [Finding] = [], buildFailure: String? = nil) {
        self.failure = failure
        self.findings += findings
        if let summary = buildFailure {
            build = Build(status: "failed", message: "\(summary) does not build")
        }
    }

    /// Every key of the report is always there: an unknown value is `null`, not left out.
    private struct Nullable<Wrapped: Encodable>: Encodable {
        let value: Wrapped?

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            if let value { try container.encode(value) } else { try container.encodeNil() }
        }
    }

    private struct JSONReport: Encodable {
        let schemaVersion = 1
        let command: String
        let passed: Bool
        let name: Nullable<String>
        let version: Nullable<String>
        let repo: Nullable<String>
        let tag: Nullable<String>
        let tagCreated: Bool
        let build: Nullable<Build>
        let commit: Nullable<String>
        let commitMessage: Nullable<String>
        let retries: Int
        let note: Nullable<String>
        let dryRun: Bool
        let plan: [String]
        let steps: [String]
        let findings: [Finding.JSONItem]
        let error: Nullable<Failure>
    }

    /// One JSON object, keys sorted, two-space indentation.
    package func json() -> String {
        let report = JSONReport(
            command: command.rawValue, passed: failure == nil, name: .init(value: result?.name),
            version: .init(value: result?.version), repo: .init(value: result?.repo), tag: .init(value: result?.tag),
            tagCreated: result?.tagCreated ?? false, build: .init(value: build),
            commit: .init(value: result?.commit?.description),
            commitMessage: .init(value: result?.commitMessage), retries: result?.retries ?? 0,
            note: .init(value: result?.note), dryRun: result?.plan != nil, plan: result?.plan ?? [], steps: steps,
            findings: findings.sorted(by: Finding.reportOrder).map(Finding.JSONItem.init),
            error: .init(value: failure))
        return JSONOutput.text(report, fallback: "{}") + "\n"
    }

    /// GitHub Actions workflow commands: a `::error`/`::warning` annotation per finding at its file,
    /// line and column, the failure as `::error::`, and the outcome as `::notice::`.
    package func github() -> String {
        var out = Finding.rendered(findings.sorted(by: Finding.reportOrder), as: .github)
        if let failure {
            out += "::error title=compose \(command.rawValue)::\(GitHubAnnotation.data(failure.message))\n"
        } else if let result {
            out += "::notice title=compose \(command.rawValue)::\(GitHubAnnotation.data(outcome(of: result)))\n"
        }
        return out
    }

    /// The one-line outcome: `Published Logging 9.0.0 to specs (tag 9.0.0, commit 1a2b3c4)`.
    package func outcome(of result: PublishResult) -> String {
        let done: String
        switch (command, result.commit != nil, result.plan != nil) {
        case (_, _, true): done = "Dry run of \(command.rawValue) \(result.name) \(result.version) to \(result.repo)"
        case (.publish, true, _): done = "Published \(result.name) \(result.version) to \(result.repo)"
        case (.publish, false, _): done = "\(result.name) \(result.version) is in \(result.repo)"
        case (.deprecate, true, _): done = "Deprecated \(result.name) \(result.version) in \(result.repo)"
        case (.deprecate, false, _): done = "\(result.name) \(result.version) is deprecated in \(result.repo) already"
        }
        let details = [result.tag.map { "tag \($0)" }, result.commit.map { "commit \($0.short)" }].compactMap { $0 }
        return details.isEmpty ? done : "\(done) (\(details.joined(separator: ", ")))"
    }
}
