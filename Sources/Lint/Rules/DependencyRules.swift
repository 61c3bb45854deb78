import Specs

/// Every dependency of every spec and platform block: name, requirement strings and locations.
private func dependencies(in file: SpecFile) -> [(scope: SpecScope, dependency: JSONNode.Member)] {
    file.everyMember("dependencies").flatMap { scope, member in member.value.members.map { (scope, $0) } }
}

/// CocoaPods (analyzer: "Unable to validate `dependencies`"): every requirement parses.
struct DependencyRequirementRule: LintRule {
    static let description = RuleDescription(
        identifier: "dependency-requirement", severity: .error, origin: .cocoapods,
        summary:
            "Every requirement (`dependencies`, `cocoapods_version`) parses: `~> 1.2`, `>= 1.0, < 2.0`, `= 1.2.3`.",
        triggering: [
            .spec(["dependencies": #"{ "Logging": ["~> two"] }"#]),
            .spec(["dependencies": #"{ "Logging": "=> 1.0" }"#]),
            .spec(["ios": #"{ "dependencies": { "Logging": ["~> 1.0", "1.0 beta"] } }"#]),
            .spec(["cocoapods_version": #"">= one""#]),
            .spec(["dependencies": #"{ "Logging": ["~> 1.0.999999999999999999999999"] }"#]),
        ],
        nonTriggering: [
            .valid,
            .spec([
                "dependencies": #"{ "Logging": ["~>2.0", ">= 2.1.0, < 3"], "Router": "1.0", "Mediator": [] }"#,
                "cocoapods_version": #"">= 1.10""#,
            ]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        var findings: [Finding] = []
        func validate(_ text: String, _ location: SourceLocation, _ owner: String) {
            for part in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                do {
                    let requirement = try Requirement(parsing: part)
                    if let problem = VersionReasonableRule.problem(with: requirement.version.string) {
                        findings.append(
                            finding(
                                "The requirement `\(part.trimmed)` of \(owner) is unreasonable: \(problem).",
                                at: location, in: file))
                    }
                } catch {
                    findings.append(
                        finding(
                            "Unable to validate \(owner) (Illformed requirement `\"\(part.trimmed)\"`). Write requirements such as `~> 1.2` or `>= 1.0`.",
                            at: location, in: file))
                }
            }
        }
        for (_, dependency) in dependencies(in: file) {
            for (text, location) in dependency.value.stringList {
                validate(text, location, "the dependency `\(dependency.key)`")
            }
        }
        if let member = file.root.member("cocoapods_version"), let text = member.value.stringValue {
            validate(text, member.value.location, "`cocoapods_version`")
        }
        return findings
    }
}

extension String {
    var trimmed: String {
        // Nothing to trim when both ends are ASCII and not white space (the usual case, and no
        // `Character` work); else Unicode's white space is trimmed.
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
            !Character(Unicode.Scalar(first)).isWhitespace, !Character(Unicode.Scalar(last)).isWhitespace
        {
            return self
        }
        return String(self.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

/// compose: a spec does not depend on itself (CocoaPods accepts it).
struct DependencySelfRule: LintRule {
    static let description = RuleDescription(
        identifier: "dependency-self", severity: .error, origin: .compose,
        summary: "No spec depends on its own root spec or on itself.",
        triggering: [
            .spec(["dependencies": #"{ "Example": ["~> 1.0"] }"#]),
            .spec([
                "source_files": nil,
                "subspecs": #"[{ "name": "Core", "source_files": "a.swift", "dependencies": { "Example/Core": [] } }]"#,
            ]),
        ],
        nonTriggering: [
            .valid,
            .spec([
                "subspecs":
                    #"[{ "name": "Core", "source_files": "a.swift" }, { "name": "UI", "source_files": "b.swift", "dependencies": { "Example/Core": [] } }]"#
            ]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        guard let root = file.rootName else { return [] }
        return dependencies(in: file).compactMap { scope, dependency in
            guard dependency.key == root || dependency.key == scope.fullName else { return nil }
            return finding(
                "`\(scope.fullName)` depends on `\(dependency.key)`, which is itself; remove the dependency.",
                at: dependency.keyLocation, in: file)
        }
    }
}

/// compose: dependency names are names a spec repo can hold, and subspec references name real
/// subspecs (`default_subspecs` too).
struct DependencyNameRule: LintRule {
    static let description = RuleDescription(
        identifier: "dependency-name", severity: .error, origin: .compose,
        summary:
            "Dependency names are usable folder names, and `Name/Sub` and `default_subspecs` name existing subspecs.",
        triggering: [
            .spec(["dependencies": #"{ "../Logging": [] }"#]),
            .spec(["dependencies": #"{ "Logging//Core": [] }"#]),
            .spec([
                "source_files": nil,
                "subspecs":
                    #"[{ "name": "Core", "source_files": "a.swift" }, { "name": "UI", "source_files": "b.swift", "dependencies": { "Example/Kore": [] } }]"#,
            ]),
            .spec([
                "source_files": nil, "default_subspecs": #"["UI"]"#,
                "subspecs": #"[{ "name": "Core", "source_files": "a.swift" }]"#,
            ]),
        ],
        nonTriggering: [
            .valid,
            .spec([
                "source_files": nil, "default_subspecs": #""none""#,
                "subspecs": #"[{ "name": "Core", "source_files": "a.swift" }]"#,
            ]),
            .spec(["dependencies": #"{ "Logging/Core": [], "Firebase+Extras": [] }"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        var findings: [Finding] = []
        let root = file.rootName
        let declared = Set(file.scopes.filter { !$0.isRoot }.map(\.fullName))
        for (_, dependency) in dependencies(in: file) {
            let parts = dependency.key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if let problem = parts.lazy.compactMap({ part -> String? in
                if part.isEmpty { return "it has an empty part" }
                if part.hasPrefix(".") { return "a part begins with `.`" }
                if !part.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
                    part.unicodeScalars.contains(where: \.properties.isWhitespace)
                {
                    return "it contains whitespace"
                }
                return NamePathSafeRule.problem(with: part)
            }).first {
                findings.append(
                    finding(
                        "The dependency name `\(dependency.key)` is not a valid spec name: \(problem).",
                        at: dependency.keyLocation, in: file))
            } else if parts.count > 1, parts[0] == root, !declared.contains(dependency.key) {
                findings.append(
                    finding(
                        "`\(dependency.key)` names no subspec of \(parts[0]); its subspecs are \(Self.list(declared)).",
                        at: dependency.keyLocation, in: file))
            }
        }
        if let member = file.root.member("default_subspecs"), let root {
            let children = Set(
                file.scopes.filter { $0.ancestors.count == 1 && $0.kind == .subspec }.compactMap(\.shortName))
            for (name, location) in member.value.stringList where name != "none" && !children.contains(name) {
                findings.append(
                    finding(
                        "The default subspec `\(name)` is not a subspec of \(root); its subspecs are \(Self.list(children.map { Spec.fullName(of: $0, in: root) })).",
                        at: location, in: file))
            }
        }
        return findings
    }

    static func list(_ names: some Collection<String>) -> String {
        names.isEmpty ? "none" : names.sorted().map { "`\($0)`" }.joined(separator: ", ")
    }
}

/// compose: platforms are the five CocoaPods knows, each with a valid deployment target.
struct PlatformRule: LintRule {
    static let description = RuleDescription(
        identifier: "platform", severity: .error, origin: .compose,
        summary: "`platforms` names only ios, osx, tvos, visionos, watchos, each with a version or null.",
        triggering: [
            .spec(["platforms": #"{ "ios": "13.0", "android": "10" }"#]),
            .spec(["platforms": #"{ "ios": "thirteen" }"#]),
            .spec(["platforms": #"{ "macos": "11.0" }"#]),
        ],
        nonTriggering: [
            .valid, .spec(["platforms": #"{ "ios": null, "tvos": "13.0", "visionos": "1.0", "watchos": "7.0" }"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        file.everyMember("platforms").flatMap { _, member in
            member.value.members.compactMap { platform -> Finding? in
                guard Platform.names.contains(platform.key) else {
                    let hint = platform.key == "macos" ? " (macOS is `osx`)" : ""
                    return finding(
                        "Unknown platform `\(platform.key)`\(hint); the platforms are \(Platform.names.sorted().joined(separator: ", ")).",
                        at: platform.keyLocation, in: file)
                }
                guard let target = platform.value.stringValue else { return nil }
                guard !target.trimmed.isEmpty, Version.isValid(target),
                    VersionReasonableRule.problem(with: target) == nil
                else {
                    return finding(
                        "The deployment target `\(target)` of `\(platform.key)` is not a version such as `13.0`.",
                        at: platform.keyLocation, in: file)
                }
                return nil
            }
        }
    }
}
