import Foundation

/// How serious a finding is. A spec passes when it has no errors and (unless warnings are
/// allowed) no warnings; notes never fail anything.
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

/// The one diagnostic of compose: what (a rule id in kebab-case and a message), how bad, and where
/// when that is known (a file, and its 1-based line and column). Lint's findings, the Composefile's
/// notes, Layers.yml's problems and install's notes are all findings, printed by one renderer
/// (`rendered(as:color:)`) in each output format.
package struct Finding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A place in a file; `line` and `column` are nil when only the file is known.
    package struct Location: Sendable, Hashable, Codable, CustomStringConvertible {
        package let file: String
        package let line: Int?
        package let column: Int?

        package init(file: String, line: Int? = nil, column: Int? = nil) {
            self.file = file
            self.line = line
            self.column = line == nil ? nil : column
        }

        /// A place written `file`, `file:line` or `file:line:column` (as `description` writes it).
        package init(parsing place: String) {
            var parts = place.split(separator: ":", omittingEmptySubsequences: false)
            var numbers: [Int] = []
            while numbers.count < 2, parts.count > 1, let last = parts.last, let number = Int(last) {
                numbers.insert(number, at: 0)
                parts.removeLast()
            }
            self.init(file: parts.joined(separator: ":"), line: numbers.first, column: numbers.dropFirst().first)
        }

        /// `file`, `file:line` or `file:line:column`.
        package var description: String {
            guard let line else { return file }
            guard let column else { return "\(file):\(line)" }
            return "\(file):\(line):\(column)"
        }
    }

    package let severity: Severity
    package let ruleID: String
    package let message: String
    package let location: Location?

    package init(severity: Severity, ruleID: String, message: String, location: Location? = nil) {
        self.severity = severity
        self.ruleID = ruleID
        self.message = message
        self.location = location
    }

    package init(severity: Severity, ruleID: String, message: String, file: String, line: Int, column: Int) {
        self.init(
            severity: severity, ruleID: ruleID, message: message,
            location: Location(file: file, line: line, column: column))
    }

    package var file: String? { location?.file }
    package var line: Int? { location?.line }
    package var column: Int? { location?.column }

    /// The same finding at `location`.
    package func located(_ location: Location?) -> Finding {
        Finding(severity: severity, ruleID: ruleID, message: message, location: location)
    }

    /// Compiler style, as the human format prints it: `path:line:col: error: message [rule-id]`, or
    /// `note: message [rule-id]` without a location.
    package var description: String { humanLine(color: false) }

    /// Ordering for reports: by file, then position, then rule (findings without a place first).
    package static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return (lhs.file ?? "") < (rhs.file ?? "") }
        if lhs.line != rhs.line { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        if lhs.column != rhs.column { return (lhs.column ?? 0) < (rhs.column ?? 0) }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }
}

extension Finding {
    /// The finding as one line of JSON, as a record on disk keeps it (`init(recorded:legacyRule:)`
    /// reads it back).
    package var recorded: String { JSONOutput.line(self) }

    /// A finding a record kept: its line of JSON (`recorded`), or, in a record a compose wrote before
    /// its notes were findings, the text it printed then, of rule `legacyRule`: `warning: …` a
    /// warning, `note: …` or any other text a note, `place: warning: …` at its place.
    package init(recorded text: String, legacyRule: String) {
        if text.hasPrefix("{"), let finding = try? JSONDecoder().decode(Finding.self, from: Data(text.utf8)) {
            self = finding
            return
        }
        for severity in [Severity.warning, .note, .error] {
            let label = "\(severity.rawValue): "
            if text.hasPrefix(label) {
                self.init(severity: severity, ruleID: legacyRule, message: String(text.dropFirst(label.count)))
                return
            }
            if let range = text.range(of: ": " + label), !text[..<range.lowerBound].contains(" ") {
                self.init(
                    severity: severity, ruleID: legacyRule, message: String(text[range.upperBound...]),
                    location: Location(parsing: String(text[..<range.lowerBound])))
                return
            }
        }
        self.init(severity: .note, ruleID: legacyRule, message: text)
    }
}

/// The output formats of every command that prints findings: `human` (compiler-style lines, for a
/// terminal or a CI log), `json` (the items of docs/lint-json-schema.md), `github` (GitHub Actions
/// workflow commands).
package enum FindingFormat: String, Sendable, CaseIterable {
    case human
    case json
    case github
}

extension Finding {
    /// The finding in `format`, newline-terminated: one compiler-style line (`color` adds ANSI
    /// colours), one JSON object (`JSONItem`) or one workflow command.
    package func rendered(as format: FindingFormat, color: Bool = false) -> String {
        switch format {
        case .human: humanLine(color: color) + "\n"
        case .json: JSONOutput.text(JSONItem(self)) + "\n"
        case .github: GitHubAnnotation.line(for: self)
        }
    }

    /// `findings` in `format`: their lines one after the other, or, for `json`, one array of items.
    package static func rendered(_ findings: [Finding], as format: FindingFormat, color: Bool = false) -> String {
        switch format {
        case .json: JSONOutput.text(findings.map(JSONItem.init)) + "\n"
        case .human, .github: findings.map { $0.rendered(as: format, color: color) }.joined()
        }
    }

    /// The human line without its newline. The file's name and the message quote what a spec or a
    /// Podfile holds: escaped, so that neither a terminal sequence nor a line of its own (`::error …`
    /// in CI) gets out.
    private func humanLine(color: Bool) -> String {
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        let label: String
        switch severity {
        case .error: label = paint("error:", "1;31")
        case .warning: label = paint("warning:", "1;33")
        case .note: label = paint("note:", "1;36")
        }
        let text = "\(label) \(escapedForDisplay(message)) [\(ruleID)]"
        guard let location else { return text }
        return "\(paint(escapedForDisplay(location.description) + ":", "1")) \(text)"
    }

    /// A finding as every `--format json` report writes it (docs/lint-json-schema.md): `file`,
    /// `line` and `column` are left out when not known.
    package struct JSONItem: Encodable, Sendable {
        let file: String?
        let line: Int?
        let column: Int?
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
    /// The annotation of one finding at its file, line and column (those known).
    package static func line(for finding: Finding) -> String {
        let level = finding.severity == .note ? "notice" : finding.severity.rawValue
        var properties: [String] = []
        if let location = finding.location {
            properties.append("file=\(property(location.file))")
            if let line = location.line { properties.append("line=\(line)") }
            if let column = location.column { properties.append("col=\(column)") }
        }
        properties.append("title=\(property(finding.ruleID))")
        return "::\(level) \(properties.joined(separator: ","))::\(data(finding.message))\n"
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
