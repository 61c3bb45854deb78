import Foundation
import Specs

/// One podspec version as resolution reads it: the decoded `Spec` (platforms, dependencies per
/// platform, the subspec tree) and the checksum of the file's bytes for the lock.
struct PodspecSummary: Sendable {
    let spec: Spec
    /// SHA-1 of the file's bytes as stored, for SPEC CHECKSUMS.
    let checksum: String

    var name: String { spec.name }
    var version: Version { spec.version }

    static func parse(_ data: Data, path: String, checksum: String) throws(ProjectError) -> PodspecSummary {
        do {
            return PodspecSummary(spec: try Spec(json: data, label: path), checksum: checksum)
        } catch {
            throw .invalidSpec(path: "\(path):\(error.location)", message: error.message)
        }
    }
}
