import Foundation
import Lint
import SpecRepos
import Specs

/// What publish needs of a podspec, a view of the Specs model: its name, version, git tag and URL,
/// and its canonical bytes.
struct PublishSpec {
    let spec: Spec

    var name: String { spec.name }
    /// As written (without surrounding spaces): the version folder's name.
    var version: String { spec.version.description }
    /// `source.tag`, of a git source or of any other kind.
    var tag: String? {
        switch spec.source {
        case .git(let git): git.tag
        case .other(let keys): keys["tag"]
        case nil: nil
        }
    }
    var gitURL: String? { spec.source?.git?.url }
    /// The bytes written to the spec repo: the Specs module's canonical JSON (stable key order,
    /// 2-space indent, final newline). Unknown keys are kept.
    let canonical: Data

    init(spec: Spec) {
        self.spec = spec
        self.canonical = Data(spec.json.serialized(order: .canonical).utf8)
    }

    static func load(_ url: URL) throws(PublishError) -> PublishSpec {
        try load(read(url), from: url)
    }

    /// The bytes of the spec file at `url`, read as lint reads a spec (a regular file, no link
    /// followed, at most `Linter.maximumFileSize` bytes).
    static func read(_ url: URL) throws(PublishError) -> Data {
        do {
            return Data(try Linter.readSpecFile(atPath: url.path))
        } catch {
            throw .repo(.unreadableSpec(path: url.path, message: "cannot read: \(error.reason)"))
        }
    }

    /// The spec in `bytes`, read from `url` (a JSON or a Ruby podspec).
    static func load(_ bytes: Data, from url: URL) throws(PublishError) -> PublishSpec {
        do {
            // A Ruby `Name.podspec` is read without Ruby; the spec repo gets its canonical JSON.
            let node = try PodspecReader.read(
                bytes: [UInt8](bytes), path: url.path, directory: url.deletingLastPathComponent().path)
            return PublishSpec(spec: try Spec(node: node, label: url.path))
        } catch {
            throw .repo(.unreadableSpec(path: url.path, message: "\(error.location): \(error.message)"))
        }
    }
}
