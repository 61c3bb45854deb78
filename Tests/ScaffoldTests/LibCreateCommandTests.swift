import ComposeTestSupport
import Foundation
import Testing

/// `compose lib create` through the built binary: exit codes and messages.
@Suite struct LibCreateCommandTests {
    @Test func createsAComponentNonInteractively() async throws {
        let temporary = try TemporaryDirectory("lib-create-cli")
        defer { temporary.remove() }
        let run = try await runCompose(
            ["lib", "create", "Pay", "--kind", "business", "--author", "Ann", "--git-url", "https://git.example.com/ios/Pay.git",
             "--output", temporary.path, "--no-git"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Created business component Pay in"))
        #expect(run.stdout.contains("Created mediator component PayMediator in"))
        #expect(FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("PayMediator/PayMediator.podspec.json").path))

        let again = try await runCompose(["lib", "create", "Pay", "--author", "Ann", "--output", temporary.path, "--no-git"])
        #expect(again.code == 1)
        #expect(again.stderr.contains("exists already"))
    }

    @Test(arguments: ["../Pay", "Pay Kit", ".Pay", "/tmp/Pay", "Pay-Kit"])
    func badNamesAreUsageErrors(_ name: String) async throws {
        let temporary = try TemporaryDirectory("lib-create-bad")
        defer { temporary.remove() }
        let run = try await runCompose(["lib", "create", name, "--author", "Ann", "--output", temporary.path, "--no-git"])
        #expect(run.code == 64)
        #expect(run.stderr.contains("cannot name a component"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test func withoutATerminalMissingValuesAreErrors() async throws {
        let temporary = try TemporaryDirectory("lib-create-missing")
        defer { temporary.remove() }
        let run = try await runCompose(
            ["lib", "create", "Pay", "--output", temporary.path, "--no-git"],
            environment: ["GIT_AUTHOR_NAME": nil])
        #expect(run.code == 64)
        #expect(run.stderr.contains("--author"))
    }
}
