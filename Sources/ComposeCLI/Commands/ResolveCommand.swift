import ArgumentParser

struct ResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve the Composefile and write Compose.lock."
    )

    func run() async throws {
        throw ValidationError("'compose resolve' is not available in this build yet.")
    }
}
