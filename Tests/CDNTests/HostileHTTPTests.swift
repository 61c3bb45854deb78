import ComposeTestSupport
import Foundation
import SpecRepos
import Specs
import Testing

@testable import CDN

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP spec source is untrusted: anyone on the network path, or whoever runs the server, writes
/// its answers. Each test here is one attack of the security round, against a server on 127.0.0.1.
@Suite struct HostileHTTPTests {
    static let versionFile = "---\nprefix_lengths: [1, 1, 1]\n"

    /// CPU seconds this process has used so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }

    // MARK: Credentials per origin

    @Test func aCDNTokenGoesOnlyToTheOriginItIsScopedTo() throws {
        let answer: @Sendable (Int, String) -> ScriptedServer.Answer = { _, _ in
            .respond(status: 200, headers: [:], body: Self.versionFile)
        }
        let scoped = try ScriptedServer(answer: answer)
        defer { scoped.stop() }
        let other = try ScriptedServer(answer: answer)
        defer { other.stop() }
        let folder = try TemporaryDirectory("cdn-token-scope")
        defer { folder.remove() }
        let home = ComposeHome(url: folder.url)
        let environment = [
            "COMPOSE_CDN_TOKEN": "s3cret", "COMPOSE_CDN_TOKEN_HOST": "http://127.0.0.1:\(scoped.port)",
        ]
        let settings = HTTPSettings.fromEnvironment(environment)
        _ = try CDNSpecRepository.open(URL(string: scoped.url)!, home: home, settings: settings)
        _ = try CDNSpecRepository.open(
            URL(string: "http://localhost:\(other.port)/")!, home: home, settings: settings)
        #expect(scoped.received.first?.contains("Authorization: Bearer s3cret") == true)
        #expect(other.received.count == 1)
        #expect(other.received.first?.lowercased().contains("authorization") == false, "\(other.received)")

        // Without COMPOSE_CDN_TOKEN_HOST the token goes nowhere; a host token goes to its host alone.
        let unscoped = HTTPSettings.fromEnvironment(["COMPOSE_CDN_TOKEN": "s3cret"])
        _ = try CDNSpecRepository.open(URL(string: scoped.url + "unscoped/")!, home: home, settings: unscoped)
        #expect(scoped.received.last?.lowercased().contains("authorization") == false)
        let perHost = HTTPSettings.fromEnvironment(["COMPOSE_CDN_TOKEN_LOCALHOST_\(other.port)": "own"])
        _ = try CDNSpecRepository.open(
            URL(string: "http://localhost:\(other.port)/own/")!, home: home, settings: perHost)
        _ = try CDNSpecRepository.open(URL(string: scoped.url + "own/")!, home: home, settings: perHost)
        #expect(other.received.last?.contains("Authorization: Bearer own") == true)
        #expect(scoped.received.last?.lowercased().contains("authorization") == false)
    }

    @Test func noCredentialGoesOverPlainHTTPToAnotherMachineNorToTrunkUnlessNamed() {
        let tokens = CDNTokens(
            token: "T", origins: ["cdn.example.com", "http://plain.example.com", "http://127.0.0.1:8080"],
            hostTokens: ["CDN_EXAMPLE_COM_8443": "H"])
        #expect(tokens.token(for: URL(string: "https://cdn.example.com/specs/")!) == "T")
        #expect(tokens.token(for: URL(string: "http://cdn.example.com/")!) == nil)
        #expect(tokens.token(for: URL(string: "https://cdn.example.com:8443/")!) == "H")
        #expect(tokens.token(for: URL(string: "http://plain.example.com/")!) == nil)
        #expect(tokens.token(for: URL(string: "http://127.0.0.1:8080/")!) == "T")
        #expect(tokens.token(for: URL(string: "http://127.0.0.1:8081/")!) == nil)
        #expect(tokens.token(for: URL(string: CDNSpecRepository.trunk)!) == nil)
        let named = CDNTokens(token: "T", origins: ["cdn.cocoapods.org"])
        #expect(named.token(for: URL(string: CDNSpecRepository.trunk)!) == "T")
    }

