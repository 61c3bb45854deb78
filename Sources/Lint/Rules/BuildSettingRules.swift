import Specs

/// Script phases of every spec and platform block: each object with the member that holds it.
private func scriptPhases(in file: SpecFile) -> [(phase: JSONNode, member: JSONNode.Member)] {
    file.everyMember("script_phases").flatMap { _, member -> [(JSONNode, JSONNode.Member)] in
        switch member.value.value {
        case .object: return [(member.value, member)]
        case .array(let elements): return elements.filter(\.isObject).map { ($0, member) }
        default: return []
        }
    }
}

let scriptPhaseKeys = [
    "name", "script", "shell_path", "input_files", "output_files", "input_file_lists", "output_file_lists",
    "show_env_vars_in_log", "execution_position", "dependency_file", "always_out_of_date",
]
let executionPositions = ["before_compile", "after_compile", "before_headers", "after_headers", "any"]
private let validPhase = RuleExample.spec([
    "script_phases": #"[{ "name": "Lint", "script": "echo ok", "execution_position": "before_compile" }]"#
])

/// CocoaPods: script phases use known options only.
struct ScriptPhaseKeysRule: LintRule {
    static let description = RuleDescription(
        identifier: "script-phase-keys", severity: .error, origin: .cocoapods,
        summary: "A script phase has only the options CocoaPods knows.",
        triggering: [.spec(["script_phases": #"{ "name": "Lint", "script": "echo ok", "shell": "/bin/sh" }"#])],
        nonTriggering: [.valid, validPhase])

    func check(_ file: SpecFile) -> [Finding] {
        scriptPhases(in: file).compactMap { phase, member in
            let unknown = phase.members.map(\.key).filter { !scriptPhaseKeys.contains($0) }
            guard !unknown.isEmpty else { return nil }
            return finding(
                "Unrecognized option(s) `\(unknown.joined(separator: ", "))` in script phase `\(phase["name"]?.stringValue ?? "")`. Available options are `\(scriptPhaseKeys.joined(separator: ", "))`.",
                at: member.keyLocation, in: file)
        }
    }
}

/// CocoaPods: script phases have a name and a script.
struct ScriptPhaseRequiredKeysRule: LintRule {
    static let description = RuleDescription(
        identifier: "script-phase-required-keys", severity: .error, origin: .cocoapods,
        summary: "A script phase has `name` and `script`.",
        triggering: [.spec(["script_phases": #"[{ "name": "Lint" }]"#])],
        nonTriggering: [.valid, validPhase])

    func check(_ file: SpecFile) -> [Finding] {
        scriptPhases(in: file).compactMap { phase, member in
            let missing = ["name", "script"].filter { phase[$0] == nil }
            guard !missing.isEmpty else { return nil }
            return finding(
                "Missing required shell script phase options `\(missing.joined(separator: ", "))` in script phase `\(phase["name"]?.stringValue ?? "")`.",
                at: member.keyLocation, in: file)
        }
    }
}

/// CocoaPods: the execution position is a known one.
struct ScriptPhaseExecutionPositionRule: LintRule {
    static let description = RuleDescription(
        identifier: "script-phase-execution-position", severity: .error, origin: .cocoapods,
        summary:
            "A script phase's `execution_position` is before_compile, after_compile, before_headers, after_headers or any.",
        triggering: [
            .spec(["script_phases": #"[{ "name": "Lint", "script": "echo ok", "execution_position": "sometimes" }]"#])
        ],
        nonTriggering: [.valid, validPhase])

    func check(_ file: SpecFile) -> [Finding] {
        scriptPhases(in: file).compactMap { phase, member in
            guard let position = phase.member("execution_position"),
                !executionPositions.contains(position.value.stringValue ?? "")
            else { return nil }
            return finding(
                "Invalid execution position value `\(position.value.stringValue ?? position.value.typeName)` in shell script `\(phase["name"]?.stringValue ?? "")`. Available options are `\(executionPositions.joined(separator: ", "))`.",
                at: position.keyLocation, in: file)
        }
    }
}

/// CocoaPods: on-demand resource categories are known ones.
struct OnDemandResourcesCategoryRule: LintRule {
    static let categories = ["download_on_demand", "prefetched", "initial_install"]
    static let description = RuleDescription(
        identifier: "on-demand-resources-category", severity: .error, origin: .cocoapods,
        summary: "An on-demand resource's category is download_on_demand, prefetched or initial_install.",
        triggering: [.spec(["on_demand_resources": #"{ "Maps": { "paths": ["Maps/*"], "category": "later" } }"#])],
        nonTriggering: [
            .valid,
            .spec([
                "on_demand_resources":
                    #"{ "Maps": { "paths": ["Maps/*"], "category": "prefetched" }, "Tiles": "Tiles/*" }"#
            ]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        file.everyMember("on_demand_resources").flatMap { _, member in
            member.value.members.compactMap { tag -> Finding? in
                guard let category = tag.value.member("category"),
                    !Self.categories.contains(category.value.stringValue ?? "")
                else { return nil }
                return finding(
                    "Invalid on demand resources category value `\(category.value.stringValue ?? category.value.typeName)`. Available options are `\(Self.categories.joined(separator: ", "))`.",
                    at: category.keyLocation, in: file)
            }
        }
    }
}

/// CocoaPods: library subspecs have no scheme; scheme keys have the right types.
struct SchemeRule: LintRule {
    static let keys = [
        "launch_arguments", "environment_variables", "code_coverage", "parallelizable", "build_configurations",
    ]
    static let description = RuleDescription(
        identifier: "scheme", severity: .error, origin: .cocoapods,
        summary:
            "`scheme` is not set on library subspecs; `launch_arguments` is an array, `environment_variables` an object.",
        triggering: [
            .spec([
                "subspecs":
                    #"[{ "name": "Core", "source_files": "a.swift", "scheme": { "launch_arguments": ["-x"] } }]"#
            ]),
            .spec(["scheme": #"{ "launch_arguments": "-x" }"#]),
            .spec(["scheme": #"{ "environment_variables": ["A=1"] }"#]),
        ],
        nonTriggering: [
            .valid,
            .spec([
                "scheme":
                    #"{ "code_coverage": true, "launch_arguments": ["-x"], "environment_variables": { "A": "1" } }"#
            ]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        file.scopes.flatMap { scope -> [Finding] in
            scope.members(named: "scheme").flatMap { member -> [Finding] in
                guard member.value.isPresent else { return [] }
                if scope.kind == .subspec {
                    return [
                        finding(
                            "Scheme configuration is not currently supported for subspecs.", at: member.keyLocation,
                            in: file)
                    ]
                }
                var findings: [Finding] = []
                if let arguments = member.value.member("launch_arguments"), arguments.value.arrayValue == nil {
                    findings.append(
                        finding("Expected an array for key `launch_arguments`.", at: arguments.keyLocation, in: file))
                }
                if let variables = member.value.member("environment_variables"), !variables.value.isObject {
                    findings.append(
                        finding("Expected a hash for key `environment_variables`.", at: variables.keyLocation, in: file)
                    )
                }
                return findings
            }
        }
    }
}

/// CocoaPods (analyzer): scheme objects have known keys only.
struct SchemeKeysRule: LintRule {
    static let description = RuleDescription(
        identifier: "scheme-keys", severity: .warning, origin: .cocoapods,
        summary:
            "`scheme` has only launch_arguments, environment_variables, code_coverage, parallelizable, build_configurations.",
        triggering: [.spec(["scheme": #"{ "coverage": true }"#])])

    func check(_ file: SpecFile) -> [Finding] {
        file.everyMember("scheme").flatMap { _, member in
            member.value.members.filter { !SchemeRule.keys.contains($0.key) }.map {
                finding("Unrecognized `\($0.key)` key for `scheme` attribute.", at: $0.keyLocation, in: file)
            }
        }
    }
}

/// CocoaPods: library subspecs have no Info.plist configuration.
struct InfoPlistOnSubspecRule: LintRule {
    static let description = RuleDescription(
        identifier: "info-plist-subspec", severity: .error, origin: .cocoapods,
        summary: "`info_plist` is not set on library subspecs.",
        triggering: [
            .spec([
                "subspecs":
                    #"[{ "name": "Core", "source_files": "a.swift", "info_plist": { "SOME_VAR": "SOME_VALUE" } }]"#
            ])
        ],
        nonTriggering: [.valid, .spec(["info_plist": #"{ "SOME_VAR": "SOME_VALUE" }"#])])

    func check(_ file: SpecFile) -> [Finding] {
        file.scopes.filter { $0.kind == .subspec }.flatMap { scope in
            scope.members(named: "info_plist").filter(\.value.isPresent).map {
                finding(
                    "Info.plist configuration is not currently supported for subspecs.", at: $0.keyLocation, in: file)
            }
        }
    }
}

/// CocoaPods: compiler flags do not disable warnings.
struct CompilerFlagsRule: LintRule {
    static let description = RuleDescription(
        identifier: "compiler-flags-warnings", severity: .warning, origin: .cocoapods,
        summary: "`compiler_flags` do not disable warnings (`-Wno…`).",
        triggering: [.spec(["compiler_flags": #"["-DDEBUG=1 -Wno-deprecated"]"#])],
        nonTriggering: [.valid, .spec(["compiler_flags": #""-DDEBUG=1""#])])

    func check(_ file: SpecFile) -> [Finding] {
        file.everyMember("compiler_flags").compactMap { _, member in
            let flags = member.value.stringList.flatMap { $0.value.split(whereSeparator: \.isWhitespace) }
            guard flags.contains(where: { $0.hasPrefix("-Wno") }) else { return nil }
            return finding("Warnings must not be disabled(`-Wno compiler` flags).", at: member.keyLocation, in: file)
        }
    }
}

/// CocoaPods: frameworks and weak frameworks are given by name.
struct FrameworksRule: LintRule {
    static let description = RuleDescription(
        identifier: "frameworks-name", severity: .error, origin: .cocoapods,
        summary: "`frameworks` and `weak_frameworks` are names (letters, digits, `_`, `-`, `+`), not paths or files.",
        triggering: [
            .spec(["frameworks": #"["UIKit.framework"]"#]), .spec(["ios": #"{ "weak_frameworks": "System/Combine" }"#]),
        ],
        nonTriggering: [.valid, .spec(["frameworks": #"["UIKit", "c++-thing"]"#])])

    func check(_ file: SpecFile) -> [Finding] {
        let isNameCharacter = { (c: Character) in
            c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-" || c == "+")
        }
        return [("frameworks", "A framework"), ("weak_frameworks", "A weak framework")].flatMap { key, what in
            file.everyMember(key).compactMap { _, member in
                guard member.value.stringList.contains(where: { !$0.value.allSatisfy(isNameCharacter) }) else {
                    return nil
                }
                return finding("\(what) should only be specified by its name", at: member.keyLocation, in: file)
            }
        }
    }
}

/// CocoaPods: libraries are named without `lib`, extension or commas.
struct LibrariesRule: LintRule {
    static let description = RuleDescription(
        identifier: "libraries-name", severity: .error, origin: .cocoapods,
        summary: "`libraries` are names without the `lib` prefix, the extension or commas (`z`, not `libz.dylib`).",
        triggering: [
            .spec(["libraries": #""libz""#]), .spec(["libraries": #"["xml2.a"]"#]), .spec(["libraries": #"["z,c++"]"#]),
        ],
        nonTriggering: [.valid, .spec(["libraries": #"["z", "c++"]"#])])

    func check(_ file: SpecFile) -> [Finding] {
        file.everyMember("libraries").flatMap { _, member in
            member.value.stringList.flatMap { original, _ -> [Finding] in
                let library = original.lowercased()
                var findings: [Finding] = []
                if library.hasSuffix(".a") || library.hasSuffix(".dylib") {
                    findings.append(
                        finding(
                            "Libraries should not include the extension (`\(library)`)", at: member.keyLocation,
                            in: file))
                }
                if library.hasPrefix("lib") {
                    findings.append(
                        finding(
                            "Libraries should omit the `lib` prefix  (`\(library)`)", at: member.keyLocation, in: file))
                }
                if library.contains(",") {
                    findings.append(
                        finding("Libraries should not include comas (`\(library)`)", at: member.keyLocation, in: file))
                }
                return findings
            }
        }
    }
}
