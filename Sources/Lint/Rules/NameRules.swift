import Specs

/// The string names of every spec in the file (root and nested), with their members.
private func names(in file: SpecFile) -> [(name: String, member: JSONNode.Member)] {
    file.scopes.compactMap { scope in
        guard let member = scope.node.member("name"), let name = member.value.stringValue else { return nil }
        return (name, member)
    }
}

/// CocoaPods: a spec name has no slash (root and subspecs).
struct NameSlashRule: LintRule {
    static let description = RuleDescription(
        identifier: "name-slash", severity: .error, origin: .cocoapods,
        summary: "A spec's name has no `/`.",
        triggering: [.spec(["subspecs": #"[{ "name": "Core/Extra", "source_files": "Sources/**/*.swift" }]"#])])

    func check(_ file: SpecFile) -> [Finding] {
        names(in: file).filter { $0.name.contains("/") }.map {
            finding(
                "The name of a spec should not contain a slash (`\($0.name)`).", at: $0.member.keyLocation, in: file)
        }
    }
}

/// CocoaPods: a spec name has no whitespace.
struct NameWhitespaceRule: LintRule {
    static let description = RuleDescription(
        identifier: "name-whitespace", severity: .error, origin: .cocoapods,
        summary: "A spec's name has no whitespace.",
        triggering: [.spec(["name": #""Example Kit""#], fileName: "Example Kit.podspec.json")])

    func check(_ file: SpecFile) -> [Finding] {
        names(in: file).filter { $0.name.unicodeScalars.contains(where: \.properties.isWhitespace) }.map {
            finding(
                "The name of a spec should not contain whitespace (`\($0.name)`).", at: $0.member.keyLocation, in: file)
        }
    }
}

/// CocoaPods: a spec name does not begin with a period.
struct NameLeadingPeriodRule: LintRule {
    static let description = RuleDescription(
        identifier: "name-leading-period", severity: .error, origin: .cocoapods,
        summary: "A spec's name does not begin with `.`.",
        triggering: [.spec(["name": #"".Example""#], fileName: ".Example.podspec.json")])

    func check(_ file: SpecFile) -> [Finding] {
        names(in: file).filter { $0.name.hasPrefix(".") }.map {
            finding(
                "The name of a spec should not begin with a period (`\($0.name)`).", at: $0.member.keyLocation, in: file
            )
        }
    }
}

/// compose: a name becomes a folder name in spec repos and caches, so it must not be able to
/// escape or break one.
struct NamePathSafeRule: LintRule {
    static let maximumLength = 128
    static let description = RuleDescription(
        identifier: "name-path-safe", severity: .error, origin: .compose,
        summary:
            "A spec's name is usable as a folder name: not empty, no `..`, no `\\`, no control characters, at most 128 characters.",
        triggering: [
            .spec(["name": #""Exa..mple""#], fileName: "Exa..mple.podspec.json"),
            .spec(["name": #""""#], fileName: ".podspec.json"),
            .spec(["subspecs": #"[{ "name": "..", "source_files": "a.swift" }]"#]),
            .spec(["subspecs": #"[{ "name": "C\\ore", "source_files": "a.swift" }]"#]),
        ])

    /// Why `name` is not a safe folder name, or nil when it is.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.containsBytes("..") { return "it contains `..`" }
        if name.containsBytes("\\") { return "it contains a backslash" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "it contains a control character"
        }
        if name.count > maximumLength { return "it is longer than \(maximumLength) characters" }
        return nil
    }

    func check(_ file: SpecFile) -> [Finding] {
        names(in: file).compactMap { name, member in
            guard let problem = Self.problem(with: name) else { return nil }
            return finding(
                "The name `\(name)` cannot be used as a folder name: \(problem). Use letters, digits, `-`, `_` and `+`.",
                at: member.keyLocation, in: file)
        }
    }
}

/// CocoaPods: `module_name` is a C99 identifier.
struct ModuleNameRule: LintRule {
    static let description = RuleDescription(
        identifier: "module-name", severity: .error, origin: .cocoapods,
        summary: "`module_name` is a valid C99 identifier.",
        triggering: [.spec(["module_name": #""20Three lol""#])],
        nonTriggering: [.valid, .spec(["module_name": #""_Example2""#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (name, member) = file.rootString("module_name") else { return [] }
        let scalars = Array(name.unicodeScalars)
        let isLetter = { (s: Unicode.Scalar) in (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_" }
        let valid =
            !scalars.isEmpty && isLetter(scalars[0]) && scalars.allSatisfy { isLetter($0) || ($0 >= "0" && $0 <= "9") }
        return valid
            ? []
            : [finding("The module name of a spec should be a valid C99 identifier.", at: member.keyLocation, in: file)]
    }
}
