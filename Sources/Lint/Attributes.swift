import Specs

/// A JSON type an attribute accepts.
enum JSONType: String, Sendable {
    case string = "String"
    case array = "Array"
    case object = "Object"
    case bool = "Boolean"

    func matches(_ node: JSONNode) -> Bool {
        switch (self, node.value) {
        case (.string, .string), (.array, .array), (.object, .object), (.bool, .bool): true
        default: false
        }
    }
}

/// A podspec attribute as cocoapods-core's DSL declares it (shared reference §1.2).
struct Attribute: Sendable {
    let name: String
    let types: [JSONType]
    /// Only on the root spec.
    var rootOnly = false
    /// May also appear inside a platform block (`"ios": {...}`).
    var multiPlatform = false
    /// Only in test specs.
    var testOnly = false
    /// Holds file patterns (globs relative to the component's root).
    var filePatterns = false

    static let all: [Attribute] = [
        Attribute(name: "name", types: [.string]),
        Attribute(name: "version", types: [.string], rootOnly: true),
        Attribute(name: "summary", types: [.string], rootOnly: true),
        Attribute(name: "description", types: [.string], rootOnly: true),
        Attribute(name: "homepage", types: [.string], rootOnly: true),
        Attribute(name: "license", types: [.string, .object], rootOnly: true),
        Attribute(name: "authors", types: [.string, .array, .object], rootOnly: true),
        Attribute(name: "source", types: [.object], rootOnly: true),
        Attribute(name: "platforms", types: [.object]),
        Attribute(name: "swift_versions", types: [.string, .array], rootOnly: true),
        Attribute(name: "swift_version", types: [.string], rootOnly: true),
        Attribute(name: "cocoapods_version", types: [.string], rootOnly: true),
        Attribute(name: "social_media_url", types: [.string], rootOnly: true),
        Attribute(name: "documentation_url", types: [.string], rootOnly: true),
        Attribute(name: "readme", types: [.string], rootOnly: true),
        Attribute(name: "changelog", types: [.string], rootOnly: true),
        Attribute(name: "screenshots", types: [.string, .array], rootOnly: true),
        Attribute(name: "prepare_command", types: [.string], rootOnly: true),
        Attribute(name: "static_framework", types: [.bool], rootOnly: true),
        Attribute(name: "deprecated", types: [.bool], rootOnly: true),
        Attribute(name: "deprecated_in_favor_of", types: [.string], rootOnly: true),
        Attribute(name: "module_name", types: [.string], rootOnly: true),
        Attribute(name: "module_map", types: [.bool, .string], rootOnly: true, multiPlatform: true),
        Attribute(name: "default_subspecs", types: [.string, .array], rootOnly: true),
        Attribute(name: "dependencies", types: [.object], multiPlatform: true),
        Attribute(name: "frameworks", types: [.string, .array], multiPlatform: true),
        Attribute(name: "weak_frameworks", types: [.string, .array], multiPlatform: true),
        Attribute(name: "libraries", types: [.string, .array], multiPlatform: true),
        Attribute(name: "compiler_flags", types: [.string, .array], multiPlatform: true),
        Attribute(name: "pod_target_xcconfig", types: [.object], multiPlatform: true),
        Attribute(name: "user_target_xcconfig", types: [.object], multiPlatform: true),
        Attribute(name: "xcconfig", types: [.object], multiPlatform: true),
        Attribute(name: "requires_arc", types: [.bool, .string, .array], multiPlatform: true),
        Attribute(name: "prefix_header_contents", types: [.string, .array], multiPlatform: true),
        Attribute(name: "prefix_header_file", types: [.bool, .string], multiPlatform: true),
        Attribute(name: "header_dir", types: [.string], multiPlatform: true),
        Attribute(name: "header_mappings_dir", types: [.string], multiPlatform: true),
        Attribute(name: "source_files", types: [.string, .array], multiPlatform: true, filePatterns: true),
        Attribute(name: "public_header_files", types: [.string, .array], multiPlatform: true, filePatterns: true),
        Attribute(name: "private_header_files", types: [.string, .array], multiPlatform: true, filePatterns: true),
        Attribute(name: "project_header_files", types: [.string, .array], multiPlatform: true, filePatterns: true),
        Attribute(name: "exclude_files", types: [.string, .array], multiPlatform: true, filePatterns: true),
        Attribute(name: "preserve_paths", types: [.string, .array], multiPlatform: true, filePatterns: true),
        Attribute(name: "resources", types: [.string, .array], multiPlatform: true, filePatterns: true),
        Attribute(name: "vendored_frameworks", types: [.string, .array], multiPlatform: true, filePatterns: true),
        Attribute(name: "vendored_libraries", types: [.string, .array], multiPlatform: true, filePatterns: true),
        Attribute(name: "resource_bundles", types: [.object], multiPlatform: true, filePatterns: true),
        Attribute(name: "on_demand_resources", types: [.object], multiPlatform: true, filePatterns: true),
        Attribute(name: "script_phases", types: [.object, .array], multiPlatform: true),
        Attribute(name: "info_plist", types: [.object], multiPlatform: true),
        Attribute(name: "scheme", types: [.object], multiPlatform: true),
        Attribute(name: "test_type", types: [.string], testOnly: true),
        Attribute(name: "requires_app_host", types: [.bool], testOnly: true),
        Attribute(name: "app_host_name", types: [.string], testOnly: true),
        Attribute(name: "subspecs", types: [.array]),
        Attribute(name: "testspecs", types: [.array]),
        Attribute(name: "appspecs", types: [.array]),
        Attribute(name: "configuration_pod_whitelist", types: [.object]),
        Attribute(name: "pushed_with_swift_version", types: [.string], rootOnly: true),
        // compose's binary components (docs/binary-components.md).
        Attribute(name: "prebuilt", types: [.object], rootOnly: true),
    ]

    static let byName: [String: Attribute] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}
