import ArgumentParser
import ComposeCLI
import ComposeTestSupport
import Foundation
import ManualPage
import Testing

/// The manual page as `make man` writes it: `compose --experimental-dump-help` piped into
/// `compose-manual --date DAY`, both the binaries built beside the tests.
@Suite struct ManualPageTests {
    let manualWriter = composeExecutable.deletingLastPathComponent().appendingPathComponent("compose-manual")

    /// The page of the built compose lists every subcommand of the CLI, in the CLI's order.
    @Test func theManualPageListsEverySubcommand() async throws {
        let dump = try await runCompose(["--experimental-dump-help"])
        try #require(dump.code == 0, "\(dump.stderr)")
        let run = try await runProcess(manualWriter, ["--date", "2026-03-07"], input: Data(dump.stdout.utf8))
        try #require(run.code == 0, "\(run.stderr)")
        let text = run.stdout
        // Every command below the root, depth first, each as `name` or `name, alias`.
        func walk(_ command: ParsableCommand.Type) -> [String] {
            command.configuration.subcommands.flatMap { subcommand in
                [([subcommand._commandName] + subcommand.configuration.aliases).joined(separator: ", ")]
                    + walk(subcommand)
            }
        }
        let commands = walk(ComposeCommand.self)
        #expect(commands.count > 30 && commands.contains("serve") && commands.contains("package"), "\(commands)")
        // A subcommand is an item `.It Em NAME` of the page's DESCRIPTION, nested as the commands are.
        let listed = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(".It Em ") else { return nil }
            return String(line.dropFirst(".It Em ".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        #expect(listed.filter { $0 != "help" } == commands, "\(listed)")
        let head = text.split(separator: "\n").prefix(8).joined(separator: "\n")
        #expect(head.contains(".Dd March 7, 2026\n.Dt COMPOSE 1\n.Os\n.Sh NAME\n.Nm compose\n.Nd "), "\(head)")
        #expect(text.contains("\n.Sh SYNOPSIS\n.Nm\n.Ar subcommand\n.Op Fl -version\n.Op Fl -help\n.Sh DESCRIPTION\n"))
        #expect(text.hasSuffix("\n.Sh \"EXIT STATUS\"\n.Ex -std"), "\(text.suffix(200))")
        // Every line is a macro or text mandoc reads as written: no raw byte beyond ASCII.
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    /// groff, which `man` runs, reads the page of the built compose without one warning (`-ww`: mdoc
    /// reads no empty input line, so paragraphs are `.Pp`) and shows its text, escapes resolved.
    @Test func groffReadsThePageWithoutAWarning() async throws {
        let dump = try await runCompose(["--experimental-dump-help"])
        try #require(dump.code == 0, "\(dump.stderr)")
        let page = try await runProcess(manualWriter, ["--date", "2026-03-07"], input: Data(dump.stdout.utf8))
        try #require(page.code == 0, "\(page.stderr)")
        let groff = URL(fileURLWithPath: "/usr/bin/groff")
        let check = try await runProcess(groff, ["-mdoc", "-Tutf8", "-ww", "-z"], input: Data(page.stdout.utf8))
        #expect(check.code == 0 && check.stderr.isEmpty, "\(check.stderr)")
        let shown = try await runProcess(
            groff, ["-mdoc", "-Tutf8", "-P", "-c", "-P", "-b", "-P", "-u"], input: Data(page.stdout.utf8))
        #expect(shown.code == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Typical flow:\n       compose repo add specs"), "\(shown.stdout.prefix(1500))")
        #expect(!shown.stdout.contains("\\[") && shown.stdout.contains("…"), "an escape was shown as written")
    }

    /// What a help text may hold is escaped: a backslash, a quote in a macro's argument, a line that
    /// begins with a dot, characters beyond ASCII; options list short names first, values follow.
    @Test func helpTextIsEscapedForMdoc() throws {
        let json = #"""
            {"serializationVersion": 0, "command": {
              "commandName": "tool", "abstract": "Say \"hi\"\\now",
              "discussion": "Paths like C:\\x.\n.hidden files and 'quotes'\n  tool run … → done",
              "arguments": [
                {"kind": "option", "shouldDisplay": true, "isOptional": true, "isRepeating": true,
                 "parsingStrategy": "default", "names": [{"kind": "long", "name": "color"}, {"kind": "short", "name": "c"}],
                 "preferredName": {"kind": "long", "name": "color"}, "valueName": "when",
                 "allValues": ["auto", "never"], "allValueDescriptions": {"auto": "On a terminal."},
                 "abstract": "Colour."},
                {"kind": "positional", "shouldDisplay": true, "isOptional": false, "isRepeating": false,
                 "parsingStrategy": "default", "valueName": "path", "abstract": ".Starts with a dot"}
              ],
              "subcommands": [{"commandName": "run", "superCommands": ["tool"], "aliases": ["r"],
                               "abstract": "Run it."}]
            }}
            """#
        let page = try ManualPage.render(dumpHelp: Data(json.utf8), date: "2026-11-28")
        #expect(
            page == #"""
                .\" "Generated by compose-manual from --experimental-dump-help"
                .Dd November 28, 2026
                .Dt TOOL 1
                .Os
                .Sh NAME
                .Nm tool
                .Nd "Say \(dqhi\(dq\enow"
                .Sh SYNOPSIS
                .Nm
                .Ar subcommand
                .Op Fl -color Ar when...
                .Ar path
                .Sh DESCRIPTION
                Paths like C:\ex.
                \&.hidden files and 'quotes'
                  tool run \[u2026] \[u2192] done
                .Bl -tag -width 6n
                .It Fl c , -color Ar when...
                Colour.
                .Pp
                .Bl -tag -width 6n
                .It Ar auto
                On a terminal.
                .It Ar never
                .El
                .It Ar path
                \&.Starts with a dot
                .It Em "run, r"
                Run it.
                .El
                .Sh "EXIT STATUS"
                .Ex -std
                """#, "\(page)")
    }

    /// compose-manual refuses a date that is not YYYY-MM-DD (usage, 64) and input that is not dump-help
    /// JSON (1), saying which.
    @Test func badDateAndBadInputAreRefused() async throws {
        let dump = Data(#"{"serializationVersion": 0, "command": {"commandName": "tool"}}"#.utf8)
        let badDate = try await runProcess(manualWriter, ["--date", "2026-13-01"], input: dump)
        #expect(badDate.code == 64 && badDate.stdout.isEmpty, "\(badDate)")
        #expect(badDate.stderr.contains("the date '2026-13-01' is not a day written YYYY-MM-DD"), "\(badDate.stderr)")
        let badInput = try await runProcess(manualWriter, ["--date", "2026-11-28"], input: Data("Usage: x".utf8))
        #expect(badInput.code == 1 && badInput.stdout.isEmpty, "\(badInput)")
        #expect(badInput.stderr.contains("is not `compose --experimental-dump-help` output"), "\(badInput.stderr)")
        let later = try await runProcess(
            manualWriter, ["--date", "2026-11-28"], input: Data(#"{"serializationVersion": 1, "command": {}}"#.utf8))
        #expect(later.code == 1 && later.stderr.contains("serialization version 1"), "\(later.stderr)")
    }
}
