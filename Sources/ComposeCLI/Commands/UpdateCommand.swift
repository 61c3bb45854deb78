import ArgumentParser
import Project
import Specs

struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Re-resolve, unlocking all or the named pods.",
        discussion: """
            Without names, ignores Compose.lock and chooses the newest versions the requirements \
            allow. With names, only those pods (with their subspecs) are unlocked; every other \
            locked version is kept where possible.

            Examples:
              compose update
              compose update Networking Storage
              compose update --project ShopApp --repo-update
            """
    )

    @OptionGroup var options: ProjectOptions

    @Argument(help: "Pods to unlock (all when none is given).")
    var pods: [String] = []

    @Flag(name: .long, help: "Print the solver's decisions to standard error.")
    var verbose = false

    func validate() throws {
        for pod in pods {
            do {
                try SafeName.podPath(pod)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    func run() async throws {
        let report = try options.service.resolve(
            unlock: pods.isEmpty ? .all : .pods(pods), repoUpdate: options.repoUpdate)
        printResolveReport(report, options: options, verbose: verbose)
    }
}
