import Foundation
import Specs

/// `compose lint`: paths → spec files → findings → a report. The command only prints it.
package enum LintDriver {
    /// Resolves every path (a `.podspec.json` file, or a folder holding exactly one) to a file,
    /// shown as the user wrote it. Throws for the first path that leads to no single spec.
    package static func specFiles(for paths: [String], currentDirectory: URL) throws(LintError) -> [(
        url: URL, display: String
    )] {
        let fileManager = FileManager.default
        return try paths.map { path throws(LintError) in
            let url = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw .notFound(path: path)
            }
            guard isDirectory.boolValue else { return (url, path) }
            let entries: [String]
            do {
                entries = try fileManager.contentsOfDirectory(atPath: url.path)
            } catch {
                throw .unreadableFolder(path: path, reason: Linter.reason(error))
            }
            let specs = Self.podspecFiles(in: entries)
            guard let only = specs.first else { throw .noSpecInFolder(path: path) }
            guard specs.count == 1 else { throw .severalSpecsInFolder(path: path, files: specs) }
            let display = path == "." ? only : (path.hasSuffix("/") ? path : path + "/") + only
            return (url.appendingPathComponent(only), display)
        }
    }

    /// The podspec files among a folder's entries: `Name.podspec.json` and `Name.podspec`, the JSON
    /// one only when a folder holds both for one name (it wins, as in a spec repo).
    package static func podspecFiles(in entries: [String]) -> [String] {
        let json = entries.filter { PodspecFormat.of(path: $0) == .json }
        let ruby = entries.filter { entry in
            guard PodspecFormat.of(path: entry) == .ruby, let name = PodspecFormat.podName(ofFile: entry) else {
                return false
            }
            return !json.contains(PodspecFormat.json.fileName(for: name))
        }
        return (json + ruby).sorted()
    }

    /// Lints every path with the spec rules (the quick lint). The report keeps each file's parsed
    /// tree (`LintReport.specs`) for the full lint's build check.
    package static func run(paths: [String], currentDirectory: URL, linter: Linter = Linter()) throws(LintError)
        -> LintReport
    {
        let start = Date()
        let files = try specFiles(for: paths, currentDirectory: currentDirectory)
        let results = files.map { linter.lint(fileAt: $0.url, path: $0.display) }
        return LintReport(
            command: .lint, findings: results.flatMap(\.findings) + files.compactMap(PackageManifestNote.check),
            fileCount: files.count,
            specs: zip(files, results).map { LintedSpec(url: $0.url, display: $0.display, tree: $1.tree) },
            seconds: Date().timeIntervalSince(start))
    }
}

/// A spec file `compose lint` read: where it is, how findings name it, and its parsed top-level
/// object (nil when it could not be read as one), so that the build check does not read it again.
package struct LintedSpec: Sendable {
    package let url: URL
    package let display: String
    package let tree: JSONNode?

    package init(url: URL, display: String, tree: JSONNode?) {
        self.url = url
        self.display = display
        self.tree = tree
    }
}
