import ComposeTestSupport
import Foundation
import Git
import SpecRepos
import SpecReposTestSupport
import Testing

/// The commands that talk to a remote end when it stalls: exit 3, the URL redacted, what to do.
@Suite("SpecRepos: a stalled server ends repo add and repo update")
struct NetworkTimeoutCommandTests {
    @Test func repoAddAndUpdateExitThreeWhenTheServerNeverAnswers() async throws {
        let server = try CaptureServer(.stall)
        defer { server.stop() }
        let temp = try TemporaryDirectory("timeout-cli")
        defer { temp.remove() }
        let home = ComposeHome(url: temp.url.appendingPathComponent("home"))
        var environment = composeEnvironment(home: home)
        environment["COMPOSE_NETWORK_TIMEOUT"] = "1"
        let url = server.url("ios/specs.git", host: "ci:TOKEN@127.0.0.1")
        let add = try await runCompose(["repo", "add", "specs", url], environment: environment, timeout: 600)
        #expect(!add.timedOut)
        #expect(add.code == 3, "\(add.stderr)")
        #expect(
            add.stderr.contains("http://***@127.0.0.1:\(server.port)/ios/specs.git did not answer"), "\(add.stderr)")
        #expect(add.stderr.contains("COMPOSE_NETWORK_TIMEOUT"))
        #expect(!add.stderr.contains("TOKEN"))
        #expect(SpecRepoStore(home: home).names().isEmpty)

        // A clone whose remote stalls: update ends too, and the lock it held does not block the next command.
        let world = try PublishWorld("timeout-cli-update")
        defer { world.stop() }
        let clone = try world.home()
        let origin = try #require(try Repository.open(at: clone.repoDirectory("specs")).remoteURL())
        try gitSetRemoteURL(clone.repoDirectory("specs"), "origin", to: server.url("ios/specs.git"))
        var updateEnvironment = composeEnvironment(home: clone)
        updateEnvironment["COMPOSE_NETWORK_TIMEOUT"] = "1"
        let update = try await runCompose(["repo", "update", "specs"], environment: updateEnvironment, timeout: 600)
        #expect(update.code == 3, "\(update.stderr)")
        #expect(update.stderr.contains("did not answer"), "\(update.stderr)")
        try gitSetRemoteURL(clone.repoDirectory("specs"), "origin", to: origin)
        // Against the real remote, the default network timeout: 1 s of silence is no failure on a busy machine.
        let again = try await runCompose(["repo", "update", "specs"], environment: composeEnvironment(home: clone))
        #expect(again.code == 0, "\(again.stderr)")
    }
}
