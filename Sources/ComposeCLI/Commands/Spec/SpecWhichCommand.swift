import ArgumentParser
import Foundation
import SpecRepos
import Specs
import Support

/// NAME and VERSION of `spec which` and `spec cat`, and the lookup both make.
struct SpecLookupOptions: ParsableArguments {
    @Argument(help: "The pod's name (a case-insensitive match is found too).")
    var name: String

    @Argument(help: "The version. (default: the newest)")
    var version: String?

    @Option(
        name: .customLong("repo"), help: "Only this added spec repo (when several have the pod).",
        completion: .specRepoNames)
    var repo: String?

    /// The spec file: the first added repo (by name) that has the pod at VERSION.
    func locate() throws -> SpecFileLocation {
        let catalog = SpecCatalog(store: Terminal.store)
        if let repo { _ = try catalog.store.directory(of: repo) }
        let found = try catalog.specFiles(of: name, version: version).filter { repo == nil || $0.repo == repo }
        let matching = found.filter { location in
            guard let version else { return true }
            return (try? Version(location.version)) == (try? Version(version))
        }
        guard let first = matching.first else {
            throw SpecLookupError(name: found.first?.name ?? name, version: version ?? "", found: found)
        }
        return first
    }
}

/// A pod that exists, not at the version asked for.
struct SpecLookupError: ComposeFailure {
    let name: String
    let version: String
    let found: [SpecFileLocation]

    var kind: FailureKind { .input }
    var description: String {
        let known = found.map { "\($0.repo): \($0.versions.joined(separator: ", "))" }.joined(separator: "; ")
        return "no version \(version) of \(name) in the added spec repos (\(known.isEmpty ? "none" : known)); "
            + "leave VERSION out for the newest"
    }
}

struct SpecWhichCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "which",
        abstract: "Print the path of a pod's spec file in the added spec repositories.",
        discussion: """
            Reads the local clones only (`compose repo update` first for what was published since).

            Examples:
              compose spec which Networking
              compose spec which Networking 2.1.0
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @OptionGroup var lookup: SpecLookupOptions

    func run() async throws {
        Terminal.standardOutput.write(try lookup.locate().path + "\n")
    }
}
