import ComposeTestSupport
import Foundation
import Testing

/// A new spec repo on a `main` default branch, a second teammate, git's identity and `--author`, and
/// `publish` to a spec repo named by its URL.
@Suite struct IdentityAndBranchTests {
    /// An environment with no git identity at all: no GIT_* names, a HOME without a .gitconfig.
    static func anonymous(home: URL, composeHome: URL) -> [String: String?] {
        [
            "COMPOSE_HOME": composeHome.path, "HOME": home.path, "XDG_CONFIG_HOME": home.path,
            "GIT_AUTHOR_NAME": nil, "GIT_AUTHOR_EMAIL": nil, "GIT_COMMITTER_NAME": nil, "GIT_COMMITTER_EMAIL": nil,
        ]
    }

    @Test func aNewSpecRepoOnMainIsSeenByASecondTeammateAfterAPublishByURL() async throws {
        let folder = try TemporaryDirectory("cli-empty-main")
        defer { folder.remove() }
        let specs = folder.url.appendingPathComponent("specs.git")
        try runGit(["init", "-q", "--bare", "-b", "main", specs.path])
        let first = folder.url.appendingPathComponent("home-1")
        let environment = Self.anonymous(home: folder.url, composeHome: first)

        let add = try await runComposeInProcess(
            ["repo", "add", "specs", specs.absoluteString], environment: environment)
        #expect(add.code == 0, "\(add.stderr)")
        #expect(add.stdout.contains("branch main, 0 specs)"), "\(add.stdout)")

        let work = try makeLoggingComponent(in: folder.url)
        let publish = try await runComposeInProcess(
            [
                "publish", specs.absoluteString, "--allow-warnings", "--skip-build", "--author",
                "Release Bot <bot@example.com>",
            ],
            environment: environment, currentDirectory: work)
        #expect(publish.code == 0, "\(publish.stdout)\(publish.stderr)")
        #expect(publish.stdout.contains("Published Logging 9.0.0 to specs"))
        let log = try runGit(["log", "-1", "--format=%an <%ae>|%cn <%ce>", "main"], in: specs)
        #expect(
            log.stdout.trimmingCharacters(in: .newlines)
                == "Release Bot <bot@example.com>|Release Bot <bot@example.com>")
        let tagger = try runGit(["for-each-ref", "--format=%(taggername) %(taggeremail)", "refs/tags/9.0.0"], in: work)
        #expect(tagger.stdout.trimmingCharacters(in: .newlines) == "Release Bot <bot@example.com>")

        var second = environment
        second["COMPOSE_HOME"] = folder.url.appendingPathComponent("home-2").path
        let teammate = try await runComposeInProcess(
            ["repo", "add", "specs", specs.absoluteString], environment: second)
        #expect(teammate.code == 0, "\(teammate.stderr)")
        #expect(teammate.stdout.contains("branch main, 1 spec)"), "\(teammate.stdout)")
        let which = try await runComposeInProcess(["spec", "which", "Logging"], environment: second)
        #expect(which.stdout.hasSuffix("/repos/specs/Logging/9.0.0/Logging.podspec.json\n"), "\(which.stdout)")

        let unknown = try await runComposeInProcess(
            ["publish", "file:///nowhere/specs.git"], environment: environment, currentDirectory: work)
        #expect(unknown.code == 1)
        #expect(
            unknown.stderr.contains("no added spec repo has the URL file:///nowhere/specs.git"), "\(unknown.stderr)")
    }

    @Test func branchOnAnEmptySpecRepoStartsThatBranch() async throws {
        let folder = try TemporaryDirectory("cli-empty-branch")
        defer { folder.remove() }
        let specs = folder.url.appendingPathComponent("specs.git")
        try runGit(["init", "-q", "--bare", "-b", "main", specs.path])
        var environment = Self.anonymous(home: folder.url, composeHome: folder.url.appendingPathComponent("home"))
        environment["GIT_AUTHOR_NAME"] = "Release Bot"
        environment["GIT_AUTHOR_EMAIL"] = "bot@example.com"

        let add = try await runComposeInProcess(
            ["repo", "add", "specs", specs.absoluteString, "--branch", "release"], environment: environment)
        #expect(add.code == 0, "\(add.stderr)")
        #expect(add.stdout.contains("branch release, 0 specs)"), "\(add.stdout)")
        let work = try makeLoggingComponent(in: folder.url)
        let publish = try await runComposeInProcess(
            ["publish", "specs", "--allow-warnings", "--skip-build"], environment: environment, currentDirectory: work)
        #expect(publish.code == 0, "\(publish.stdout)\(publish.stderr)")
        let branches = try runGit(["for-each-ref", "--format=%(refname:short)", "refs/heads"], in: specs)
        #expect(branches.stdout == "release\n")
        let author = try runGit(["log", "-1", "--format=%an <%ae>", "release"], in: specs)
        #expect(author.stdout == "Release Bot <bot@example.com>\n")

        // A branch that a non-empty repo lacks is still refused.
        let missing = try await runComposeInProcess(
            ["repo", "add", "other", specs.absoluteString, "--branch", "nope"], environment: environment)
        #expect(missing.code == 3)
        #expect(missing.stderr.contains("nope"), "\(missing.stderr)")
    }

    @Test func withoutAnIdentityNothingIsPublishedAndTheMessageSaysHowToSetOne() async throws {
        let folder = try TemporaryDirectory("cli-no-identity")
        defer { folder.remove() }
        let specs = folder.url.appendingPathComponent("specs.git")
        try makeBareRepository(at: specs, files: ["README.md": "# Specs\n"])
        let environment = Self.anonymous(home: folder.url, composeHome: folder.url.appendingPathComponent("home"))
        #expect(
            try await runCompose(["repo", "add", "specs", specs.absoluteString], environment: environment).code == 0)
        let work = try makeLoggingComponent(in: folder.url)

        let publish = try await runCompose(
            ["publish", "specs", "--allow-warnings", "--skip-build"], environment: environment, currentDirectory: work)
        #expect(publish.code == 3, "\(publish.stdout)\(publish.stderr)")
        #expect(publish.stderr.contains("git does not know who you are"), "\(publish.stderr)")
        #expect(publish.stderr.contains("git config --global user.name \"Your Name\""))
        let tags = try runGit(["tag"], in: work)
        #expect(tags.stdout.isEmpty, "no tag without an identity")
        let log = try runGit(["log", "--format=%s", "main"], in: specs)
        #expect(log.stdout == "Initial commit\n")

        // git's configuration is what `git commit` would use.
        try runGit(["config", "--file", folder.url.appendingPathComponent(".gitconfig").path, "user.name", "Ada"])
        try runGit(
            ["config", "--file", folder.url.appendingPathComponent(".gitconfig").path, "user.email", "ada@example.com"])
        let configured = try await runCompose(
            ["publish", "specs", "--allow-warnings", "--skip-build"], environment: environment, currentDirectory: work)
        #expect(configured.code == 0, "\(configured.stdout)\(configured.stderr)")
        let author = try runGit(["log", "-1", "--format=%an <%ae>", "main"], in: specs)
        #expect(author.stdout == "Ada <ada@example.com>\n")
    }

    @Test(arguments: ["Release Bot", "<bot@example.com>", "Bot <bot@example.com> extra", "Bot <bot example.com>"])
    func aMalformedAuthorIsAUsageError(_ author: String) async throws {
        let run = try await runComposeInProcess(["publish", "specs", "--author", author])
        #expect(run.code == 64)
        #expect(run.stderr.contains("is not of git's form \"Name <email>\""), "\(run.stderr)")
    }
}
