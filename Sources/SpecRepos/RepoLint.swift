import Foundation
import Lint
import Specs

/// `compose repo lint`: every spec of a spec-repo tree and the tree's layout
/// (`Name/version/Name.podspec.json`), linted on all cores.
public enum RepoLinter {
    /// Identifiers of the layout findings.
    public enum Rule {
        public static let strayFile = "repo-stray-file"
        public static let strayFolder = "repo-stray-folder"
        public static let missingSpec = "repo-missing-spec"
        public static let versionFolder = "repo-version-folder"
        public static let nameMismatch = "repo-name-mismatch"
        public static let versionMismatch = "repo-version-mismatch"
        public static let emptyPod = "repo-empty-pod"
    }

    /// Files that may sit at the top of a spec repo beside the pod folders.
    static func isRepoDocument(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["readme", "license", "licence", "changelog", "contributing", "cocoapods-version.yml", "makefile"]
            .contains { lower.hasPrefix($0) }
    }

    /// A spec file to lint and the folders it was found in.
    struct Job: Sendable {
        let url: URL
        let display: String
        let folderName: String
        let folderVersion: String
    }

    /// Lints the spec repo at `root`, shown in paths as `displayRoot`. `concurrency` bounds the
    /// number of files linted at once (default: the number of cores).
    public static func run(
        root: URL, displayRoot: String, linter: Linter = Linter(),
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async throws(LintError) -> LintReport {
        let start = Date()
        var (jobs, findings) = try walk(root: root, displayRoot: displayRoot)
        let results = await lint(jobs, linter: linter, concurrency: max(1, concurrency))
        for (job, result) in zip(jobs, results) {
            findings += result.findings
            if let name = result.specName, name != job.folderName {
                findings.append(Finding(
                    severity: .error, ruleID: Rule.nameMismatch,
                    message: "The spec is named `\(name)` but is in the folder `\(job.folderName)`; it belongs in \(name)/\(result.specVersion ?? job.folderVersion)/\(name).podspec.json.",
                    file: job.display, at: result.nameLocation ?? .start))
            }
            if let version = result.specVersion, version != job.folderVersion {
                findings.append(Finding(
                    severity: .error, ruleID: Rule.versionMismatch,
                    message: "The spec's version is `\(version)` but it is in the folder `\(job.folderVersion)`; move it to \(job.folderName)/\(version)/ or fix the version.",
                    file: job.display, at: result.versionLocation ?? .start))
            }
        }
        jobs.removeAll()
        return LintReport(
            command: .repoLint, findings: findings, fileCount: results.count, buildChecked: false,
            seconds: Date().timeIntervalSince(start))
    }

    /// Lints jobs in chunks on at most `concurrency` tasks; results come back in job order.
    static func lint(_ jobs: [Job], linter: Linter, concurrency: Int) async -> [FileLintResult] {
        guard !jobs.isEmpty else { return [] }
        let chunkSize = max(16, (jobs.count + concurrency * 8 - 1) / (concurrency * 8))
        let chunks = stride(from: 0, to: jobs.count, by: chunkSize).map { $0..<min($0 + chunkSize, jobs.count) }
        var results = [[FileLintResult]](repeating: [], count: chunks.count)
        await withTaskGroup(of: (Int, [FileLintResult]).self) { group in
            var next = 0
            func addNext() {
                let index = next
                let range = chunks[index]
                next += 1
                group.addTask {
                    (index, jobs[range].map { linter.lint(fileAt: $0.url, path: $0.display) })
                }
            }
            while next < min(concurrency, chunks.count) { addNext() }
            while let (index, chunk) = await group.next() {
                results[index] = chunk
                if next < chunks.count { addNext() }
            }
        }
        return results.flatMap { $0 }
    }

    /// Lists the tree: the spec files to lint and the layout findings.
    static func walk(root: URL, displayRoot: String) throws(LintError) -> ([Job], [Finding]) {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: root.path, isDirectory: &isDirectory) else { throw .notFound(path: displayRoot) }
        guard isDirectory.boolValue else { throw .notADirectory(path: displayRoot) }

        let prefix = displayRoot.hasSuffix("/") ? String(displayRoot.dropLast()) : displayRoot
        func display(_ components: String...) -> String {
            (prefix.isEmpty || prefix == "." ? [] : [prefix]).appending(contentsOf: components).joined(separator: "/")
        }
        func list(_ url: URL, _ shown: String) throws(LintError) -> [(name: String, isDirectory: Bool)] {
            do {
                return try fileManager.contentsOfDirectory(at: url, includingPropertiesForKeys: [.isDirectoryKey])
                    .map { ($0.lastPathComponent, (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true) }
                    .filter { !$0.0.hasPrefix(".") }
                    .sorted { $0.0 < $1.0 }
            } catch {
                throw .unreadableFolder(path: shown, reason: (error as NSError).localizedDescription)
            }
        }
        func finding(_ rule: String, _ severity: Severity, _ message: String, _ path: String) -> Finding {
            Finding(severity: severity, ruleID: rule, message: message, file: path, line: 1, column: 1)
        }

        // CocoaPods reads specs from `Specs/` when the repo has one.
        var specsRoot = root
        var specsPrefix: [String] = []
        var specsDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: root.appendingPathComponent("Specs").path, isDirectory: &specsDirectory), specsDirectory.boolValue {
            specsRoot = root.appendingPathComponent("Specs")
            specsPrefix = ["Specs"]
        }

        var jobs: [Job] = []
        var findings: [Finding] = []
        for (name, isPodFolder) in try list(specsRoot, display(specsPrefix.joined())) {
            let podPath = specsPrefix + [name]
            guard isPodFolder else {
                if !isRepoDocument(name) {
                    findings.append(finding(
                        Rule.strayFile, .warning,
                        "Stray file at the top of the spec repo; it holds only Name/version/Name.podspec.json folders (and README, LICENSE).",
                        display(podPath.joined(separator: "/"))))
                }
                continue
            }
            let podShown = display(podPath.joined(separator: "/"))
            let versions = try list(specsRoot.appendingPathComponent(name), podShown)
            if versions.isEmpty {
                findings.append(finding(Rule.emptyPod, .warning, "The folder of `\(name)` holds no version; remove it.", podShown))
            }
            for (version, isVersionFolder) in versions {
                let versionShown = podShown + "/" + version
                guard isVersionFolder else {
                    findings.append(finding(
                        Rule.strayFile, .error,
                        "Stray file: `\(name)/` holds only version folders; move the spec to \(name)/VERSION/\(name).podspec.json.",
                        versionShown))
                    continue
                }
                if !Version.isValid(version) || version.utf8.count > 64 {
                    findings.append(finding(
                        Rule.versionFolder, .error, "The folder `\(version)` is not a version, so no resolver will find it; name version folders like `1.2.0`.",
                        versionShown))
                }
                let versionURL = specsRoot.appendingPathComponent(name).appendingPathComponent(version)
                let expected = name + ".podspec.json"
                var foundSpec = false
                for (entry, entryIsDirectory) in try list(versionURL, versionShown) {
                    let entryShown = versionShown + "/" + entry
                    if entry == expected && !entryIsDirectory {
                        foundSpec = true
                        jobs.append(Job(
                            url: versionURL.appendingPathComponent(entry), display: entryShown, folderName: name, folderVersion: version))
                    } else if entryIsDirectory {
                        findings.append(finding(Rule.strayFolder, .error, "Stray folder: a version folder holds only \(expected).", entryShown))
                    } else if entry == name + ".podspec" {
                        findings.append(finding(
                            Rule.strayFile, .error,
                            "Ruby podspecs are not read by compose; convert it with `pod ipc spec \(entry) > \(expected)` and remove it.", entryShown))
                    } else {
                        findings.append(finding(Rule.strayFile, .error, "Stray file: a version folder holds only \(expected).", entryShown))
                    }
                }
                if !foundSpec {
                    findings.append(finding(Rule.missingSpec, .error, "`\(name)/\(version)` holds no \(expected).", versionShown))
                }
            }
        }
        return (jobs, findings)
    }
}

extension Array {
    fileprivate func appending(contentsOf other: [Element]) -> [Element] { self + other }
}
