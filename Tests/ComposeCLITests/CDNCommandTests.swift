import ComposeTestSupport
import Foundation
import Testing

/// `compose repo export`, and `compose resolve` from its output served by nginx, in process.
@Suite struct CDNCommandTests {
    @Test func exportThenResolveOverHTTPThenASecondExportWritesNothing() async throws {
        let folder = try TemporaryDirectory("cli-cdn")
        defer { folder.remove() }
        let export = try await runComposeInProcess(
            ["repo", "export", "spec-repo-fixture", folder.url.appendingPathComponent("out").path],
            currentDirectory: repositoryRoot)
        #expect(export.code == 0, "\(export.stderr)")
        #expect(export.stdout.contains("Exported 16 pods, 52 specs to "))
        let again = try await runComposeInProcess(
            ["repo", "export", "spec-repo-fixture", folder.url.appendingPathComponent("out").path, "--format", "json"],
            currentDirectory: repositoryRoot)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect((summary["written"] as? [String])?.isEmpty == true)
        #expect(summary["unchanged"] as? Int == 52 + 16 + 3)

        let server = try NginxServer(root: folder.url.appendingPathComponent("out"))
        defer { server.stop() }
        let project = try ProjectFixture(
            "cli-cdn-project", composefile: "source '\(server.url)'\nplatform :ios, '15.0'\npod 'Account', '~> 2.0'\n")
        defer { project.directory.remove() }
        let home = folder.url.appendingPathComponent("home").path
        let resolve = try await runComposeInProcess(
            ["resolve", "--project", project.path], environment: ["COMPOSE_HOME": home])
        #expect(resolve.code == 0, "\(resolve.stderr)")
        let lock = try String(contentsOf: project.directory.url.appendingPathComponent("Compose.lock"), encoding: .utf8)
        #expect(lock.contains("SPEC REPOS:\n  \(server.url):\n    - Account\n"))
        #expect(FileManager.default.fileExists(atPath: home + "/cdn/127.0.0.1_\(server.port)/CocoaPods-version.yml"))
    }

    @Test func aSymlinkInTheRepoExitsOneAndWritesNothing() async throws {
        let folder = try TemporaryDirectory("cli-cdn-symlink")
        defer { folder.remove() }
        let repo = folder.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repo.appendingPathComponent("Link").path, withDestinationPath: "/etc")
        let run = try await runComposeInProcess(["repo", "export", "repo", "out"], currentDirectory: folder.url)
        #expect(run.code == 1)
        #expect(run.stderr.contains("\(repo.path)/Link is a symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }

    @Test func anUnknownRepoNameExitsOne() async throws {
        let folder = try TemporaryDirectory("cli-cdn-unknown")
        defer { folder.remove() }
        let run = try await runComposeInProcess(
            ["repo", "export", "nosuchrepo", "out"], environment: ["COMPOSE_HOME": folder.path],
            currentDirectory: folder.url)
        #expect(run.code == 1)
        #expect(run.stderr.contains("nosuchrepo"))
    }
}
