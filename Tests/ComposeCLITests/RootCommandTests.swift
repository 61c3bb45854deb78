import ComposeCLI
import ComposeTestSupport
import Foundation
import Testing

/// The root command in process: help screens, the version, usage errors, and runs that overlap.
@Suite struct RootCommandTests {
    static let subcommands = [
        "lint", "repo", "publish", "search", "info", "resolve", "update", "outdated", "install", "integrate",
        "deintegrate", "lib",
    ]

    @Test func helpListsEveryCommand() async throws {
        let help = try await runComposeInProcess(["--help"])
        #expect(help.code == 0)
        #expect(help.stderr.isEmpty)
        #expect(help.stdout.contains("USAGE: compose <subcommand>"))
        #expect(help.stdout.contains("Exit codes: 0 success, 1 wrong input"))
        for name in Self.subcommands {
            #expect(help.stdout.contains("\n  \(name) "), "\(name) in \(help.stdout)")
        }
    }

    @Test(arguments: subcommands + ["repo add", "repo list", "repo update", "repo remove", "repo lint", "lib create"])
    func everyCommandHasHelp(_ command: String) async throws {
        let words = command.split(separator: " ").map(String.init)
        let help = try await runComposeInProcess(words + ["--help"])
        #expect(help.code == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: "), "\(help.stdout.prefix(200))")
        #expect(help.stdout.contains("USAGE: compose \(command)"))
    }

    @Test func versionIsPrinted() async throws {
        let run = try await runComposeInProcess(["--version"])
        #expect(run.code == 0)
        #expect(run.stdout == ComposeCommand.version + "\n")
    }

    @Test(arguments: [["frobnicate"], ["lint", "--no-such-flag", "x.podspec.json"], ["repo", "add", "only-a-name"]])
    func usageErrorsExit64(_ arguments: [String]) async throws {
        let run = try await runComposeInProcess(arguments)
        #expect(run.code == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("Error: "), "\(run.stderr)")
        #expect(run.stderr.contains("Usage: compose") || run.stderr.contains("See 'compose"), "\(run.stderr)")
    }

    /// Runs at the same time keep their own outputs and environments.
    @Test func overlappingRunsKeepTheirOutputsApart() async throws {
        let invalid = repositoryRoot.appendingPathComponent("Tests/LintTests/Fixtures/Invalid")
        let specs = ["Malformed.podspec.json", "WrongTypes.podspec.json"]
        let runs = try await withThrowingTaskGroup(of: (Int, ComposeRun).self) { group in
            for index in 0..<8 {
                group.addTask {
                    let path = invalid.appendingPathComponent(specs[index % 2]).path
                    let format = index < 4 ? "json" : "human"
                    return (index, try await runComposeInProcess(["lint", "--quick", "--format", format, path]))
                }
            }
            var all: [(Int, ComposeRun)] = []
            for try await run in group { all.append(run) }
            return all
        }
        #expect(runs.count == 8)
        for (index, run) in runs {
            #expect(run.code == 1)
            #expect(run.stdout.contains(specs[index % 2]))
            #expect(!run.stdout.contains(specs[1 - index % 2]), "run \(index) printed another run's file")
            #expect(run.stdout.hasPrefix("{") == (index < 4), "run \(index) has its own --format")
        }
    }
}
