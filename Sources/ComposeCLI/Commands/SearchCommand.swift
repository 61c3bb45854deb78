import ArgumentParser

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the added spec repositories by name and summary."
    )

    func run() async throws {
        throw ValidationError("'compose search' is not available in this build yet.")
    }
}
