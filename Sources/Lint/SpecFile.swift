import Specs

/// One spec object inside a file, as the rules see it: the Specs module's `SpecObject` (the root
/// spec, or a subspec, test spec or app spec at any depth, with its platform blocks).
package typealias SpecScope = SpecObject

/// A parsed podspec JSON file, ready for the rules: its path as the user gave it and every spec
/// object it holds (the root first, then nested specs depth-first).
package struct SpecFile: Sendable {
    package let path: String
    package let fileName: String
    package let root: JSONNode
    package let scopes: [SpecScope]

    /// `root` must be a JSON object (the driver reports anything else before rules run).
    package init(path: String, root: JSONNode) {
        self.path = path
        self.fileName = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        self.root = root
        self.scopes = SpecObject.all(in: root)
    }

    package var rootName: String? { root["name"]?.stringValue }
    package var versionString: String? { root["version"]?.stringValue }

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
