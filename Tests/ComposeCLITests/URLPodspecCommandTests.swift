import ComposeTestSupport
import Foundation
import Testing

/// `pod 'Feature', :podspec => 'http://127.0.0.1:PORT/Feature.podspec.json'` through the commands: a
/// component released to a bare repository, its podspec served by nginx, installed; a new podspec
/// at the same URL refused until `compose update Feature`; offline from the cache; a URL built from
/// the environment refused unless allowed.
@Suite("Commands: a podspec named by URL")
struct URLPodspecCommandTests {
    @Test func installUpdateAndOfflineFromTheCache() async throws {
        let temporary = try TemporaryDirectory("url-podspec-cli")
        defer { temporary.remove() }
        let components = try ComponentFixture(root: temporary.url.appendingPathComponent("team"))
        try components.release("Base", "1.0.0")
        try components.release("Feature", "1.0.0", dependencies: ["Base"])
        let served = temporary.url.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        var published = 0
        func publish(_ version: String) throws {
            let spec = components.specs.appendingPathComponent("Feature/\(version)/Feature.podspec.json")
            let file = served.appendingPathComponent("Feature.podspec.json")
            try Data(contentsOf: spec).write(to: file)
            // nginx's ETag is the file's size and modification second: two releases of one size
            // written within a second would share it, as they never do on a real server.
            published += 1
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(published) * 100)],
                ofItemAtPath: file.path)
        }
        try publish("1.0.0")
        let server = try NginxServer(root: served)
        defer { server.stop() }
        let url = "\(server.url)Feature.podspec.json"
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(
            "source '\(components.specs.path)'\nplatform :osx, '10.15'\ntarget 'App' do\n  pod 'Feature', :podspec => '\(url)'\nend\n"
                .utf8
        ).write(to: project.appendingPathComponent("Podfile"))
        let home = temporary.url.appendingPathComponent("home")
        let environment: [String: String?] = [
            "COMPOSE_HOME": home.path, "COMPOSE_CDN_MAX_AGE": "0", "COMPOSE_NETWORK_TIMEOUT": "2",
        ]
        func compose(_ arguments: [String]) async throws -> ComposeRun {
            try await runComposeInProcess(arguments + ["--project", project.path], environment: environment)
        }

        let install = try await compose(["install"])
        #expect(install.code == 0, "\(install.stderr)")
        let manifest = try String(
            contentsOf: project.appendingPathComponent("Composed/Package.swift"), encoding: .utf8)
        #expect(manifest.contains("Feature.git"), "\(manifest)")
        let lockFile = project.appendingPathComponent("Compose.lock")
        let lock = try String(contentsOf: lockFile, encoding: .utf8)
        #expect(lock.contains("EXTERNAL SOURCES:\n  Feature:\n    :podspec: \(url)\n"), "\(lock)")
        #expect(lock.contains("  - Feature (1.0.0):\n"), "\(lock)")
        let list = try await runComposeInProcess(["cache", "list"], environment: environment)
        #expect(list.stdout.contains("cache/podspecs  "), "\(list.stdout)")

        // A new release's podspec at the same URL: install refuses, naming the line and the fix.
        try components.release("Feature", "1.1.0", dependencies: ["Base"])
        try publish("1.1.0")
        let refused = try await compose(["install"])
        #expect(refused.code == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "Podfile:4:3: the podspec of Feature at \(url) changed since Compose.lock was written"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("version 1.0.0 -> 1.1.0"), "\(refused.stderr)")
        #expect(refused.stderr.contains("accept it with `compose update Feature`"), "\(refused.stderr)")
        #expect(try String(contentsOf: lockFile, encoding: .utf8) == lock)
        let update = try await compose(["update", "Feature", "--no-install"])
        #expect(update.code == 0, "\(update.stderr)")
        #expect(try String(contentsOf: lockFile, encoding: .utf8).contains("  - Feature (1.1.0):\n"))

        // Offline: the cached podspec, said once.
        server.stop()
        let offline = try await compose(["resolve"])
        #expect(offline.code == 0, "\(offline.stderr)")
        #expect(
            offline.stderr.contains("note: \(url) could not be reached; the podspec of Feature was read from "),
            "\(offline.stderr)")
    }

    @Test func aURLBuiltFromTheEnvironmentIsRefusedUnlessAllowed() async throws {
        let temporary = try TemporaryDirectory("url-podspec-env")
        defer { temporary.remove() }
        let served = temporary.url.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try Data(#"{"name": "Remote", "version": "1.0.0", "platforms": {"ios": "13.0"}}"#.utf8)
            .write(to: served.appendingPathComponent("Remote.podspec.json"))
        let server = try NginxServer(root: served)
        defer { server.stop() }
        try Data(
            """
            platform :ios, '15.0'
            target 'App' do
              pod 'Remote', :podspec => "#{ENV['PODSPEC_HOST']}Remote.podspec.json"
              pod 'Leak', :podspec => "#{ENV['PODSPEC_HOST']}#{ENV['GITHUB_TOKEN']}/Leak.podspec.json" if ENV['LEAK']
            end
            """.utf8
        ).write(to: temporary.url.appendingPathComponent("Podfile"))
        var environment: [String: String?] = [
            "COMPOSE_HOME": temporary.path + "/home", "PODSPEC_HOST": server.url, "GITHUB_TOKEN": "gh-secret-456",
            "COMPOSE_ALLOW_ENV": nil, "LEAK": nil,
        ]
        let refused = try await runComposeInProcess(["resolve", "--project", temporary.path], environment: environment)
        #expect(refused.code == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("Podfile:3:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("is built from ENV['PODSPEC_HOST']"), "\(refused.stderr)")
        #expect(server.requests().isEmpty)

        let allowed = try await runComposeInProcess(
            ["resolve", "--project", temporary.path, "--allow-env", "PODSPEC_HOST"], environment: environment)
        #expect(allowed.code == 0, "\(allowed.stderr)")
        #expect(server.requests() == ["GET /Remote.podspec.json 200"])

        // A token's value never reaches a URL, even with the host allowed.
        environment["LEAK"] = "1"
        let leak = try await runComposeInProcess(
            ["resolve", "--project", temporary.path, "--allow-env", "PODSPEC_HOST"], environment: environment)
        #expect(leak.code == 1, "\(leak.stderr)")
        #expect(leak.stderr.contains("Podfile:4:"), "\(leak.stderr)")
        #expect(!server.requests().contains { $0.contains("Leak") })
        #expect(!(leak.stdout + leak.stderr).contains("gh-secret"))
    }
}
