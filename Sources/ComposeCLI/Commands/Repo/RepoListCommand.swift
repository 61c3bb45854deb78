import ArgumentParser
import Foundation
import SpecRepos
import Specs
import Support

struct RepoListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the added spec repositories.",
        discussion: """
            One line per repository: name, URL (credentials redacted), branch, head commit and \
            number of specs. --format json prints an array of objects with the keys name, url, \
            branch, head, specCount and path.

            Examples:
              compose repo list
              compose repo list --format json
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Option(help: "Output format: human or json.")
    var format: ListingFormat = .human

    func run() async throws {
        let summaries = try Terminal.store.list()
        let out = Terminal.standardOutput
        switch format {
        case .json:
            out.write(String(decoding: try JSONOutput.data(summaries), as: UTF8.self) + "\n")
        case .human:
            if summaries.isEmpty {
                Terminal.standardError.write("No spec repos yet; add one with `compose repo add NAME URL`.\n")
            }
            for summary in summaries {
                out.write(
                    "\(summary.name)\n  url: \(summary.url)\n  branch: \(summary.branch ?? "(detached)")\n"
                        + "  head: \(summary.head.map { String($0.prefix(10)) } ?? "(empty)")\n"
                        + "  specs: \(summary.specCount)\n  path: \(summary.path)\n")
            }
        }
    }
}
