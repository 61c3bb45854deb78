import ArgumentParser

struct SpecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spec",
        abstract: "Work with a component's podspec.",
        subcommands: [
            SpecPackageCommand.self,
        ]
    )
}
