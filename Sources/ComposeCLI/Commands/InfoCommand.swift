import ArgumentParser
import SpecRepos

struct InfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a pod's versions and details from the added spec repositories.",
        discussion: """
            Prints, for each added repository that has NAME: its versions (newest first), and \
            the summary, homepage, source and deprecation of the newest version. Reads the local \
            clones only; run `compose repo update` first to see what was published since.

            --format json prints an array (one entry per repository) of {name, repo, versions, \
            summary, homepage, source, deprecated, deprecatedInFavorOf, dependencies (name → \
            requirements; per-platform ones as "ios: Name"), subspecs, platforms}.

            Examples:
              compose info Networking
              compose info networking --format json
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(help: "The pod's name (a case-insensitive match is found too).")
    var name: String

    @Option(help: "Output format: human or json.")
    var format: ListingFormat = .human

    func run() async throws {
        let pods = try SpecCatalog(store: SpecRepoStore(home: .fromEnvironment(Terminal.environment))).info(name)
        let out = Terminal.standardOutput
        if format == .json {
            out.write(encodeJSON(pods) + "\n")
            return
        }
        for (index, pod) in pods.enumerated() {
            if index > 0 { out.write("\n") }
            out.write("\(pod.name) \(pod.versions.first ?? "")\n")
            if let summary = pod.summary { out.write("  \(summary)\n") }
            out.write("  versions: \(pod.versions.joined(separator: ", "))\n")
            if let homepage = pod.homepage { out.write("  homepage: \(homepage)\n") }
            if let source = pod.source { out.write("  source: \(source)\n") }
            if !pod.platforms.isEmpty {
                let platforms = pod.platforms.sorted { $0.key < $1.key }
                out.write(
                    "  platforms: \(platforms.map { $0.value.isEmpty ? $0.key : "\($0.key) \($0.value)" }.joined(separator: ", "))\n"
                )
            }
            if !pod.subspecs.isEmpty { out.write("  subspecs: \(pod.subspecs.joined(separator: ", "))\n") }
            if !pod.dependencies.isEmpty {
                let listed = pod.dependencies.sorted { $0.key < $1.key }.map { name, requirements in
                    requirements.isEmpty ? name : "\(name) (\(requirements.joined(separator: ", ")))"
                }
                out.write("  dependencies: \(listed.joined(separator: ", "))\n")
            }
            out.write("  repo: \(pod.repo)\n")
            if pod.deprecated {
                out.write("  deprecated" + (pod.deprecatedInFavorOf.map { ": use \($0) instead" } ?? "") + "\n")
            }
        }
    }
}
