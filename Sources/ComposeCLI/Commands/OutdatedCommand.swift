import ArgumentParser
import Project

struct OutdatedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outdated",
        abstract: "List pods that have newer versions.",
        discussion: """
            For every pod in Compose.lock that comes from a spec source, shows the locked \
            version, the version 'compose update' would choose (the newest every requirement \
            allows) and the newest release in its source (requirements aside). Writes nothing. \
            Fetches the spec sources first, as `pod outdated` does (--no-repo-update to skip). \
            When the lock stands and every locked pod is at the newest version its source lists, \
            the answer comes from the sources' listings without solving.

            Examples:
              compose outdated
              compose outdated --project ShopApp --format json
              compose outdated --no-repo-update        # offline: the clones as they are
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @OptionGroup var options: ProjectOptions

    func run() async throws {
        let pods = try options.service.outdated(repoUpdate: options.repoUpdate ?? true)
        let out = Terminal.standardOutput
        switch options.format {
        case .json:
            out.write(encodeJSON(pods) + "\n")
        case .human:
            guard !pods.isEmpty else {
                out.write("Every pod is at its newest version.\n")
                return
            }
            let width = pods.map(\.name.count).max() ?? 0
            for pod in pods {
                let name = pod.name.padding(toLength: width, withPad: " ", startingAt: 0)
                out.write("\(name)  \(pod.current) -> \(pod.update) (latest \(pod.latest))\n")
            }
        }
    }
}
