import Foundation
import Specs

/// One podspec version as resolution reads it: the decoded `Spec` (platforms, dependencies per
/// platform, the subspec tree) and the checksum of the file's bytes for the lock. A class: a
/// resolve keeps thousands in a dictionary, and a `Spec` inline in each slot made every resize of
/// that dictionary move megabytes.
final class PodspecSummary: Sendable {
    let spec: Spec
    /// SHA-1 of the file's bytes as stored, for SPEC CHECKSUMS.
    let checksum: String

    init(spec: Spec, checksum: String) {
        self.spec = spec
        self.checksum = checksum
    }

    var name: String { spec.name }
    var version: Version { spec.version }

    /// Decodes the spec and checks every pod name it holds (its own, its subspecs', its
    /// dependencies' on every platform) with `SafeName`: a spec repo is written by anyone on the
    /// team, and these names reach the solver, Compose.lock and generated Swift.
    /// `format`: how to read the bytes when `path` does not say it (a podspec named by URL).
    static func parse(
        _ data: Data, path: String, checksum: String, format: PodspecFormat? = nil
    ) throws(ProjectError) -> PodspecSummary {
        let spec: Spec
        do {
            // Unless `format` says, `path` ends in the file's name: `.podspec` is read as Ruby,
            // anything else as JSON.
            let bytes = [UInt8](data)
            let node =
                switch format {
                case .ruby?: try PodspecReader.readRuby(bytes: bytes, label: path)
                case .json?: try PodspecReader.readJSON(bytes: bytes, label: path)
                case nil: try PodspecReader.read(bytes: bytes, path: path)
                }
            spec = try Spec(node: node, label: path)
        } catch {
            throw .invalidSpec(path: "\(path):\(error.location)", message: error.message)
        }
        return try checked(spec, path: path, checksum: checksum)
    }

    /// A decoded spec whose names pass `SafeName` (from a file, or from a spec repo's index).
    static func checked(_ spec: Spec, path: String, checksum: String) throws(ProjectError) -> PodspecSummary {
        try checkNames(in: spec, path: path)
        return PodspecSummary(spec: spec, checksum: checksum)
    }

    private static func checkNames(in spec: Spec, path: String) throws(ProjectError) {
        let dependencies = spec.declaredDependencies
        let names =
            [spec.name]
            + (dependencies.common
            + dependencies.perPlatform.keys.sorted().flatMap { dependencies.perPlatform[$0] ?? [] }).map(\.name)
        for name in names where !SafeName.isValidPodPath(name) {
            do {
                try SafeName.podPath(name)
            } catch {
                throw .unsafeName(error, in: path)
            }
        }
        for subspec in spec.subspecs { try checkNames(in: subspec, path: path) }
    }
}
