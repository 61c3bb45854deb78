import ArgumentParser
import ComposeCLI
import ComposeTestSupport
import Foundation
import Testing

/// What a team and its CI job meet every day: repeated `repo add`, typos, JSON errors, colour
/// settings, and looking at a published spec.
@Suite("everyday use (in process)")
struct EverydayCommandTests {
    @Test func addingTheSameRepoAgainSucceedsAndAnotherURLIsRefused() async throws {
        let temporary = try TemporaryDirectory("everyday-add")
        defer { temporary.remove() }
        let specs = try makeBareRepository(
            at: temporary.url.appendingPathComponent("specs.git"),
            files: ["Logging/1.0.0/Logging.podspec.json": minimalSpec("Logging", "1.0.0")])
        let other = try makeBareRepository(
            at: temporary.url.appendingPathComponent("other.git"),
            files: ["Pay/1.0.0/Pay.podspec.json": minimalSpec("Pay", "1.0.0")])
        let environment: [String: String?] = ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path]

        let first = try await runComposeInProcess(["repo", "add", "specs", specs], environment: environment)
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Added specs ("))
        #expect(first.stdout.contains(", 1 spec) at "), "\(first.stdout)")

        let again = try await runComposeInProcess(["repo", "add", "specs", specs + "/"], environment: environment)
        #expect(again.code == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("Already added specs ("), "\(again.stdout)")

        let otherBranch = try await runComposeInProcess(
            ["repo", "add", "specs", specs, "--branch", "release"], environment: environment)
        #expect(otherBranch.code == 1)
        #expect(otherBranch.stderr.contains("exists already"), "\(otherBranch.stderr)")

        let elsewhere = try await runComposeInProcess(["repo", "add", "specs", other], environment: environment)
        #expect(elsewhere.code == 1)
        #expect(elsewhere.stderr.contains("a spec repo named 'specs' exists already"), "\(elsewhere.stderr)")
        let list = try await runComposeInProcess(["repo", "list", "--format", "json"], environment: environment)
        #expect(list.stdout.contains("specs.git"))
        #expect(!list.stdout.contains("other.git"))
    }

    @Test func aSecondNameForAnAddedURLIsRefusedNamingTheFirst() async throws {
        let temporary = try TemporaryDirectory("everyday-same-url")
        defer { temporary.remove() }
        let specs = try makeBareRepository(
            at: temporary.url.appendingPathComponent("specs.git"),
            files: ["Logging/1.0.0/Logging.podspec.json": minimalSpec("Logging", "1.0.0")])
        let environment: [String: String?] = ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path]
        let first = try await runComposeInProcess(["repo", "add", "specs", specs], environment: environment)
        #expect(first.code == 0, "\(first.stderr)")

