import CDN
import ComposeTestSupport
import ComposefileFormat
import Digests
import Foundation
import Project
import SpecRepos
import Specs
import Testing

/// `pod 'Name', :podspec => 'URL'`: the podspec fetched from nginx on 127.0.0.1, kept by content in
/// the compose home, its checksum in Compose.lock, a change at the URL refused until `update`.
@Suite("Resolve: a podspec named by URL")
struct URLPodspecTests {
    static func spec(_ name: String, _ version: String, dependency: String = "") -> String {
        """
        {"name": "\(name)", "version": "\(version)", "platforms": {"ios": "13.0"},
         "source": {"git": "https://git.example.com/ios/\(name).git", "tag": "\(version)"}\(dependency)}
        """
    }

    /// A folder served by nginx, in the project's temporary folder.
    func serve(_ files: [String: String], in project: ProjectFixture, directives: String = "") throws -> (
        NginxServer, URL
    ) {
        let root = project.directory.url.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return (try NginxServer(root: root, directives: directives), root)
    }

    @Test func aPodspecAtALoopbackURLResolvesIsCachedAndAChangeIsRefusedUntilUpdated() throws {
        let project = try ProjectFixture("url-podspec", composefile: "")
        defer { project.directory.remove() }
        let first = Self.spec("Remote", "1.0.0", dependency: #", "dependencies": {"Logging": ["~> 1.0"]}"#)
        let (server, root) = try serve(["Remote.podspec.json": first], in: project)
        defer { server.stop() }
        let url = "\(server.url)Remote.podspec.json"
        try project.write("source 'FIXTURE'\nplatform :ios, '15.0'\npod 'Remote', :podspec => '\(url)'\n")

        let report = try project.service.resolve()
        #expect(report.lockfile.lockedVersions["Remote"]?.string == "1.0.0")
        #expect(report.lockfile.lockedVersions["Logging"] != nil)
        let lock = try project.lockText()
        #expect(lock.contains("  - Remote (from `\(url)`)\n"), "\(lock)")
        #expect(lock.contains("EXTERNAL SOURCES:\n  Remote:\n    :podspec: \(url)\n"), "\(lock)")
        #expect(lock.contains("  Remote: \(SHA1.hex(of: Data(first.utf8)))\n"), "\(lock)")
        // Kept by content, where `compose cache list` sees it.
        let home = project.directory.url.appendingPathComponent("home")
        let kept = home.appendingPathComponent("cache/podspecs/\(SHA256Digest.hex(of: Array(first.utf8)))")
        #expect(FileManager.default.contents(atPath: kept.path) == Data(first.utf8))
        #expect(ComposeCache(home: ComposeHome(url: home)).entries().contains { $0.path == "cache/podspecs" })
        // Within the cache age, a second resolve asks nothing.
        #expect(try !project.service.resolve().lockChanged)
        #expect(server.requests() == ["GET /Remote.podspec.json 200"])

        // The file changes at the URL: the next resolve that asks refuses, naming both checksums.
        let second = Self.spec("Remote", "1.1.0")
        try second.write(to: root.appendingPathComponent("Remote.podspec.json"), atomically: true, encoding: .utf8)
        var asking = project.service
        asking.http = HTTPSettings(maxAge: 0)
        #expect {
            try asking.resolve()
        } throws: { error in
            let text = "\(error)"
            return text.contains(
                "Composefile:3:1: the podspec of Remote at \(url) changed since Compose.lock was written")
                && text.contains("SHA-1 \(SHA1.hex(of: Data(first.utf8))) in the lock")
                && text.contains("version 1.0.0 -> 1.1.0") && text.contains("`compose update Remote`")
                && (error as? ProjectError)?.kind == .input
        }
        #expect(try project.lockText() == lock)
        // `update Remote` accepts it.
        let updated = try asking.resolve(unlock: .pods(["Remote"]))
        #expect(updated.lockfile.lockedVersions["Remote"]?.string == "1.1.0")
        #expect(updated.lockfile.specChecksums["Remote"] == SHA1.hex(of: Data(second.utf8)))

        // Offline: read from the cache, with a note; with nothing cached, an error naming the line.
        server.stop()
        var offline = project.service
        offline.http = HTTPSettings(timeout: 2, retries: 0, maxAge: 0)
        let again = try offline.resolve()
        #expect(again.lockfile.lockedVersions["Remote"]?.string == "1.1.0")
        #expect(
            again.notes.map(\.description).contains {
                $0.hasPrefix("note: \(url) could not be reached; the podspec of Remote was read from ")
            }, "\(again.notes)")
        try FileManager.default.removeItem(at: home.appendingPathComponent("cache/podspecs"))
        #expect {
            try offline.resolve()
        } throws: { error in
            let text = "\(error)"
            return text.contains("Composefile:3:1: the podspec of Remote could not be fetched.")
                && text.contains("Could not reach \(url): connection refused.")
                && text.contains("No copy of it is in the cache") && (error as? ProjectError)?.kind == .environment
        }
    }

    @Test func aRubyPodspecIsReadByTheURLsFileName() throws {
        let project = try ProjectFixture("url-podspec-ruby", composefile: "")
        defer { project.directory.remove() }
        let ruby = RubyPodspecResolveTests.ruby("Single", "3.0.0")
        let (server, _) = try serve(["Single.podspec": ruby, "Other.podspec.json": ruby], in: project)
        defer { server.stop() }
        try project.write("platform :ios, '15.0'\npod 'Single', :podspec => '\(server.url)Single.podspec'\n")
        let report = try project.service.resolve()
        #expect(report.lockfile.lockedVersions["Single"]?.string == "3.0.0")
        #expect(report.lockfile.specChecksums["Single"] == SHA1.hex(of: Data(ruby.utf8)))
        // A `.json` name is read as JSON, as CocoaPods reads it.
        try project.write("platform :ios, '15.0'\npod 'Other', :podspec => '\(server.url)Other.podspec.json'\n")
        #expect {
            try project.service.resolve()
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("\(server.url)Other.podspec.json:")
                && text.contains("is not a readable podspec: not valid JSON")
        }
    }

    @Test func refusedURLsAnotherPodsSpecAndATooLargeAnswer() throws {
        let project = try ProjectFixture("url-podspec-refused", composefile: "")
        defer { project.directory.remove() }
        let large = "{\"name\": \"Big\", \"summary\": \"" + String(repeating: "x", count: 1_100_000) + "\"}"
        let (server, _) = try serve(
            ["Other.podspec.json": Self.spec("Other", "1.0.0"), "Big.podspec.json": large], in: project,
            directives: "location = /Moved.podspec.json { return 302 http://example.com/Moved.podspec.json; }")
        defer { server.stop() }
        func refusal(_ line: String) -> String {
            do {
                try project.write("platform :ios, '15.0'\n" + line + "\n")
                _ = try project.service.resolve()
                return "resolved"
            } catch {
                return "\(error)"
            }
        }
        for url in ["http://example.com/Remote.podspec.json", "ftp://127.0.0.1/Remote.podspec.json"] {
            let text = refusal("pod 'Remote', :podspec => '\(url)'")
            #expect(text.contains("Composefile:2:1: ':podspec => \(url)' is refused: "), "\(text)")
        }
        #expect(
            refusal("pod 'Remote', :podspec => 'http://example.com/Remote.podspec.json'").contains(
                "plain http to another machine"))
        let moved = refusal("pod 'Moved', :podspec => '\(server.url)Moved.podspec.json'")
        #expect(moved.contains("a redirect to plain http on another machine"), "\(moved)")
        let other = refusal("pod 'Remote', :podspec => '\(server.url)Other.podspec.json'")
        #expect(
            other.contains("Composefile:2:1: \(server.url)Other.podspec.json describes 'Other', not 'Remote'."),
            "\(other)")
        let big = refusal("pod 'Big', :podspec => '\(server.url)Big.podspec.json'")
        #expect(big.contains("\(server.url)Big.podspec.json is larger than 1 MiB"), "\(big)")
        #expect(
            !FileManager.default.fileExists(atPath: project.directory.url.appendingPathComponent("Compose.lock").path))
        // Nothing that did not read as the pod's podspec was kept.
        let cache = project.directory.url.appendingPathComponent("home/cache/podspecs")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).isEmpty)
    }

    @Test func overHTTPSTheServersCertificateMustBeTrusted() throws {
        let project = try ProjectFixture("url-podspec-https", composefile: "")
        defer { project.directory.remove() }
        let root = project.directory.url.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Self.spec("Remote", "1.0.0").write(
            to: root.appendingPathComponent("Remote.podspec.json"), atomically: true, encoding: .utf8)
        let server = try NginxServer(root: root, https: true)
        defer { server.stop() }
        try project.write("platform :ios, '15.0'\npod 'Remote', :podspec => '\(server.url)Remote.podspec.json'\n")
        var untrusted = project.service
        untrusted.http = HTTPSettings(retries: 0)
        #expect {
            try untrusted.resolve()
        } throws: { error in
            "\(error)".contains("the server's TLS certificate is not signed by a trusted authority")
        }
        var trusted = project.service
        trusted.http = HTTPSettings(extraTrustRoots: server.certificate?.path)
        #expect(try trusted.resolve().lockfile.lockedVersions["Remote"]?.string == "1.0.0")
    }

    @Test func aTokenGoesOnlyToTheOriginItIsScopedTo() throws {
        let project = try ProjectFixture("url-podspec-token", composefile: "")
        defer { project.directory.remove() }
        let spec = Self.spec("Remote", "1.0.0")
        let server = try ScriptedServer { _, _ in .respond(status: 200, headers: [:], body: spec) }
        defer { server.stop() }
        try project.write("platform :ios, '15.0'\npod 'Remote', :podspec => '\(server.url)Remote.podspec.json'\n")
        var unscoped = project.service
        unscoped.http = HTTPSettings(tokens: CDNTokens(token: "secret-1"), maxAge: 0)
        _ = try unscoped.resolve()
        var scoped = project.service
        scoped.http = HTTPSettings(tokens: CDNTokens(token: "secret-2", origins: [server.url]), maxAge: 0)
        _ = try scoped.resolve()
        // A user and password in the URL go to its origin as basic authentication, never to the lock.
        let withUser = server.url.replacingOccurrences(of: "http://", with: "http://deploy:pw-secret@")
        try project.write("platform :ios, '15.0'\npod 'Remote', :podspec => '\(withUser)Remote.podspec.json'\n")
        _ = try unscoped.resolve()
        #expect(!(try project.lockText()).contains("pw-secret"))
        #expect(try project.lockText().contains(":podspec: \(server.url)Remote.podspec.json\n"))
        let heads = server.received
        #expect(heads.count == 3)
        let basic = "Basic " + Data("deploy:pw-secret".utf8).base64EncodedString()
        #expect(heads[2].contains(basic), "\(heads[2])")
        #expect(!heads[0].lowercased().contains("authorization"), "\(heads[0])")
        #expect(
            heads[1].contains("Authorization: Bearer secret-2") || heads[1].contains("authorization: Bearer secret-2"))
    }
}
