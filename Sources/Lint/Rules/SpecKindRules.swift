import Specs

/// CocoaPods: a spec is not deprecated in favour of itself.
struct DeprecatedInFavorOfSelfRule: LintRule {
    static let description = RuleDescription(
        identifier: "deprecated-in-favor-of-self", severity: .error, origin: .cocoapods,
        summary: "`deprecated_in_favor_of` names another spec.",
        triggering: [.spec(["deprecated_in_favor_of": #""Example/Core""#])],
        nonTriggering: [.valid, .spec(["deprecated": "true", "deprecated_in_favor_of": #""Formatting""#])])

    func check(_ file: SpecFile) -> [Finding] {
        guard let (other, member) = file.rootString("deprecated_in_favor_of"), let name = file.rootName,
            Spec.rootName(of: other) == name
        else { return [] }
        return [finding("a spec cannot be deprecated in favor of itself", at: member.keyLocation, in: file)]
    }
}

/// compose: deprecated attributes that have a replacement.
struct DeprecatedAttributeRule: LintRule {
    static let replacements: [String: String] = [
        "xcconfig":
            "`xcconfig` is deprecated; use `pod_target_xcconfig` (and `user_target_xcconfig` only for settings the app itself needs)."
    ]
    static let description = RuleDescription(
        identifier: "deprecated-attribute", severity: .note, origin: .compose,
        summary: "No deprecated attribute (`xcconfig`).",
        triggering: [.spec(["xcconfig": #"{ "OTHER_LDFLAGS": "-ObjC" }"#])],
        nonTriggering: [.valid, .spec(["pod_target_xcconfig": #"{ "OTHER_LDFLAGS": "-ObjC" }"#])])

    func check(_ file: SpecFile) -> [Finding] {
        Self.replacements.sorted { $0.key < $1.key }.flatMap { key, message in
            file.everyMember(key).map { finding(message, at: $0.member.keyLocation, in: file) }
        }
    }
}

/// CocoaPods: a test type is `unit` or `ui`.
struct TestTypeRule: LintRule {
    static let description = RuleDescription(
        identifier: "test-type", severity: .error, origin: .cocoapods,
        summary: "A test spec's `test_type` is `unit` or `ui`.",
        triggering: [
            .spec(["testspecs": #"[{ "name": "Tests", "test_type": "unknown", "source_files": "Tests/**/*.swift" }]"#])
        ],
        nonTriggering: [
            .valid,
            .spec(["testspecs": #"[{ "name": "Tests", "test_type": "unit", "source_files": "Tests/**/*.swift" }]"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        file.scopes.compactMap { scope in
            guard let member = scope.node.member("test_type"), let type = member.value.stringValue,
                type != "unit", type != "ui"
            else { return nil }
            return finding(
                "The test type `\(type)` is not supported. Supported test type values are [\"unit\", \"ui\"].",
                at: member.keyLocation, in: file)
        }
    }
}

private let appHostExample = RuleExample.spec([
    "testspecs":
        #"[{ "name": "Tests", "test_type": "unit", "source_files": "Tests/**/*.swift", "requires_app_host": true, "app_host_name": "Example/App", "dependencies": { "Example/App": [] } }]"#,
    "appspecs": #"[{ "name": "App", "source_files": "App/**/*.swift" }]"#,
])

/// CocoaPods: `app_host_name` needs `requires_app_host: true`.
struct AppHostRequiresFlagRule: LintRule {
    static let description = RuleDescription(
        identifier: "app-host-requires-flag", severity: .error, origin: .cocoapods,
        summary: "A test spec with `app_host_name` sets `requires_app_host` to true.",
        triggering: [
            .spec([
                "testspecs":
                    #"[{ "name": "Tests", "source_files": "Tests/**/*.swift", "app_host_name": "Example/App", "dependencies": { "Example/App": [] } }]"#,
                "appspecs": #"[{ "name": "App", "source_files": "App/**/*.swift" }]"#,
            ])
        ],
        nonTriggering: [.valid, appHostExample])

    func check(_ file: SpecFile) -> [Finding] {
        file.scopes.compactMap { scope in
            guard let member = scope.node.member("app_host_name"), scope.node["requires_app_host"]?.boolValue != true
            else { return nil }
            return finding(
                "`requires_app_host` must be set to `true` when `app_host_name` is specified.", at: member.keyLocation,
                in: file)
        }
    }
}

/// CocoaPods: the app host is a declared dependency.
struct AppHostDependencyRule: LintRule {
    static let description = RuleDescription(
        identifier: "app-host-dependency", severity: .error, origin: .cocoapods,
        summary: "A test spec depends on the app spec named by `app_host_name`.",
        triggering: [
            .spec([
                "testspecs":
                    #"[{ "name": "Tests", "source_files": "Tests/**/*.swift", "requires_app_host": true, "app_host_name": "Example/App" }]"#,
                "appspecs": #"[{ "name": "App", "source_files": "App/**/*.swift" }]"#,
            ])
        ],
        nonTriggering: [.valid, appHostExample])

    func check(_ file: SpecFile) -> [Finding] {
        file.scopes.compactMap { scope in
            guard let member = scope.node.member("app_host_name"), let host = member.value.stringValue else {
                return nil
            }
            let names = scope.members(named: "dependencies").flatMap { $0.value.members.map(\.key) }
            guard !names.contains(host) else { return nil }
            return finding(
                "The app host name (\(host)) specified by `\(scope.fullName)` could not be found. You must explicitly declare a dependency on that app spec.",
                at: member.keyLocation, in: file)
        }
    }
}

/// CocoaPods (analyzer): root-only attributes are not set in subspecs.
struct RootOnlyInSubspecRule: LintRule {
    static let description = RuleDescription(
        identifier: "root-only-attribute", severity: .error, origin: .cocoapods,
        summary: "Root-only attributes (version, summary, source, default_subspecs, …) are not set in subspecs.",
        triggering: [
            .spec(["subspecs": #"[{ "name": "Core", "source_files": "a.swift", "default_subspecs": "Spec" }]"#])
        ],
        nonTriggering: [
            .valid,
            .spec(["subspecs": #"[{ "name": "Core", "source_files": "a.swift", "platforms": { "ios": "14.0" } }]"#]),
        ])

    func check(_ file: SpecFile) -> [Finding] {
        file.scopes.filter { !$0.isRoot }.flatMap { scope in
            scope.node.members.filter { Attribute.byName[$0.key]?.rootOnly == true }.map {
                finding(
                    "Can't set `\($0.key)` attribute for subspecs (in `\(scope.fullName)`).", at: $0.keyLocation,
                    in: file)
            }
        }
    }
}

/// CocoaPods (analyzer): test-only attributes are only set in test specs.
struct TestOnlyAttributeRule: LintRule {
    static let description = RuleDescription(
        identifier: "test-only-attribute", severity: .error, origin: .cocoapods,
        summary: "`test_type`, `requires_app_host` and `app_host_name` appear only in test specs.",
        triggering: [.spec(["requires_app_host": "true"])])

    func check(_ file: SpecFile) -> [Finding] {
        file.scopes.filter { $0.kind != .test }.flatMap { scope in
            scope.node.members.filter { Attribute.byName[$0.key]?.testOnly == true }.map {
                finding(
                    "Attribute `\($0.key)` can only be set within test specs (in `\(scope.fullName)`).",
                    at: $0.keyLocation, in: file)
            }
        }
    }
}

/// compose: sibling subspecs have different names.
struct DuplicateSubspecRule: LintRule {
    static let description = RuleDescription(
        identifier: "duplicate-subspec", severity: .error, origin: .compose,
        summary: "No two nested specs of one spec share a name.",
        triggering: [
            .spec([
                "subspecs":
                    #"[{ "name": "Core", "source_files": "a.swift" }, { "name": "Core", "source_files": "b.swift" }]"#
            ])
        ])

    func check(_ file: SpecFile) -> [Finding] {
        var seen = Set<String>()
        return file.scopes.filter { !$0.isRoot }.compactMap { scope in
            guard !seen.insert(scope.fullName).inserted, let member = scope.node.member("name") else { return nil }
            return finding(
                "`\(scope.fullName)` is declared twice; give each subspec its own name.", at: member.keyLocation,
                in: file)
        }
    }
}
