import ArgumentParser

struct InstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Turn Compose.lock into a SwiftPM package that builds."
    )

    func run() async throws {
        throw ValidationError("'compose install' is not available in this build yet.")
    }
}
