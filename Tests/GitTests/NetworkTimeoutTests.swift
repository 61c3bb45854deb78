import ComposeTestSupport
import Foundation
import Git
import Testing

/// A server that accepts and never answers, or a host that never completes a connection, fails the
/// operation with `.timedOut` naming the URL (instead of hanging for good).
@Suite("Git: network timeouts")
struct NetworkTimeoutTests {
    static let short = NetworkTimeouts(connect: 1, idle: 1)

    @Test(arguments: ["http", "git", "ssh"])
    func aServerThatNeverAnswersTimesOut(scheme: String) async throws {
        let server = try CaptureServer(.stall)
        defer { server.stop() }
        let temp = try TemporaryDirectory("timeout-idle")
        defer { temp.remove() }
        let url = "\(scheme)://ci:SECRET@127.0.0.1:\(server.port)/ios/specs.git"
        do {
            _ = try Self.short.during { () throws(GitError) in
                try Repository.clone(from: url, to: temp.url.appendingPathComponent("clone"))
            }
            Issue.record("the clone of a server that never answers succeeded")
        } catch {
            guard case .timedOut(let reported, let message) = error else {
                Issue.record("expected .timedOut, got \(error)")
                return
            }
            #expect(reported == "\(scheme)://***@127.0.0.1:\(server.port)/ios/specs.git")
            #expect(message.contains("sent nothing for 1 s"))
            #expect(error.description.contains("COMPOSE_NETWORK_TIMEOUT"))
            #expect(!error.description.contains("SECRET"))
        }
        // The server logs a connection once it has read what the client sent; an ssh client sends
        // one line and waits, so the log is written when the client gives up: wait for it.
        #expect(await server.waitForRequests(seconds: 120))
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("clone").path))
    }

    @Test func aHostThatNeverCompletesTheConnectionTimesOut() throws {
        let listener = try UnansweredListener()
        defer { listener.stop() }
        let temp = try TemporaryDirectory("timeout-connect")
        defer { temp.remove() }
        do {
            _ = try Self.short.during { () throws(GitError) in
                try Repository.clone(
                    from: "git://127.0.0.1:\(listener.port)/specs.git", to: temp.url.appendingPathComponent("clone"))
            }
            Issue.record("the clone succeeded")
        } catch {
            guard case .timedOut(_, let message) = error else {
                Issue.record("expected .timedOut, got \(error)")
                return
            }
            #expect(message.contains("could not connect to 127.0.0.1:\(listener.port) within 1 s"), "\(message)")
        }
    }

    @Test func theLimitsComeFromTheEnvironment() {
        #expect(NetworkTimeouts.fromEnvironment([:]) == NetworkTimeouts(connect: 30, idle: 120))
        #expect(
            NetworkTimeouts.fromEnvironment(["COMPOSE_NETWORK_TIMEOUT": "7"]) == NetworkTimeouts(connect: 7, idle: 7))
        #expect(NetworkTimeouts.fromEnvironment(["COMPOSE_NETWORK_TIMEOUT": "soon"]) == NetworkTimeouts())
    }
}