        // The same remote spelt without `.git` and with a trailing slash is the same repo.
        let spelling = String(specs.dropLast(4)) + "/"
        let second = try await runComposeInProcess(["repo", "add", "team", spelling], environment: environment)
        #expect(second.code == 1)
        #expect(second.stderr.contains("is added already as 'specs'; nothing was added"), "\(second.stderr)")
        let list = try await runComposeInProcess(["repo", "list", "--format", "json"], environment: environment)
        #expect(list.stdout.contains("\"specs\""))
        #expect(!list.stdout.contains("\"team\""), "\(list.stdout)")
        let search = try await runComposeInProcess(["search", "Logging"], environment: environment)
        #expect(search.stdout.split(separator: "\n").filter { $0.hasPrefix("Logging ") }.count == 1, "\(search.stdout)")
        #expect(
            !FileManager.default.fileExists(
                atPath: temporary.url.appendingPathComponent("home/repos/team").path))

        // A mirror at another URL is another repo; a pod both hold is still suggested once.
        let mirror = try makeBareRepository(
            at: temporary.url.appendingPathComponent("mirror.git"),
            files: ["Logging/1.0.0/Logging.podspec.json": minimalSpec("Logging", "1.0.0")])
        #expect(try await runComposeInProcess(["repo", "add", "mirror", mirror], environment: environment).code == 0)
        let typo = try await runComposeInProcess(["info", "Loggin"], environment: environment)
        #expect(typo.code == 1)
        #expect(typo.stderr.contains("Similar: Logging. "), "\(typo.stderr)")
    }

    @Test func aPodfileWithoutASourceLineNamesTheLineAndTheRepoThatHasThePod() async throws {
        let temporary = try TemporaryDirectory("everyday-no-source")
        defer { temporary.remove() }
        let specs = try makeBareRepository(
            at: temporary.url.appendingPathComponent("specs.git"),
            files: ["Logging/1.0.0/Logging.podspec.json": minimalSpec("Logging", "1.0.0")])
        let environment: [String: String?] = ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path]
        #expect(try await runComposeInProcess(["repo", "add", "team", specs], environment: environment).code == 0)
        let app = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let podfile = "platform :ios, '15.0'\ntarget 'App' do\n  pod 'Logging', '~> 1.0'\n  pod 'Nowhere'\nend\n"
        try Data(podfile.utf8).write(to: app.appendingPathComponent("Podfile"))

        let run = try await runComposeInProcess(["resolve", "--project", app.path], environment: environment)
        #expect(run.code == 1)
        #expect(run.stderr.contains("Podfile:3:3: the Podfile has no `source` line"), "\(run.stderr)")
        #expect(run.stderr.contains("The added spec repo 'team' has Logging"), "\(run.stderr)")
        #expect(run.stderr.contains("\n    source '\(specs)'\n"), "\(run.stderr)")
        #expect(run.stderr.contains("No added spec repo has Nowhere"), "\(run.stderr)")
        #expect(!run.stderr.contains("check the name"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: app.appendingPathComponent("Podfile.lock").path))

        // The line as the message writes it is the fix.
        let fixed = "source '\(specs)'\n" + podfile.replacingOccurrences(of: "  pod 'Nowhere'\n", with: "")
        try Data(fixed.utf8).write(to: app.appendingPathComponent("Podfile"))
        let again = try await runComposeInProcess(["resolve", "--project", app.path], environment: environment)
        #expect(again.code == 0, "\(again.stderr)")
    }

    @Test(arguments: [
        (["lnit", "x.podspec.json"], "compose lint"), (["pubilsh"], "compose publish"),
        (["repo", "ad", "specs", "file:///x"], "compose repo add"), (["spec", "wich", "Pay"], "compose spec which"),
    ])
    func aMistypedCommandSuggestsTheNearest(_ arguments: [String], _ suggestion: String) async throws {
        let run = try await runComposeInProcess(arguments)
        #expect(run.code == 64)
        #expect(run.stderr.contains("Did you mean '\(suggestion)'?"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["repo", "push", "specs"], "`pod repo push REPO` is `compose publish REPO`"),
        (["lib", "lint"], "`pod lib lint` is `compose lint`"),
        (["spec", "lint", "x.podspec"], "`pod spec lint` is `compose lint`"),
        (["trunk", "push", "X.podspec"], "`pod trunk push` is `compose publish REPO`"),
    ])
    func cocoaPodsWordsNameTheirComposeCommand(_ arguments: [String], _ advice: String) async throws {
        let run = try await runComposeInProcess(arguments)
        #expect(run.code == 64)
        #expect(run.stderr.contains(advice), "\(run.stderr)")
    }

    @Test func aWordFarFromEveryCommandSuggestsNothing() async throws {
        let run = try await runComposeInProcess(["frobnicate"])
        #expect(run.code == 64)
        #expect(!run.stderr.contains("Did you mean"))
    }

    @Test func inJSONModeAnErrorIsAlsoOneJSONObjectOnStandardOutput() async throws {
        let temporary = try TemporaryDirectory("everyday-json")
        defer { temporary.remove() }
        let failed = try await runComposeInProcess(["resolve", "--project", temporary.path, "--format", "json"])
        #expect(failed.code == 1, "\(failed.stderr)")
        #expect(failed.stderr.hasPrefix("error: "))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(failed.stdout.utf8)) as? [String: Any], "\(failed.stdout)")
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["exitCode"] as? Int == 1)
        #expect(error["kind"] as? String == "input")
        #expect((error["message"] as? String)?.contains("Composefile") == true, "\(error)")

        let usage = try await runComposeInProcess(["lint", "--format=json", "--no-such-flag", "x.podspec.json"])
        #expect(usage.code == 64)
        #expect(usage.stdout.contains("\"kind\":\"usage\""), "\(usage.stdout)")

        let human = try await runComposeInProcess(["resolve", "--project", temporary.path])
        #expect(human.code == 1)
        #expect(human.stdout.isEmpty)
    }

    @Test func anEmptyNoColorLeavesColourOn() {
        #expect(Terminal.colorAllowed(by: ["NO_COLOR": ""]))
        #expect(Terminal.colorAllowed(by: [:]))
        #expect(!Terminal.colorAllowed(by: ["NO_COLOR": "1"]))
        #expect(!Terminal.colorAllowed(by: ["TERM": "dumb"]))
    }

    @Test func specCatAndWhichShowAPublishedSpec() async throws {
        let temporary = try TemporaryDirectory("everyday-spec-cat")
        defer { temporary.remove() }
        let specs = try makeBareRepository(
            at: temporary.url.appendingPathComponent("specs.git"),
            files: [
                "Logging/1.0.0/Logging.podspec.json": minimalSpec("Logging", "1.0.0"),
                "Logging/1.2.0/Logging.podspec.json": minimalSpec("Logging", "1.2.0"),
            ])
        let home = temporary.url.appendingPathComponent("home")
        let environment: [String: String?] = ["COMPOSE_HOME": home.path]
        #expect(try await runComposeInProcess(["repo", "add", "specs", specs], environment: environment).code == 0)

        let newest = try await runComposeInProcess(["spec", "cat", "logging"], environment: environment)
        #expect(newest.code == 0, "\(newest.stderr)")
        #expect(newest.stdout == minimalSpec("Logging", "1.2.0") + "\n")

        let older = try await runComposeInProcess(["spec", "which", "Logging", "1.0.0"], environment: environment)
        #expect(older.code == 0, "\(older.stderr)")
        let path = older.stdout.trimmingCharacters(in: .newlines)
        #expect(path.hasSuffix("/repos/specs/Logging/1.0.0/Logging.podspec.json"), "\(path)")
        #expect(FileManager.default.fileExists(atPath: path))

        let noVersion = try await runComposeInProcess(["spec", "cat", "Logging", "3.0.0"], environment: environment)
        #expect(noVersion.code == 1)
        #expect(noVersion.stderr.contains("no version 3.0.0 of Logging"), "\(noVersion.stderr)")
        #expect(noVersion.stderr.contains("specs: 1.2.0, 1.0.0"))

        let noPod = try await runComposeInProcess(["spec", "which", "Nope"], environment: environment)
        #expect(noPod.code == 1)
        #expect(noPod.stderr.contains("no pod named 'Nope'"))
    }
}

