import CDN
import ComposeTestSupport
import Foundation
import SpecRepos
import Specs
import Testing

/// HTTP spec sources over TLS: nginx on 127.0.0.1 with a self-signed certificate made for each test,
/// trusted only where a test says so (`HTTPSettings.extraTrustRoots`, `COMPOSE_CA_BUNDLE`).
@Suite("Spec repos over https: trusted roots, tokens, redirects")
struct HTTPSTests {
    /// The fixture spec repo exported to `folder/out`, served by nginx over https with `directives`.
    func servedExport(in folder: TemporaryDirectory, directives: String = "") throws -> NginxServer {
        let out = folder.url.appendingPathComponent("out")
        _ = try SpecRepoExport.export(from: CDNTests.fixture, to: out)
        return try NginxServer(root: out, https: true, directives: directives)
    }

    /// The URL and message of the `unreachable` error that opening `source` throws; an issue when it
    /// opens or throws anything else.
    func unreachable(_ source: String, home: ComposeHome, settings: HTTPSettings) -> (url: String, message: String)? {
        do {
            _ = try CDNSpecRepository.open(URL(string: source)!, home: home, settings: settings)
            Issue.record("\(source) was read")
        } catch {
            if case .unreachable(let url, let message) = error { return (url, message) }
            Issue.record("expected unreachable, got \(error)")
        }
        return nil
    }

    @Test func aTokenScopedToTheHTTPSOriginIsSentAndAResolveReadWorksOverTLS() throws {
        let folder = try TemporaryDirectory("https-token")
        defer { folder.remove() }
        let server = try servedExport(
            in: folder, directives: #"if ($http_authorization != "Bearer s3cret") { return 401; }"#)
        defer { server.stop() }
        let certificate = try #require(server.certificate)
        let home = ComposeHome(url: folder.url.appendingPathComponent("home"))
        let environment = [
            "COMPOSE_CA_BUNDLE": certificate.path, "COMPOSE_CDN_TOKEN": "s3cret",
            "COMPOSE_CDN_TOKEN_HOST": "https://127.0.0.1:\(server.port)", "COMPOSE_NETWORK_TIMEOUT": "5",
        ]
        let settings = HTTPSettings.fromEnvironment(environment)
        #expect(settings.extraTrustRoots == certificate.path)

        let repository = try #require(
            try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: settings))
        let versions = try repository.versions(of: "Networking")
        #expect(versions.map(\.string).contains("2.1.0"), "\(versions)")
        let file = try repository.specFile(name: "Networking", version: versions[0])
        #expect(file.path.hasPrefix(server.url + "Specs/"))
        let spec = try Spec(json: file.data, label: file.path)
        #expect(spec.name == "Networking" && spec.version == versions[0])
        // nginx answered every request 200: each carried the bearer token it requires.
        let requests = server.requests()
        #expect(requests.count == 3 && requests.allSatisfy { $0.hasSuffix(" 200") }, "\(requests)")

