import ComposeTestSupport
import Foundation
import Lint
import SpecRepos
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
        try fileManager.createDirectory(at: repo.appendingPathComponent("Loging/2.1.0"), withIntermediateDirectories: true)
        try fileManager.copyItem(
            at: repo.appendingPathComponent("Logging/2.1.0/Logging.podspec.json"),
            to: repo.appendingPathComponent("Loging/2.1.0/Loging.podspec.json"))
        // A spec in the wrong version folder.
        try fileManager.moveItem(at: repo.appendingPathComponent("Router/1.1.0"), to: repo.appendingPathComponent("Router/1.2.0"))
        // Stray files and folders, a version folder without its spec, a folder that is no version.
        try Data("notes".utf8).write(to: repo.appendingPathComponent("Pay/1.2.0/notes.txt"))
        try Data("x".utf8).write(to: repo.appendingPathComponent("Pay/Pay.podspec.json"))
        try fileManager.createDirectory(at: repo.appendingPathComponent("Goods/1.1.1/Sources"), withIntermediateDirectories: true)
        try fileManager.createDirectory(at: repo.appendingPathComponent("Order/2.0.0"), withIntermediateDirectories: true)
        try fileManager.createDirectory(at: repo.appendingPathComponent("Storage/latest"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: repo.appendingPathComponent("todo.txt"))
        try Data("# Specs".utf8).write(to: repo.appendingPathComponent("README.md"))
        try fileManager.createDirectory(at: repo.appendingPathComponent(".git"), withIntermediateDirectories: true)

        let report = try await RepoLinter.run(root: repo, displayRoot: "specs")
        let found = Set(report.findings.map { "\($0.ruleID) \($0.file)" })
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

    @Test func concurrencyDoesNotChangeTheReport() async throws {
        let one = try await RepoLinter.run(root: Self.fixture, displayRoot: "f", concurrency: 1)
        let many = try await RepoLinter.run(root: Self.fixture, displayRoot: "f", concurrency: 7)
        #expect(one.fileCount == many.fileCount)
        #expect(one.findings == many.findings)
    }

    @Test func missingOrFileRootsAreRefused() async throws {
        await #expect(throws: LintError.notFound(path: "/nonexistent/specs")) {
            _ = try await RepoLinter.run(root: URL(fileURLWithPath: "/nonexistent/specs"), displayRoot: "/nonexistent/specs")
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
