import Foundation
import Git
import Lint
import PackageManifests
import Specs
import Support

extension Spec {
    /// Every `source_files` pattern of this spec, of its platform blocks (`macos` as well as `osx`)
    /// and of its library subspecs, with the spec (or subspec) naming it: what the build check
    /// matches against the component's files.
    package var sourceFilePatterns: [(owner: String, pattern: String)] {
        let blocks = [json] + (Platform.names + ["macos"]).compactMap { json[$0] }.filter(\.isObject)
        let own = blocks.compactMap { $0["source_files"] }.flatMap { files in
            files.stringValue.map { [$0] } ?? files.arrayValue?.compactMap(\.stringValue) ?? []
        }
        return own.map { (name, $0) } + subspecs.flatMap(\.sourceFilePatterns)
    }

    /// Where `key` is written in the root spec object, for findings about it; else the file's start.
    func keyLocation(_ key: String) -> SourceLocation {
        json.member(key)?.keyLocation ?? .start
    }
}

/// The build part of the full `compose lint`, run in a clean checkout of the component: the spec's name
/// is a library product of Package.swift, every `source_files` pattern matches a file, `swift build`
/// succeeds (and `swift test` with `runTests`). Compiler diagnostics become findings.
package struct ComponentBuildCheck: Sendable {
    package let runTests: Bool
    /// How `swift` is run: `/usr/bin/env swift` unless told otherwise.
    package let swiftCommand: [String]

    package init(runTests: Bool = false, swiftCommand: [String] = ["/usr/bin/env", "swift"]) {
        self.runTests = runTests
        self.swiftCommand = swiftCommand
    }

    /// Rule identifiers of the build check's findings (Lint's catalog).
    package typealias Rule = RuleCatalog.Build

    /// Checks the component checked out at `checkout`. `specPath` is how findings name the spec.
    /// `reference` says what was checked out (`tag 1.2.0`, `the last commit of /src/Pay`); by default the spec's tag or commit.
    package func check(checkout: URL, spec: Spec, specPath: String, reference: String? = nil) -> [Finding] {
        var findings: [Finding] = []
        func finding(_ severity: Severity, _ rule: String, _ message: String, at key: String = "name") {
            findings.append(
                Finding(severity: severity, ruleID: rule, message: message, file: specPath, at: spec.keyLocation(key)))
        }

        // 0. A component without a Package.swift is built as install builds it: with one generated
        //    from its podspec (the root and its default subspecs).
        let root = listFiles(checkout).filter { !$0.contains("/") }
        guard let manifestFile = ManifestFile.choose(among: root) else {
            let what =
                reference ?? spec.source?.git?.tag.map { "tag \($0)" } ?? spec.source?.git?.commit.map {
                    "commit \($0)"
                } ?? "the last commit"
            let writer = PackageManifestWriter(
                spec: spec, files: listFiles(checkout), folderName: checkout.path, dependencies: [:],
                purpose: .install(subspecs: []))
            guard let output = try? writer.generate(), let text = output.files["Package.swift"],
                (try? AtomicFile.write(Data(text.utf8), to: checkout.appendingPathComponent("Package.swift"))) != nil
            else {
                finding(.error, Rule.manifest, missingManifestMessage(spec.name, reference: what))
                return findings
            }
            finding(.note, Rule.manifest, generatedManifestMessage(spec.name, reference: what))
            return findings + check(checkout: checkout, spec: spec, specPath: specPath, reference: reference)
        }

        // 1. The manifest offers the product install links (PodModule's rule).
        let manifest = ManifestSummary(
            source: (try? String(contentsOf: checkout.appendingPathComponent(manifestFile), encoding: .utf8)) ?? "")
        if let naming = try? PodModule(spec: spec), naming.product(among: manifest.productNames) == nil,
            manifest.isComplete
        {
            let offered =
                manifest.productNames.isEmpty ? "none" : manifest.productNames.sorted().joined(separator: ", ")
            finding(
                .error, Rule.product,
                "\(manifestFile) has no library product named \(naming.productNames.map { "`\($0)`" }.joined(separator: " or ")) (library products: \(offered)); `compose install` links the product named like the module."
            )
        }

        // 2. Every source_files pattern matches at least one file.
        let files = listFiles(checkout)
        for (owner, pattern) in spec.sourceFilePatterns where !files.contains(where: FilePattern(pattern).matches) {
            finding(
                .error, Rule.sourceFiles, "The `source_files` pattern `\(pattern)` of \(owner) did not match any file.",
                at: "source_files")
        }

        // 3. swift build (and swift test).
        let steps: [(arguments: [String], rule: String, what: String)] =
            [(["build"], Rule.build, "swift build")] + (runTests ? [(["test"], Rule.test, "swift test")] : [])
        for step in steps {
            let result = run(step.arguments, in: checkout)
            let diagnostics = compilerDiagnostics(in: result.output, root: checkout)
            if result.status != 0, step.rule == Rule.build, let missing = AppleSDK.missingModules(in: diagnostics) {
                let what =
                    reference ?? spec.source?.git?.tag.map { "tag \($0)" } ?? spec.source?.git?.commit.map {
                        "commit \($0)"
                    } ?? "the last commit"
                finding(
                    .note, Rule.host,
                    AppleSDK.notBuiltMessage(
                        spec: spec, modules: missing,
                        product: (try? PodModule(spec: spec))?.product(among: manifest.productNames) ?? spec.name,
                        reference: what))
                break
            }
            for diagnostic in diagnostics {
                findings.append(
                    Finding(
                        severity: diagnostic.severity, ruleID: step.rule, message: diagnostic.message,
                        file: diagnostic.file, line: diagnostic.line, column: diagnostic.column))
            }
            if result.status != 0 {
                if !diagnostics.contains(where: { $0.severity == .error }) {
                    finding(
                        .error, step.rule,
                        "`\(step.what)` returned an unsuccessful exit code (\(result.status)): \(lastLines(result.output, 8))"
                    )
                }
                break
            }
        }
        return findings
    }

    struct ToolResult {
        let status: Int32
        let output: String
    }

    func run(_ arguments: [String], in folder: URL) -> ToolResult {
        do {
            let result = try ProcessRunner.run(
                URL(fileURLWithPath: swiftCommand[0]), Array(swiftCommand.dropFirst()) + arguments,
                currentDirectory: folder, mergeErrors: true)
            return ToolResult(status: result.status, output: result.outputText)
        } catch {
            return ToolResult(status: -1, output: error.description)
        }
    }
}

