import Ruby

/// An object of JSON members built in place as CocoaPods builds its `attributes_hash`: setting an
/// existing key replaces its value where it stands; a new key goes last.
struct RubyOrderedObject: Sendable {
    indirect enum Slot: Sendable {
        case node(JSONNode)
        case object(RubyOrderedObject, SourceLocation)
    }

    private(set) var keys: [String] = []
    private var keyLocations: [SourceLocation] = []
    private var slots: [Slot] = []
    /// Where each key is, once there are more than `scanned` keys; fewer are found by a scan of `keys`,
    /// which costs less than hashing (most objects hold a few keys).
    private var index: [String: Int] = [:]
    private static let scanned = 16

    init() {}

    /// An object from a JSON object node (later duplicates win in the first one's place, as in Ruby).
    init(_ node: JSONNode) {
        for member in node.members { set(member.key, at: member.keyLocation, .node(member.value)) }
    }

    subscript(key: String) -> Slot? {
        position(key).map { slots[$0] }
    }

    private func position(_ key: String) -> Int? {
        keys.count <= RubyOrderedObject.scanned ? keys.firstIndex(of: key) : index[key]
    }

    mutating func set(_ key: String, at location: SourceLocation, _ slot: Slot) {
        if let i = position(key) {
            slots[i] = slot
        } else {
            if keys.isEmpty {
                // One allocation per array for the usual object, not one per doubling.
                keys.reserveCapacity(8)
                keyLocations.reserveCapacity(8)
                slots.reserveCapacity(8)
            }
            keys.append(key)
            keyLocations.append(location)
            slots.append(slot)
            if keys.count > RubyOrderedObject.scanned {
                if index.isEmpty {
                    for (j, k) in keys.enumerated() { index[k] = j }
                } else {
                    index[key] = keys.count - 1
                }
            }
        }
    }

    mutating func remove(_ key: String) {
        guard let i = position(key) else { return }
        keys.remove(at: i)
        keyLocations.remove(at: i)
        slots.remove(at: i)
        index = [:]
        if keys.count > RubyOrderedObject.scanned {
            for (j, k) in keys.enumerated() { index[k] = j }
        }
    }

    func node(at location: SourceLocation) -> JSONNode {
        var members: [JSONNode.Member] = []
        members.reserveCapacity(keys.count)
        for (i, key) in keys.enumerated() {
            let value: JSONNode
            switch slots[i] {
            case .node(let node): value = node
            case .object(let object, let at): value = object.node(at: at)
            }
            members.append(JSONNode.Member(key: key, keyLocation: keyLocations[i], value: value))
        }
        return JSONNode(.object(members), at: location)
    }

    /// The value of `key` as a JSON node (nil when absent).
    func value(_ key: String) -> JSONNode? {
        guard let i = position(key) else { return nil }
        switch slots[i] {
        case .node(let node): return node
        case .object(let object, let at): return object.node(at: at)
        }
    }
}

/// One `Pod::Specification` being evaluated.
struct RubySpecState: Sendable {
    enum Kind: Sendable { case library, test, app }

    var attributes = RubyOrderedObject()
    let parent: Int?
    let kind: Kind
    var children: [Int] = []
    let location: SourceLocation

    var baseName: String? { attributes.value("name")?.stringValue }
}

/// The attributes of the podspec DSL (cocoapods-core 1.17.0, `specification/dsl.rb`): the writers a
/// spec has, their singular aliases, and which may be set per platform.
enum RubyPodspecAttributes {
    /// Attributes set only on the root (`root_attribute`), plus `name`, `platforms` and `test_type`:
    /// none of these may be set through `s.ios.…`.
    static let notPerPlatform: Set<String> = [
        "name", "version", "swift_versions", "cocoapods_version", "authors", "social_media_url", "license",
        "homepage", "readme", "changelog", "source", "summary", "description", "screenshots", "documentation_url",
        "prepare_command", "static_framework", "deprecated", "deprecated_in_favor_of", "platforms",
        "module_name", "test_type", "default_subspecs",
    ]

    static let all: Set<String> = notPerPlatform.union([
        "dependencies", "info_plist", "requires_arc", "frameworks", "weak_frameworks", "libraries", "compiler_flags",
        "pod_target_xcconfig", "user_target_xcconfig", "prefix_header_contents", "prefix_header_file", "header_dir",
        "header_mappings_dir", "script_phases", "source_files", "public_header_files", "project_header_files",
        "private_header_files", "vendored_frameworks", "vendored_libraries", "on_demand_resources", "resource_bundles",
        "resources", "exclude_files", "preserve_paths", "module_map", "requires_app_host", "app_host_name", "scheme",
        "xcconfig",
    ])

    /// Singular writers (`s.author =`) and the attribute they set (`singularize: true` in the DSL).
    static let singular: [String: String] = [
        "swift_version": "swift_versions", "author": "authors", "screenshot": "screenshots",
        "framework": "frameworks", "weak_framework": "weak_frameworks", "library": "libraries",
        "compiler_flag": "compiler_flags", "script_phase": "script_phases", "vendored_framework": "vendored_frameworks",
        "vendored_library": "vendored_libraries", "on_demand_resource": "on_demand_resources",
        "resource_bundle": "resource_bundles", "resource": "resources", "preserve_path": "preserve_paths",
        "default_subspec": "default_subspecs",
    ]

    /// The attribute a writer name sets, or nil when the spec has no such writer.
    static func attribute(forWriter name: String) -> String? {
        if all.contains(name) { return name }
        return singular[name]
    }

    /// Root attributes whose reader gives the stored value back (`s.homepage + '.git'`).
    static let readable: Set<String> = [
        "homepage", "summary", "description", "social_media_url", "documentation_url", "readme", "changelog",
        "prepare_command", "deprecated_in_favor_of", "source", "license", "static_framework", "deprecated",
    ]

    /// `PLATFORMS` in the DSL, in its order: the platforms of a root that names none.
    static let platforms = ["osx", "ios", "tvos", "visionos", "watchos"]

    /// The platform proxies a spec has (`s.macos` is `s.osx`).
    static func proxyPlatform(_ name: String) -> String? {
        switch name {
        case "ios", "osx", "tvos", "visionos", "watchos": name
        case "macos": "osx"
        default: nil
        }
    }
}
