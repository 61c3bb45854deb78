import ArgumentParser

struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Re-resolve, unlocking all or the named pods."
    )

    func run() async throws {
        throw ValidationError("'compose update' is not available in this build yet.")
    }
}
