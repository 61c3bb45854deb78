import ComposeTestSupport
import Foundation
import SpecRepos
import SpecReposTestSupport
import Testing

/// Ctrl-C: the real binary, interrupted while it waits on the network.
@Suite("SpecRepos: an interrupted command exits 130 and its leftovers are swept")
struct InterruptTests {
    @Test func anInterruptedRepoAddSaysSoAndTheNextCommandSweepsItsLeftovers() async throws {
        let server = try CaptureServer(.stall)
        defer { server.stop() }
        let world = try PublishWorld("interrupt")
        defer { world.stop() }
        let home = ComposeHome(url: world.temp.url.appendingPathComponent("home"))
        // A network timeout far above the test's own deadlines: on a busy machine the process must be
        // interrupted while it waits, never end by itself first.
        var environment = composeEnvironment(home: home)
        environment["COMPOSE_NETWORK_TIMEOUT"] = "3600"
        let process = try BackgroundProcess(
            composeExecutable, ["repo", "add", "stalled", server.url("ios/specs.git")], environment: environment)
        // The clone is under way once the server has its request (the handler of Ctrl-C is installed
        // before any work, the staging folder made before any network): wait for that event.
        func leftovers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: home.reposDirectory.path)) ?? []).filter {
                $0.contains(".adding-")
            }
        }
        let asked = await server.waitForRequests(seconds: 600)
        try #require(asked, "the server never got the clone's request: \(process.standardError)")
        #expect(process.isRunning)
        #expect(!leftovers().isEmpty)
        process.signal(SIGINT)
        let run = await process.finish(seconds: 600)
        #expect(run.code == 130 && run.signal == nil, "\(run.stderr)")
        #expect(
            run.stderr.contains("`compose repo add` was interrupted (SIGINT); nothing was left half-written"),
            "\(run.stderr)")
        #expect(SpecRepoStore(home: home).names().isEmpty, "nothing was added under its name")

        // The next command that takes a lock sweeps what the interrupted one left.
        let next = try await runCompose(
            ["repo", "add", "specs", world.specsURL], environment: composeEnvironment(home: home))
        #expect(next.code == 0, "\(next.stderr)")
        #expect(leftovers().isEmpty, "\(leftovers())")
    }
}
