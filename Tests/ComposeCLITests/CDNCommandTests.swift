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
        // One cache folder for the source, named by its host and a digest of its URL.
        let folders = try FileManager.default.contentsOfDirectory(atPath: home + "/cdn/v3")
        #expect(folders.count == 1 && folders[0].hasPrefix("127.0.0.1-"), "\(folders)")
        #expect(FileManager.default.fileExists(atPath: home + "/cdn/v3/\(folders[0])/CocoaPods-version.yml"))
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

    /// Every file under `folder`, relative, hidden ones included.
    func files(under folder: URL) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
    }

    /// `compose repo export site/Specs site` once wiped the spec repo; a spec repo inside the
    /// output, an output inside the spec repo, or one reached through a symbolic link into it, is
    /// refused with exit 1 and nothing is written.
    @Test func anOutputHoldingTheSpecRepoOrInsideItIsRefusedLinksResolved() async throws {
        let folder = try TemporaryDirectory("cli-cdn-overlap")
        defer { folder.remove() }
        let site = folder.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let specs = site.appendingPathComponent("Specs")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("spec-repo-fixture"), to: specs)
        let before = files(under: site)

        let holding = try await runComposeInProcess(
            ["repo", "export", "site/Specs", "site"], currentDirectory: folder.url)
        #expect(holding.code == 1, "\(holding.stderr)")
        #expect(holding.stderr.contains("Specs is inside the output"), "\(holding.stderr)")

        let inside = try await runComposeInProcess(
            ["repo", "export", "site/Specs", "site/Specs/out"], currentDirectory: folder.url)
        #expect(inside.code == 1 && inside.stderr.contains("is inside the spec repo"), "\(inside.stderr)")

        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("link"), withDestinationURL: specs.appendingPathComponent("Pay"))
        let linked = try await runComposeInProcess(
            ["repo", "export", "site/Specs", "link"], currentDirectory: folder.url)
        #expect(linked.code == 1 && linked.stderr.contains("is inside the spec repo"), "\(linked.stderr)")
        let viaLink = try await runComposeInProcess(
            ["repo", "export", "site/Specs", "link/out"], currentDirectory: folder.url)
        #expect(viaLink.code == 1 && viaLink.stderr.contains("is inside the spec repo"), "\(viaLink.stderr)")
        #expect(files(under: site) == before)
    }

    /// `OUT/Specs` a symbolic link to another folder: the export names the link, exits 1, and
    /// neither writes there nor removes what it holds.
    @Test func aSymlinkInTheOutputExitsOneNamingItAndTouchesNothing() async throws {
        let folder = try TemporaryDirectory("cli-cdn-output-link")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(
            at: elsewhere.appendingPathComponent("a/b/c/Old/1.0.0"), withIntermediateDirectories: true)
        try Data("unrelated".utf8).write(to: elsewhere.appendingPathComponent("a/b/c/Old/1.0.0/Old.podspec.json"))
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: out.appendingPathComponent("Specs"), withDestinationURL: elsewhere)
        let run = try await runComposeInProcess(
            ["repo", "export", "spec-repo-fixture", out.path], currentDirectory: repositoryRoot)
        #expect(run.code == 1, "\(run.stderr)")
        #expect(run.stderr.contains("\(out.path)/Specs in the output is a symbolic link"), "\(run.stderr)")
        #expect(files(under: out) == ["Specs"])
        #expect(
            files(under: elsewhere) == [
                "a", "a/b", "a/b/c", "a/b/c/Old", "a/b/c/Old/1.0.0", "a/b/c/Old/1.0.0/Old.podspec.json",
            ])
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

/// `compose search` and `compose info` over an HTTP spec source (the fixture exported, nginx).
@Suite struct HTTPCatalogCommandTests {
    @Test func searchAndInfoReadOnlyWhatTheyShow() async throws {
        let folder = try TemporaryDirectory("cli-http-catalog")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        let export = try await runComposeInProcess(
            ["repo", "export", "spec-repo-fixture", out.path], currentDirectory: repositoryRoot)
        #expect(export.code == 0, "\(export.stderr)")
        let server = try NginxServer(root: out)
        defer { server.stop() }
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]

        let search = try await runComposeInProcess(
            ["search", "mediator", "--source", server.url, "--format", "json"], environment: environment)
        #expect(search.code == 0, "\(search.stderr)")
        let found = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [[String: Any]])
        #expect(
            found.compactMap { $0["name"] as? String } == [
                "AccountMediator", "GoodsMediator", "Mediator", "OrderMediator", "PayMediator",
            ])
        #expect(found.allSatisfy { ($0["repo"] as? String) == server.url })
        #expect(found.allSatisfy { $0["summary"] is String })
        // all_pods.txt, and per match its shard index and newest spec: nothing of the other pods.
        let requests = server.requests()
        #expect(!requests.contains { $0.contains("/Logging/") || $0.contains("/Pay/") }, "\(requests)")

        let info = try await runComposeInProcess(
            ["info", "networking", "--source", server.url], environment: environment)
        #expect(info.code == 0, "\(info.stderr)")
        #expect(info.stdout.hasPrefix("Networking 2.1.0\n"), "\(info.stdout)")
        #expect(info.stdout.contains("  repo: \(server.url)\n"))
        #expect(info.stdout.contains("  versions: 2.1.0, 2.0.1, 2.0.0, 1.1.0, 1.0.0\n"))

        // A shard index naming a pod with a terminal escape: the error quotes it escaped.
        let shards = try FileManager.default.contentsOfDirectory(at: out, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("all_pods_versions_") }
        let index = try #require(
            shards.first { url in
                let lines = (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n") ?? []
                return lines.contains { $0.hasPrefix("Networking/") }
            })
        try Data((try String(contentsOf: index, encoding: .utf8) + "Evil\u{1B}]0;owned\u{07}/1.0.0\n").utf8)
            .write(to: index)
        let hostile = try await runComposeInProcess(
            ["info", "networking", "--source", server.url],
            environment: ["COMPOSE_HOME": folder.url.appendingPathComponent("home2").path])
        #expect(hostile.code != 0)
        #expect(hostile.stderr.contains(#"'Evil\u{1B}]0;owned\u{7}' is not a pod name"#), "\(hostile.stderr)")
        #expect(!hostile.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })

        // outdated reads the Composefile's HTTP source as resolve does.
        let project = try ProjectFixture(
            "cli-http-outdated", composefile: "source '\(server.url)'\nplatform :ios, '15.0'\npod 'Logging', '~> 1.0'\n"
        )
        defer { project.directory.remove() }
        #expect(
            try await runComposeInProcess(["resolve", "--project", project.path], environment: environment).code == 0)
        let outdated = try await runComposeInProcess(["outdated", "--project", project.path], environment: environment)
        #expect(outdated.code == 0, "\(outdated.stderr)")
        #expect(outdated.stdout.contains("Logging  1.1.1 -> 1.1.1 (latest 2.1.0)"), "\(outdated.stdout)")

        let missing = try await runComposeInProcess(
            ["info", "NoSuchPod", "--source", server.url], environment: environment)
        #expect(missing.code == 1)
        #expect(missing.stderr.contains("no pod named 'NoSuchPod'"))
        let notCDN = try await runComposeInProcess(
            ["search", "x", "--source", "http://127.0.0.1:9/"],
            environment: environment.merging(["COMPOSE_NETWORK_TIMEOUT": "2"]) { $1 })
        #expect(notCDN.code == 3, "\(notCDN.stderr)")
    }
}
