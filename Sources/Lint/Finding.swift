import Specs

/// How serious a finding is. A spec passes when it has no errors and (unless warnings are
/// allowed) no warnings; notes never fail a spec.
package enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One problem found in one file: what (rule and message), how bad, and where (1-based line and
/// column of the offending key, or of the spec object when a key is missing).
package struct Finding: Sendable, Hashable, Codable {
    package let severity: Severity
    package let ruleID: String
    package let message: String
    package let file: String
    package let line: Int
    package let column: Int

    package init(severity: Severity, ruleID: String, message: String, file: String, line: Int, column: Int) {
        self.severity = severity
        self.ruleID = ruleID
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    package init(severity: Severity, ruleID: String, message: String, file: String, at location: SourceLocation) {
        self.init(
            severity: severity, ruleID: ruleID, message: message, file: file, line: location.line,
            column: location.column)
    }

    /// Compiler style: `path:line:col: error: message [rule-id]`.
    package var description: String {
        "\(file):\(line):\(column): \(severity.rawValue): \(message) [\(ruleID)]"
    }

    /// Ordering for reports: by file, then position, then rule.
    package static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }
}
