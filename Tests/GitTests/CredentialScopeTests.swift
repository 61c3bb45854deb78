import ComposeTestSupport
import Foundation
import Testing

@testable import Git

/// A token goes only to the https host it was configured for: a server on 127.0.0.1 that asks
/// for credentials and logs what it receives gets none from a URL it was not meant for.
@Suite("Git: credentials scoped to their host")
struct CredentialScopeTests {
    @Test func aForeignHostThatAsksReceivesNoToken() throws {
        let server = try CaptureServer(.askForCredentials)
        defer { server.stop() }
        let temp = try TemporaryDirectory("cred-foreign")
        defer { temp.remove() }
        let credentials = Credentials(token: "SECRET-TOKEN", tokenHosts: ["git.example.com"])
        #expect(throws: GitError.self) {
            _ = try Repository.clone(
                from: server.url("ios/Pay.git"), to: temp.url.appendingPathComponent("clone"), credentials: credentials)
        }
        #expect(!server.requests.isEmpty)
        #expect(server.authorizations.isEmpty, "sent \(server.authorizations)")
        // The server does log what it receives: credentials the user wrote into the URL itself are sent.
        #expect(throws: GitError.self) {
            _ = try Repository.clone(
                from: server.url("ios/Pay.git", host: "user:pw@127.0.0.1"),
                to: temp.url.appendingPathComponent("clone2"),
                credentials: credentials)
        }
        #expect(server.authorizations.contains("Basic dXNlcjpwdw=="))
    }

    @Test func theTokenNeverGoesOverPlainHTTPEvenToItsOwnHost() throws {
        let server = try CaptureServer(.askForCredentials)
        defer { server.stop() }
        let temp = try TemporaryDirectory("cred-http")
        defer { temp.remove() }
        let url = server.url("ios/specs.git")
        let credentials = Credentials(token: "SECRET-TOKEN", tokenHosts: ["127.0.0.1:\(server.port)"]).trusting(url)
        do {
            _ = try Repository.clone(from: url, to: temp.url.appendingPathComponent("clone"), credentials: credentials)
            Issue.record("the clone of a server that refuses everything succeeded")
        } catch {
            // The message says why the token was held back, and never shows it.
            #expect(error.description.contains("COMPOSE_GIT_TOKEN is not offered to http://127.0.0.1:\(server.port)"))
            #expect(!error.description.contains("SECRET-TOKEN"))
        }
        #expect(!server.requests.isEmpty)
        #expect(server.authorizations.isEmpty, "sent \(server.authorizations)")
    }

    @Test func aRedirectToAnotherHostReceivesNoToken() throws {
        let foreign = try CaptureServer(.askForCredentials)
        defer { foreign.stop() }
        let trusted = try CaptureServer(.redirect(to: "http://localhost:\(foreign.port)"))
        defer { trusted.stop() }
        let temp = try TemporaryDirectory("cred-redirect")
        defer { temp.remove() }
        let url = trusted.url("ios/specs.git")
        let credentials = Credentials(token: "SECRET-TOKEN").trusting(url)
        #expect(throws: GitError.self) {
            _ = try Repository.clone(from: url, to: temp.url.appendingPathComponent("clone"), credentials: credentials)
        }
        #expect(trusted.authorizations.isEmpty && foreign.authorizations.isEmpty)
        // The decision itself, for https: the host asking must be the host the operation started at.
        let https = Credentials(token: "T", tokenHosts: ["git.example.com"])
        #expect(
            https.scopedToken(
                requestURL: "https://git.example.com/a.git", originalURL: "https://git.example.com/a.git",
                usernameFromURL: nil)?.token == "T")
        #expect(
            https.scopedToken(
                requestURL: "https://evil.example.net/a.git", originalURL: "https://git.example.com/a.git",
                usernameFromURL: nil) == nil)
        #expect(
            https.scopedToken(
                requestURL: "https://git.example.com/a.git", originalURL: "https://evil.example.net/a.git",
                usernameFromURL: nil) == nil)
        #expect(
            https.scopedToken(
                requestURL: "http://git.example.com/a.git", originalURL: "http://git.example.com/a.git",
                usernameFromURL: nil) == nil)
        #expect(
            https.scopedToken(
                requestURL: "https://git.example.com:8443/a.git",
                originalURL: "https://git.example.com:8443/a.git", usernameFromURL: nil) == nil)
    }

    @Test func theScopeComesFromTheEnvironmentAndTheUsersOwnURLs() {
        let credentials = Credentials.fromEnvironment([
            "HOME": "/nonexistent", "COMPOSE_GIT_TOKEN": "T",
            "COMPOSE_GIT_TOKEN_HOST": "Git.Example.com, https://other.example.com:8443,http://plain.example.com",
            "COMPOSE_SSH_KEY_PASSPHRASE": "pass phrase",
        ])
        #expect(credentials.tokenHosts == ["git.example.com", "other.example.com:8443"])
        #expect(credentials.sshKeyPassphrase == "pass phrase")
        #expect(Credentials.fromEnvironment(["HOME": "/nonexistent", "COMPOSE_GIT_TOKEN": "T"]).tokenHosts.isEmpty)
        let added = credentials.trusting("https://ci:pw@specs.example.com:443/ios/specs.git")
        #expect(added.tokenHosts.contains("specs.example.com"))
        #expect(credentials.trusting("http://specs.example.com/ios/specs.git") == credentials)
        #expect(credentials.trusting("git@specs.example.com:ios/specs.git") == credentials)
        // A per-host token goes to its own host only.
        let perHost = Credentials.fromEnvironment([
            "HOME": "/nonexistent", "COMPOSE_GIT_TOKEN_GIT_EXAMPLE_COM": "OWN",
            "COMPOSE_GIT_TOKEN_OTHER_EXAMPLE_COM_8443": "PORT",
        ])
        #expect(
            perHost.scopedToken(
                requestURL: "https://git.example.com/a.git", originalURL: "https://git.example.com/a.git",
                usernameFromURL: nil)?.token == "OWN")
        #expect(
            perHost.scopedToken(
                requestURL: "https://other.example.com:8443/a.git",
                originalURL: "https://other.example.com:8443/a.git", usernameFromURL: nil)?.token == "PORT")
        #expect(
            perHost.scopedToken(
                requestURL: "https://evil.example.net/a.git", originalURL: "https://evil.example.net/a.git",
                usernameFromURL: nil) == nil)
        #expect(
            perHost.scopedToken(
                requestURL: "http://git.example.com/a.git", originalURL: "http://git.example.com/a.git",
                usernameFromURL: nil) == nil)
        // The host a TLS certificate check names is compared with the URL's host name alone.
        #expect(RemoteAddress("https://ci:pw@Git.Example.com:8443/a.git")?.hostname == "git.example.com")
        #expect(RemoteAddress("https://[::1]:8443/a.git")?.hostname == "::1")
    }

    @Test func gitsCredentialHelpersAnswerOnlyForTheHostAsked() throws {
        let temp = try TemporaryDirectory("cred-helper")
        defer { temp.remove() }
        let store = temp.url.appendingPathComponent("store")
        try Data("https://alice:s3cret@git.example.com\n".utf8).write(to: store)
        let config = temp.url.appendingPathComponent("gitconfig")
        try Data("[credential]\n\thelper = store --file=\(store.path)\n".utf8).write(to: config)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = config.path
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = temp.url.path
        let found = CredentialHelper.fill(host: "git.example.com", path: "/ios/Pay.git", environment: environment)
        #expect(found?.user == "alice" && found?.password == "s3cret")
        #expect(CredentialHelper.fill(host: "evil.example.net", path: "/ios/Pay.git", environment: environment) == nil)
    }

    @Test func aTokenInTheURLIsNotKeptInTheClonesReflogs() throws {
        let temp = try TemporaryDirectory("cred-reflog")
        defer { temp.remove() }
        let base = temp.url.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try makeBareRepository(at: base.appendingPathComponent("specs.git"), files: ["README.md": "specs\n"])
        let daemon = try GitDaemon(base: base)
        defer { daemon.stop() }
        let url = daemon.url("specs.git").replacingOccurrences(of: "git://", with: "git://ci:SECRET-TOKEN@")
        let clone = try Repository.clone(from: url, to: temp.url.appendingPathComponent("clone"))
        let logs = clone.gitDirectory.appendingPathComponent("logs")
        let files = FileManager.default.enumerator(atPath: logs.path)?.compactMap { $0 as? String } ?? []
        var texts: [String] = []
        for file in files {
            if let text = try? String(contentsOf: logs.appendingPathComponent(file), encoding: .utf8) {
                texts.append(text)
            }
        }
        #expect(!texts.isEmpty)
        #expect(!texts.joined().contains("SECRET-TOKEN"), "\(texts)")
        #expect(texts.joined().contains("clone: from \(daemon.url("specs.git"))"), "\(texts)")
    }
}
