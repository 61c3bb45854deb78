import ArgumentParser

struct RepoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "Manage local clones of spec repositories, and lint a spec repository.",
        discussion: """
            A spec repository is a git repository laid out as Name/version/Name.podspec.json. \
            compose keeps one clone per added repository in $COMPOSE_HOME/repos/NAME (default \
            ~/.compose/repos/NAME); resolve, search, info and publish read those clones. Two \
            compose processes take turns with a clone: the second waits and says so.

            Examples:
              compose repo add specs https://git.example.com/ios/specs.git
              compose repo add specs-beta git@git.example.com:ios/specs.git --branch beta
              compose repo list
              compose repo update
              compose repo remove specs-beta
              compose repo lint ~/.compose/repos/specs
              compose repo export specs /srv/www/specs
              compose repo convert ~/.compose/repos/specs
            """,
        subcommands: [
            RepoAddCommand.self,
            RepoListCommand.self,
            RepoUpdateCommand.self,
            RepoRemoveCommand.self,
            RepoLintCommand.self,
            RepoExportCommand.self,
            RepoConvertCommand.self,
        ]
    )
}

/// `--format human|json` of listings (repo list, search).
enum ListingFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case human
    case json
}
