import ComposeTestSupport
import Foundation
import Testing

@Suite("compose resolve, update, outdated (in process)")
struct ResolveCommandTests {
    @Test func resolveJSONVerboseAndFailures() async throws {
        let project = try ProjectFixture("cli", composefile: twoTargets)
        defer { project.directory.remove() }

        let run = try await runComposeInProcess(["resolve", "--project", project.path, "--format", "json", "--verbose"])
        #expect(run.code == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["changed"] as? Bool == true)
        let pods = try #require(json["pods"] as? [[String: Any]])
        #expect(pods.contains { $0["name"] as? String == "Account" && $0["version"] as? String == "2.0.0" })
        #expect((json["decisions"] as? [String])?.isEmpty == false)
        #expect(run.stderr.contains("decide Account 2.0.0"))

        let again = try await runComposeInProcess(["resolve", "--project", project.path])
        #expect(again.code == 0)
        #expect(again.stdout.contains("unchanged"))

        let outdated = try await runComposeInProcess(["outdated", "--project", project.path, "--format", "json"])
        #expect(outdated.code == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(outdated.stdout.utf8)) as? [Any])
        #expect(list.isEmpty)

        let unknown = try await runComposeInProcess(["update", "--project", project.path, "Nope"])
        #expect(unknown.code == 1)
        #expect(unknown.stderr.contains("'Nope' is not a pod of this project"))

        let usage = try await runComposeInProcess(["update", "--project", project.path, "../Nope"])
        #expect(usage.code == 64)

        try project.write("source 'FIXTURE'\nplatform :ios, '13.0'\ntarget 'A' do\n  pod 'Pay', '~> 1.2'\nend\n")
        let unsatisfiable = try await runComposeInProcess(["resolve", "--project", project.path])
        #expect(unsatisfiable.code == 1)
        #expect(unsatisfiable.stderr.contains("Pay ~> 1.2"))
        #expect(unsatisfiable.stderr.contains("Composefile:4"))

        try project.write("target 'A' do\n  if ENV['CI']\n    pod `cat name`\n  end\nend\n")
        let ruby = try await runComposeInProcess(["resolve", "--project", project.path], environment: ["CI": "1"])
        #expect(ruby.code == 1)
        #expect(ruby.stderr.contains("Composefile:3:9: A shell command in backticks is not run"), "\(ruby.stderr)")
    }

    @Test func aLockedVersionLetGoIsWordedOnStandardError() async throws {
        let project = try ProjectFixture(
            "cli-lock-change",
            composefile: """
                source 'FIXTURE'
                platform :ios, '15.0'
                target 'App' do
                  pod 'Storage', '~> 1.0'
                  pod 'Logging', '~> 2.0.0'
                end
                """)
        defer { project.directory.remove() }
        let first = try await runCompose(["resolve", "--project", project.path])
        #expect(first.code == 0, "\(first.stderr)")
        // Storage's line changes: Storage is re-resolved while Logging, no longer named, stays locked.
        try project.write("source 'FIXTURE'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Storage', '~> 1.2'\nend\n")
        let update = try await runCompose(["resolve", "--project", project.path])
        #expect(update.code == 0, "\(update.stderr)")
        #expect(
            update.stderr.contains(
                "note: Logging was locked at 2.0.0; Storage 1.2.0 now requires Logging ~> 2.1, so 2.1.0 was chosen."),
            "\(update.stderr)")
        #expect(!update.stderr.contains("(root spec)"))
    }
}