        // The same token scoped to another origin (localhost is not 127.0.0.1) is not sent: nginx
        // answers 401 and the message says which origin to name.
        var elsewhere = settings
        elsewhere.tokens = CDNTokens.fromEnvironment([
            "COMPOSE_CDN_TOKEN": "s3cret", "COMPOSE_CDN_TOKEN_HOST": "localhost:\(server.port)",
        ])
        do {
            _ = try CDNSpecRepository.open(
                URL(string: server.url + "again/")!, home: home, settings: elsewhere)
            Issue.record("nginx answered without the token")
        } catch {
            #expect(error.description.hasPrefix(server.url + "again/CocoaPods-version.yml answered HTTP 401"))
            #expect(
                error.description.contains("add https://127.0.0.1:\(server.port) to COMPOSE_CDN_TOKEN_HOST"),
                "\(error)")
            #expect(!error.description.contains("s3cret"))
        }
        #expect(server.requests().last == "GET /again/CocoaPods-version.yml 401")
    }

    @Test func aCertificateNobodyTrustedIsRefusedWithAMessageThatSaysHowToTrustIt() throws {
        let folder = try TemporaryDirectory("https-untrusted")
        defer { folder.remove() }
        let server = try servedExport(in: folder)
        defer { server.stop() }
        let home = ComposeHome(url: folder.url.appendingPathComponent("home"))
        let started = Date()
        // A retry would wait 20 s first: the time taken tells whether there was one, even on a busy machine.
        let refused = unreachable(
            server.url, home: home, settings: HTTPSettings(timeout: 5, retries: 3, backoff: 20))
        #expect(refused?.url == server.url + "CocoaPods-version.yml")
        #expect(
            refused?.message.contains("certificate is not signed by a trusted authority") == true, "\(refused as Any)")
        #expect(refused?.message.contains("set COMPOSE_CA_BUNDLE") == true, "\(refused as Any)")
        // Not retried (a certificate does not become trusted by asking again), and nothing was read:
        // no HTTP request reached nginx, nothing is in the cache.
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(server.requests() == [])
        let cached = FileManager.default.enumerator(atPath: home.url.path)?.allObjects as? [String] ?? []
        #expect(cached.allSatisfy { !$0.hasSuffix(".yml") }, "\(cached)")

        // Trusted through HTTPSettings, the same server is read.
        let trusted = HTTPSettings(timeout: 60, retries: 0, extraTrustRoots: server.certificate?.path)
        let repository = try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: trusted)
        #expect(repository?.prefixLengths == [1, 1, 1])
    }

    @Test func aCABundleThatIsNotAPEMFileIsNamedInTheMessage() throws {
        let folder = try TemporaryDirectory("https-bad-bundle")
        defer { folder.remove() }
        let server = try servedExport(in: folder)
        defer { server.stop() }
        let bundle = folder.url.appendingPathComponent("company-ca.pem")
        try Data("not a certificate\n".utf8).write(to: bundle)
        let home = ComposeHome(url: folder.url.appendingPathComponent("home"))
        for path in [bundle.path, folder.url.appendingPathComponent("missing.pem").path] {
            let settings = HTTPSettings.fromEnvironment(["SSL_CERT_FILE": path, "COMPOSE_NETWORK_TIMEOUT": "5"])
            let refused = unreachable(server.url, home: home, settings: settings)
            #expect(refused?.message.contains("(\(path)) is not a readable PEM file") == true, "\(refused as Any)")
        }
        #expect(server.requests() == [])
    }

    @Test func anHTTPSSourceRedirectedToPlainHTTPIsRefusedAndTheHTTPServerGetsNothing() throws {
        let plain = try ScriptedServer { _, _ in
            .respond(status: 200, headers: [:], body: "---\nprefix_lengths: [1, 1, 1]\n")
        }
        defer { plain.stop() }
        let folder = try TemporaryDirectory("https-downgrade")
        defer { folder.remove() }
        let server = try servedExport(
            in: folder, directives: "location / { return 302 http://127.0.0.1:\(plain.port)$request_uri; }")
        defer { server.stop() }
        let settings = HTTPSettings(
            timeout: 60, retries: 2, backoff: 0.01,
            tokens: CDNTokens(token: "s3cret", origins: ["https://127.0.0.1:\(server.port)"]),
            extraTrustRoots: server.certificate?.path)
        let home = ComposeHome(url: folder.url.appendingPathComponent("home"))
        let refused = unreachable(server.url, home: home, settings: settings)
        #expect(refused?.url == server.url + "CocoaPods-version.yml")
        #expect(refused?.message.contains("from https to plain http") == true, "\(refused as Any)")
        #expect(
            refused?.message.contains("http://127.0.0.1:\(plain.port)/CocoaPods-version.yml") == true,
            "\(refused as Any)")
        #expect(plain.received.isEmpty, "\(plain.received)")
        // Asked once: a refused redirect is not retried.
        #expect(server.requests() == ["GET /CocoaPods-version.yml 302"])
    }
}
