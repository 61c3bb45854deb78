import Foundation
import Layering
import Lint
import SpecRepos
import Specs
import Support

/// `compose repo lint`: every spec of a spec-repo tree and the tree's layout (as `SpecRepoLayout` reads it:
/// at the root, under `Specs/` or sharded; symlinks reported, never followed), linted on all cores.
package enum RepoLinter {
    /// Identifiers of the layout findings (Lint's catalog).
    package typealias Rule = RuleCatalog.Repo

    /// Files that may sit at the top of a spec repo beside the pod folders.
    static func isRepoDocument(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [
            "readme", "license", "licence", "changelog", "contributing", "cocoapods-version.yml", "makefile",
            "layers.yml",
        ]
        .contains { lower.hasPrefix($0) }
    }

    /// Lints the spec repo at `root`, shown in paths as `displayRoot`. `concurrency` bounds the
    /// number of pod folders worked on at once (default: the number of cores).
    /// `otherPods` names the pods of the other spec repos compose knows (the added ones): a
    /// dependency on a pod in none of them nor in this repo is reported (`repo-unknown-dependency`).
    package static func run(
        root: URL, displayRoot: String, linter: Linter = Linter(),
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        otherPods: (repos: [String], names: Set<String>) = ([], [])
    ) async throws(LintError) -> LintReport {
        let start = Date()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw .notFound(path: displayRoot)
        }
        guard isDirectory.boolValue else { throw .notADirectory(path: displayRoot) }

        let trimmed = displayRoot.hasSuffix("/") && displayRoot.count > 1 ? String(displayRoot.dropLast()) : displayRoot
        let prefix = trimmed.isEmpty || trimmed == "." ? "" : trimmed + "/"

        let layout = SpecRepoLayout(root: root)
        let (pods, others) = layout.walk()
        for other in others where other.path == layout.specsPrefix {
            if case .unreadable(let reason) = other.kind { throw .unreadableFolder(path: displayRoot, reason: reason) }
        }
        var findings: [Finding] = []
        for other in others {
            let shown = prefix + other.path
            switch other.kind {
            case .symlink where other.atTop && isRepoDocument(lastPathComponent(other.path)):
                continue
            case .symlink:
                findings.append(finding(Rule.symlink, .error, symlinkMessage, shown))
            case .file where other.atTop:
                if !isRepoDocument(lastPathComponent(other.path)) {
                    findings.append(
                        finding(
                            Rule.strayFile, .warning,
                            "Stray file at the top of the spec repo; it holds only Name/version/Name.podspec.json folders (and README, LICENSE).",
                            shown))
                }
            case .file:
                findings.append(
                    finding(Rule.strayFile, .error, "Stray file between the shard folders of the spec repo.", shown))
            case .strayFolder:
                findings.append(
                    finding(
                        Rule.strayFolder, .error,
                        "Stray folder: the shard folders of this spec repo are named by \(layout.prefixLengths.map(String.init).joined(separator: ", ")) hexadecimal digits of the MD5 of the pod's name (\(SpecRepoLayout.versionFile)).",
                        shown))
            case .unreadable(let reason):
                findings.append(finding(Rule.unreadableFolder, .error, "The folder cannot be read (\(reason)).", shown))
            }
        }
        var named: [String] = []
        for pod in pods {
            guard let safe = try? SafeName(pod.name, as: .pod) else {
                findings.append(
                    finding(
                        Rule.podName, .error,
                        "The folder's name is not a pod name (\(SafeName.problem(with: pod.name, as: .pod) ?? "")), so compose never reads it; pod names use ASCII letters, digits and - _ . +.",
                        prefix + pod.path))
                continue
            }
            named.append(pod.path)
            if !layout.prefixLengths.isEmpty, layout.podPath(safe) != pod.path {
                findings.append(
                    finding(
                        Rule.wrongShard, .error,
                        "`\(pod.name)` is in the wrong shard folder, so no resolver will find it; it belongs in \(layout.podPath(safe)).",
                        prefix + pod.path))
            }
        }
        let results = await forEachChunk(of: named, concurrency: max(1, concurrency)) { path in
            lintPod(
                lastPathComponent(path), in: layout.absolute(path), shown: prefix + path, linter: linter)
        }
        var specCount = 0
        let here = Set(pods.map(\.name))
        var reported = Set<String>()
        for result in results {
            specCount += result.specs
            findings += result.findings
            for dependency in result.dependencies {
                let root = Spec.rootName(of: dependency.name)
                guard !here.contains(root), !otherPods.names.contains(root),
                    reported.insert(dependency.file + "\u{0}" + root).inserted
                else { continue }
                findings.append(
                    Finding(
                        severity: .warning, ruleID: Rule.unknownDependency,
                        message: "`\(root)` is " + LayerRules.unknownPodMessage(otherRepos: otherPods.repos),
                        file: dependency.file, at: dependency.location))
            }
        }
        // The layering rules' errors (cycles, forbidden directions; docs/graph.md) when the repo has a Layers.yml.
        if LayersFile.read(repoRoot: root) != nil {
            findings += try LayerRules.run(root: root, displayRoot: displayRoot).findings.filter {
                $0.severity == .error
            }
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

    static let symlinkMessage =
        "A symbolic link in a spec repo: compose never follows one (it could point outside the repo), so what it names is not a spec. Replace it with the real folder or file."

    /// Lints one pod folder at `podPath`: its layout and every spec in it.
    static func lintPod(_ name: String, in podPath: String, shown podShown: String, linter: Linter) -> (
        specs: Int, findings: [Finding], dependencies: [(name: String, file: String, location: SourceLocation)]
    ) {
        var dependencies: [(name: String, file: String, location: SourceLocation)] = []
        var findings: [Finding] = []
        var specs = 0
        let versions: [DirectoryListing.Entry]
        switch DirectoryListing.entries(of: podPath) {
        case .success(let entries): versions = entries
        case .failure(let problem):
            return (
                0, [finding(Rule.unreadableFolder, .error, "The folder cannot be read (\(problem.reason)).", podShown)],
                []
            )
        }
        if versions.isEmpty {
            findings.append(
                finding(Rule.emptyPod, .warning, "The folder of `\(name)` holds no version; remove it.", podShown))
        }
        let expected = PodspecFormat.json.fileName(for: name)
        for version in versions {
            let versionShown = joinedPath(podShown, version.name)
            if version.isSymlink {
                findings.append(finding(Rule.symlink, .error, symlinkMessage, versionShown))
                continue
            }
            guard version.isDirectory else {
                findings.append(
                    finding(
                        Rule.strayFile, .error,
                        "Stray file: `\(name)/` holds only version folders; a spec belongs in \(name)/VERSION/\(expected).",
                        versionShown))
                continue
            }
            if !Version.isValid(version.name) || version.name.utf8.count > 64 {
                findings.append(
                    finding(
                        Rule.versionFolder, .error,
                        "The folder `\(version.name)` is not a version, so no resolver will find it; name version folders like `1.2.0`.",
                        versionShown))
            }
            let versionPath = joinedPath(podPath, version.name)
            let entries: [DirectoryListing.Entry]
            switch DirectoryListing.entries(of: versionPath) {
            case .success(let list): entries = list
            case .failure(let problem):
                findings.append(
                    finding(
                        Rule.unreadableFolder, .error, "The folder cannot be read (\(problem.reason)).", versionShown))
                continue
            }
            var foundSpec = false
            // The spec read for this version: Name.podspec.json, else a Ruby Name.podspec (read without Ruby).
            let ruby = PodspecFormat.ruby.fileName(for: name)
            let specFile =
                entries.contains { $0.name == expected && !$0.isDirectory } || !entries.contains { $0.name == ruby }
                ? expected : ruby
            for entry in entries {
                let entryShown = joinedPath(versionShown, entry.name)
                if entry.isSymlink {
                    findings.append(finding(Rule.symlink, .error, symlinkMessage, entryShown))
                    continue
                }
                if entry.name == specFile && !entry.isDirectory {
                    foundSpec = true
                    specs += 1
                    let result = linter.lint(
                        fileAt: URL(fileURLWithPath: joinedPath(versionPath, entry.name)), path: entryShown)
                    findings += result.findings
                    if let tree = result.tree {
                        for key in SpecDependencyKey.all(in: tree) where key.root != name {
                            dependencies.append((key.name, entryShown, key.location))
                        }
                    }
                    if let specName = result.specName, specName != name {
                        findings.append(
                            Finding(
                                severity: .error, ruleID: Rule.nameMismatch,
                                message:
                                    "The spec is named `\(specName)` but is in the folder `\(name)`; it belongs in \(specName)/\(result.specVersion ?? version.name)/\(specName).podspec.json.",
                                file: entryShown, at: result.nameLocation ?? .start))
                    }
                    if let specVersion = result.specVersion, specVersion != version.name {
                        findings.append(
                            Finding(
                                severity: .error, ruleID: Rule.versionMismatch,
                                message:
                                    "The spec's version is `\(specVersion)` but it is in the folder `\(version.name)`; move it to \(name)/\(specVersion)/ or fix the version.",
                                file: entryShown, at: result.versionLocation ?? .start))
                    }
                } else if entry.isDirectory {
                    findings.append(
                        finding(
                            Rule.strayFolder, .error, "Stray folder: a version folder holds only \(specFile).",
                            entryShown))
                } else if entry.name == ruby {
                    findings.append(
                        finding(
                            Rule.strayFile, .warning,
                            "`\(ruby)` beside `\(expected)` is not read (the JSON spec wins); remove the one that is out of date.",
                            entryShown))
                } else {
                    findings.append(
                        finding(
                            Rule.strayFile, .error, "Stray file: a version folder holds only \(specFile).", entryShown))
                }
            }
            if !foundSpec {
                findings.append(
                    finding(
                        Rule.missingSpec, .error, "`\(name)/\(version.name)` holds no \(expected) (or \(ruby)).",
                        versionShown))
            }
        }
        return (specs, findings, dependencies)
    }
}
