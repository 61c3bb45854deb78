import Specs

/// One spec object inside a file: the root spec, or a subspec, test spec or app spec at any depth.
public struct SpecScope: Sendable {
    public enum Kind: String, Sendable, Hashable {
        case root, subspec, test, app
    }

    public let node: JSONNode
    public let kind: Kind
    /// `Pay` for the root, `Pay/Core` for its subspec `Core`, `Pay/Core/Mock` deeper down.
    public let fullName: String
    /// The enclosing specs, outermost first (empty for the root).
    public let ancestors: [JSONNode]
    /// The platform blocks (`"ios": {...}`, …) written in this spec, in file order.
    let platformBlocks: [JSONNode]

    init(node: JSONNode, kind: Kind, fullName: String, ancestors: [JSONNode]) {
        self.node = node
        self.kind = kind
        self.fullName = fullName
        self.ancestors = ancestors
        self.platformBlocks = node.members.filter { PlatformNames.all.contains($0.key) && $0.value.isObject }.map(\.value)
    }

    public var isRoot: Bool { kind == .root }
    /// The name written in this spec object, if it is a string.
    public var shortName: String? { node["name"]?.stringValue }
}

/// A parsed podspec JSON file, ready for the rules: its path as the user gave it and every spec
/// object it holds (the root first, then nested specs depth-first).
public struct SpecFile: Sendable {
    public let path: String
    public let fileName: String
    public let root: JSONNode
    public let scopes: [SpecScope]

    /// `root` must be a JSON object (the driver reports anything else before rules run).
    public init(path: String, root: JSONNode) {
        self.path = path
        self.fileName = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        self.root = root
        var scopes: [SpecScope] = []
        let rootName = root["name"]?.stringValue ?? "(unnamed)"
        SpecFile.collect(root, kind: .root, fullName: rootName, ancestors: [], into: &scopes)
        self.scopes = scopes
    }

    public var rootName: String? { root["name"]?.stringValue }
    public var versionString: String? { root["version"]?.stringValue }

    /// The keys under which nested specs live, and what they are.
    static let nestedSpecKeys: [(key: String, kind: SpecScope.Kind)] = [
        ("subspecs", .subspec), ("testspecs", .test), ("appspecs", .app),
    ]

    private static func collect(
        _ node: JSONNode, kind: SpecScope.Kind, fullName: String, ancestors: [JSONNode], into scopes: inout [SpecScope]
    ) {
        scopes.append(SpecScope(node: node, kind: kind, fullName: fullName, ancestors: ancestors))
        // Nested specs deeper than this are refused by the parser's depth limit anyway.
        guard ancestors.count < 32 else { return }
        for (key, childKind) in nestedSpecKeys {
            guard let children = node[key]?.arrayValue else { continue }
            for child in children where child.isObject {
                let name = child["name"]?.stringValue ?? "(unnamed)"
                // A `test_type` key makes a subspec a test spec (CocoaPods 1.3 files).
                let effective: SpecScope.Kind = childKind == .subspec && child["test_type"] != nil ? .test : childKind
                collect(
                    child, kind: effective, fullName: fullName + "/" + name, ancestors: ancestors + [node],
                    into: &scopes)
            }
        }
    }
}

extension JSONNode {
    /// Strings of a value that may be a string or an array of strings (non-strings are skipped:
    /// the type rule reports them).
    var stringList: [(value: String, location: SourceLocation)] {
        switch value {
        case .string(let s): return [(s, location)]
        case .array(let elements): return elements.compactMap { e in e.stringValue.map { ($0, e.location) } }
        default: return []
        }
    }

    /// Whether this value holds something: a non-empty string, array or object, or any bool/number.
    var isPresent: Bool {
        switch value {
        case .null: return false
        case .string(let s): return !s.isEmpty
        case .array(let a): return !a.isEmpty
        case .object(let m): return !m.isEmpty
        case .bool, .number: return true
        }
    }
}

extension SpecScope {
    /// `node[key]` and the same key inside every platform block of this spec, with the member.
    func members(named key: String) -> [JSONNode.Member] {
        var found: [JSONNode.Member] = []
        if let member = node.member(key) { found.append(member) }
        for block in platformBlocks {
            if let member = block.member(key) { found.append(member) }
        }
        return found
    }
}

/// The platform names of podspecs.
enum PlatformNames {
    static let all = ["ios", "osx", "tvos", "visionos", "watchos"]
}

extension SpecFile {
    /// Every member named `key` in every spec of the file and in their platform blocks.
    func everyMember(_ key: String) -> [(scope: SpecScope, member: JSONNode.Member)] {
        scopes.flatMap { scope in scope.members(named: key).map { (scope, $0) } }
    }

    /// The root's member named `key` when its value is a string.
    func rootString(_ key: String) -> (value: String, member: JSONNode.Member)? {
        guard let member = root.member(key), let value = member.value.stringValue else { return nil }
        return (value, member)
    }
}

/// The root name of a dependency or spec name: `Pay` for `Pay/Core`.
func rootName(of name: String) -> String {
    String(name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
}