    @Test func a401ToASourceWithoutItsTokenSaysHowToScopeOne() throws {
        let server = try ScriptedServer { _, _ in .respond(status: 401, headers: [:], body: "") }
        defer { server.stop() }
        let folder = try TemporaryDirectory("cdn-token-hint")
        defer { folder.remove() }
        let settings = HTTPSettings.fromEnvironment(["COMPOSE_CDN_TOKEN": "s3cret"])
        do {
            _ = try CDNSpecRepository.open(
                URL(string: server.url)!, home: ComposeHome(url: folder.url), settings: settings)
            Issue.record("a 401 was taken for an answer")
        } catch {
            #expect(error.description.contains("COMPOSE_CDN_TOKEN_HOST"), "\(error)")
            #expect(error.description.contains("http://127.0.0.1:\(server.port)"), "\(error)")
            #expect(!error.description.contains("s3cret"))
        }
    }

    // MARK: Limits

    @Test func anEndlessBodyStopsAtTheLimit() throws {
        let server = try ScriptedServer { _, _ in .endless }
        defer { server.stop() }
        let client = HTTPClient(base: URL(string: server.url)!, settings: HTTPSettings(timeout: 60, retries: 2))
        let started = Date()
        #expect(throws: HTTPSourceError.tooLarge(url: server.url + "all_pods.txt", limit: 1_048_576)) {
            _ = try client.get(URL(string: server.url + "all_pods.txt")!, limit: 1_048_576)
        }
        // Stopped at the first megabyte (the server never tires: without the limit this never ends), and
        // not asked again. The bound is loose, for a busy machine.
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(server.received.count == 1)
    }

    @Test func aContentLengthOverTheLimitIsRefusedBeforeTheBody() throws {
        let server = try ScriptedServer { _, _ in
            .bytes(status: 200, headers: ["Content-Length": "600000000"], body: Data("x".utf8))
        }
        defer { server.stop() }
        let folder = try TemporaryDirectory("cdn-too-large")
        defer { folder.remove() }
        let home = ComposeHome(url: folder.url)
        #expect(
            throws: HTTPSourceError.tooLarge(
                url: server.url + SpecRepoLayout.versionFile, limit: HTTPLimits.versionFile)
        ) {
            _ = try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: HTTPSettings(retries: 0))
        }
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).allSatisfy { !$0.hasSuffix(".yml") })
    }

    @Test func aGzipBombIsStoppedWhileDecodingWithAShortMessage() throws {
        let folder = try TemporaryDirectory("cdn-gzip-bomb")
        defer { folder.remove() }
        // 64 MiB of zeros, about 64 KiB compressed: eight times the limit of a spec.
        let plain = folder.url.appendingPathComponent("bomb")
        FileManager.default.createFile(atPath: plain.path, contents: nil)
        let handle = try FileHandle(forWritingTo: plain)
        for _ in 0..<64 { handle.write(Data(count: 1_048_576)) }
        try handle.close()
        try runTool("gzip", ["-9", plain.path], in: folder.url)
        let bomb = try Data(contentsOf: URL(fileURLWithPath: plain.path + ".gz"))
        #expect(bomb.count < 200_000)
        let server = try ScriptedServer { _, _ in
            .bytes(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb)
        }
        defer { server.stop() }
        let client = HTTPClient(base: URL(string: server.url)!, settings: HTTPSettings(timeout: 60, retries: 2))
        let url = server.url + "Specs/0/0/0/Pay/1.0.0/Pay.podspec.json"
        do {
            _ = try client.get(URL(string: url)!, limit: HTTPLimits.spec)
            Issue.record("a gzip bomb was read")
        } catch {
            #expect(error == .tooLarge(url: url, limit: HTTPLimits.spec), "\(error)")
            #expect(error.description.count < 400)
        }
        #expect(server.received.count == 1)
    }

    @Test func aTricklingServerCannotHoldACommandPastTheDeadline() throws {
        let server = try ScriptedServer { _, _ in .trickle(length: 10_000, interval: 0.25) }
        defer { server.stop() }
        let client = HTTPClient(
            base: URL(string: server.url)!, settings: HTTPSettings(timeout: 2, deadline: 3, retries: 3))
        let started = Date()
        do {
            _ = try client.get(URL(string: server.url + "all_pods.txt")!)
            Issue.record("a trickle of 10,000 bytes at 4 a second was read")
        } catch {
            guard case .unreachable(_, let message) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(message.contains("COMPOSE_NETWORK_DEADLINE"), "\(message)")
        }
        // One deadline, not one per retry (one request), and not 2,500 seconds (a bound loose enough for
        // a busy machine).
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(server.received.count == 1)
    }

    @Test func waitingOnAStalledServerCostsNoCPU() throws {
        let server = try ScriptedServer { _, _ in .stall }
        defer { server.stop() }
        let client = HTTPClient(base: URL(string: server.url)!, settings: HTTPSettings(timeout: 3, retries: 0))
        let cpu = Self.cpuSeconds()
        let started = Date()
        #expect(throws: HTTPSourceError.self) { _ = try client.get(URL(string: server.url + "x")!) }
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 2.5)
        // Other tests run beside this one in the process, so the bound is loose: a busy wait
        // would cost about as much CPU as the time waited.
        #expect(Self.cpuSeconds() - cpu < waited * 0.8, "CPU \(Self.cpuSeconds() - cpu) s in \(waited) s")
    }

    // MARK: The cache

    @Test func anErrorPageATruncatedSpecOrAnUnsolicited304IsNeverCached() throws {
        let folder = try TemporaryDirectory("cdn-poison")
        defer { folder.remove() }
        let shard = SpecRepoLayout.shards(of: "Pay", prefixLengths: [1, 1, 1]).joined(separator: "_")
        let specPath =
            "/Specs/" + SpecRepoLayout.shards(of: "Pay", prefixLengths: [1, 1, 1]).joined(separator: "/")
            + "/Pay/1.0.0/Pay.podspec.json"
        let state = Counter()
        let server = try ScriptedServer { _, head in
            let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            switch path {
            case "/" + SpecRepoLayout.versionFile: return .respond(status: 200, headers: [:], body: Self.versionFile)
            case "/all_pods_versions_\(shard).txt": return .respond(status: 200, headers: [:], body: "Pay/1.0.0\n")
            case specPath:
                switch state.next() {
                case 0: return .respond(status: 200, headers: [:], body: "<html><body>Rate limited</body></html>")
                case 1: return .respond(status: 200, headers: [:], body: #"{"name": "Pay", "vers"#)
                case 2: return .respond(status: 304, headers: [:], body: "")
                default:
                    return .respond(status: 200, headers: [:], body: #"{"name": "Pay", "version": "1.0.0"}"#)
                }
            default: return .respond(status: 404, headers: [:], body: "")
            }
        }
        defer { server.stop() }
        let home = ComposeHome(url: folder.url)
        let version = try Version("1.0.0")
        for round in 0..<3 {
            let repository = try #require(
                try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: HTTPSettings(retries: 0)))
            do {
                _ = try repository.specFile(name: "Pay", version: version)
                Issue.record("round \(round): a bad answer was taken")
            } catch {
                guard case .malformed = error else {
                    Issue.record("round \(round): expected malformed, got \(error)")
                    continue
                }
            }
            #expect(!repository.hasCachedSpec(name: "Pay", version: version))
        }
        // The next good answer is fetched and kept: nothing bad stood in its way.
        let repository = try #require(
            try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: HTTPSettings(retries: 0)))
        #expect(try Spec(json: repository.specFile(name: "Pay", version: version).data, label: "Pay").name == "Pay")
        #expect(repository.hasCachedSpec(name: "Pay", version: version))
    }

    @Test func cacheFoldersNeverCollideBetweenSources() {
        let urls = [
            "http://127.0.0.1/18050/", "http://127.0.0.1:18050/", "https://127.0.0.1:18050/", "http://h/a_b/",
            "http://h/a/b/", "https://h/a/b/", "http://h:80/a/b", "https://H:443/a/b/",
        ]
        let names = urls.map { CDNSpecRepository.cacheName(of: URL(string: $0)!) }
        // The last two spell the same sources as two earlier ones; every other name is its own.
        #expect(names[6] == names[4])
        #expect(names[7] == names[5])
        #expect(Set(names.prefix(6)).count == 6, "\(names)")
        #expect(names.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") })
    }
}

/// A count shared with a server's thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}
