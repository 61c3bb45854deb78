import ArgumentParser

struct LibCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lib",
        abstract: "Create new components from templates."
    )

    func run() async throws {
        throw ValidationError("'compose lib' is not available in this build yet.")
    }
}
