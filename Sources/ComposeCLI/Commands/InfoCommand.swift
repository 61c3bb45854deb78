import ArgumentParser

struct InfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a component's versions, summary, homepage and source."
    )

    func run() async throws {
        throw ValidationError("'compose info' is not available in this build yet.")
    }
}
