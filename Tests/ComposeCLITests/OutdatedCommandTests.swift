import ComposeTestSupport
import Foundation
import Testing

@Suite("compose outdated and update (in process)")
struct OutdatedCommandTests {
    @Test func outdatedListsWhatUpdateThenMoves() async throws {
        let project = try ProjectFixture(
            "cli-outdated",
            composefile:
                "source 'FIXTURE'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Storage', '~> 1.0'\n  pod 'Logging', '~> 2.0.0'\nend\n"
        )
        defer { project.directory.remove() }
        let environment: [String: String?] = ["COMPOSE_HOME": project.directory.url.appendingPathComponent("home").path]
        let pinned = try await runComposeInProcess(["resolve", "--project", project.path], environment: environment)
        #expect(pinned.code == 0, "\(pinned.stderr)")
        #expect(pinned.stdout.contains("+ Storage 1.1.0\n"))

        // Logging ~> 2.0.0 held Storage at 1.1.0; without it, the lock still keeps 1.1.0 until asked.
        try project.write("source 'FIXTURE'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Storage', '~> 1.0'\nend\n")
        let kept = try await runComposeInProcess(["resolve", "--project", project.path], environment: environment)
        #expect(kept.code == 0)
        #expect(!kept.stdout.contains("Storage"), "\(kept.stdout)")
        let outdated = try await runComposeInProcess(["outdated", "--project", project.path], environment: environment)
        #expect(outdated.code == 0)
        let storage = outdated.stdout.split(separator: "\n").first { $0.hasPrefix("Storage ") }
        #expect(storage?.hasSuffix(" 1.1.0 -> 1.2.0 (latest 1.2.0)") == true, "\(outdated.stdout)")

        let update = try await runComposeInProcess(
            ["update", "--project", project.path, "Storage"], environment: environment)
        #expect(update.code == 0, "\(update.stderr)")
        #expect(update.stdout.contains("~ Storage 1.1.0 -> 1.2.0\n"), "\(update.stdout)")
        let after = try await runComposeInProcess(["outdated", "--project", project.path], environment: environment)
        #expect(!after.stdout.contains("Storage "), "\(after.stdout)")
    }
}
