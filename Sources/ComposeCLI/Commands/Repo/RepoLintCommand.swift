import ArgumentParser
import Foundation
import Lint
import Publishing
import SpecRepos

struct RepoLintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint every spec of a spec repository and the repository's layout.",
        discussion: """
            Every Name/version/Name.podspec.json under DIR (or under DIR/Specs when it exists, in \
            shard folders when CocoaPods-version.yml sets prefix_lengths) is linted as by \
            `compose lint --quick`, on all cores. The layout is checked too: the folder name is the \
            spec's name, the version folder is the spec's version, a sharded pod is in its shard, \
            nothing else lies in pod or version folders, and nothing is a symbolic link. Ends with \
            a summary: specs, errors, warnings, and specs per second.

            Examples:
              compose repo lint spec-repo-fixture
              compose repo lint ~/.compose/repos/specs --allow-warnings
              compose repo lint . --format github

            Exit codes: 0 no errors (and no warnings unless --allow-warnings), 1 otherwise, 64 usage error.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(help: "The root folder of a spec repository.", completion: .directory)
    var directory: String

    @Option(help: "Pod folders linted at once (default: the number of cores).")
    var jobs: Int?

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    }

    func run() async throws {
        let root = Terminal.fileURL(directory)
        let concurrency = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        // Dependencies are looked up in this repo and in the added ones (`compose repo list`).
        let others = Terminal.store.otherPods(than: root)
        try report.emit(
            try await RepoLinter.run(root: root, displayRoot: directory, concurrency: concurrency, otherPods: others),
            configFolders: [root])
    }
}
