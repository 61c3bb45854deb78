import ArgumentParser
import Foundation
import Git
import Specs
import Support

/// The root command. `runAndExit()` parses, runs, and maps errors to exit codes in one place:
/// 0 success · 1 wrong input · 3 environment (git, network, file system) · 64 usage.
package struct ComposeCommand: AsyncParsableCommand {
    package static let version = ComposeVersion.current

    package static let configuration = CommandConfiguration(
        commandName: "compose",
        abstract: "Release, resolve and install components from private, git-backed spec repositories.",
        discussion: """
            A spec repository is a git repository laid out as Name/version/Name.podspec.json (the \
            format of the CocoaPods Specs repository). compose keeps clones of such repositories \
            under $COMPOSE_HOME (default ~/.compose), lints and publishes specs to them, resolves a \
            Composefile against them into Compose.lock, and turns the lock into a SwiftPM package.

            Typical flow:
              compose repo add specs https://git.example.com/ios/specs.git
              compose lib create Payments --kind business
              cd Payments && compose lint Payments.podspec.json
              compose publish specs                  # from Payments/, once committed
              compose resolve && compose install     # in the app's folder

            Exit codes: 0 success, 1 wrong input (lint errors, unsatisfiable requirements, refused \
            publish), 3 environment (git, network, file system), 64 usage error.
            """,
        version: ComposeCommand.version,
        subcommands: [
            LintCommand.self,
            RepoCommand.self,
            PublishCommand.self,
            DeprecateCommand.self,
            SearchCommand.self,
            InfoCommand.self,
            ResolveCommand.self,
            UpdateCommand.self,
            OutdatedCommand.self,
            InstallCommand.self,
            IntegrateCommand.self,
            DeintegrateCommand.self,
            LibCommand.self,
            RegistryCommand.self,
            SpecCommand.self,
            GraphCommand.self,
            InitCommand.self,
            EnvCommand.self,
            CacheCommand.self,
        ]
    )

    package init() {}

    /// Parses `arguments` (the process's when nil), runs the command and exits with the mapped code.
    package static func runAndExit(_ arguments: [String]? = nil) async -> Never {
        InterruptHandler.install(arguments: arguments ?? Array(CommandLine.arguments.dropFirst()))
        // libgit2's limits are the process's: the real command sets them from its environment.
        NetworkTimeouts.configure(.fromEnvironment(Terminal.environment))
        let code = await run(arguments)
        Foundation.exit(code)
    }

    /// Runs one command line with `context` in place of the process's streams, environment and current
    /// folder, and returns its exit code. Several may run at once in one process (the in-process tests).
    package static func run(_ arguments: [String], in context: Terminal.Context) async -> Int32 {
        await Terminal.withContext(context) { await run(arguments) }
    }

    /// Parses and runs; returns the exit code instead of exiting (used by tests and `runAndExit`).
    package static func run(_ arguments: [String]?) async -> Int32 {
        let words = arguments ?? Array(CommandLine.arguments.dropFirst())
        return await Terminal.$style.withValue(OutputStyle(arguments: words)) {
            await run(arguments, words: words)
        }
    }

    private static func run(_ arguments: [String]?, words: [String]) async -> Int32 {
        // The command parsed, so that an error its run throws prints that command's usage.
        var parsed: ParsableCommand.Type?
        do {
            var command = try parseAsRoot(arguments)
            parsed = type(of: command)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let failure as ComposeFailure {
            // Errors quote names read from specs, repos and servers: no terminal sequence gets through.
            Terminal.standardError.write("error: \(escapedForDisplay(failure.description, keepingNewlines: true))\n")
            let code = exitCode(for: failure)
            writeJSONError(
                failure.description, kind: failure.kind == .input ? "input" : "environment", code: code, words)
            return code
        } catch let exitCode as ExitCode {
            return exitCode.rawValue
        } catch {
            var message = fullMessage(for: error)
            if let parsed, ObjectIdentifier(parsed) != ObjectIdentifier(ComposeCommand.self), error is ValidationError {
                message = CommandSuggestion.usageError(Self.message(for: error), of: parsed, in: ComposeCommand.self)
            }
            message = CommandSuggestion.unknownOption(message, words: words, in: ComposeCommand.self)
            let code = exitCode(for: error).rawValue
            if code == 0 {
                if !message.isEmpty { Terminal.standardOutput.write(message + "\n") }
            } else if !message.isEmpty {
                if let advice = CommandSuggestion.cocoaPods(words) {
                    message += "\n\(advice)."
                } else if let suggestion = CommandSuggestion.nearest(to: words, in: ComposeCommand.self) {
                    message += "\nDid you mean '\(suggestion)'?"
                }
                Terminal.standardError.write(message + "\n")
                writeJSONError(message, kind: "usage", code: code, words)
            }
            return code
        }
    }

    /// In `--format json` mode an error is also one JSON object on standard output, so that a CI job
    /// reading the output as JSON reads the failure too: `{"error": {"message", "kind", "exitCode"}}`.
    static func writeJSONError(_ message: String, kind: String, code: Int32, _ words: [String]) {
        let json =
            zip(words, words.dropFirst()).contains { $0 == "--format" && $1 == "json" }
            || words.contains("--format=json")
        guard json else { return }
        let object: [String: Any] = ["error": ["message": message, "kind": kind, "exitCode": Int(code)]]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        Terminal.standardOutput.write(String(decoding: data, as: UTF8.self) + "\n")
    }

    static func exitCode(for failure: ComposeFailure) -> Int32 {
        switch failure.kind {
        case .input: return 1
        case .environment: return 3
        }
    }
}
