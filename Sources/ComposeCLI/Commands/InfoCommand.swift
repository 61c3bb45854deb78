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

            Example:
              compose info Networking
            """
    )

    @Argument(help: "The pod's name.")
    var name: String

    func run() async throws {
        let pods = try SpecCatalog(store: SpecRepoStore(home: .fromEnvironment(Terminal.environment))).info(name)
        let out = Terminal.standardOutput
        for (index, pod) in pods.enumerated() {
            if index > 0 { out.write("\n") }
            out.write("\(pod.name) \(pod.versions.first ?? "")\n")
            if let summary = pod.summary { out.write("  \(summary)\n") }
            out.write("  versions: \(pod.versions.joined(separator: ", "))\n")
            if let homepage = pod.homepage { out.write("  homepage: \(homepage)\n") }
            if let source = pod.source { out.write("  source: \(source)\n") }
            out.write("  repo: \(pod.repo)\n")
            if pod.deprecated {
                out.write("  deprecated" + (pod.deprecatedInFavorOf.map { ": use \($0) instead" } ?? "") + "\n")
            }
        }
    }
}
