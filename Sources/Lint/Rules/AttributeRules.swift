import Specs

/// CocoaPods (analyzer): every key is a known attribute or platform block.
struct UnknownAttributeRule: LintRule {
    static let description = RuleDescription(
        identifier: "unknown-attribute", severity: .warning, origin: .cocoapods,
        summary: "Every key is a podspec attribute; a platform block holds only per-platform attributes.",
        triggering: [
            .spec(["foo": #""bar""#]),
            .spec(["default_subspec": #""Core""#]),
            .spec(["ios": #"{ "sorce_files": "iOS/*.swift" }"#]),
            .spec(["ios": #"{ "summary": "iOS formatting" }"#]),
        ],
        nonTriggering: [.valid, .spec(["ios": #"{ "frameworks": ["UIKit"], "source_files": "iOS/*.swift" }"#])])

    func check(_ file: SpecFile) -> [Finding] {
        file.scopes.flatMap { scope -> [Finding] in
            var findings: [Finding] = []
            for member in scope.node.members {
                if Platform.names.contains(member.key) {
                    for inner in member.value.members {
                        if let attribute = Attribute.byName[inner.key] {
                            if !attribute.multiPlatform {
                                findings.append(
                                    finding(
                                        "`\(inner.key)` cannot be set per platform; move it out of `\(member.key)`.",
                                        at: inner.keyLocation, in: file))
                            }
                        } else {
                            findings.append(
                                finding("Unrecognized `\(inner.key)` key.", at: inner.keyLocation, in: file))
                        }
                    }
                } else if Attribute.byName[member.key] == nil {
                    findings.append(finding("Unrecognized `\(member.key)` key.", at: member.keyLocation, in: file))
                }
            }
            return findings
        }
    }
}

/// CocoaPods (analyzer) made deeper: every value has a type the attribute accepts, down to the
/// entries of arrays and objects, so no reader ever meets a value it cannot handle.
struct AttributeTypeRule: LintRule {
    static let description = RuleDescription(
        identifier: "attribute-type", severity: .error, origin: .cocoapodsStricter,
        summary: "Every value has the JSON type its attribute accepts (top level and nested).",
        triggering: [
            .spec(["name": "42"], fileName: "42.podspec.json"),
            .spec(["homepage": #"["https://example.com"]"#]),
            .spec(["source": #""https://git.example.com/ios/Example.git""#]),
            .spec(["dependencies": #"{ "Logging": 2 }"#]),
            .spec(["platforms": #"{ "ios": 13 }"#]),
            .spec(["source_files": #"["Sources/*.swift", 7]"#]),
            .spec(["authors": #"["Ann", 3]"#]),
            .spec(["license": #"{ "type": true }"#]),
            .spec(["subspecs": #"["Core"]"#]),
            .spec(["ios": #"{ "frameworks": { "UIKit": true } }"#]),
            .spec(["source": #"{ "git": "https://git.example.com/ios/Example.git", "tag": 1.2 }"#]),
        ],
        nonTriggering: [
            .valid,
            .spec([
                "authors": #"["Ann", { "Bob": "bob@example.com" }]"#, "license": #""MIT""#,
                "dependencies": #"{ "Logging": "~> 2.0", "Router": [] }"#,
            ]),
            .spec(["platforms": #"{ "ios": null }"#, "requires_arc": #"["Sources/ARC/*.m"]"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        var findings: [Finding] = []
        func report(_ text: String, _ location: SourceLocation) {
            findings.append(finding(text, at: location, in: file))
        }
        func types(_ list: [JSONType]) -> String { list.map(\.rawValue).joined(separator: " or ") }

        func checkStrings(_ node: JSONNode, _ path: String) {
            // An array's entries must be strings.
            for element in node.arrayValue ?? [] where element.stringValue == nil {
                report(
                    "Unacceptable type `\(element.typeName)` in `\(path)`: the entries must be strings.",
                    element.location)
            }
        }

        func checkMember(_ member: JSONNode.Member, path: String) {
            guard let attribute = Attribute.byName[member.key] else { return }
            let value = member.value
            guard attribute.types.contains(where: { $0.matches(value) }) else {
                report(
                    "Unacceptable type `\(value.typeName)` for `\(path)`. Allowed values: `\(types(attribute.types))`.",
                    member.keyLocation)
                return
            }
            switch attribute.name {
            case "dependencies":
                for dependency in value.members {
                    switch dependency.value.value {
                    case .string: break
                    case .array: checkStrings(dependency.value, "\(path).\(dependency.key)")
                    default:
                        report(
                            "Unacceptable type `\(dependency.value.typeName)` for `\(path).\(dependency.key)`: write requirement strings, such as [\"~> 1.2\"].",
                            dependency.keyLocation)
                    }
                }
            case "platforms":
                for platform in value.members where platform.value.stringValue == nil && !platform.value.isNull {
                    report(
                        "Unacceptable type `\(platform.value.typeName)` for `\(path).\(platform.key)`: write the deployment target as a string (\"13.0\") or null.",
                        platform.keyLocation)
                }
            case "license", "source":
                for entry in value.members {
                    let isFlag = ["submodules", "flatten"].contains(entry.key)
                    let ok =
                        isFlag
                        ? entry.value.boolValue != nil : (entry.value.stringValue != nil || entry.key == "headers")
                    if !ok {
                        report(
                            "Unacceptable type `\(entry.value.typeName)` for `\(path).\(entry.key)`. Allowed values: `\(isFlag ? "Boolean" : "String")`.",
                            entry.keyLocation)
                    }
                }
            case "authors":
                for element in value.arrayValue ?? [] where element.stringValue == nil && !element.isObject {
                    report(
                        "Unacceptable type `\(element.typeName)` in `\(path)`: an author is a name or an object of name to e-mail.",
                        element.location)
                }
                let objects = (value.isObject ? [value] : []) + (value.arrayValue ?? []).filter(\.isObject)
                for entry in objects.flatMap(\.members) where entry.value.stringValue == nil && !entry.value.isNull {
                    report(
                        "Unacceptable type `\(entry.value.typeName)` for the e-mail of `\(entry.key)` in `\(path)`.",
                        entry.keyLocation)
                }
            case "subspecs", "testspecs", "appspecs":
                for element in value.arrayValue ?? [] where !element.isObject {
                    report(
                        "Unacceptable type `\(element.typeName)` in `\(path)`: each entry is a spec object.",
                        element.location)
                }
            case "resource_bundles":
                for bundle in value.members {
                    if bundle.value.stringValue == nil && bundle.value.arrayValue == nil {
                        report(
                            "Unacceptable type `\(bundle.value.typeName)` for `\(path).\(bundle.key)`. Allowed values: `String or Array`.",
                            bundle.keyLocation)
                    } else {
                        checkStrings(bundle.value, "\(path).\(bundle.key)")
                    }
                }
            default:
                if attribute.types.contains(.string) && attribute.types.contains(.array) { checkStrings(value, path) }
            }
        }

        for scope in file.scopes {
            for member in scope.node.members {
                if Platform.names.contains(member.key) {
                    guard member.value.isObject else {
                        report(
                            "Unacceptable type `\(member.value.typeName)` for `\(member.key)`: a platform block is an object of attributes.",
                            member.keyLocation)
                        continue
                    }
                    for inner in member.value.members { checkMember(inner, path: "\(member.key).\(inner.key)") }
                } else {
                    checkMember(member, path: member.key)
                }
            }
        }
        return findings
    }
}

/// The file patterns of every spec and platform block, with their attribute name.
private func filePatterns(in file: SpecFile) -> [(attribute: String, pattern: String, location: SourceLocation)] {
    Attribute.all.filter(\.filePatterns).flatMap { attribute in
        file.everyMember(attribute.name).flatMap { _, member -> [(String, String, SourceLocation)] in
            let values =
                member.value.isObject
                ? member.value.members.flatMap { entry in
                    entry.value.isObject ? (entry.value["paths"]?.stringList ?? []) : entry.value.stringList
                }
                : member.value.stringList
            return values.map { (attribute.name, $0.value, $0.location) }
        }
    }
}

/// CocoaPods (analyzer): file patterns are relative.
struct FilePatternAbsoluteRule: LintRule {
    static let description = RuleDescription(
        identifier: "file-pattern-absolute", severity: .error, origin: .cocoapods,
        summary: "File patterns are relative to the component (no leading `/`).",
        triggering: [
            .spec(["source_files": #""/Sources/**/*.swift""#]),
            .spec(["resource_bundles": #"{ "Icons": ["/Icons/*.png"] }"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        filePatterns(in: file).filter { $0.pattern.hasPrefix("/") }.map {
            finding(
                "File patterns must be relative and cannot start with a slash (\($0.attribute)).", at: $0.location,
                in: file)
        }
    }
}

/// compose: file patterns stay inside the component.
struct FilePatternEscapeRule: LintRule {
    static let description = RuleDescription(
        identifier: "file-pattern-escapes", severity: .error, origin: .compose,
        summary: "File patterns stay inside the component (no `..` component, also inside `{a,b}` alternatives).",
        triggering: [
            .spec(["source_files": #"["Sources/**/*.swift", "../Shared/*.swift"]"#]),
            .spec(["source_files": #""{..,Sources}/**""#]),
            .spec(["resources": #""Resources/{Images,../../Secrets}/*""#]),
        ],
        nonTriggering: [.valid, .spec(["source_files": #""Sources/{Core,UI}/**/*.{h,m,swift}""#])])

    /// Whether a glob can name `..`: a path component, or an alternative of a `{a,b}` group, that is `..`.
    static func escapes(_ pattern: String) -> Bool {
        // Without two dots in a row nothing can be `..` (most patterns): no split needed.
        var previousDot = false
        var twoDots = false
        for byte in pattern.utf8 {
            if byte == UInt8(ascii: ".") {
                if previousDot {
                    twoDots = true
                    break
                }
                previousDot = true
            } else {
                previousDot = false
            }
        }
        guard twoDots else { return false }
        return pattern.split(whereSeparator: { "/{},\\".contains($0) }).contains("..")
    }

    func check(_ file: SpecFile) -> [Finding] {
        filePatterns(in: file).filter { Self.escapes($0.pattern) }.map {
            finding(
                "The pattern `\($0.pattern)` in `\($0.attribute)` reaches outside the component; list files inside it.",
                at: $0.location, in: file)
        }
    }
}

/// CocoaPods (analyzer): a spec provides something.
struct SpecEmptyRule: LintRule {
    static let keys = [
        "source_files", "resources", "resource_bundles", "preserve_paths", "dependencies", "vendored_libraries",
        "vendored_frameworks", "on_demand_resources",
    ]
    static let description = RuleDescription(
        identifier: "spec-empty", severity: .error, origin: .cocoapods,
        summary:
            "Every spec has source files, resources, preserve paths, vendored libraries or frameworks, dependencies, or subspecs.",
        triggering: [.spec(["source_files": nil]), .spec(["subspecs": #"[{ "name": "Empty" }]"#])],
        nonTriggering: [
            .valid,
            .spec(["source_files": nil, "subspecs": #"[{ "name": "Core", "ios": { "source_files": "iOS/*.swift" } }]"#]
            ),
            .spec([
                "source_files": nil, "dependencies": #"{ "Logging": [] }"#, "subspecs": #"[{ "name": "Umbrella" }]"#,
            ]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        file.scopes.compactMap { scope in
            let nested = Spec.Kind.nestedKeys.contains { scope.node[$0.key]?.arrayValue?.isEmpty == false }
            let own = Self.keys.contains { key in scope.members(named: key).contains { $0.value.isPresent } }
            // Dependencies are inherited from enclosing specs.
            let inherited = scope.ancestors.contains { ancestor in
                ancestor["dependencies"]?.isPresent == true
                    || Platform.names.contains { ancestor[$0]?["dependencies"]?.isPresent == true }
            }
            guard !nested, !own, !inherited else { return nil }
            return finding(
                "The \(scope.fullName) spec is empty (no source files, resources, resource_bundles, preserve paths, vendored_libraries, vendored_frameworks, dependencies, nor subspecs).",
                at: scope.node.member("name")?.keyLocation ?? scope.node.location, in: file)
        }
    }
}
