import ArgumentParser
import SpecRepos

struct RepoUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Fetch and fast-forward spec repositories.",
        discussion: """
            Updates NAME, or every added repository. When the remote has nothing new this costs \
            one fetch and nothing else. A clone with local changes, or whose branch has diverged \
            from its remote, is refused and left as it was, with what to do.

            Examples:
              compose repo update
              compose repo update specs
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(help: "The repository to update. (default: all)", completion: .specRepoNames)
    var name: String?

    func run() async throws {
        let updates = try Terminal.store.update(
            name, waiting: waitingMessage)
        let out = Terminal.standardOutput
        if updates.isEmpty {
            Terminal.standardError.write("No spec repos yet; add one with `compose repo add NAME URL`.\n")
        }
        for update in updates {
            if update.recovered {
                Terminal.standardError.write(
                    "note: an interrupted publish had left changes in \(update.name); they were discarded\n")
            }
            let after = update.after.map(\.short) ?? "(empty)"
            if update.changed {
                out.write("\(update.name): updated \(update.before?.short ?? "(empty)") → \(after)\n")
            } else {
                out.write("\(update.name): up to date (\(after))\n")
            }
        }
    }
}
