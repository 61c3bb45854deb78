import ArgumentParser

struct RepoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "Work with spec repositories.",
        discussion: """
            A spec repository is a git repository laid out as Name/version/Name.podspec.json.

            Examples:
              compose repo lint ~/specs
            """,
        subcommands: [
            RepoLintCommand.self,
        ]
    )
}
