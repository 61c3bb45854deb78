import ArgumentParser
import ComposeCLI
import ComposeTestSupport
import Foundation
import Testing

/// Every `compose …` line the README's code blocks and the `--help` examples show parses with the
/// real command tree: a renamed option or a mistyped subcommand in the documentation fails here.
@Suite struct ReadmeCommandsTests {
    /// Splits a line as a shell would into words: quotes group, a backslash escapes, and a `#` that
    /// starts a word begins a comment. Nil when the line uses more of the shell than words.
    static func words(_ line: Substring) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else if character == "#" && !inWord {
                break
            } else if "|<>`;&(){}".contains(character) || (character == "$" && !inWord) {
                return nil
            } else {
                word.append(character)
                inWord = true
            }
        }
        if quote != nil || escaped { return nil }
        if inWord { words.append(word) }
        return words
    }

    /// The `compose` commands of one line: `$ ` prompts dropped, `a && b` split into its commands.
    static func commands(in line: Substring) -> [[String]] {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("$ ") { text.removeFirst(2) }
        return text.components(separatedBy: " && ").compactMap { part in
            guard let words = words(Substring(part)), words.first == "compose" else { return nil }
            return Array(words.dropFirst())
        }
    }

    /// A word the reader replaces (`NAME`, `<path>`, `…`): a line holding one may not parse as written.
    static func hasPlaceholder(_ arguments: [String]) -> Bool {
        arguments.contains { word in
            word.contains("<") || word.contains("…") || word.contains("...")
                || (word.count > 1 && word.contains(where: \.isUppercase)
                    && word.allSatisfy { $0.isUppercase || $0 == "_" || $0 == "=" || $0 == "-" })
                || word.split(separator: "=").last.map { $0.count > 1 && $0.allSatisfy(\.isUppercase) } == true
        }
    }

    static func readmeCommands() throws -> [(line: Int, arguments: [String])] {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var found: [(Int, [String])] = []
        var inBlock = false
        for (index, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inBlock.toggle()
            } else if inBlock {
                found += commands(in: line).map { (index + 1, $0) }
            }
        }
        return found
    }

    static func helpCommands() -> [(command: String, arguments: [String])] {
        func walk(_ command: ParsableCommand.Type, path: [String]) -> [(String, [String])] {
            let name = (["compose"] + path).joined(separator: " ")
            let own = command.configuration.discussion.split(separator: "\n").filter { $0.hasPrefix("  ") }
                .flatMap { commands(in: $0) }.map { (name, $0) }
            return own
                + command.configuration.subcommands.flatMap {
                    walk($0, path: path + [$0.configuration.commandName ?? ""])
                }
        }
        return walk(ComposeCommand.self, path: [])
    }

    /// Nil when `arguments` parse (or ask for help or the version), else the parser's message.
    static func parseFailure(_ arguments: [String]) -> String? {
        do {
            _ = try ComposeCommand.parseAsRoot(arguments)
            return nil
        } catch {
            if ComposeCommand.exitCode(for: error) == .success { return nil }
            return ComposeCommand.message(for: error)
        }
    }

    @Test func theSplitterReadsQuotesCommentsAndRefusesShellSyntax() {
        #expect(
            Self.words(#"compose publish specs --author "Release Bot <r@x>"   # a comment"#)
                == ["compose", "publish", "specs", "--author", "Release Bot <r@x>"])
        #expect(Self.words("compose lint 'A B.podspec' x\\ y") == ["compose", "lint", "A B.podspec", "x y"])
        #expect(Self.words("compose search x | head") == nil)
        #expect(Self.words("compose lint $(ls)") == nil)
        #expect(Self.commands(in: "$ cd Pay && compose lint Pay.podspec.json") == [["lint", "Pay.podspec.json"]])
        #expect(Self.hasPlaceholder(["update", "NAME"]) && Self.hasPlaceholder(["lint", "<path>"]))
        #expect(!Self.hasPlaceholder(["install", "--registry-scope", "ios"]))
    }

    /// The commands of `found` (where each was shown, its arguments) that fail to parse, placeholders aside.
    static func failures(_ found: [(where: String, arguments: [String])]) -> String {
        found.filter { !hasPlaceholder($0.arguments) }.compactMap { place, arguments in
            parseFailure(arguments).map { "\(place): compose \(arguments.joined(separator: " ")): \($0)" }
        }.joined(separator: "\n")
    }

    @Test func everyComposeLineOfTheReadmeParses() throws {
        let commands = try Self.readmeCommands()
        #expect(commands.count > 40, "the README's code blocks show compose commands")
        let failures = Self.failures(commands.map { ("README.md:\($0.line)", $0.arguments) })
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func everyHelpExampleParses() {
        let commands = Self.helpCommands()
        #expect(commands.count > 60, "the --help discussions show examples")
        let failures = Self.failures(commands.map { ("\($0.command) --help", $0.arguments) })
        #expect(failures.isEmpty, "\(failures)")
    }
}
