import ComposeTestSupport
import Foundation
import Testing

/// `compose lib create` in process: exit codes and messages.
@Suite struct LibCreateCommandTests {
    @Test func createsAComponentNonInteractively() async throws {
        let temporary = try TemporaryDirectory("lib-create-cli")
        defer { temporary.remove() }
        let run = try await runComposeInProcess(
            [
                "lib", "create", "Pay", "--kind", "business", "--author", "Ann", "--git-url",
                "https://git.example.com/ios/Pay.git",
                "--output", temporary.path, "--no-git",
            ])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Created business component Pay in"))
        #expect(run.stdout.contains("Created mediator component PayMediator in"))
        #expect(
            FileManager.default.fileExists(
                atPath: temporary.url.appendingPathComponent("PayMediator/PayMediator.podspec.json").path))

        let again = try await runComposeInProcess([
            "lib", "create", "Pay", "--author", "Ann", "--output", temporary.path, "--no-git",
        ])
        #expect(again.code == 1)
        #expect(again.stderr.contains("exists already"))
    }

    @Test(arguments: ["../Pay", "Pay Kit", ".Pay", "/tmp/Pay", "Pay-Kit"])
    func badNamesAreUsageErrors(_ name: String) async throws {
        let temporary = try TemporaryDirectory("lib-create-bad")
        defer { temporary.remove() }
        let run = try await runComposeInProcess([
            "lib", "create", name, "--author", "Ann", "--output", temporary.path, "--no-git",
        ])
        #expect(run.code == 64)
        #expect(run.stderr.contains("cannot name a component"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test func withoutATerminalMissingValuesAreErrors() async throws {
        let temporary = try TemporaryDirectory("lib-create-missing")
        defer { temporary.remove() }
        // No identity at all: no GIT_* names, a HOME without a .gitconfig.
        let run = try await runCompose(
            ["lib", "create", "Pay", "--output", temporary.path, "--no-git"],
            environment: IdentityAndBranchTests.anonymous(home: temporary.url, composeHome: temporary.url))
        #expect(run.code == 64)
        #expect(run.stderr.contains("--author"))
    }
}

/// On a terminal, missing values are asked for (the terminal is a pseudo-terminal made by `script`).
@Suite struct LibCreatePromptTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func asksForMissingValues() throws {
        let temporary = try TemporaryDirectory("lib-create-prompts")
        defer { temporary.remove() }
        // A name refused, then accepted; the kind; the author; no e-mail; the default URL.
        let run = try runProcess(
            URL(fileURLWithPath: "/usr/bin/script"),
            ["-qec", "\(composeExecutable.path) lib create --no-git", "/dev/null"],
            environment: IdentityAndBranchTests.anonymous(
                home: temporary.url.appendingPathComponent("home"), composeHome: temporary.url),
            currentDirectory: temporary.url,
            input: Data("Pay Kit\nPay\nbusiness\nAnn\n\nhttps://git.example.com/shop/Pay.git\n".utf8),
            mergeOutputs: true)
        let transcript = run.stdout
        #expect(run.code == 0, "\(transcript)")
        #expect(transcript.contains("Component name: "))
        #expect(transcript.contains("cannot name a component: it contains ' '"))
        #expect(transcript.contains("Kind (base, business, mediator, core) [base]: "))
        #expect(transcript.contains("Created business component Pay"))
        let spec = try String(contentsOf: temporary.url.appendingPathComponent("Pay/Pay.podspec.json"), encoding: .utf8)
        #expect(spec.contains(#""authors": "Ann""#))
        #expect(spec.contains(#""git": "https://git.example.com/shop/Pay.git""#))
    }
}

/// `--mediator-url` and `--core-url`: a team whose mediators and core live elsewhere than beside the
/// component.
@Suite struct LibCreateURLTests {
    @Test func aBusinessComponentDependsOnTheMediatorAndCoreWhereTheyAre() async throws {
        let temporary = try TemporaryDirectory("lib-create-urls")
        defer { temporary.remove() }
        let create = try await runComposeInProcess([
            "lib", "create", "Pay", "--kind", "business", "--no-git", "--author", "T", "--output", temporary.path,
            "--git-url", "https://git.example.com/pay/Pay.git",
            "--mediator-url", "https://git.example.com/mediators/PayMediator.git",
            "--core-url", "https://git.example.com/core/Mediator.git",
        ])
        #expect(create.code == 0, "\(create.stderr)")
        let pay = try String(contentsOf: temporary.url.appendingPathComponent("Pay/Package.swift"), encoding: .utf8)
        #expect(pay.contains(#".package(url: "https://git.example.com/mediators/PayMediator.git""#))
        #expect(pay.contains(#".package(url: "https://git.example.com/core/Mediator.git""#))
        let mediator = try String(
            contentsOf: temporary.url.appendingPathComponent("PayMediator/PayMediator.podspec.json"), encoding: .utf8)
        #expect(mediator.contains(#""git": "https://git.example.com/mediators/PayMediator.git""#))

        let misplaced = try await runComposeInProcess([
            "lib", "create", "Kit", "--no-git", "--author", "T", "--output", temporary.path,
            "--mediator-url", "https://git.example.com/x.git",
        ])
        #expect(misplaced.code == 64)
        #expect(misplaced.stderr.contains("--mediator-url goes with --kind business"))
    }
}
