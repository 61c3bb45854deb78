import ComposeTestSupport
import Foundation
import Testing

/// Rules a team switches off: `--ignore RULE-ID` and `.compose.yml`, on lint, repo lint and publish.
@Suite struct IgnoreRulesTests {
    /// A component whose tag has the common `v` prefix (warning `source-tag-version`).
    static func vTaggedSpec(in folder: URL) throws -> URL {
        let spec = LintCommandTests.validSpec(name: "Kit", version: "1.0.0")
            .replacingOccurrences(of: "\"tag\": \"1.0.0\"", with: "\"tag\": \"v1.0.0\"")
        let file = folder.appendingPathComponent("Kit.podspec.json")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func ignoreLeavesOneRuleOutAndKeepsEveryOtherWarning() async throws {
        let folder = try TemporaryDirectory("ignore-lint")
        defer { folder.remove() }
        let file = try Self.vTaggedSpec(in: folder.url)

        let strict = try await runComposeInProcess(["lint", "--quick", file.path])
        #expect(strict.code == 1)
        #expect(strict.stdout.contains("[source-tag-version]"))

        let ignored = try await runComposeInProcess(["lint", "--quick", file.path, "--ignore", "source-tag-version"])
        #expect(ignored.code == 0, "\(ignored.stdout)")
        #expect(!ignored.stdout.contains("[source-tag-version]"))
        #expect(ignored.stdout.contains("Ignored rules: source-tag-version (--ignore); 1 finding left out."))

        // Another warning still fails: ignoring one rule is not --allow-warnings.
        let summary = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: "Formats prices and dates for the shopping app.", with: "A short description of Kit.")
        try summary.write(to: file, atomically: true, encoding: .utf8)
        let other = try await runComposeInProcess(["lint", "--quick", file.path, "--ignore", "source-tag-version"])
        #expect(other.code == 1, "\(other.stdout)")
        #expect(other.stdout.contains("[summary-meaningful]"))

        let typo = try await runComposeInProcess(["lint", "--quick", file.path, "--ignore", "source-tag-versoin"])
        #expect(typo.stdout.contains("`source-tag-versoin` (--ignore) names no rule compose knows"), "\(typo.stdout)")
    }

    @Test func aComposeYmlBesideTheSpecOrAtTheRepoRootSwitchesRulesOff() async throws {
        let folder = try TemporaryDirectory("ignore-config")
        defer { folder.remove() }
        let file = try Self.vTaggedSpec(in: folder.url)
        try "lint:\n  ignore:\n    - source-tag-version   # our tags are v1.0.0\n".write(
            to: folder.url.appendingPathComponent(".compose.yml"), atomically: true, encoding: .utf8)
        let lint = try await runComposeInProcess(["lint", "--quick", file.path])
        #expect(lint.code == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("Ignored rules: source-tag-version (\(folder.path)/.compose.yml)"))

        // A spec repo's .compose.yml, for repo lint.
        let repo = folder.url.appendingPathComponent("specs")
        let version = repo.appendingPathComponent("Kit/1.0.0")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: file, to: version.appendingPathComponent("Kit.podspec.json"))
        let strict = try await runComposeInProcess(["repo", "lint", repo.path])
        #expect(strict.code == 1, "\(strict.stdout)")
        try "lint:\n  ignore: [source-tag-version]\n".write(
            to: repo.appendingPathComponent(".compose.yml"), atomically: true, encoding: .utf8)
        let relaxed = try await runComposeInProcess(["repo", "lint", repo.path])
        #expect(relaxed.code == 0, "\(relaxed.stdout)")

        try "lint:\n  exclude: [x]\n".write(
            to: repo.appendingPathComponent(".compose.yml"), atomically: true, encoding: .utf8)
        let bad = try await runComposeInProcess(["repo", "lint", repo.path])
        #expect(bad.code == 1)
        #expect(
            bad.stderr.contains("\(repo.path)/.compose.yml:2: unknown key `exclude` under `lint:`"), "\(bad.stderr)")
    }
}

/// The full lint of a component whose remote cannot be reached fails as the environment (exit 3).
@Suite struct FullLintFetchTests {
    @Test func anUnreachableComponentExitsThreeAndSaysWhy() async throws {
        let folder = try TemporaryDirectory("lint-unreachable")
        defer { folder.remove() }
        let spec = LintCommandTests.validSpec(name: "Kit", version: "1.0.0")
            .replacingOccurrences(of: "https://git.example.com/ios/Kit.git", with: "file:///nonexistent/ios/Kit.git")
        let file = folder.url.appendingPathComponent("Kit.podspec.json")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        let run = try await runComposeInProcess(["lint", file.path])
        #expect(run.code == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Could not fetch the component to build it"), "\(run.stdout)")
        #expect(run.stdout.contains("[build-fetch]"))
    }
}

/// `repo lint` names a dependency that exists in no spec repo compose knows.
@Suite struct RepoLintDependencyTests {
    @Test func aDependencyInNoKnownRepoIsAWarningUntilARepoHasIt() async throws {
        let folder = try TemporaryDirectory("repo-lint-deps")
        defer { folder.remove() }
        let repo = folder.url.appendingPathComponent("specs")
        let version = repo.appendingPathComponent("Pay/1.0.0")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        let spec = LintCommandTests.validSpec(
            name: "Pay", version: "1.0.0", extra: ",\n  \"dependencies\": { \"Wallet\": [\"~> 1.0\"] }")
        try spec.write(to: version.appendingPathComponent("Pay.podspec.json"), atomically: true, encoding: .utf8)
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]

        let lonely = try await runComposeInProcess(["repo", "lint", repo.path], environment: environment)
        #expect(lonely.code == 1, "\(lonely.stdout)")
        #expect(
            lonely.stdout.contains("Pay.podspec.json:11:21: warning: `Wallet` is in no spec repo compose knows"),
            "\(lonely.stdout)")
        #expect(lonely.stdout.contains("[repo-unknown-dependency]"))

        let other = try makeBareRepository(
            at: folder.url.appendingPathComponent("other.git"),
            files: ["Wallet/1.0.0/Wallet.podspec.json": LintCommandTests.validSpec(name: "Wallet", version: "1.0.0")])
        #expect(try await runComposeInProcess(["repo", "add", "other", other], environment: environment).code == 0)
        let found = try await runComposeInProcess(["repo", "lint", repo.path], environment: environment)
        #expect(found.code == 0, "\(found.stdout)")
    }
}
