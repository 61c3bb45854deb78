import ComposeTestSupport
import Foundation
import Testing

/// `compose lint` in process: exit codes, formats, and hostile input. Hostile input and a pipe run the
/// built binary with a time limit: a hang or a crash there must fail the test, not stop the test run.
@Suite struct LintCommandTests {
    static let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture")
    static let invalid = repositoryRoot.appendingPathComponent("Tests/LintTests/Fixtures/Invalid")

    static func write(_ bytes: [UInt8], named name: String, in directory: TemporaryDirectory) throws -> String {
        let url = directory.url.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func validSpec(name: String = "Example", version: String = "1.2.0", extra: String = "") -> String {
        """
        {
          "name": "\(name)", "version": "\(version)",
          "summary": "Formats prices and dates for the shopping app.",
          "description": "Formats prices, dates and quantities for every screen of the shopping app, with locale-aware rounding.",
          "homepage": "https://git.example.com/ios/\(name)",
          "license": { "type": "MIT", "file": "LICENSE" },
          "authors": { "iOS Team": "ios@example.com" },
          "source": { "git": "https://git.example.com/ios/\(name).git", "tag": "\(version)" },
          "platforms": { "ios": "13.0" },
          "source_files": "Sources/**/*.swift"\(extra)
        }
        """
    }

    /// Hostile files: each must give exit 1, a message naming the file, and no crash or hang.
    static let badInputs: [(String, @Sendable () -> [UInt8])] = [
        ("Empty.podspec.json", { [] }),
        ("Garbage.podspec.json", { (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) } }),
        (
            "Deep.podspec.json",
            { Array(String(repeating: "[", count: 200_000).utf8) + Array(String(repeating: "]", count: 200_000).utf8) }
        ),
        ("DeepObject.podspec.json", { Array(String(repeating: "{\"a\":", count: 200_000).utf8) }),
        ("Malformed.podspec.json", { Array("{\n  \"name\": \"Malformed\",\n  \"version\": \"1.0\",\n}".utf8) }),
        ("Unterminated.podspec.json", { Array("{\"name\": \"Unterminated".utf8) }),
        ("TypeError.podspec.json", { Array("{\"name\": 42, \"version\": [1], \"platforms\": \"ios\"}".utf8) }),
        ("NotAnObject.podspec.json", { Array("[\"name\", \"version\"]".utf8) }),
        (
            "LongVersion.podspec.json",
            { Array(validSpec(name: "LongVersion", version: String(repeating: "7", count: 400)).utf8) }
        ),
        (
            "Huge.podspec.json",
            {
                Array(
                    validSpec(
                        name: "Huge",
                        extra: ", \"prepare_command\": \"" + String(repeating: "x", count: 10 << 20) + "\""
                    ).utf8)
            }
        ),
        ("Latin1.podspec.json", { [0x7B, 0x22, 0x6E, 0xE9, 0x22, 0x3A, 0x31, 0x7D] }),
    ]

    @Test(arguments: badInputs.map(\.0))
    func badInputFailsCleanly(_ name: String) async throws {
        let directory = try TemporaryDirectory("lint-bad-\(name)")
        defer { directory.remove() }
        let bytes = try #require(Self.badInputs.first { $0.0 == name }).1()
        let path = try Self.write(bytes, named: name, in: directory)
        let run = try await runCompose(["lint", "--quick", path], timeout: 600)
        #expect(!run.timedOut)
        #expect(run.code == 1, "stdout: \(run.stdout.prefix(500)) stderr: \(run.stderr.prefix(500))")
        #expect(run.stdout.contains("\(path):"))
        #expect(run.stdout.contains(": error: "))
        #expect(run.stdout.utf8.count < 4096, "the report stays short")
        #expect(run.stderr.isEmpty, "\(run.stderr.prefix(500))")
    }

