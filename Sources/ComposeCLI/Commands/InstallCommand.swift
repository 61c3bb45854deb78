import ArgumentParser
import Foundation
import Install
import SpecRepos
import Support

struct InstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Turn Compose.lock into a SwiftPM package that builds.",
        discussion: """
            Resolves first when Compose.lock is missing or older than the Composefile (keeping \
            every locked version the Composefile still allows), fetches each component at its \
            locked tag or commit into $COMPOSE_HOME/cache, and writes Composed/ in the project: a \
            SwiftPM package with one library product per Composefile target and every component \
            pinned exactly. Add Composed as a local package of the app and link the product \
            named after your target. A second install with nothing changed uses no network, and \
            when nothing it rests on changed since the last install (the Composefile, the lock, \
            the locked specs, the cached repositories, the files of Composed/, the binary \
            options) it answers from that install's record in $COMPOSE_HOME/installed without \
            reading or writing anything (--verbose says so; COMPOSE_RESOLVE_RECORD=0 turns it off).

            Binary components: a spec may declare "prebuilt": {"url": ..., "sha256": ...}. Source \
            is the default; --binary or COMPOSE_USE_BINARY=1 use every declared artifact, \
            COMPOSE_PAY_USE_BINARY=1 only Pay's (=0 keeps Pay from source). A checksum mismatch \
            is refused.

            The app's Xcode project: when the Podfile names one (`project 'App.xcodeproj'`) or one \
            .xcodeproj is beside it, install then integrates it as `compose integrate` does: \
            CocoaPods taken out ([CP] phases, Pods frameworks, base configurations, the Pods \
            group, Pods/Pods.xcodeproj in the workspace), the local package Composed added, and \
            each Podfile target linked to the Composed product of its name. A second install \
            changes no byte. --no-integrate, or install! 'cocoapods', :integrate_targets => false \
            in the Podfile, leaves the project alone (docs/xcode.md).

            Examples:
              compose install
              compose install --project ShopApp
              COMPOSE_PAY_USE_BINARY=1 compose install
              cd Composed && swift build
              compose install --check-layers   # refuse a graph that breaks Layers.yml
              compose install --no-integrate   # leave the Xcode project as it is
              compose install --repo-update    # fetch the spec sources first
              compose install --registry https://registry.example.com --registry-scope ios
              compose install --allow-compiler-flag=-mllvm   # a flag you trust

            With --registry (and --registry-scope, the scope the registry was exported with), \
            every component the registry has is pinned as .package(id: "SCOPE.Name", exact:) and \
            Composed/.swiftpm/configuration/registries.json names the registry, with git URLs \
            replaced by registry identities: SwiftPM then fetches release archives, not git \
            repositories. A component the registry lacks stays a git dependency, with a note.

            Notes of one kind that apply to several pods are printed once, naming every pod; \
            --verbose prints each, and --format json prints what was installed with every note.

            A pod without a Package.swift gets one generated under Composed/Pods/, its \
            compiler_flags passed to the compiler at `swift build` as unsafeFlags. Flags that \
            define (-D, -U), warn (-W…, -w) or choose the language or ARC pass; any other \
            (-fplugin=, -Xclang, -mllvm, -MF, -o, -include, -I, -B, @file …) is refused, naming \
            the pod and the flag, before anything is written, unless allowed by name with \
            --allow-compiler-flag or COMPOSE_ALLOW_COMPILER_FLAGS (docs/install.md).

            Exit codes: 0 installed, 1 wrong input (Composefile, resolution, checksum, a project \
            file that does not parse, a Podfile target missing from its project), \
            3 environment (git, network, file system), 64 usage error.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Option(
        help: ArgumentHelp("The project folder holding the Composefile (or Podfile).", valueName: "dir"),
        completion: .directory)
    var project: String = "."

    @Flag(
        inversion: .prefixedNo,
        help:
            "Fetch every spec source first, as `compose repo update` does, and every `:podspec => URL`. (default: off; --no-repo-update, as CocoaPods scripts pass it, says the default)"
    )
    var repoUpdate = false

    @Flag(help: "Use the prebuilt artifact of every component that declares one.")
    var binary = false

    @Flag(help: "Check the resolved graph against the spec repos' layering rules before writing anything.")
    var checkLayers = false

    @Flag(
        inversion: .prefixedNo,
        help: "Integrate the app's Xcode project after writing Composed/ (--no-integrate leaves it as it is).")
    var integrate = true

    @Option(
        help: ArgumentHelp(
            "A Swift package registry serving the spec repo (compose registry export/serve).", valueName: "url"))
    var registry: String?

    @Option(help: ArgumentHelp("The registry scope of the components (with --registry).", valueName: "scope"))
    var registryScope: String?

    @OptionGroup var environment: AllowEnvOptions

    @Option(
        name: .customLong("allow-compiler-flag"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Let a pod's compiler_flags pass this flag to the compiler in the package install generates for a pod without a Package.swift, by name (-fplugin, -Xclang, -I) or as written (repeat for more; also COMPOSE_ALLOW_COMPILER_FLAGS=\"-I -mllvm\"). Without it only flags that define (-D, -U), warn (-W…, -w) or choose the language or ARC (-fobjc-arc, -fno-objc-arc, -fmodules, -std=, -x objective-c …) pass; any other is refused (docs/install.md).",
            valueName: "flag"))
    var allowedCompilerFlags: [String] = []

    @Option(help: "Output format: human (notes of one kind said once) or json (every note, one per pod).")
    var format: ProjectOutputFormat = .human

    func validate() throws {
        if (registry == nil) != (registryScope == nil) {
            throw ValidationError(
                "--registry and --registry-scope go together: the registry's URL and the scope it was exported with.")
        }
    }

    func run() async throws {
        let target = try registry.map { try InstallRegistry(url: $0, scope: registryScope ?? "") }
        try await Self.install(
            project: project, binary: binary, checkLayers: checkLayers, repoUpdate: repoUpdate, registry: target,
            allowing: environment.allowed, verbose: global.verbose, format: format, integrate: integrate,
            compilerFlags: allowedCompilerFlags)
    }

    /// `compose install` (also run by `compose update` when Composed/ exists).
    static func install(
        project: String, binary: Bool, checkLayers: Bool, repoUpdate: Bool, registry: InstallRegistry? = nil,
        allowing: Set<String>, verbose: Bool = false, format: ProjectOutputFormat = .human,
        integrate: Bool = true, compilerFlags: [String] = []
    ) async throws {
        let err = Terminal.standardError
        let preference = BinaryPreference(flag: binary, environment: Terminal.environment)
        var install = ProjectInstall(service: resolveService(project: project, allowing: allowing))
        install.compilerFlags = CompilerFlagPolicy(allowing: compilerFlags, environment: Terminal.environment)
        // Nothing changed since the last install: its record answers.
        if !checkLayers, !repoUpdate, registry == nil, let recorded = install.recorded(binary: preference) {
            err.write(Finding.rendered(recorded.warnings, as: .human))
            if format == .json {
                // The project integrated first: its notes are findings of the one object.
                let integration =
                    integrate ? try integrateAfterInstall(project: project, allowing: allowing, format: format) : []
                printJSON(
                    folder: URL(fileURLWithPath: install.service.projectDirectory).appendingPathComponent("Composed")
                        .standardizedFileURL.path, upToDate: true, components: recorded.componentLines, fetched: [],
                    notes: recorded.notes + integration)
                return
            }
            err.write(Finding.rendered(verbose ? recorded.notes : InstallNotes.grouped(recorded.notes), as: .human))
            if verbose {
                err.write(
                    "  nothing changed since the last install (answered from its record: \(recorded.witnessCount) files and folders as they were)\n"
                )
            }
            let out = Terminal.standardOutput
            for line in recorded.componentLines { out.write("  \(line)\n") }
            out.write(upToDateLine(count: recorded.componentLines.count))
            if integrate { try integrateAfterInstall(project: project, allowing: allowing, format: format) }
            return
        }
        if checkLayers {
            let service = resolveService(project: project, allowing: allowing)
            let lock = try service.resolve(write: false).lockfile
            try ComposeCLI.checkLayers(of: lock, in: service, writing: "nothing was written")
        }
        let report = try await install.run(
            binary: preference, repoUpdate: repoUpdate,
            registry: registry, progress: { err.write("\($0)\n") })
        if let resolve = report.resolve {
            for change in resolve.changes {
                err.write("  \(change.name): \(change.from ?? "new") → \(change.to ?? "removed")\n")
            }
            err.write("Wrote \(resolve.lockPath)\n")
            // What the resolve had to say (an adopted Podfile.lock, ignored Podfile lines), as `resolve` says it.
            err.write(Finding.rendered(resolve.notes, as: .human))
        }
        let result = report.install
        err.write(Finding.rendered(report.warnings, as: .human))
        if format == .json {
            let integration =
                integrate
                ? try integrateAfterInstall(
                    project: project, allowing: allowing, format: format, read: report.inputs?.composefile) : []
            printJSON(
                folder: result.folder.path, upToDate: result.changedFiles.isEmpty, components: result.componentLines,
                fetched: result.fetched, notes: result.notes + integration)
            return
        }
        // Notes of one kind once, naming every pod; --verbose says each.
        err.write(Finding.rendered(verbose ? result.notes : InstallNotes.grouped(result.notes), as: .human))
        let out = Terminal.standardOutput
        for line in result.componentLines { out.write("  \(line)\n") }
        if result.changedFiles.isEmpty {
            out.write(upToDateLine(count: result.package.components.count))
        } else {
            let fetched =
                result.fetched.isEmpty ? "nothing fetched" : "fetched \(result.fetched.joined(separator: ", "))"
            out.write(
                "Installed \(counted(result.package.components.count, "component")) into \(result.folder.path) (\(fetched)).\n"
            )
        }
        if integrate {
            try integrateAfterInstall(
                project: project, allowing: allowing, format: format, read: report.inputs?.composefile)
        }
    }

    /// `--format json`: what was installed and every note, one per pod (then the project's integration's):
    /// `notes` their messages, `findings` the notes whole (rule, severity, place), as every JSON report
    /// writes findings.
    private static func printJSON(
        folder: String, upToDate: Bool, components: [String], fetched: [String], notes: [Finding]
    ) {
        struct Output: Encodable {
            let folder: String
            let upToDate: Bool
            let components: [String]
            let fetched: [String]
            let notes: [String]
            let findings: [Finding.JSONItem]
        }
        Terminal.standardOutput.write(
            encodeJSON(
                Output(
                    folder: folder, upToDate: upToDate, components: components, fetched: fetched,
                    notes: notes.map(\.message), findings: notes.map(Finding.JSONItem.init)))
                + "\n")
    }

    /// "Composed/ is up to date (3 components, nothing fetched)."
    private static func upToDateLine(count: Int) -> String {
        "Composed/ is up to date (\(counted(count, "component")), nothing fetched).\n"
    }
}
