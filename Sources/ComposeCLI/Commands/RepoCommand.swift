import ArgumentParser

struct RepoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "Manage local clones of spec repositories."
    )

    func run() async throws {
        throw ValidationError("'compose repo' is not available in this build yet.")
    }
}
