import ArgumentParser

struct OutdatedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outdated",
        abstract: "List pods that have newer versions."
    )

    func run() async throws {
        throw ValidationError("'compose outdated' is not available in this build yet.")
    }
}
