import Foundation
import Specs

/// `compose lint`: paths → spec files → findings → a report. The command only prints it.
public enum LintDriver {
    /// The remark printed while the full (building) lint does not exist.
    public static let buildNotRunRemark =
        "The build check (fetching the component at its tag and building it) is not run by this version of compose; only the spec was checked. Pass --quick to check only the spec without this note."

    /// Resolves every path (a `.podspec.json` file, or a folder holding exactly one) to a file,
    /// shown as the user wrote it. Throws for the first path that leads to no single spec.
    public static func specFiles(for paths: [String], currentDirectory: URL) throws(LintError) -> [(url: URL, display: String)] {
        let fileManager = FileManager.default
        return try paths.map { path throws(LintError) in
            let url = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
            if path.hasSuffix(".podspec") { throw .rubyPodspec(path: path) }
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw .notFound(path: path) }
            guard isDirectory.boolValue else { return (url, path) }
            let entries: [String]
            do {
                entries = try fileManager.contentsOfDirectory(atPath: url.path)
            } catch {
                throw .unreadableFolder(path: path, reason: Linter.reason(error))
            }
            let specs = entries.filter { $0.hasSuffix(".podspec.json") }.sorted()
            guard let only = specs.first else {
                if let ruby = entries.first(where: { $0.hasSuffix(".podspec") }) {
                    throw .rubyPodspec(path: (path.hasSuffix("/") ? path : path + "/") + ruby)
                }
                throw .noSpecInFolder(path: path)
            }
            guard specs.count == 1 else { throw .severalSpecsInFolder(path: path, files: specs) }
            let display = path == "." ? only : (path.hasSuffix("/") ? path : path + "/") + only
            return (url.appendingPathComponent(only), display)
        }
    }

    /// Lints every path. `quick` skips the build check (which this version never runs; without
    /// `quick` the report says so).
    public static func run(paths: [String], quick: Bool, currentDirectory: URL, linter: Linter = Linter()) throws(LintError) -> LintReport {
        let start = Date()
        let files = try specFiles(for: paths, currentDirectory: currentDirectory)
        let findings = files.flatMap { linter.lint(fileAt: $0.url, path: $0.display).findings }
        return LintReport(
            command: .lint, findings: findings, fileCount: files.count, buildChecked: false,
            remarks: quick ? [] : [buildNotRunRemark], seconds: Date().timeIntervalSince(start))
    }
}
