import ArgumentParser
import SpecRepos

struct RepoAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Clone a spec repository into $COMPOSE_HOME/repos/NAME.",
        discussion: """
            NAME becomes a folder name: letters, digits, '-', '_' and '.' (not first); no '/', \
            '..' or whitespace. Adding a NAME again with the same URL (and branch) does nothing and \
            succeeds; a NAME already added from another URL is refused. Credentials: ssh URLs use \
            the ssh-agent, then COMPOSE_SSH_KEY, ~/.ssh/id_ed25519 or ~/.ssh/id_rsa; https URLs \
            use the user and token in the URL, or COMPOSE_GIT_USERNAME and COMPOSE_GIT_TOKEN, or \
            git's credential helpers (`git credential fill`). COMPOSE_GIT_TOKEN goes only over https \
            and only to the host of a spec repo you added and the hosts listed in \
            COMPOSE_GIT_TOKEN_HOST (comma-separated, e.g. git.example.com,git.example.com:8443); \
            never to another host a spec names, nor after a redirect to another host. \
            COMPOSE_GIT_TOKEN_<HOST> (e.g. COMPOSE_GIT_TOKEN_GIT_EXAMPLE_COM) is a token for that \
            host alone. Set \
            COMPOSE_GIT_CREDENTIAL_HELPERS=0 to skip git's helpers. Credentials are never printed. \
            A server that does not answer ends the command (exit 3) after 30 s without a \
            connection or 120 s without data; COMPOSE_NETWORK_TIMEOUT=SECONDS sets both.

            Examples:
              compose repo add specs https://git.example.com/ios/specs.git
              compose repo add specs git@git.example.com:ios/specs.git --branch release
              COMPOSE_GIT_TOKEN=... compose repo add specs https://git.example.com/s.git
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

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
        let store = Terminal.store
        let bar = TransferProgressBar(label: "Cloning \(name)")
        let summary: SpecRepoSummary
        let existed = (try? store.directory(of: name)) != nil
        do {
            summary = try store.add(
                name: name, url: url, branch: branch, progress: bar.handler, waiting: waitingMessage)
        } catch {
            bar.finish()
            throw error
        }
        bar.finish()
        Terminal.standardOutput.write(
            "\(existed ? "Already added" : "Added") \(summary.name) (\(summary.url), branch \(summary.branch ?? "none"), "
                + "\(counted(summary.specCount, "spec"))) at \(summary.path)\n")
    }
}
