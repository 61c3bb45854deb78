import ComposeTestSupport
import Foundation
import Layering
import Lint
import Publishing
import SpecRepos
import Specs
import Testing

@Suite struct RepoLintTests {
    static let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture")

    /// A copy of the fixture in a fresh temporary directory.
    static func copyOfFixture(_ label: String) throws -> (TemporaryDirectory, URL) {
        let directory = try TemporaryDirectory(label)
        let copy = directory.url.appendingPathComponent("specs")
        try FileManager.default.copyItem(at: fixture, to: copy)
        return (directory, copy)
    }

    @Test func theFixtureIsClean() async throws {
        let report = try await RepoLinter.run(root: Self.fixture, displayRoot: "spec-repo-fixture")
        #expect(report.findings.isEmpty, "\(report.findings.map(\.description))")
        #expect(report.fileCount >= 50)
        #expect(report.passes(allowWarnings: false))
    }

    @Test func layoutProblemsAreFound() async throws {
        let (directory, repo) = try Self.copyOfFixture("repo-lint-layout")
        defer { directory.remove() }
        let fileManager = FileManager.default
        // A spec in a folder named differently from the spec.
        try fileManager.createDirectory(
            at: repo.appendingPathComponent("Loging/2.1.0"), withIntermediateDirectories: true)
        try fileManager.copyItem(
            at: repo.appendingPathComponent("Logging/2.1.0/Logging.podspec.json"),
            to: repo.appendingPathComponent("Loging/2.1.0/Loging.podspec.json"))
        // A spec in the wrong version folder.
        try fileManager.moveItem(
            at: repo.appendingPathComponent("Router/1.1.0"), to: repo.appendingPathComponent("Router/1.2.0"))
        // Stray files and folders, a version folder without its spec, a folder that is no version.
        try Data("notes".utf8).write(to: repo.appendingPathComponent("Pay/1.2.0/notes.txt"))
        try Data("x".utf8).write(to: repo.appendingPathComponent("Pay/Pay.podspec.json"))
        try fileManager.createDirectory(
            at: repo.appendingPathComponent("Goods/1.1.1/Sources"), withIntermediateDirectories: true)
        try fileManager.createDirectory(
            at: repo.appendingPathComponent("Order/2.0.0"), withIntermediateDirectories: true)
        try fileManager.createDirectory(
            at: repo.appendingPathComponent("Storage/latest"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: repo.appendingPathComponent("todo.txt"))
        try Data("# Specs".utf8).write(to: repo.appendingPathComponent("README.md"))
        try fileManager.createDirectory(at: repo.appendingPathComponent(".git"), withIntermediateDirectories: true)

        let report = try await RepoLinter.run(root: repo, displayRoot: "specs")
        let found = Set(report.findings.map { "\($0.ruleID) \($0.file ?? "")" })
        let expected: Set<String> = [
            "repo-name-mismatch specs/Loging/2.1.0/Loging.podspec.json",
            "name-matches-file specs/Loging/2.1.0/Loging.podspec.json",
            "repo-version-mismatch specs/Router/1.2.0/Router.podspec.json",
            "repo-stray-file specs/Pay/1.2.0/notes.txt",
            "repo-stray-file specs/Pay/Pay.podspec.json",
            "repo-stray-folder specs/Goods/1.1.1/Sources",
            "repo-missing-spec specs/Order/2.0.0",
            "repo-missing-spec specs/Storage/latest",
            "repo-version-folder specs/Storage/latest",
            "repo-stray-file specs/todo.txt",
        ]
        #expect(found == expected, "\(report.findings.map(\.description).joined(separator: "\n"))")
        let versionFinding = try #require(report.findings.first { $0.ruleID == RepoLinter.Rule.versionMismatch })
        #expect(versionFinding.line == 3)
        #expect(!report.passes(allowWarnings: true))

        let run = try await runCompose(["repo", "lint", repo.path, "--format", "json"])
        #expect(run.code == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["command"] as? String == "repo lint")
        #expect((object["findings"] as? [Any])?.count == report.findings.count)
    }

    @Test func aSpecsSubfolderIsRead() async throws {
        let directory = try TemporaryDirectory("repo-lint-specs-folder")
        defer { directory.remove() }
        try FileManager.default.copyItem(at: Self.fixture, to: directory.url.appendingPathComponent("Specs"))
        try Data("anything".utf8).write(to: directory.url.appendingPathComponent("notes.txt"))
        let report = try await RepoLinter.run(root: directory.url, displayRoot: directory.path)
        #expect(report.findings.isEmpty)
        #expect(report.fileCount >= 50)
    }

    @Test func symlinksAnywhereInTheSpecsAreErrors() async throws {
        let (directory, repo) = try Self.copyOfFixture("repo-lint-symlinks")
        defer { directory.remove() }
        let fileManager = FileManager.default
        let outside = directory.url.appendingPathComponent("outside")
        try fileManager.copyItem(at: repo.appendingPathComponent("Pay"), to: outside)
        // A pod folder, a version folder and a spec file that are links; a linked README is fine.
        try fileManager.createSymbolicLink(
            atPath: repo.appendingPathComponent("Wallet").path, withDestinationPath: outside.path)
        try fileManager.createSymbolicLink(
            atPath: repo.appendingPathComponent("Logging/9.0.0").path,
            withDestinationPath: outside.appendingPathComponent("1.2.0").path)
        let spec = repo.appendingPathComponent("Router/1.1.0/Router.podspec.json")
        try fileManager.moveItem(at: spec, to: outside.appendingPathComponent("Router.podspec.json"))
        try fileManager.createSymbolicLink(
            atPath: spec.path, withDestinationPath: outside.appendingPathComponent("Router.podspec.json").path)
        try Data("# Specs".utf8).write(to: outside.appendingPathComponent("README.md"))
        try fileManager.createSymbolicLink(
            atPath: repo.appendingPathComponent("README.md").path,
            withDestinationPath: outside.appendingPathComponent("README.md").path)

        // A folder whose name no resolver would read.
        try fileManager.copyItem(at: repo.appendingPathComponent("Pay"), to: repo.appendingPathComponent("-Pay"))

        let report = try await RepoLinter.run(root: repo, displayRoot: "specs")
        let found = Set(report.findings.map { "\($0.severity) \($0.ruleID) \($0.file ?? "")" })
        let expected: Set<String> = [
            "error repo-symlink specs/Wallet",
            "error repo-pod-name specs/-Pay",
            "error repo-symlink specs/Logging/9.0.0",
            "error repo-symlink specs/Router/1.1.0/Router.podspec.json",
            "error repo-missing-spec specs/Router/1.1.0",
        ]
        #expect(found == expected, "\(report.findings.map(\.description).joined(separator: "\n"))")
        #expect(!report.passes(allowWarnings: true))

        // `Specs` itself as a link is not read either.
        let linked = try TemporaryDirectory("repo-lint-linked-specs")
        defer { linked.remove() }
        try fileManager.createSymbolicLink(
            atPath: linked.url.appendingPathComponent("Specs").path, withDestinationPath: Self.fixture.path)
        let linkedReport = try await RepoLinter.run(root: linked.url, displayRoot: "r")
        #expect(linkedReport.findings.map { "\($0.ruleID) \($0.file ?? "")" } == ["repo-symlink r/Specs"])
        #expect(linkedReport.fileCount == 0)
    }

    @Test func lintOfASymlinkedSpecFileIsAnError() async throws {
        let directory = try TemporaryDirectory("lint-symlinked-spec")
        defer { directory.remove() }
        let link = directory.url.appendingPathComponent("Pay.podspec.json")
        try FileManager.default.createSymbolicLink(
            atPath: link.path,
            withDestinationPath: Self.fixture.appendingPathComponent("Pay/1.2.0/Pay.podspec.json").path)
        let result = Linter().lint(fileAt: link, path: "Pay.podspec.json")
        #expect(result.findings.map(\.severity) == [.error])
        #expect(result.findings.first?.message.contains("symbolic link") == true)
        let run = try await runCompose(["lint", "--quick", link.path])
        #expect(run.code == 1)
        #expect(run.stdout.contains("symbolic link"), "\(run.stdout)\(run.stderr)")
    }

    @Test func aShardedRepoIsLintedThroughItsShards() async throws {
        let directory = try TemporaryDirectory("repo-lint-sharded")
        defer { directory.remove() }
        let fileManager = FileManager.default
        try Data("---\nmin: 1.0.0\nprefix_lengths:\n- 1\n- 1\n- 1\n".utf8)
            .write(to: directory.url.appendingPathComponent("CocoaPods-version.yml"))
        let pods = try fileManager.contentsOfDirectory(atPath: Self.fixture.path).filter {
            !$0.hasPrefix(".") && $0 != LayersFile.fileName
        }.sorted()
        try fileManager.createDirectory(
            at: directory.url.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        let sharded = SpecRepoLayout(root: directory.url)
        for pod in pods {
            let destination = directory.url.appendingPathComponent(sharded.podPath(try SafeName(pod, as: .pod)))
            try fileManager.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.copyItem(at: Self.fixture.appendingPathComponent(pod), to: destination)
        }
        let clean = try await RepoLinter.run(root: directory.url, displayRoot: "r")
        #expect(clean.findings.isEmpty, "\(clean.findings.map(\.description))")
        let unsharded = try await RepoLinter.run(root: Self.fixture, displayRoot: "f")
        #expect(clean.fileCount == unsharded.fileCount)
        #expect(sharded.countSpecs() == unsharded.fileCount)
        #expect(sharded.podNames() == pods)

        // A pod in another pod's shard, a shard folder of the wrong length, a file between shards.
        let pay = sharded.podPath(try SafeName("Pay", as: .pod))
        let wrong = "Specs/0/0/0/Pay"
        try fileManager.createDirectory(
            at: directory.url.appendingPathComponent("Specs/0/0/0"), withIntermediateDirectories: true)
        try fileManager.moveItem(
            at: directory.url.appendingPathComponent(pay), to: directory.url.appendingPathComponent(wrong))
        try fileManager.createDirectory(
            at: directory.url.appendingPathComponent("Specs/abc"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: directory.url.appendingPathComponent("Specs/0/notes.txt"))
        let report = try await RepoLinter.run(root: directory.url, displayRoot: "r")
        let found = Set(report.findings.map { "\($0.ruleID) \($0.file ?? "")" })
        #expect(
            found == [
                "repo-wrong-shard r/\(wrong)", "repo-stray-folder r/Specs/abc", "repo-stray-file r/Specs/0/notes.txt",
            ])
        #expect(SpecRepoLayout(root: directory.url).versionFolders(of: "Pay").isEmpty)
    }

    @Test func concurrencyDoesNotChangeTheReport() async throws {
        let one = try await RepoLinter.run(root: Self.fixture, displayRoot: "f", concurrency: 1)
        let many = try await RepoLinter.run(root: Self.fixture, displayRoot: "f", concurrency: 7)
        #expect(one.fileCount == many.fileCount)
        #expect(one.findings == many.findings)
    }

    @Test func missingOrFileRootsAreRefused() async throws {
        await #expect(throws: LintError.notFound(path: "/nonexistent/specs")) {
            _ = try await RepoLinter.run(
                root: URL(fileURLWithPath: "/nonexistent/specs"), displayRoot: "/nonexistent/specs")
        }
        let file = Self.fixture.appendingPathComponent("Pay/1.2.0/Pay.podspec.json")
        await #expect(throws: LintError.notADirectory(path: "x")) {
            _ = try await RepoLinter.run(root: file, displayRoot: "x")
        }
        let run = try await runCompose(["repo", "lint", "/nonexistent/specs"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("/nonexistent/specs: no such file or folder"))
    }
}
