import ArgumentParser

struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check podspecs against the linter rules."
    )

    func run() async throws {
        throw ValidationError("'compose lint' is not available in this build yet.")
    }
}
