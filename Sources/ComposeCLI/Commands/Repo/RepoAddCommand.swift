import ArgumentParser
import SpecRepos

struct RepoAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Clone a spec repository into $COMPOSE_HOME/repos/NAME.",
        discussion: """
            NAME becomes a folder name: letters, digits, '-', '_' and '.' (not first); no '/', \
            '..' or whitespace. A NAME that is already added is refused. Credentials: ssh URLs use \
            the ssh-agent, then COMPOSE_SSH_KEY, ~/.ssh/id_ed25519 or ~/.ssh/id_rsa; https URLs \
            use the user and token in the URL or COMPOSE_GIT_USERNAME and COMPOSE_GIT_TOKEN. \
            Credentials are never printed.

            Examples:
              compose repo add specs https://git.example.com/ios/specs.git
              compose repo add specs git@git.example.com:ios/specs.git --branch release
              COMPOSE_GIT_TOKEN=... compose repo add specs https://git.example.com/ios/specs.git
            """
    )

    @Argument(help: "The name to add the repository under, e.g. specs.")
    var name: String

    @Argument(help: "The repository's git URL (https, ssh, git:// or file://).")
    var url: String

    @Option(help: "The branch to follow. (default: the remote's default branch)")
    var branch: String?

    func validate() throws {
        do {
            try SpecRepoName.validate(name)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let store = SpecRepoStore(home: .fromEnvironment(Terminal.environment))
        let bar = TransferProgressBar(label: "Cloning \(name)")
        let summary: SpecRepoSummary
        do {
            summary = try store.add(name: name, url: url, branch: branch, progress: bar.handler, waiting: waitingMessage)
        } catch {
            bar.finish()
            throw error
        }
        bar.finish()
        Terminal.standardOutput.write(
            "Added \(summary.name) (\(summary.url), branch \(summary.branch ?? "none"), "
                + "\(summary.specCount) specs) at \(summary.path)\n")
    }
}
