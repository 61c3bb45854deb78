import ArgumentParser
import CDN
import Foundation
import SpecRepos
import Specs
import Support

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find pods by name or summary in the added spec repositories.",
        discussion: """
            Matches QUERY case-insensitively against every pod's name and the summary of its \
            newest version, across all repositories added with `compose repo add`. Reads the \
            local clones only; run `compose repo update` first to see what was published since. \
            Names, versions and summaries come from each clone's search index in the compose \
            home, kept up to date from git: after a publish, deprecate or update only the pods \
            that changed are read again (--verbose says what was read).
            --format json prints an array of {name, latestVersion, summary, repo}, with \
            "unreadable" (and a warning naming the file and line) for a spec that cannot be read. With --source \
            (`trunk` or the URL of an HTTP spec source, repeatable), that source's pods are \
            searched too, by name (its all_pods.txt), with the newest version from its shard \
            index and, for the first 50 matches, the summary of the newest spec.

            Examples:
              compose search network
              compose search "payment" --format json
              compose search alamofire --source trunk
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(help: "Text to look for in names and summaries.")
    var query: String

    @Option(help: "Output format: human or json.")
    var format: ListingFormat = .human

    @Option(
        name: .customLong("source"),
        help: ArgumentHelp("An HTTP spec source to search too: `trunk` or its URL (repeatable).", valueName: "url"))
    var sources: [String] = []

    func run() async throws {
        let home = Terminal.home
        let report = SpecCatalog(store: SpecRepoStore(home: home)).searchReport(query)
        var results = report.pods
        if global.verbose {
            for repo in report.repos { Terminal.standardError.write(Self.describe(repo) + "\n") }
        }
        for source in sources {
            let (label, repository) = try SpecCatalog.openHTTP(
                source, home: home, settings: .fromEnvironment(Terminal.environment))
            results += try SpecCatalog.search(query, in: repository, label: label)
        }
        for pod in results {
            if let reason = pod.unreadable {
                Terminal.standardError.write(
                    "warning: \(escapedForDisplay(reason)) (\(pod.name) is listed by its name only)\n")
            }
        }
        let out = Terminal.standardOutput
        switch format {
        case .json:
            out.write(String(decoding: try JSONOutput.data(results), as: UTF8.self) + "\n")
        case .human:
            if results.isEmpty { Terminal.standardError.write("No pod matches '\(query)'.\n") }
            for pod in results {
                out.write("\(pod.name) \(pod.latestVersion) [\(pod.repo)]\n")
                if let summary = pod.summary { out.write("  \(escapedForDisplay(summary))\n") }
            }
        }
    }

    /// What `--verbose` says of how one repo was searched.
    static func describe(_ search: SpecCatalog.RepoSearch) -> String {
        let long = search.podsRead > 0 ? "; \(search.podsRead) specs read for summaries too long to keep" : ""
        switch search.freshness {
        case .unchanged:
            return "\(search.repo): from the search index, unchanged" + (long.isEmpty ? " (no spec read)" : long)
        case .updated(let pods): return "\(search.repo): search index updated from git, \(pods) pods read again\(long)"
        case .rebuilt(let pods): return "\(search.repo): search index built, \(pods) pods read\(long)"
        case nil:
            return "\(search.repo): no search index (not a git clone, or COMPOSE_SPEC_INDEX=0): "
                + "the newest spec of \(search.podsRead) pods read"
        }
    }
}
