import ArgumentParser
import Foundation
import SpecRepos

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find pods by name or summary in the added spec repositories.",
        discussion: """
            Matches QUERY case-insensitively against every pod's name and the summary of its \
            newest version, across all repositories added with `compose repo add`. Reads the \
            local clones only; run `compose repo update` first to see what was published since.
            --format json prints an array of {name, latestVersion, summary, repo}.

            Examples:
              compose search network
              compose search "payment" --format json
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(help: "Text to look for in names and summaries.")
    var query: String

    @Option(help: "Output format: human or json.")
    var format: ListingFormat = .human

    func run() async throws {
        let results = SpecCatalog(store: SpecRepoStore(home: .fromEnvironment(Terminal.environment))).search(query)
        let out = Terminal.standardOutput
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            out.write(String(decoding: try encoder.encode(results), as: UTF8.self) + "\n")
        case .human:
            if results.isEmpty { Terminal.standardError.write("No pod matches '\(query)'.\n") }
            for pod in results {
                out.write("\(pod.name) \(pod.latestVersion) [\(pod.repo)]\n")
                if let summary = pod.summary { out.write("  \(summary)\n") }
            }
        }
    }
}
