import Foundation
import Specs

/// What install reads of a spec: source, platforms, prebuilt artifact.
struct InstallSpec {
    let gitURL: String?
    let tag: String?
    let commit: String?
    /// Platforms with a deployment target (`ios` → `15.0`; `macos` read as `osx`).
    let platforms: [String: String]
    let prebuilt: PrebuiltArtifact?

    /// Nil when the bytes are not a podspec compose can read.
    init?(json: Data) {
        guard let spec = try? Spec(json: json, label: "podspec") else { return nil }
        let git = spec.source?.git
        gitURL = git?.url
        tag = git?.tag
        commit = git?.commit
        var platforms: [String: String] = [:]
        for platform in spec.declaredPlatforms ?? [] {
            if let minimum = platform.minimum { platforms[platform.name] = minimum.string }
        }
        self.platforms = platforms
        prebuilt = spec.prebuilt
    }
}
