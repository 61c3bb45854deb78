import ArgumentParser

struct SpecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spec",
        abstract: "Work with single podspec files: convert Ruby to JSON, write a Package.swift.",
        subcommands: [
            SpecConvertCommand.self,
            SpecPackageCommand.self,
        ]
    )
}
