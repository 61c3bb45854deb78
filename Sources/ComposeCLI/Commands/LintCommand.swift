import ArgumentParser
import Foundation
import Install
import Lint

struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check podspecs against CocoaPods' linter rules and compose's stricter ones.",
        discussion: """
            PATH is a podspec (Name.podspec.json, or a Ruby Name.podspec read without Ruby), or a \
            component folder holding exactly one (the JSON one when both are there); without a \
            PATH, the current folder, as `pod lib lint` finds the spec itself. Every rule of \
            CocoaPods' spec linter is applied with its severity, plus stricter rules of compose: a \
            name that could escape a folder, a wrong JSON type, version 0 or an unreasonable \
            version, an unknown platform, a spec depending on itself, a git tag that is not the \
            version, a requirement that does not parse. Rules CocoaPods applies only to public \
            specs are reported as notes. Findings print like compiler diagnostics:
              Pay.podspec.json:3:3: error: A version is required. [version-required]

            Examples:
              compose lint
              compose lint Payments.podspec.json
              compose lint . --quick --allow-warnings
              compose lint Payments/ Logging/ --format json > lint.json
              compose lint Payments.podspec.json --format github

            --format github prints annotations for GitHub Actions workflows.

            Without --quick, lint also builds the component, from a clean clone at its tag in a \
            temporary folder: the spec's name must be a library product of Package.swift, every \
            source_files pattern must match a file, `swift build` must succeed (with --run-tests, \
            `swift test` too); compiler errors and warnings become findings. In the component's \
            own checkout (before `compose publish` tags it) the last commit is built.

            Exit codes: 0 no errors (and no warnings unless --allow-warnings), 1 findings that \
            fail or an unreadable PATH, 3 the component could not be fetched (network, server, \
            credentials: finding build-fetch), 64 usage error.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(
        help: "Podspec files (JSON or Ruby) or component folders (default: the current folder).",
        completion: .podspecs)
    var paths: [String] = []

    @Flag(help: "Check only the spec (no fetch and build of the component).")
    var quick = false

    @Flag(name: .customLong("run-tests"), help: "Also run `swift test` in the component (not with --quick).")
    var runTests = false

    @OptionGroup var report: ReportOptions

    func run() async throws {
        let cwd = Terminal.currentDirectory
        let paths = self.paths.isEmpty ? ["."] : self.paths
        let specReport = try LintDriver.run(paths: paths, currentDirectory: cwd)
        // A component's .compose.yml sits beside its spec.
        let folders = paths.map { path in
            let url = Terminal.fileURL(path)
            var isDirectory: ObjCBool = false
            let folder =
                FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
            return folder ? url : url.deletingLastPathComponent()
        }
        if quick { return try report.emit(specReport, configFolders: folders) }
        let build = ComponentLint(check: ComponentBuildCheck(runTests: runTests))
        let full = build.extend(specReport) {
            Terminal.standardError.write("Building \($0) from a clean clone…\n")
        }
        // A component that could not be fetched is the environment's failure (exit 3), not the spec's.
        guard
            full.findings.contains(where: { $0.ruleID == ComponentLint.fetchRule && !report.ignore.contains($0.ruleID) }
            )
        else { return try report.emit(full, configFolders: folders) }
        try? report.emit(full, configFolders: folders)
        throw ExitCode(3)
    }
}
