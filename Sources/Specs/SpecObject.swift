/// One spec object of a podspec's JSON tree as written: the root, or a subspec, test spec or app
/// spec at any depth. Nothing in it is checked, so it is the view for readers that go on where
/// `Spec(json:label:)` refuses a file (lint reports those problems as findings). `Spec` is decoded
/// from the same tree with the same nesting (`Spec.Kind.nestedKeys`, `Spec.Kind.of(_:listedAs:)`).
package struct SpecObject: Sendable {
    package typealias Kind = Spec.Kind

    package let node: JSONNode
    package let kind: Kind
    /// `Pay` for the root, `Pay/Core` for its subspec `Core`, `Pay/Core/Mock` deeper down; a name
    /// that is not a string reads `(unnamed)`.
    package let fullName: String
    /// The enclosing spec objects, outermost first (empty for the root).
    package let ancestors: [JSONNode]
    /// The platform blocks (`"ios": {...}`, …, named as in `Platform.names`) written in this spec
    /// object, in file order.
    package let platformBlocks: [JSONNode]

    init(node: JSONNode, kind: Kind, fullName: String, ancestors: [JSONNode]) {
        self.node = node
        self.kind = kind
        self.fullName = fullName
        self.ancestors = ancestors
        self.platformBlocks = node.members.filter { Platform.names.contains($0.key) && $0.value.isObject }.map(\.value)
    }

    package var isRoot: Bool { kind == .root }
    /// The name written in this spec object, if it is a string.
    package var shortName: String? { node["name"]?.stringValue }

    /// The member `key` of this spec object, then the same key in each of its platform blocks.
    package func members(named key: String) -> [JSONNode.Member] {
        var result: [JSONNode.Member] = []
        if let own = node.member(key) { result.append(own) }
        for block in platformBlocks {
            if let member = block.member(key) { result.append(member) }
        }
        return result
    }

    /// Every spec object of `root` (a podspec's top-level object): the root first, then the
    /// nested ones depth-first in file order. Nested values that are not objects are skipped.
    package static func all(in root: JSONNode) -> [SpecObject] {
        var objects: [SpecObject] = []
        collect(root, kind: .root, fullName: root["name"]?.stringValue ?? "(unnamed)", ancestors: [], into: &objects)
        return objects
    }

    private static func collect(
        _ node: JSONNode, kind: Kind, fullName: String, ancestors: [JSONNode], into objects: inout [SpecObject]
    ) {
        objects.append(SpecObject(node: node, kind: kind, fullName: fullName, ancestors: ancestors))
        // Nested specs deeper than this are refused by the parser's depth limit anyway.
        guard ancestors.count < 32 else { return }
        for (key, listedAs) in Kind.nestedKeys {
            for child in node[key]?.arrayValue ?? [] where child.isObject {
                let name = child["name"]?.stringValue ?? "(unnamed)"
                collect(
                    child, kind: Kind.of(child, listedAs: listedAs), fullName: Spec.fullName(of: name, in: fullName),
                    ancestors: ancestors + [node], into: &objects)
            }
        }
    }
}

extension Spec.Kind {
    /// The keys under which a spec object lists nested specs, and what it lists there.
    package static let nestedKeys: [(key: String, kind: Spec.Kind)] = [
        ("subspecs", .subspec), ("testspecs", .test), ("appspecs", .app),
    ]

    /// The kind of `child`, listed under the key of `listed`: a `test_type` key makes a subspec a
    /// test spec (files written by CocoaPods 1.3).
    package static func of(_ child: JSONNode, listedAs listed: Spec.Kind) -> Spec.Kind {
        listed == .subspec && child["test_type"] != nil ? .test : listed
    }
}
