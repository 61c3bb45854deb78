import ArgumentParser

struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Tag a component release and add its spec to a spec repository."
    )

    func run() async throws {
        throw ValidationError("'compose publish' is not available in this build yet.")
    }
}
