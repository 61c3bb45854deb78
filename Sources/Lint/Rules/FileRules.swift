import Specs

/// CocoaPods: the file must be named after the spec.
struct NameMatchesFileRule: LintRule {
    static let description = RuleDescription(
        identifier: "name-matches-file", severity: .error, origin: .cocoapods,
        summary: "The file is named after the spec: `Name.podspec.json` (or a Ruby `Name.podspec`).",
        triggering: [.spec([:], fileName: "Other.podspec.json")],
        nonTriggering: [.valid])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (name, member) = file.rootString("name") else { return [] }
        guard !PodspecFormat.fileNames(for: name).contains(file.fileName) else { return [] }
        return [
            finding(
                "The name of the spec should match the name of the file (`\(name)` is in `\(file.fileName)`; expected `\(name).podspec.json`).",
                at: member.keyLocation, in: file)
        ]
    }
}

/// CocoaPods: name, version, authors, homepage, source and summary are required.
struct RequiredAttributesRule: LintRule {
    static let required = ["name", "version", "authors", "homepage", "source", "summary"]
    static let description = RuleDescription(
        identifier: "required-attribute", severity: .error, origin: .cocoapods,
        summary: "The root spec has name, version, authors, homepage, source and summary.",
        triggering: [.spec(["homepage": nil]), .spec(["authors": "{}"]), .spec(["summary": #""""#])])

    func check(_ file: SpecFile) -> [Finding] {
        Self.required.compactMap { key in
            if let value = file.root[key], value.isPresent { return nil }
            return finding(
                "Missing required attribute `\(key)`.", at: file.root.member(key)?.keyLocation ?? file.root.location,
                in: file)
        }
    }
}

/// CocoaPods: a missing license is a warning.
struct LicenseRequiredRule: LintRule {
    static let description = RuleDescription(
        identifier: "license-required", severity: .warning, origin: .cocoapods,
        summary: "The root spec declares a license.",
        triggering: [.spec(["license": nil])])

    func check(_ file: SpecFile) -> [Finding] {
        if let value = file.root["license"], value.isPresent { return [] }
        return [finding("Missing required attribute `license`.", at: file.root.location, in: file)]
    }
}

/// CocoaPods: `requires_arc: "true"` names a file called `true`.
struct RequiresArcStringRule: LintRule {
    static let description = RuleDescription(
        identifier: "requires-arc-string", severity: .warning, origin: .cocoapods,
        summary: "`requires_arc` is a boolean or file patterns, not the string \"true\" or \"false\".",
        triggering: [.spec(["requires_arc": #""true""#])],
        nonTriggering: [.valid, .spec(["requires_arc": "true"])])

    func check(_ file: SpecFile) -> [Finding] {
        file.everyMember("requires_arc").compactMap { _, member in
            guard let text = member.value.stringValue, text == "true" || text == "false" else { return nil }
            return finding("\(text) is considered to be the name of a file.", at: member.keyLocation, in: file)
        }
    }
}

/// compose: duplicate keys in one object (JSON readers silently keep the last).
struct DuplicateKeyRule: LintRule {
    static let description = RuleDescription(
        identifier: "duplicate-key", severity: .warning, origin: .compose,
        summary: "No object has the same key twice.",
        triggering: [.spec(["homepage": #""https://git.example.com/ios/Example", "homepage": "https://example.com""#])])

    func check(_ file: SpecFile) -> [Finding] {
        var findings: [Finding] = []
        var stack = [file.root]
        while let node = stack.popLast() {
            switch node.value {
            case .object(let members):
                var seen = Set<String>()
                for member in members {
                    if !seen.insert(member.key).inserted {
                        findings.append(
                            finding(
                                "The key `\(member.key)` appears more than once in this object; only the last one counts. Remove the others.",
                                at: member.keyLocation, in: file))
                    }
                    stack.append(member.value)
                }
            case .array(let elements):
                stack.append(contentsOf: elements)
            default:
                break
            }
        }
        return findings
    }
}