/// `--help` of every command as an 80-column terminal shows it.
@Suite struct HelpLayoutTests {
    static func leaves(_ command: ParsableCommand.Type, path: [String]) -> [(
        path: [String], command: ParsableCommand.Type
    )] {
        let subcommands = command.configuration.subcommands
        if subcommands.isEmpty { return [(path, command)] }
        return subcommands.flatMap { leaves($0, path: path + [$0.configuration.commandName ?? ""]) }
    }

    @Test func noExampleWrapsInTheMiddleOfACommand() {
        var long: [String] = []
        for leaf in Self.leaves(ComposeCommand.self, path: []) {
            for line in leaf.command.configuration.discussion.split(separator: "\n")
            where line.hasPrefix("  ") && line.count > 79 {
                long.append("compose \(leaf.path.joined(separator: " ")): \(line)")
            }
        }
        #expect(long.isEmpty, "\(long.joined(separator: "\n"))")
    }

    @Test func everyCommandTakesQuietVerboseAndColor() async throws {
        for leaf in Self.leaves(ComposeCommand.self, path: []) {
            let help = try await runComposeInProcess(leaf.path + ["--help"])
            #expect(help.stdout.contains("-q, --quiet"), "compose \(leaf.path.joined(separator: " "))")
            #expect(help.stdout.contains("-v, --verbose"))
            #expect(help.stdout.contains("--color <color>"))
        }
    }

    @Test func quietLeavesNotesOutAndColorAlwaysColoursAReport() async throws {
        let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture").path
        let plain = try await runComposeInProcess(["graph", "--check", fixture, "--allow-warnings"])
        #expect(!plain.stdout.contains("\u{1B}["), "no colour off a terminal")
        let coloured = try await runComposeInProcess([
            "graph", "--check", fixture, "--allow-warnings", "--color", "always",
        ])
        #expect(coloured.stdout.contains("\u{1B}["))

        let folder = try TemporaryDirectory("quiet-lib")
        defer { folder.remove() }
        let arguments = ["lib", "create", "Kit", "--no-git", "--output", folder.path, "--author", "T"]
        let chatty = try await runComposeInProcess(arguments)
        #expect(chatty.stderr.contains("note: "), "\(chatty.stderr)")
        let quiet = try await runComposeInProcess([
            "lib", "create", "Kit2", "--no-git", "--output", folder.path, "--author", "T", "-q",
        ])
        #expect(quiet.code == 0, "\(quiet.stderr)")
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(quiet.stdout.contains("Created base component Kit2"))
        let both = try await runComposeInProcess(["search", "x", "--quiet", "--verbose"])
        #expect(both.code == 64)
        #expect(both.stderr.contains("--quiet and --verbose contradict each other"))
    }
}

/// Shell completion: podspec files, project folders, and the names of the added spec repos.
@Suite struct CompletionTests {
    @Test func theScriptsCompletePodspecsAndFoldersAndAskComposeForRepoNames() async throws {
        let bash = try await runComposeInProcess(["--generate-completion-script", "bash"])
        #expect(bash.stdout.contains("-fX '!*.@(json|podspec)'"))
        #expect(bash.stdout.contains("---completion publish -- positional@0"))
        let zsh = try await runComposeInProcess(["--generate-completion-script", "zsh"])
        #expect(
            zsh.stdout.contains("--project[The project folder holding the Composefile (or Podfile).]:dir:_files -/"))

        let temporary = try TemporaryDirectory("completion")
        defer { temporary.remove() }
        let specs = try makeBareRepository(
            at: temporary.url.appendingPathComponent("specs.git"),
            files: ["Logging/1.0.0/Logging.podspec.json": minimalSpec("Logging", "1.0.0")])
        let environment: [String: String?] = ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path]
        #expect(try await runComposeInProcess(["repo", "add", "ios-specs", specs], environment: environment).code == 0)
        let names = try await runComposeInProcess(
            ["---completion", "publish", "--", "positional@0", "2", "0"], environment: environment)
        let offered = names.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(offered.filter { !$0.isEmpty } == ["ios-specs"], "\(names.stdout)\(names.stderr)")
    }
}
