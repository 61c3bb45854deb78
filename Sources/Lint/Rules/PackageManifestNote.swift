import Foundation
import Specs

/// The quick lint's word about a component folder without a Package.swift. Unlike the spec rules it
/// looks at the folder beside the spec, so `LintDriver` runs it on the files it was given (not on specs
/// read from a spec repo, whose folders never hold a package). The full lint and `compose install`
/// build such a component with a manifest generated from the podspec (docs/spec-package.md).
package enum PackageManifestNote {
    package static let ruleID = RuleCatalog.Package.manifestMissing

    /// A note when the spec's folder is a component's (not `Name/version/` in a spec repo) and has no Package.swift.
    static func check(_ file: (url: URL, display: String)) -> Finding? {
        let folder = file.url.deletingLastPathComponent()
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return nil }
        // `Name/1.2.0/Name.podspec.json` (or a Ruby `Name.podspec`): a spec repo's entry, whose component
        // lives elsewhere.
        let fileName = file.url.lastPathComponent
        let name = PodspecFormat.podName(ofFile: fileName) ?? fileName
        if Version.isValid(folder.lastPathComponent), folder.deletingLastPathComponent().lastPathComponent == name {
            return nil
        }
        return Finding(
            severity: .note, ruleID: ruleID,
            message:
                "There is no Package.swift beside the spec: `compose install` will build the component with one it generates from the podspec each time. Run `compose spec package` here to write it once, review it and commit it.",
            file: file.display, line: 1, column: 1)
    }
}
