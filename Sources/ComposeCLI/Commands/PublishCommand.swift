import ArgumentParser
import CDN
import Foundation
import Git
import Install
import Lint
import Publishing
import Registry
import SpecRepos
import Specs

struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Release a component: tag it and add its spec to a spec repository.",
        discussion: """
            Run in the component's git checkout. SPEC defaults to the one Name.podspec.json (or \
            Ruby Name.podspec, stored in the spec repo as canonical JSON) there. \
            In order: lint must pass (warnings too, unless --allow-warnings); every dependency must \
            be in the spec repos (REPO, then every added one, or --sources) at a version that \
            satisfies it; the component's Package.swift must offer a library product named like \
            the spec's module and depend on the packages the spec depends on (and on no component \
            of the spec repos that the spec leaves out); the working tree must \
            be clean; the commit to be tagged must build, as `compose lint` builds it (a clean \
            clone, `swift build`; compiler warnings stop it too unless --allow-warnings; a \
            component that needs an SDK this host lacks, such as UIKit on Linux, gets a note \
            naming the command that builds it on macOS; --skip-build skips it); the annotated tag named by source.tag is created at HEAD unless it exists \
            there (a tag at another commit is refused) and pushed to the component's remote; the \
            spec repo's clone is fetched and fast-forwarded; Name/version/Name.podspec.json is \
            written (stable key order, 2-space indent), committed as [Add] Name (version) or \
            [Update] Name (version), and pushed. When another publish pushed first, compose \
            fetches, re-applies on the new tip and retries (bounded, with jitter). On any failure \
            the clone is reset to the remote's tip and the message says what is pushed and what \
            to run next.

            An existing version is refused. With --ci, an existing spec that is byte-identical is \
            a success with a note, so re-running a release job is harmless. --overwrite replaces \
            it on purpose with a [Fix] Name (version) commit.

            Examples:
              compose publish specs
              compose publish specs Payments.podspec.json --allow-warnings
              compose publish specs --ci            # in a CI release job
              compose publish specs --no-tag        # the tag is pushed already
              compose publish specs --ci --export /srv/www/specs   # and its HTTP export
              compose publish specs --registry-export www/registry --registry-scope ios
              compose publish git@git.example.com:ios/specs.git   # by its URL
              compose publish specs --author "Release Bot <release@example.com>"
              compose publish specs --dry-run       # every check and the build, no change
              compose publish specs --skip-build    # built elsewhere (a macOS CI job, say)
              compose publish specs --ci --format json > publish.json

            --format json prints one object on standard output (the steps done, the tag, the commit, \
            every finding, and the error of a refused publish: docs/publish-json-schema.md); \
            --format github prints workflow annotations. Progress lines go to standard error in \
            every format.

            The tag and the commit are made as git's identity (user.name and user.email, or \
            GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL, or --author); with none, nothing is published.

            A spec repo or component remote that is a local repository with a working tree is \
            refused before anything is pushed (compose pushes over a path only to a bare one).

            Exit codes: 0 published (or already there, with --ci), 1 refused (lint, build, dirty \
            tree, tag elsewhere, existing version), 3 environment (git, network, file system).
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(
        help: "The spec repository to publish to: a name from `compose repo list`, or the URL of an added one.",
        completion: .specRepoNames)
    var repo: String

    @Argument(
        help: "The podspec to publish. (default: the one Name.podspec.json or Name.podspec in the current folder)")
    var spec: String?

    @Flag(help: "Publish although lint reports warnings.")
    var allowWarnings = false

    @Flag(help: "Do not create or push the component's tag.")
    var noTag = false

    @Flag(help: "Treat a byte-identical spec already in the repo as success (re-run release jobs).")
    var ci = false

    @Flag(help: "Replace an existing version with a [Fix] commit.")
    var overwrite = false

    @Option(
        name: .customLong("export"),
        help: ArgumentHelp(
            "After publishing, bring this folder's static export of the spec repo up to date (compose repo export).",
            valueName: "out"))
    var exportFolder: String?

    @Option(
        name: .customLong("registry-export"),
        help: ArgumentHelp(
            "After publishing, add the release to this folder's Swift package registry (compose registry export).",
            valueName: "out"))
    var registryFolder: String?

    @Option(help: ArgumentHelp("The registry scope of --registry-export (ios: ios.Name).", valueName: "scope"))
    var registryScope: String?

    func validate() throws {
        if (registryFolder == nil) != (registryScope == nil) {
            throw ValidationError(
                "--registry-export and --registry-scope go together: the registry's folder and its scope.")
        }
    }

    @Flag(
        help: "Publish although the release breaks the spec repo's Layers.yml rules (recorded in the commit message).")
    var allowLayerViolations = false

    @Option(
        name: .customLong("ignore"),
        help: ArgumentHelp(
            "A lint rule whose findings do not stop the release (repeatable; the component's .compose.yml can list them).",
            valueName: "rule-id"))
    var ignore: [String] = []

    @Option(
        name: .customLong("sources"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "The added spec repos (names or URLs) the spec's dependencies are looked up in. (default: REPO, then every added one)",
            valueName: "repo"),
        completion: .specRepoNames)
    var sources: [String] = []

    @Flag(help: "Run every check and print what publish would do, without tagging, committing or pushing.")
    var dryRun = false

    @Flag(help: "Do not build the component before tagging it (the JSON report says the build was skipped).")
    var skipBuild = false

    @OptionGroup var identity: CommitAuthorOptions

    @OptionGroup var output: PublishFormatOptions

    func run() async throws {
        let err = Terminal.standardError
        let store = Terminal.store
        let author = try identity.signature()
        let publisher = Publisher(store: store, builder: FullLintBuilder())
        var exported: String?
        // Everything that can fail is inside, so that a JSON report is written for it too.
        let result = try output.reporting(.publish) { step, extraStep in
            let repo = try store.addedName(for: repo)
            let ignoredRules = Set(ignore + (try LintConfig.read(in: Terminal.currentDirectory).ignore))
            let sources = try sources.flatMap { $0.split(separator: ",").map(String.init) }.map {
                try store.addedName(for: $0)
            }
            let result = try publisher.publish(
                repo: repo, spec: spec,
                componentDirectory: Terminal.currentDirectory,
                options: {
                    var o = PublishOptions(allowWarnings: allowWarnings, noTag: noTag, ci: ci, overwrite: overwrite)
                    o.allowLayerViolations = allowLayerViolations
                    o.author = author
                    o.ignoredRules = ignoredRules
                    o.sources = sources.isEmpty ? nil : sources
                    o.dryRun = dryRun
                    o.skipBuild = skipBuild
                    o.rerun = rerunCommand
                    return o
                }(),
                events: step,
                waiting: waitingMessage)
            if let exportFolder, result.plan == nil {
                let folder = try store.directory(of: repo)
                let summary = try SpecRepoExport.export(
                    from: folder, to: Terminal.fileURL(exportFolder), tree: SpecRepoTree.of(folder, trusted: true))
                exported = "Exported \(repo) to \(exportFolder): \(summary.files.counts)"
                extraStep(exported!)
            }
            if let registryFolder, let registryScope, result.plan == nil {
                let summary = try RegistryExport.export(
                    from: try store.directory(of: repo), to: Terminal.fileURL(registryFolder), scope: registryScope,
                    sources: store.componentSources())
                let line =
                    "Registry \(registryFolder) (scope \(registryScope)): \(summary.releases) releases; files \(summary.files.counts)"
                exported = [exported, line].compactMap { $0 }.joined(separator: "\n")
                extraStep(line)
            }
            return result
        }
        guard output.format == .human else { return }
        if let plan = result.plan {
            let out = Terminal.standardOutput
            out.write("Dry run of publishing \(result.name) \(result.version) to \(result.repo); nothing was done:\n")
            for (index, step) in plan.enumerated() { out.write("  \(index + 1). \(step)\n") }
            return
        }
        if let note = result.note {
            err.write("note: \(note)\n")
        }
        let retries = result.retries == 0 ? "" : " after \(result.retries) retr\(result.retries == 1 ? "y" : "ies")"
        if result.commit != nil {
            Terminal.standardOutput.write("Published \(result.name) \(result.version) to \(result.repo)\(retries)\n")
        } else {
            Terminal.standardOutput.write("\(result.name) \(result.version) is in \(result.repo)\n")
        }
        if let exported { Terminal.standardOutput.write(exported + "\n") }
    }
}

extension PublishCommand {
    /// This command as given, for a failure's advice to run it again (without --dry-run and --format).
    var rerunCommand: String {
        var words = ["compose", "publish", repo] + (spec.map { [$0] } ?? [])
        let flags: [(Bool, String)] = [
            (allowWarnings, "--allow-warnings"), (noTag, "--no-tag"), (ci, "--ci"), (overwrite, "--overwrite"),
            (allowLayerViolations, "--allow-layer-violations"), (skipBuild, "--skip-build"),
        ]
        words += flags.filter(\.0).map(\.1)
        words += ignore.flatMap { ["--ignore", $0] } + (sources.isEmpty ? [] : ["--sources"] + sources)
        words += [
            exportFolder.map { ["--export", $0] }, registryFolder.map { ["--registry-export", $0] },
            registryScope.map { ["--registry-scope", $0] }, identity.author.map { ["--author", $0] },
        ].compactMap { $0 }.flatMap { $0 }
        let plain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_./:@=,+"))
        return words.map {
            $0.unicodeScalars.allSatisfy(plain.contains) && !$0.isEmpty
                ? $0 : "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }.joined(separator: " ")
    }
}

/// `publish`'s build step: the full lint's build (Install's `ComponentLint`), given to Publishing as its
/// `ComponentBuilder`, because Publishing must not import Install.
struct FullLintBuilder: ComponentBuilder {
    func build(_ spec: Spec, display: String, repository: String, revision: String, reference: String) -> [Finding] {
        ComponentLint().run(
            spec: spec, display: display, repository: repository, revision: revision, reference: reference
        ).findings
    }
}
