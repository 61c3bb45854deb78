import ArgumentParser
import CDN
import SpecRepos
import Specs
import Support

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
            requirements; per-platform ones as "ios: Name"), subspecs, platforms}. When the newest \
            spec cannot be read, a warning names its file and line, its details are null and \
            "unreadable" says why.

            Examples:
              compose info Networking
              compose info networking --format json
              compose info Alamofire --source trunk   # from an HTTP spec source
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(help: "The pod's name (a case-insensitive match is found too).")
    var name: String

    @Option(help: "Output format: human or json.")
    var format: ListingFormat = .human

    @Option(
        name: .customLong("source"),
        help: ArgumentHelp("An HTTP spec source to look in too: `trunk` or its URL (repeatable).", valueName: "url"))
    var sources: [String] = []

    func run() async throws {
        let home = Terminal.home
        let store = SpecRepoStore(home: home)
        var pods: [PodInfo] = []
        var missing: SpecRepoError?
        do {
            pods = try SpecCatalog(store: store).info(name)
        } catch {
            missing = error
        }
        for source in sources {
            let (label, repository) = try SpecCatalog.openHTTP(
                source, home: home, settings: .fromEnvironment(Terminal.environment))
            if let pod = try SpecCatalog.info(name, in: repository, label: label) { pods.append(pod) }
        }
        if pods.isEmpty {
            if sources.isEmpty, let missing { throw missing }
            throw SpecRepoError.podNotFound(name: name, repos: store.names() + sources, suggestions: [])
        }
        for pod in pods {
            if let reason = pod.unreadable {
                Terminal.standardError.write(
                    "warning: \(escapedForDisplay(reason)) (the details of \(pod.name) \(pod.versions.first ?? "") are unknown)\n"
                )
            }
        }
        let out = Terminal.standardOutput
        if format == .json {
            out.write(encodeJSON(pods) + "\n")
            return
        }
        // Every value comes from a spec: one line each, control characters escaped.
        func line(_ text: String) { out.write(escapedForDisplay(text) + "\n") }
        for (index, pod) in pods.enumerated() {
            if index > 0 { line("") }
            line("\(pod.name) \(pod.versions.first ?? "")")
            if let summary = pod.summary { line("  \(summary)") }
            line("  versions: \(pod.versions.joined(separator: ", "))")
            if pod.unreadable != nil { line("  spec: unreadable (see the warning)") }
            if let homepage = pod.homepage { line("  homepage: \(homepage)") }
            if let source = pod.source { line("  source: \(source)") }
            if !pod.platforms.isEmpty {
                let platforms = pod.platforms.sorted { $0.key < $1.key }
                line(
                    "  platforms: \(platforms.map { $0.value.isEmpty ? $0.key : "\($0.key) \($0.value)" }.joined(separator: ", "))"
                )
            }
            if !pod.subspecs.isEmpty { line("  subspecs: \(pod.subspecs.joined(separator: ", "))") }
            if !pod.dependencies.isEmpty {
                let listed = pod.dependencies.sorted { $0.key < $1.key }.map { name, requirements in
                    requirements.isEmpty ? name : "\(name) (\(requirements.joined(separator: ", ")))"
                }
                line("  dependencies: \(listed.joined(separator: ", "))")
            }
            line("  repo: \(pod.repo)")
            if pod.deprecated {
                line("  deprecated" + (pod.deprecatedInFavorOf.map { ": use \($0) instead" } ?? ""))
            }
        }
    }
}
