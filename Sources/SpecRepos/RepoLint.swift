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
        public static let unreadableFolder = "repo-unreadable-folder"
    }

    /// Files that may sit at the top of a spec repo beside the pod folders.
    static func isRepoDocument(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["readme", "license", "licence", "changelog", "contributing", "cocoapods-version.yml", "makefile"]
            .contains { lower.hasPrefix($0) }
    }

    /// Lints the spec repo at `root`, shown in paths as `displayRoot`. `concurrency` bounds the
    /// number of pod folders worked on at once (default: the number of cores).
    public static func run(
        root: URL, displayRoot: String, linter: Linter = Linter(),
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async throws(LintError) -> LintReport {
        let start = Date()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else { throw .notFound(path: displayRoot) }
        guard isDirectory.boolValue else { throw .notADirectory(path: displayRoot) }

        let trimmed = displayRoot.hasSuffix("/") && displayRoot.count > 1 ? String(displayRoot.dropLast()) : displayRoot
        let prefix = trimmed.isEmpty || trimmed == "." ? "" : trimmed + "/"

        // CocoaPods reads specs from `Specs/` when the repo has one.
        var specsPath = root.path
        var specsShown = prefix
        if case .success(let entries) = DirectoryListing.entries(of: root.path),
            entries.contains(where: { $0.name == "Specs" && $0.isDirectory })
        {
            specsPath += "/Specs"
            specsShown += "Specs/"
        }
        let top: [DirectoryListing.Entry]
        switch DirectoryListing.entries(of: specsPath) {
        case .success(let entries): top = entries
        case .failure(let problem): throw .unreadableFolder(path: displayRoot, reason: problem.reason)
        }

        var findings: [Finding] = []
        for entry in top where !entry.isDirectory && !isRepoDocument(entry.name) {
            findings.append(finding(
                Rule.strayFile, .warning,
                "Stray file at the top of the spec repo; it holds only Name/version/Name.podspec.json folders (and README, LICENSE).",
                specsShown + entry.name))
        }
        let pods = top.filter(\.isDirectory).map(\.name)
        let (podsPath, podsShown) = (specsPath, specsShown)
        let results = await forEachChunk(of: pods, concurrency: max(1, concurrency)) { pod in
            lintPod(pod, in: podsPath, shown: podsShown + pod, linter: linter)
        }
        var specCount = 0
        for result in results {
            specCount += result.specs
            findings += result.findings
        }
        return LintReport(
            command: .repoLint, findings: findings, fileCount: specCount, buildChecked: false,
            seconds: Date().timeIntervalSince(start))
    }

    /// Runs `work` over `items` in chunks on at most `concurrency` tasks; results in item order.
    static func forEachChunk<Result: Sendable>(
        of items: [String], concurrency: Int, _ work: @escaping @Sendable (String) -> Result
    ) async -> [Result] {
        guard !items.isEmpty else { return [] }
        let chunkSize = max(1, (items.count + concurrency * 8 - 1) / (concurrency * 8))
        let chunks = stride(from: 0, to: items.count, by: chunkSize).map { $0..<min($0 + chunkSize, items.count) }
        var results = [[Result]](repeating: [], count: chunks.count)
        await withTaskGroup(of: (Int, [Result]).self) { group in
            var next = 0
            func addNext() {
                let index = next
                let range = chunks[index]
                next += 1
                group.addTask { (index, items[range].map(work)) }
            }
            while next < min(concurrency, chunks.count) { addNext() }
            while let (index, chunk) = await group.next() {
                results[index] = chunk
                if next < chunks.count { addNext() }
            }
        }
        return results.flatMap { $0 }
    }

    private static func finding(_ rule: String, _ severity: Severity, _ message: String, _ path: String) -> Finding {
        Finding(severity: severity, ruleID: rule, message: message, file: path, line: 1, column: 1)
    }

    /// Lints one pod folder: its layout and every spec in it.
    static func lintPod(_ name: String, in specsPath: String, shown podShown: String, linter: Linter) -> (specs: Int, findings: [Finding]) {
        let podPath = specsPath + "/" + name
        var findings: [Finding] = []
        var specs = 0
        let versions: [DirectoryListing.Entry]
        switch DirectoryListing.entries(of: podPath) {
        case .success(let entries): versions = entries
        case .failure(let problem):
            return (0, [finding(Rule.unreadableFolder, .error, "The folder cannot be read (\(problem.reason)).", podShown)])
        }
        if versions.isEmpty {
            findings.append(finding(Rule.emptyPod, .warning, "The folder of `\(name)` holds no version; remove it.", podShown))
        }
        let expected = name + ".podspec.json"
        for version in versions {
            let versionShown = podShown + "/" + version.name
            guard version.isDirectory else {
                findings.append(finding(
                    Rule.strayFile, .error,
                    "Stray file: `\(name)/` holds only version folders; a spec belongs in \(name)/VERSION/\(expected).",
                    versionShown))
                continue
            }
            if !Version.isValid(version.name) || version.name.utf8.count > 64 {
                findings.append(finding(
                    Rule.versionFolder, .error,
                    "The folder `\(version.name)` is not a version, so no resolver will find it; name version folders like `1.2.0`.",
                    versionShown))
            }
            let versionPath = podPath + "/" + version.name
            let entries: [DirectoryListing.Entry]
            switch DirectoryListing.entries(of: versionPath) {
            case .success(let list): entries = list
            case .failure(let problem):
                findings.append(finding(Rule.unreadableFolder, .error, "The folder cannot be read (\(problem.reason)).", versionShown))
                continue
            }
            var foundSpec = false
            for entry in entries {
                let entryShown = versionShown + "/" + entry.name
                if entry.name == expected && !entry.isDirectory {
                    foundSpec = true
                    specs += 1
                    let result = linter.lint(fileAt: URL(fileURLWithPath: versionPath + "/" + entry.name), path: entryShown)
                    findings += result.findings
                    if let specName = result.specName, specName != name {
                        findings.append(Finding(
                            severity: .error, ruleID: Rule.nameMismatch,
                            message: "The spec is named `\(specName)` but is in the folder `\(name)`; it belongs in \(specName)/\(result.specVersion ?? version.name)/\(specName).podspec.json.",
                            file: entryShown, at: result.nameLocation ?? .start))
                    }
                    if let specVersion = result.specVersion, specVersion != version.name {
                        findings.append(Finding(
                            severity: .error, ruleID: Rule.versionMismatch,
                            message: "The spec's version is `\(specVersion)` but it is in the folder `\(version.name)`; move it to \(name)/\(specVersion)/ or fix the version.",
                            file: entryShown, at: result.versionLocation ?? .start))
                    }
                } else if entry.isDirectory {
                    findings.append(finding(Rule.strayFolder, .error, "Stray folder: a version folder holds only \(expected).", entryShown))
                } else if entry.name == name + ".podspec" {
                    findings.append(finding(
                        Rule.strayFile, .error,
                        "Ruby podspecs are not read by compose; convert it with `pod ipc spec \(entry.name) > \(expected)` and remove it.",
                        entryShown))
                } else {
                    findings.append(finding(Rule.strayFile, .error, "Stray file: a version folder holds only \(expected).", entryShown))
                }
            }
            if !foundSpec {
                findings.append(finding(Rule.missingSpec, .error, "`\(name)/\(version.name)` holds no \(expected).", versionShown))
            }
        }
        return (specs, findings)
    }
}

/// Directory listing with plain system calls (one `readdir` pass; `stat` only when the file
/// system does not give the entry's type). Hidden entries (`.git`, …) are skipped.
enum DirectoryListing {
    struct Entry: Sendable {
        let name: String
        let isDirectory: Bool
    }

    struct Problem: Error {
        let reason: String
    }

    static func entries(of path: String) -> Result<[Entry], Problem> {
        guard let directory = opendir(path) else {
            return .failure(Problem(reason: String(cString: strerror(errno)).lowercased()))
        }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let pointer = readdir(directory) {
            let name = withUnsafeBytes(of: pointer.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let type = pointer.pointee.d_type
            var isDirectory = type == UInt8(DT_DIR)
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                var status = stat()
                isDirectory = stat(path + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            }
            entries.append(Entry(name: name, isDirectory: isDirectory))
        }
        entries.sort { $0.name < $1.name }
        return .success(entries)
    }
}
