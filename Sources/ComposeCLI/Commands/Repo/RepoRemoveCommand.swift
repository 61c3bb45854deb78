import ArgumentParser
import SpecRepos

struct RepoRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete the local clone of a spec repository.",
        discussion: """
            Only the clone under $COMPOSE_HOME/repos/NAME is deleted; the remote is untouched.

            Example:
              compose repo remove specs-beta
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(help: "The repository to remove.", completion: .specRepoNames)
    var name: String

    func run() async throws {
        try Terminal.store.remove(name, waiting: waitingMessage)
        Terminal.standardOutput.write("Removed \(name)\n")
    }
}
