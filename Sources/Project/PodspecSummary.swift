import Foundation
import Specs

/// What resolution needs from one podspec version: platforms, dependencies per platform, and the
/// subspec tree. Built from the spec file's bytes, which are kept for the lock's checksum.
struct PodspecSummary: Sendable {
    struct Node: Sendable {
        /// `Root` or `Root/Sub/Leaf`.
        let name: String
        /// Declared platforms (name → minimum, nil minimum = any version); nil when not declared.
        let platforms: [String: Version?]?
        /// Dependencies for every platform, in file order.
        let dependencies: [(name: String, requirements: RequirementSet)]
        /// Extra dependencies inside `"ios": { "dependencies": … }` blocks, by platform.
        let platformDependencies: [String: [(name: String, requirements: RequirementSet)]]
        let subspecs: [Node]

        /// Dependencies that apply on `platforms`: the common ones, then each platform block's.
        func dependencies(on platforms: [String]) -> [(name: String, requirements: RequirementSet)] {
            var result = dependencies
            for platform in platforms { result += platformDependencies[platform] ?? [] }
            return result
        }

        func find(_ path: ArraySlice<Substring>) -> Node? {
            guard let first = path.first else { return self }
            guard let child = subspecs.first(where: { $0.name.split(separator: "/").last == first }) else { return nil }
            return child.find(path.dropFirst())
        }
    }

    let name: String
    let version: Version
    let root: Node
    /// `default_subspecs`: nil when absent (meaning every library subspec); empty for `"none"`.
    let defaultSubspecs: [String]?
    /// The file's bytes as stored, for SPEC CHECKSUMS.
    let checksum: String

    /// The node for `Root` or `Root/Sub…`; nil when this version has no such subspec.
    func node(named fullName: String) -> Node? {
        let parts = fullName.split(separator: "/")
        guard parts.first.map(String.init) == name else { return nil }
        return root.find(parts.dropFirst())
    }

    /// The nodes a node's ancestors are (root first), so inherited dependencies can be added.
    func ancestors(of fullName: String) -> [Node] {
        let parts = fullName.split(separator: "/")
        var result: [Node] = []
        var node = root
        for part in parts.dropFirst().dropLast() {
            result.append(node)
            guard let child = node.subspecs.first(where: { $0.name.split(separator: "/").last == part }) else { break }
            node = child
        }
        if parts.count > 1 { result.append(node) }
        return result
    }

    static func parse(_ data: Data, path: String, checksum: String) throws(ProjectError) -> PodspecSummary {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidSpec(path: path, message: "not JSON")
        }
        guard let json = object as? [String: Any] else { throw .invalidSpec(path: path, message: "the top level is not an object") }
        guard let name = json["name"] as? String, !name.isEmpty else {
            throw .invalidSpec(path: path, message: "'name' is missing or not a string")
        }
        guard let versionText = json["version"] as? String, let version = try? Version(versionText) else {
            throw .invalidSpec(path: path, message: "'version' is missing or not a version")
        }
        var defaults: [String]? = nil
        switch json["default_subspecs"] ?? json["default_subspec"] {
        case let s as String: defaults = s == "none" ? [] : [s]
        case let list as [String]: defaults = list
        case nil: defaults = nil
        default: throw .invalidSpec(path: path, message: "'default_subspecs' is neither a string nor a list")
        }
        let root = try node(json, fullName: name, path: path)
        return PodspecSummary(name: name, version: version, root: root, defaultSubspecs: defaults, checksum: checksum)
    }

    private static func node(_ json: [String: Any], fullName: String, path: String) throws(ProjectError) -> Node {
        var platforms: [String: Version?]? = nil
        if let declared = json["platforms"] {
            guard let map = declared as? [String: Any] else {
                throw .invalidSpec(path: path, message: "'platforms' of \(fullName) is not an object")
            }
            var result: [String: Version?] = [:]
            for (platform, minimum) in map {
                let key = platform == "macos" ? "osx" : platform
                switch minimum {
                case let text as String:
                    guard let version = try? Version(text) else {
                        throw .invalidSpec(path: path, message: "the \(platform) deployment target '\(text)' is not a version")
                    }
                    result[key] = .some(version)
                case is NSNull: result[key] = .some(nil)
                default: throw .invalidSpec(path: path, message: "the \(platform) deployment target is not a string")
                }
            }
            platforms = result
        }
        let dependencies = try parseDependencies(json["dependencies"], owner: fullName, path: path)
        var perPlatform: [String: [(name: String, requirements: RequirementSet)]] = [:]
        for platform in ["ios", "osx", "macos", "tvos", "watchos", "visionos"] {
            guard let block = json[platform] as? [String: Any], block["dependencies"] != nil else { continue }
            perPlatform[platform == "macos" ? "osx" : platform, default: []] += try parseDependencies(
                block["dependencies"], owner: "\(fullName) (\(platform))", path: path)
        }
        var children: [Node] = []
        if let subspecs = json["subspecs"] {
            guard let list = subspecs as? [[String: Any]] else {
                throw .invalidSpec(path: path, message: "'subspecs' of \(fullName) is not a list of objects")
            }
            for sub in list {
                guard let subName = sub["name"] as? String, !subName.isEmpty, !subName.contains("/") else {
                    throw .invalidSpec(path: path, message: "a subspec of \(fullName) has no valid 'name'")
                }
                children.append(try node(sub, fullName: "\(fullName)/\(subName)", path: path))
            }
        }
        return Node(name: fullName, platforms: platforms, dependencies: dependencies, platformDependencies: perPlatform, subspecs: children)
    }

    private static func parseDependencies(_ value: Any?, owner: String, path: String) throws(ProjectError) -> [(name: String, requirements: RequirementSet)] {
        guard let value else { return [] }
        guard let map = value as? [String: Any] else {
            throw .invalidSpec(path: path, message: "'dependencies' of \(owner) is not an object")
        }
        var result: [(name: String, requirements: RequirementSet)] = []
        for name in map.keys.sorted() {
            let strings: [String]
            switch map[name] {
            case let s as String: strings = [s]
            case let list as [String]: strings = list
            case is NSNull: strings = []
            default: throw .invalidSpec(path: path, message: "the requirements of \(name) in \(owner) are not strings")
            }
            do {
                result.append((name, try RequirementSet(parsing: strings)))
            } catch {
                throw .invalidSpec(path: path, message: "\(owner) → \(name): \(error.description)")
            }
        }
        return result
    }
}