/// Why a component without a Package.swift could not be built by the full lint, and the fix.
func missingManifestMessage(_ name: String, reference: String) -> String {
    "\(name) has no Package.swift at \(reference), and none could be generated from its podspec. Run `compose spec package` in the component's folder to see why, then commit a Package.swift and tag a new release."
}

/// The note of a component built with a Package.swift generated from its podspec.
func generatedManifestMessage(_ name: String, reference: String) -> String {
    "\(name) has no Package.swift at \(reference): it was built with one generated from its podspec, as `compose install` builds it. Run `compose spec package` in the component's folder to write one you can review and commit."
}

/// A compiler diagnostic read from build output: `/abs/path/File.swift:12:5: error: message`.
struct CompilerDiagnostic: Equatable {
    let severity: Severity
    let message: String
    let file: String
    let line: Int
    let column: Int
}

/// Diagnostics in `output`, paths made relative to `root`, duplicates removed, in order.
func compilerDiagnostics(in output: String, root: URL) -> [CompilerDiagnostic] {
    let rootPath = root.standardizedFileURL.path
    var result: [CompilerDiagnostic] = []
    for line in output.split(separator: "\n") {
        let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, let lineNumber = Int(parts[1]), let column = Int(parts[2]) else { continue }
        let severity: Severity
        switch parts[3].trimmingCharacters(in: .whitespaces) {
        case "error": severity = .error
        case "warning": severity = .warning
        case "note": severity = .note
        default: continue
        }
        var file = String(parts[0])
        for prefix in [rootPath + "/", "/private" + rootPath + "/"] where file.hasPrefix(prefix) {
            file = String(file.dropFirst(prefix.count))
        }
        let diagnostic = CompilerDiagnostic(
            severity: severity, message: parts[4].trimmingCharacters(in: .whitespaces), file: file, line: lineNumber,
            column: column)
        if !result.contains(diagnostic) { result.append(diagnostic) }
    }
    return result
}

