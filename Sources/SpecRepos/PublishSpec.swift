import Foundation
import Specs

/// What publish needs of a podspec: its name, version, git tag and its canonical bytes.
struct PublishSpec {
    let name: String
    let version: String
    let tag: String?
    let gitURL: String?
    /// The bytes written to the spec repo (canonical JSON: stable key order, 2-space indent).
    let canonical: Data

    // TODO: read through the Spec model and encode with its canonical encoder once they land in Specs.
    static func load(_ url: URL) throws(SpecRepoError) -> PublishSpec {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableSpec(path: url.path, message: "cannot read: \(error.localizedDescription)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .unreadableSpec(path: url.path, message: "is not a JSON object")
        }
        guard let name = object["name"] as? String, !name.isEmpty else {
            throw .unreadableSpec(path: url.path, message: "\"name\" is missing or not a string")
        }
        guard let version = object["version"] as? String, (try? Version(version)) != nil else {
            throw .unreadableSpec(path: url.path, message: "\"version\" is missing or not a version")
        }
        let source = object["source"] as? [String: Any]
        let canonical: Data
        do {
            canonical = try JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) + Data("\n".utf8)
        } catch {
            throw .unreadableSpec(path: url.path, message: "cannot encode: \(error.localizedDescription)")
        }
        return PublishSpec(
            name: name, version: version, tag: source?["tag"] as? String, gitURL: source?["git"] as? String,
            canonical: canonical)
    }
}
