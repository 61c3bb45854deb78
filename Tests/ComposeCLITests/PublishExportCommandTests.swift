import ComposeTestSupport
import Foundation
import Testing

/// `compose publish --export OUT`: the release also refreshes the spec repo's static export.
@Suite struct PublishExportCommandTests {
    @Test func publishWithExportWritesTheNewSpecItsShardIndexAndThePodList() async throws {
        let folder = try TemporaryDirectory("cli-publish-export")
        defer { folder.remove() }
        let environment: [String: String?] = [
            "COMPOSE_HOME": folder.url.appendingPathComponent("home").path,
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        ]
        let specs = folder.url.appendingPathComponent("specs.git")
        try makeBareRepository(at: specs, files: ["README.md": "# Specs\n"])
        let add = try await runComposeInProcess(
            ["repo", "add", "specs", specs.absoluteString], environment: environment)
        #expect(add.code == 0, "\(add.stderr)")
        let out = folder.url.appendingPathComponent("www")
        let first = try await runComposeInProcess(
            ["repo", "export", "specs", out.path], environment: environment, currentDirectory: folder.url)
        #expect(first.code == 0, "\(first.stderr)")

        // A component: Logging 9.0.0, from the fixture's newest Logging spec, on its own remote.
        let remote = folder.url.appendingPathComponent("Logging.git")
        try runGit(["init", "-q", "--bare", "-b", "main", remote.path])
        let work = folder.url.appendingPathComponent("Logging")
        try runGit(["clone", "-q", remote.path, work.path])
        let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture/Logging")
        let latest = try FileManager.default.contentsOfDirectory(atPath: fixture.path).sorted().last!
        var spec = try String(
            contentsOf: fixture.appendingPathComponent("\(latest)/Logging.podspec.json"), encoding: .utf8)
        spec = spec.replacingOccurrences(of: "\"\(latest)\"", with: "\"9.0.0\"")
        spec = spec.replacingOccurrences(of: "https://git.example.com/ios/Logging.git", with: remote.absoluteString)
        try spec.write(to: work.appendingPathComponent("Logging.podspec.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("Sources/Logging"), withIntermediateDirectories: true)
        try "public enum Logging {}\n".write(
            to: work.appendingPathComponent("Sources/Logging/Logging.swift"), atomically: true, encoding: .utf8)
        try "MIT\n".write(to: work.appendingPathComponent("LICENSE"), atomically: true, encoding: .utf8)
        try runGit(["add", "-A"], in: work)
        try runGit(
            ["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "Logging 9.0.0"],
            in: work)
        try runGit(["push", "-q", "origin", "HEAD:main"], in: work)

        let publish = try await runComposeInProcess(
            ["publish", "specs", "--allow-warnings", "--export", out.path], environment: environment,
            currentDirectory: work)
        #expect(publish.code == 0, "\(publish.stdout)\(publish.stderr)")
        #expect(publish.stdout.contains("Published Logging 9.0.0 to specs"))
        // The spec, its shard index and all_pods.txt.
        #expect(publish.stdout.contains("Exported specs to \(out.path): 3 written, 0 removed"))
        let index = try String(contentsOf: out.appendingPathComponent("all_pods.txt"), encoding: .utf8)
        #expect(index == "Logging\n")
    }
}