/// The full lint's build check of one spec file: a clean clone of the component at its tag in a temporary
/// folder, then `ComponentBuildCheck`. When the spec sits in the component's own git checkout (linting
/// before `compose publish`), that repository is cloned, at the tag when it exists there, else at HEAD
/// (uncommitted changes are not part of a release, so they are not built).
package struct ComponentLint: Sendable {
    package let check: ComponentBuildCheck
    /// The largest file of the component's tree checked out (its size read from the object header).
    package var maximumFileSize = ComponentLint.defaultMaximumFileSize

    package init(check: ComponentBuildCheck = ComponentBuildCheck()) {
        self.check = check
    }

    package struct Outcome: Sendable {
        package let findings: [Finding]
        /// What was built, for the report: `Pay at tag 1.2.0 of /src/Pay`.
        package let remarks: [String]
    }

    /// Fetches and builds the component of `spec`, read from `specFile` and named `display` in findings.
    package func run(spec: Spec, specFile: URL, display: String) -> Outcome {
        let tag = spec.source?.git?.tag
        let commit = spec.source?.git?.commit
        let folder = specFile.deletingLastPathComponent()
        let isComponentRoot = ["Package.swift", ".git"].contains {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
        if isComponentRoot, let local = try? Repository.discover(from: folder),
            let workingDirectory = local.workingDirectory
        {
            let path = workingDirectory.path
            if let tag, (try? local.tagCommit(tag)) != nil {
                return build(
                    spec, display: display, from: path, at: tag,
                    remark: "build check of \(spec.name) at tag \(tag) of \(path)")
            }
            return build(
                spec, display: display, from: path, at: nil,
                remark: "build check of \(spec.name) at the last commit of \(path)"
                    + (tag.map { " (the tag \($0) does not exist yet)" } ?? ""),
                reference: "the last commit of \(path)")
        }
        guard let url = spec.source?.git?.url, let reference = tag ?? commit else {
            return Self.failure(
                "The spec has no git source with a tag or commit, so the component cannot be fetched and built.",
                display: display, rule: RuleCatalog.Build.source)
        }
        return build(
            spec, display: display, from: url, at: reference,
            remark: "build check of \(spec.name) at \(tag != nil ? "tag" : "commit") \(reference) of \(redact(url))")
    }

    /// Builds the component of `spec` at `revision` (a commit id or a tag) of the git repository
    /// `repository` (a folder or a URL), cloned into a temporary folder: what `compose publish` builds
    /// before it tags. `reference` says in findings what was built (`commit 1a2b3c4d5e`).
    package func run(spec: Spec, display: String, repository: String, revision: String, reference: String)
        -> Outcome
    {
        build(
            spec, display: display, from: repository, at: revision,
            remark: "build check of \(spec.name) at \(reference) of \(redact(repository))", reference: reference)
    }

    /// A clean clone of `repository` in a temporary folder, at `revision` (nil: its HEAD), checked.
    private func build(
        _ spec: Spec, display: String, from repository: String, at revision: String?, remark: String,
        reference: String? = nil
    ) -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "compose-lint-\(spec.name)-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let checkout = scratch.appendingPathComponent(spec.name)
        do {
            let clone = try Repository.clone(from: repository, to: checkout, checkout: false)
            try clone.checkoutMeasured(revision ?? "HEAD", maximumFileSize: maximumFileSize)
        } catch let error as GitError where error.tooLargeFile != nil {
            let (path, size, limit) = error.tooLargeFile!
            return Self.failure(
                "The component's tree at \(reference ?? revision ?? "HEAD") holds \(path), \(byteCount(size)), over the build check's limit of \(byteCount(limit)) per file; nothing of it was checked out. Keep large files out of the component's repository (git LFS, a release asset).",
                display: display, rule: RuleCatalog.Build.source)
        } catch {
            return Self.failure("Could not fetch the component to build it: \(error)", display: display)
        }
        let findings = check.check(checkout: checkout, spec: spec, specPath: display, reference: reference)
        return Outcome(findings: findings, remarks: [remark + (check.runTests ? ", with its tests." : ".")])
    }

    private static func failure(_ message: String, display: String, rule: String = fetchRule) -> Outcome {
        Outcome(
            findings: [Finding(severity: .error, ruleID: rule, message: message, file: display, line: 1, column: 1)],
            remarks: [])
    }
}

extension ComponentLint {
    /// The rule of a component that could not be fetched (the network, the server, credentials): a
    /// failure of the environment, so the full lint exits 3 rather than 1.
    package static let fetchRule = RuleCatalog.Build.fetch

    /// The largest file of a component's tree the build check checks out (GitHub refuses files over
    /// 100 MB); its size is read from the object header, so a larger one costs no memory.
    package static let defaultMaximumFileSize = 100 * 1_048_576

    /// The full lint: `report` (the spec rules' findings, from `LintDriver.run`) with the build check
    /// of every spec it read that has no errors of its own added. `starting` hears each spec as its
    /// build starts.
    package func extend(_ report: LintReport, starting: (String) -> Void = { _ in }) -> LintReport {
        let start = Date()
        var findings = report.findings
        var remarks = report.remarks
        var built = false
        for file in report.specs {
            if report.findings.contains(where: { $0.file == file.display && $0.severity == .error }) {
                remarks.append("\(file.display): not built, because the spec has errors; fix them first.")
                continue
            }
            guard let tree = file.tree, let spec = try? Spec(node: tree, label: file.display) else {
                remarks.append("\(file.display): not built (the spec could not be read).")
                continue
            }
            starting(file.display)
            built = true
            let outcome = run(spec: spec, specFile: file.url, display: file.display)
            findings += outcome.findings
            remarks += outcome.remarks.map { "\(file.display): \($0)" }
        }
        return LintReport(
            command: report.command, findings: findings, fileCount: report.fileCount, buildChecked: built,
            remarks: remarks, specs: report.specs, seconds: report.seconds + Date().timeIntervalSince(start))
    }
}
