import Foundation
import Specs

/// What publish needs of a podspec: its name, version, git tag and its canonical bytes.
struct PublishSpec {
    let name: String
    let version: String
    let tag: String?
    let gitURL: String?
    /// The bytes written to the spec repo: the Specs module's canonical JSON (stable key order,
    /// 2-space indent, final newline). Unknown keys are kept.
    let canonical: Data

    static func load(_ url: URL) throws(SpecRepoError) -> PublishSpec {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: url))
        } catch {
            throw .unreadableSpec(path: url.path, message: "cannot read: \(error.localizedDescription)")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .unreadableSpec(path: url.path, message: error.description)
        }
        guard root.isObject else { throw .unreadableSpec(path: url.path, message: "is not a JSON object") }
        guard let name = root["name"]?.stringValue, !name.isEmpty else {
            throw .unreadableSpec(path: url.path, message: "\"name\" is missing or not a string")
        }
        guard let version = root["version"]?.stringValue, (try? Version(version)) != nil else {
            throw .unreadableSpec(path: url.path, message: "\"version\" is missing or not a version")
        }
        let source = root["source"]
        return PublishSpec(
            name: name, version: version, tag: source?["tag"]?.stringValue, gitURL: source?["git"]?.stringValue,
            canonical: Data(root.serialized(order: .canonical).utf8))
    }
}
