import ArgumentParser
import Foundation
import Publishing
import SpecRepos

struct RepoConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Turn every Ruby podspec of a spec repo checkout into podspec JSON, in one commit.",
        discussion: """
            Every Name/version/Name.podspec under DIR (at the root, under Specs/, or in shard \
            folders) that has no Name.podspec.json beside it is evaluated in compose's sandboxed Ruby \
            interpreter (docs/ruby-podspecs.md), written as canonical Name.podspec.json (what \
            compose publish stores) and removed, all in one commit "[Convert] N Ruby podspecs to \
            JSON". A file the sandbox refuses is left as it is and named with the line, \
            the column and the construct. Nothing is committed when nothing converts; push the \
            commit yourself after a look.

            Examples:
              compose repo convert ~/.compose/repos/specs
              compose repo convert . && git push

            Exit codes: 0 something was converted and committed (the podspecs left as they were \
            are named in warnings) or there was nothing to convert, 1 nothing could be converted, \
            3 git or file system failure.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(help: "A git checkout of the spec repository.", completion: .directory)
    var directory: String

    func run() async throws {
        let report = try SpecRepoConverter().convert(repository: Terminal.fileURL(directory))
        for path in report.converted { Terminal.standardOutput.write("converted \(path)\n") }
        for (path, reason) in report.refused { Terminal.standardError.write("not converted: \(path): \(reason)\n") }
        let noun = report.converted.count == 1 ? "podspec" : "podspecs"
        if let commit = report.commit {
            Terminal.standardOutput.write(
                "Converted \(report.converted.count) Ruby \(noun) in commit \(commit.prefix(10)); push it when it looks right.\n"
            )
        } else {
            Terminal.standardOutput.write("No Ruby podspec converted; nothing committed.\n")
        }
        if !report.refused.isEmpty {
            Terminal.standardError.write(
                "warning: \(report.refused.count) could not be converted: edit them into the declarative DSL or convert them by hand.\n"
            )
            // A commit was made: the command did its work, and the warning names what is left.
            if report.commit == nil { throw ExitCode(1) }
        }
    }
}
