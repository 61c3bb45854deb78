import ArgumentParser

struct SpecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spec",
        abstract:
            "Work with single podspecs: convert Ruby to JSON, write a Package.swift, print or locate a published spec.",
        subcommands: [
            SpecConvertCommand.self,
            SpecPackageCommand.self,
            SpecCatCommand.self,
            SpecWhichCommand.self,
        ]
    )
}
