import ComposeTestSupport
import Foundation
import SpecRepos
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
        let errors = world.temp.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = composeExecutable
        process.arguments = ["repo", "add", "stalled", server.url("ios/specs.git")]
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in composeEnvironment(home: home) { environment[key] = value }
        environment["COMPOSE_NETWORK_TIMEOUT"] = "120"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Wait until the clone is under way: the server has the request, the staging folder exists.
        func leftovers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: home.reposDirectory.path)) ?? []).filter {
                $0.contains(".adding-")
            }
        }
        for _ in 0..<600 where process.isRunning && (server.requests.isEmpty || leftovers().isEmpty) {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        #expect(process.isRunning)
        #expect(!leftovers().isEmpty)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(
            stderr.contains("`compose repo add` was interrupted (SIGINT); nothing was left half-written"), "\(stderr)")
        #expect(SpecRepoStore(home: home).names().isEmpty, "nothing was added under its name")

        // The next command that takes a lock sweeps what the interrupted one left.
        let next = try await runCompose(
            ["repo", "add", "specs", world.specsURL], environment: composeEnvironment(home: home))
        #expect(next.code == 0, "\(next.stderr)")
        #expect(leftovers().isEmpty, "\(leftovers())")
    }
}
