import Specs

/// Where a rule comes from, for the documentation and the reports.
package enum RuleOrigin: String, Sendable, Hashable {
    /// A port of a rule of cocoapods-core's `Specification::Linter` or its `Analyzer`, same severity.
    case cocoapods
    /// A CocoaPods rule that CocoaPods applies to public (trunk) specs only; compose reports it as a
    /// note, since a private spec repo is what compose is for.
    case cocoapodsPublicOnly
    /// A CocoaPods rule that compose makes stricter (a higher severity or a narrower condition).
    case cocoapodsStricter
    /// compose's own rule, where CocoaPods is lax or crashes.
    case compose
}

/// A spec used to show a rule at work: the JSON text and the name of the file holding it.
package struct RuleExample: Sendable, Hashable, CustomStringConvertible {
    package let json: String
    package let fileName: String

    package init(_ json: String, fileName: String = "Example.podspec.json") {
        self.json = json
        self.fileName = fileName
    }

    package var description: String { fileName }
}

/// What a rule is: identifier, severity, a one-line summary and its examples (every triggering
/// example must produce at least one finding of this rule, no non-triggering example may).
package struct RuleDescription: Sendable {
    package let identifier: String
    package let severity: Severity
    package let origin: RuleOrigin
    package let summary: String
    package let triggering: [RuleExample]
    package let nonTriggering: [RuleExample]

    package init(
        identifier: String, severity: Severity, origin: RuleOrigin, summary: String,
        triggering: [RuleExample], nonTriggering: [RuleExample] = [.valid]
    ) {
        self.identifier = identifier
        self.severity = severity
        self.origin = origin
        self.summary = summary
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// A lint rule: a small value type that reads a parsed spec file and reports findings.
package protocol LintRule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ file: SpecFile) -> [Finding]
}

extension LintRule {
    /// A finding of this rule at `location`, with the rule's severity unless told otherwise.
    func finding(
        _ message: String, at location: SourceLocation, in file: SpecFile, severity: Severity? = nil
    ) -> Finding {
        Finding(
            severity: severity ?? Self.description.severity, ruleID: Self.description.identifier,
            message: message, file: file.path, at: location)
    }
}
