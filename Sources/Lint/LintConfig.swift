import Foundation
import Specs

/// A component's or a spec repo's `.compose.yml`: the lint rules the team switched off, so that a
/// convention such as tags with a `v` prefix does not need `--allow-warnings` (which hides every
/// other warning). The file, at the component's root (lint, publish) or the spec repo's root
/// (repo lint):
///
///     lint:
///       ignore: [source-tag-version]   # our tags are v1.2.0
///
/// or the rule ids as a `- id` list under `ignore:`. `#` starts a comment.
package struct LintConfig: Sendable, Equatable {
    package static let fileName = ".compose.yml"

    /// Rule ids to leave out of reports.
    package var ignore: [String] = []

    package init(ignore: [String] = []) {
        self.ignore = ignore
    }

    /// The config in `folder`, or an empty one when the folder has no `.compose.yml`.
    package static func read(in folder: URL) throws(LintError) -> LintConfig {
        let path = folder.appendingPathComponent(fileName).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else {
            return LintConfig()
        }
        return try parse(String(decoding: data, as: UTF8.self), path: path)
    }

    package static func parse(_ text: String, path: String) throws(LintError) -> LintConfig {
        var config = LintConfig()
        var section = ""
        var inIgnore = false
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = String(raw)
            if let hash = line.firstIndex(of: "#") { line = String(line[..<hash]) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            if indent == 0 {
                guard trimmed.hasSuffix(":") else {
                    throw .badConfig(path: path, line: index + 1, message: "expected a section such as `lint:`")
                }
                section = String(trimmed.dropLast())
                inIgnore = false
                continue
            }
            guard section == "lint" else { continue }
            if trimmed.hasPrefix("- ") {
                guard inIgnore else {
                    throw .badConfig(path: path, line: index + 1, message: "a list item outside `ignore:`")
                }
                config.ignore.append(String(trimmed.dropFirst(2)).trimmingCharacters(in: .whitespaces))
                continue
            }
            guard let colon = trimmed.firstIndex(of: ":") else {
                throw .badConfig(path: path, line: index + 1, message: "expected `key: value`, found `\(trimmed)`")
            }
            let key = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
            var value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard key == "ignore" else {
                throw .badConfig(path: path, line: index + 1, message: "unknown key `\(key)` under `lint:`")
            }
            inIgnore = value.isEmpty
            if value.hasPrefix("[") && value.hasSuffix("]") { value = String(value.dropFirst().dropLast()) }
            config.ignore += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        config.ignore = config.ignore.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
        return config
    }
}

extension LintReport {
    /// The report without the findings of the rules in `ignored` (rule id → where it was switched
    /// off, e.g. `--ignore` or a `.compose.yml`), with a remark naming them; a rule id compose does
    /// not know is named in a remark too, since a typo would otherwise ignore nothing silently.
    package func ignoring(_ ignored: [String: String]) -> LintReport {
        guard !ignored.isEmpty else { return self }
        var report = self
        let known = Set(builtInRules.map { $0.description.identifier })
        report.findings = findings.filter { ignored[$0.ruleID] == nil }
        let dropped = findings.count - report.findings.count
        let listed = ignored.keys.sorted().map { "\($0) (\(ignored[$0]!))" }.joined(separator: ", ")
        report.remarks.append("Ignored rules: \(listed); \(dropped) finding\(dropped == 1 ? "" : "s") left out.")
        for id in ignored.keys.sorted()
        where !known.contains(id) && !Self.otherRulePrefixes.contains(where: id.hasPrefix) {
            report.remarks.append(
                "`\(id)` (\(ignored[id]!)) names no rule compose knows; docs/lint-rules.md lists them.")
        }
        return report
    }

    /// Rules reported outside `builtInRules`: repo lint's, the layering rules, the full lint's build.
    static let otherRulePrefixes = ["repo-", "graph-", "build-"]
}
