import Foundation
import Specs
import Yams

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

    /// Reads the YAML of a `.compose.yml` (Yams): a `lint:` mapping whose `ignore:` is a list of
    /// rule ids (block or flow), one id, or ids separated by commas. Other top-level sections are
    /// left to their readers; anything else under `lint:` is an error naming its line.
    package static func parse(_ text: String, path: String) throws(LintError) -> LintConfig {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw .badConfig(
                path: path, line: YAMLProblem.line(of: error), message: "not YAML: \(YAMLProblem.problem(of: error))")
        }
        guard let root else { return LintConfig() }
        guard let sections = root.mapping else {
            throw .badConfig(path: path, line: root.mark?.line ?? 1, message: "expected a section such as `lint:`")
        }
        var config = LintConfig()
        for (key, value) in sections where key.string == "lint" {
            if value.null != nil { continue }
            guard let lint = value.mapping else {
                throw .badConfig(
                    path: path, line: value.mark?.line ?? 1, message: "`lint:` holds keys such as `ignore:`")
            }
            for (name, entry) in lint {
                guard name.string == "ignore" else {
                    throw .badConfig(
                        path: path, line: name.mark?.line ?? 1,
                        message: "unknown key `\(name.string ?? "?")` under `lint:`")
                }
                if let list = entry.sequence {
                    for item in list {
                        guard let id = item.string else {
                            throw .badConfig(
                                path: path, line: item.mark?.line ?? 1,
                                message: "a rule id is a word, such as `license-required`")
                        }
                        config.ignore.append(id)
                    }
                } else if let ids = entry.string {
                    config.ignore += ids.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                        .filter { !$0.isEmpty }
                } else if entry.null == nil {
                    throw .badConfig(
                        path: path, line: entry.mark?.line ?? 1, message: "`ignore:` takes a list of rule ids")
                }
            }
        }
        return config
    }
}

/// What Yams says of a file it cannot read, as compose says it: the line, and the problem without
/// the file's text Yams appends. Shared by the readers of `.compose.yml` and `Layers.yml`.
package enum YAMLProblem {
    /// The line a YAML error names (1 when it names none).
    package static func line(of error: Error) -> Int {
        switch error as? YamlError {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        case .duplicatedKeysInMapping(_, let context): context.mark.line
        default: 1
        }
    }

    /// What a YAML error says, without the file's text Yams appends.
    package static func problem(of error: Error) -> String {
        switch error as? YamlError {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): problem
        case .duplicatedKeysInMapping(let duplicates, _):
            "a key is written twice (\(duplicates.joined(separator: ", ")))"
        default: String(describing: error).split(separator: "\n").first.map(String.init) ?? "unreadable"
        }
    }
}

extension LintReport {
    /// The report without the findings of the rules in `ignored` (rule id → where it was switched
    /// off, e.g. `--ignore` or a `.compose.yml`), with a remark naming them; a rule id compose does
    /// not know is named in a remark too, since a typo would otherwise ignore nothing silently.
    package func ignoring(_ ignored: [String: String]) -> LintReport {
        guard !ignored.isEmpty else { return self }
        var report = self
        report.findings = findings.filter { ignored[$0.ruleID] == nil }
        let dropped = findings.count - report.findings.count
        let listed = ignored.keys.sorted().map { "\($0) (\(ignored[$0]!))" }.joined(separator: ", ")
        report.remarks.append("Ignored rules: \(listed); \(dropped) finding\(dropped == 1 ? "" : "s") left out.")
        for id in ignored.keys.sorted() where !RuleCatalog.identifiers.contains(id) {
            report.remarks.append(
                "`\(id)` (\(ignored[id]!)) names no rule compose knows; docs/lint-rules.md lists them.")
        }
        return report
    }
}