    @Test func aPipeNamedLikeASpecIsReportedNotWaitedOn() async throws {
        let directory = try TemporaryDirectory("lint-fifo")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("Pipe.podspec.json").path
        #expect(mkfifo(path, 0o600) == 0)
        let run = try await runCompose(["lint", "--quick", path], timeout: 600)
        #expect(!run.timedOut)
        #expect(run.code == 1)
        #expect(
            run.stdout.contains("\(path):1:1: error: The specification could not be loaded: it is not a regular file."))
    }

    /// A key (or value) of a spec that holds a line break, a GitHub Actions command and a terminal
    /// escape: the human report shows it escaped on the finding's own line, so nothing in CI reads
    /// it as a command and no terminal runs the sequence; the json report keeps it as it is.
    @Test func controlCharactersInASpecNeitherForgeACILineNorReachTheTerminal() async throws {
        let directory = try TemporaryDirectory("lint-injection")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("Evil.podspec.json").path
        let hostile = #"\n::error file=/etc/passwd,line=1::INJECTED\u001b[31m"#
        try Data(
            #"{"name": "Evil", "version": "1.0.0", "summary": "\#(hostile)", "\#(hostile)": 1, "\u202eoops": 2}"#.utf8
        ).write(to: URL(fileURLWithPath: path))
        let human = try await runComposeInProcess(["lint", "--quick", path])
        #expect(human.code == 1)
        let output = human.stdout + human.stderr
        #expect(output.contains(#"\n::error file=/etc/passwd,line=1::INJECTED\u{1B}[31m"#), "\(output)")
        #expect(!output.split(separator: "\n").contains { $0.hasPrefix("::") }, "\(output)")
        #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(output.contains(#"\u{202E}oops"#))

        let json = try await runComposeInProcess(["lint", "--quick", path, "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let messages = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("\n::error file=/etc/passwd,line=1::INJECTED\u{1B}[31m") })
    }

    @Test func malformedJSONReportsLineAndColumn() async throws {
        let run = try await runComposeInProcess([
            "lint", "--quick", Self.invalid.appendingPathComponent("Malformed.podspec.json").path,
        ])
        #expect(run.code == 1)
        #expect(run.stdout.contains("Malformed.podspec.json:5:3: error: The specification could not be loaded"))
        #expect(run.stdout.contains("[spec-unreadable]"))
    }

    @Test func wrongTypesNameTheirKeys() async throws {
        let run = try await runComposeInProcess([
            "lint", "--quick", Self.invalid.appendingPathComponent("WrongTypes.podspec.json").path,
        ])
        #expect(run.code == 1)
        for key in ["version", "summary", "authors", "source", "platforms", "dependencies.Logging", "subspecs"] {
            #expect(run.stdout.contains("for `\(key)`"), "\(key) in \(run.stdout)")
        }
    }

    @Test func cleanSpecPassesQuickWithoutABuild() async throws {
        // The full lint (which fetches the component and builds it) is tested in InstallTests/FullLintTests:
        // the fixture's sources live at git.example.com, which tests never reach.
        let path = Self.fixture.appendingPathComponent("Pay/1.2.0/Pay.podspec.json").path
        let quick = try await runComposeInProcess(["lint", "--quick", path])
        #expect(quick.code == 0)
        #expect(quick.stdout.contains("Linted 1 spec: 0 errors, 0 warnings, 0 notes. Passed."))
        #expect(!quick.stdout.contains("build check"))
    }

    @Test func aFolderHoldingOneSpecIsLinted() async throws {
        let run = try await runComposeInProcess(
            ["lint", "--quick", "Networking/2.1.0"], currentDirectory: Self.fixture)
        #expect(run.code == 0)
        #expect(run.stdout.contains("Linted 1 spec"))
    }

    @Test func foldersWithoutOneSpecAreRefused() async throws {
        let directory = try TemporaryDirectory("lint-folders")
        defer { directory.remove() }
        let empty = try await runComposeInProcess(["lint", directory.path])
        #expect(empty.code == 1)
        #expect(empty.stderr.contains("\(directory.path): the folder holds no Name.podspec.json or Name.podspec file"))
        _ = try Self.write(Array(Self.validSpec(name: "A").utf8), named: "A.podspec.json", in: directory)
        _ = try Self.write(Array(Self.validSpec(name: "B").utf8), named: "B.podspec.json", in: directory)
        let two = try await runComposeInProcess(["lint", directory.path])
        #expect(two.code == 1)
        #expect(two.stderr.contains("several specs (A.podspec.json, B.podspec.json)"))
        let missing = try await runComposeInProcess([
            "lint", directory.url.appendingPathComponent("Nope.podspec.json").path,
        ])
        #expect(missing.code == 1)
        #expect(missing.stderr.contains("Nope.podspec.json: no such file or folder"))
    }

    @Test func warningsFailUnlessAllowed() async throws {
        let directory = try TemporaryDirectory("lint-warnings")
        defer { directory.remove() }
        let spec = Self.validSpec(name: "Warned").replacingOccurrences(
            of: "\"tag\": \"1.2.0\"", with: "\"tag\": \"v1.2.0\"")
        let path = try Self.write(Array(spec.utf8), named: "Warned.podspec.json", in: directory)
        let strict = try await runComposeInProcess(["lint", "--quick", path])
        #expect(strict.code == 1)
        #expect(strict.stdout.contains("\(path):8:"))
        #expect(strict.stdout.contains(": warning: "))
        #expect(strict.stdout.contains("[source-tag-version]"))
        let allowed = try await runComposeInProcess(["lint", "--quick", "--allow-warnings", path])
        #expect(allowed.code == 0)
        #expect(allowed.stdout.contains("Passed (warnings allowed)."))
    }

    @Test func jsonFormatFollowsTheSchema() async throws {
        let run = try await runComposeInProcess([
            "lint", "--format", "json", Self.invalid.appendingPathComponent("WrongTypes.podspec.json").path,
        ])
        #expect(run.code == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(object["command"] as? String == "lint")
        #expect(object["passed"] as? Bool == false)
        #expect(object["buildChecked"] as? Bool == false)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 1)
        #expect((summary["errors"] as? Int ?? 0) > 0)
        let findings = try #require(object["findings"] as? [[String: Any]])
        let first = try #require(findings.first)
        for key in ["file", "line", "column", "severity", "rule", "message"] { #expect(first[key] != nil, "\(key)") }
        #expect((object["remarks"] as? [String])?.count == 1)
    }

    @Test func githubFormatPrintsAnnotations() async throws {
        let path = Self.invalid.appendingPathComponent("WrongTypes.podspec.json").path
        let run = try await runComposeInProcess(["lint", "--quick", "--format", "github", path])
        #expect(run.code == 1)
        #expect(
            run.stdout.contains(
                "::error file=\(path),line=3,col=3,title=attribute-type::Unacceptable type `Number` for `version`."))
    }

    @Test func outputHasNoColourWhenNotATerminal() async throws {
        let run = try await runComposeInProcess(
            ["lint", Self.invalid.appendingPathComponent("WrongTypes.podspec.json").path],
            environment: ["NO_COLOR": "1"])
        #expect(!run.stdout.contains("\u{1B}["))
    }

    /// Runs compose under `script`, which gives it a terminal, and returns what it printed.
    static func runOnATerminal(_ arguments: [String], noColor: Bool) throws -> String {
        let command = ([composeExecutable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try runProcess(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
            environment: ["NO_COLOR": noColor ? "1" : nil, "TERM": "xterm"]
        ).stdout
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colourOnlyOnATerminalWithoutNoColor() throws {
        let path = Self.invalid.appendingPathComponent("WrongTypes.podspec.json").path
        let coloured = try Self.runOnATerminal(["lint", "--quick", path], noColor: false)
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let plain = try Self.runOnATerminal(["lint", "--quick", path], noColor: true)
        #expect(plain.contains(": error: Unacceptable type"))
        #expect(!plain.contains("\u{1B}["))
    }

    @Test func withoutAPathTheSpecOfTheCurrentFolderIsLinted() async throws {
        let folder = try TemporaryDirectory("lint-no-path")
        defer { folder.remove() }
        try Self.validSpec(name: "Pay", version: "1.0.0").write(
            to: folder.url.appendingPathComponent("Pay.podspec.json"), atomically: true, encoding: .utf8)
        let run = try await runComposeInProcess(["lint", "--quick"], currentDirectory: folder.url)
        #expect(run.code == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Pay.podspec.json"), "\(run.stdout)")
        // The folder has no Package.swift: a note, which --quiet leaves out (results, errors, warnings only).
        #expect(run.stdout.contains("note: ") && run.stdout.contains("[package-manifest-missing]"), "\(run.stdout)")
        let quiet = try await runComposeInProcess(["lint", "--quick", "-q"], currentDirectory: folder.url)
        #expect(quiet.code == 0)
        #expect(!quiet.stdout.contains("note:") && !quiet.stderr.contains("note:"), "\(quiet.stdout)")
        let empty = try TemporaryDirectory("lint-no-spec")
        defer { empty.remove() }
        let none = try await runComposeInProcess(["lint", "--quick"], currentDirectory: empty.url)
        #expect(none.code == 1, "\(none.stdout)\(none.stderr)")
    }

    @Test func usageErrorsExit64() async throws {
        #expect(try await runComposeInProcess(["lint", "--frobnicate"]).code == 64)
        #expect(try await runComposeInProcess(["lint", "--format", "xml", "x.podspec.json"]).code == 64)
        let help = try await runComposeInProcess(["lint", "--help"])
        #expect(help.code == 0)
        #expect(help.stdout.contains("Examples:"))
    }
}
