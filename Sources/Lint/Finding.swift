import Specs
import Support

/// Support's diagnostics model, under the names lint's rules and their users have always used.
package typealias Severity = Support.Severity
package typealias Finding = Support.Finding

extension Finding {
    /// A finding at a position of a spec (1-based line and column of the offending key, or of the
    /// spec object when a key is missing).
    package init(severity: Severity, ruleID: String, message: String, file: String, at location: SourceLocation) {
        self.init(
            severity: severity, ruleID: ruleID, message: message, file: file, line: location.line,
            column: location.column)
    }
}

/// Support's GitHub workflow commands, for the reports built on lint's.
package typealias GitHubAnnotation = Support.GitHubAnnotation
