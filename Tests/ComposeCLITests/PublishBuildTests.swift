import ComposeTestSupport
import Foundation
import Testing

/// `publish` builds what it releases (the full lint's build of the commit it is about to tag) before it
/// tags, and refuses a spec repo it could not push to before anything is pushed.
@Suite struct PublishBuildTests {
    /// A spec repo `specs` (bare, one commit) added to a fresh compose home.
    static func world(_ label: String) async throws -> (TemporaryDirectory, URL, [String: String?]) {
        let folder = try TemporaryDirectory(label)
        let specs = folder.url.appendingPathComponent("specs.git")
        let url = try makeBareRepository(at: specs, files: ["README.md": "Specs\n"])
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]
        let added = try await runComposeInProcess(["repo", "add", "specs", url], environment: environment)
        #expect(added.code == 0, "\(added.stderr)")
        return (folder, specs, environment)
    }

    static func tags(in repository: URL) throws -> String {
        try runGit(["tag", "--list"], in: repository).stdout
    }

    /// A component whose committed code does not compile is refused by the dry run and by publish,
    /// leaving no tag (local or remote) and nothing in the spec repo; `--skip-build` publishes it and the
    /// report says the build was skipped; fixed, the next version is built and published.
    @Test(.timeLimit(.minutes(15)))
    func aComponentThatDoesNotCompileIsNotReleased() async throws {
        let (folder, specs, environment) = try await Self.world("publish-build")
        defer { folder.remove() }
        let work = try PublishChecksTests.makePay(
            in: folder.url, requirement: nil,
            manifest: PublishChecksTests.packageSwift(product: "Pay", dependencies: []),
            source: "public enum Pay {}\nlet x: Int = \"oops\"\n")
        let remote = folder.url.appendingPathComponent("Pay.git")
        let head = try runGit(["rev-parse", "--short=10", "HEAD"], in: work).stdout.trimmingCharacters(in: .newlines)

        let dry = try await runComposeInProcess(
            ["publish", "specs", "--dry-run"], environment: environment, currentDirectory: work)
        #expect(dry.code == 1, "\(dry.stdout)\(dry.stderr)")
        #expect(dry.stderr.contains("Building Pay 1.0.0 at commit \(head) of "), "\(dry.stderr)")
        #expect(dry.stderr.contains("Pay 1.0.0 at commit \(head) of "), "\(dry.stderr)")
        #expect(dry.stderr.contains("does not build (1 error in a clean clone)"), "\(dry.stderr)")
        #expect(dry.stderr.contains("Sources/Pay/Pay.swift:2:14: error: cannot convert value"), "\(dry.stderr)")
        #expect(dry.stderr.contains("[build-swift-build]"))
        #expect(dry.stderr.contains("nothing was tagged or pushed"))
        #expect(!dry.stdout.contains("Dry run of publishing"))

        let refused = try await runComposeInProcess(
            ["publish", "specs", "--format", "json"], environment: environment, currentDirectory: work)
        #expect(refused.code == 1, "\(refused.stdout)\(refused.stderr)")
        let refusal = try EverydayUseTwoTests.object(refused.stdout)
        let failedBuild = try #require(refusal["build"] as? [String: Any], "\(refused.stdout)")
        #expect(failedBuild["status"] as? String == "failed")
        let findings = try #require(refusal["findings"] as? [[String: Any]])
        #expect(
            findings.contains {
                $0["rule"] as? String == "build-swift-build" && $0["file"] as? String == "Sources/Pay/Pay.swift"
                    && $0["line"] as? Int == 2
            }, "\(findings)")
        #expect(try Self.tags(in: work).isEmpty, "nothing tagged in the checkout")
        #expect(try Self.tags(in: remote).isEmpty, "nothing tagged on the remote")
        #expect(try runGit(["rev-list", "--count", "main"], in: specs).stdout == "1\n", "nothing in the spec repo")

        // On purpose, without the build: published, and the report says the build was skipped.
        let skipped = try await runComposeInProcess(
            ["publish", "specs", "--skip-build", "--format", "json"], environment: environment, currentDirectory: work)
        #expect(skipped.code == 0, "\(skipped.stdout)\(skipped.stderr)")
        let report = try EverydayUseTwoTests.object(skipped.stdout)
        let build = try #require(report["build"] as? [String: Any], "\(skipped.stdout)")
        #expect(build["status"] as? String == "skipped")
        #expect((report["steps"] as? [String])?.contains("Not built (--skip-build)") == true, "\(report)")
        #expect(try Self.tags(in: remote) == "1.0.0\n")
        #expect(try runGit(["ls-tree", "-r", "--name-only", "main"], in: specs).stdout.contains("Pay/1.0.0/"))

        // Fixed and bumped: built, then tagged and published as before.
        try "public enum Pay {}\nlet x: Int = 1\n".write(
            to: work.appendingPathComponent("Sources/Pay/Pay.swift"), atomically: true, encoding: .utf8)
        let specFile = work.appendingPathComponent("Pay.podspec.json")
        try String(contentsOf: specFile, encoding: .utf8).replacingOccurrences(of: "1.0.0", with: "1.0.1")
            .write(to: specFile, atomically: true, encoding: .utf8)
        try runGit(["commit", "-q", "-am", "Pay 1.0.1"], in: work)
        let fixed = try runGit(["rev-parse", "--short=10", "HEAD"], in: work).stdout.trimmingCharacters(in: .newlines)
        let published = try await runComposeInProcess(
            ["publish", "specs"], environment: environment, currentDirectory: work)
        #expect(published.code == 0, "\(published.stdout)\(published.stderr)")
        #expect(published.stderr.contains("Building Pay 1.0.1 at commit \(fixed) of "), "\(published.stderr)")
        #expect(published.stderr.contains("Built Pay 1.0.1 at commit \(fixed) of "), "\(published.stderr)")
        #expect(published.stdout.contains("Published Pay 1.0.1 to specs"))
        #expect(try Self.tags(in: remote) == "1.0.0\n1.0.1\n")
        #expect(try runGit(["ls-tree", "-r", "--name-only", "main"], in: specs).stdout.contains("Pay/1.0.1/"))
    }

    /// A spec repo added from a local repository with a working tree cannot take libgit2's push: the dry
    /// run and publish refuse it before the tag is pushed, saying what to do; so does a component
    /// remote of that kind.
    @Test func aNonBareRemoteIsRefusedBeforeAnythingIsPushed() async throws {
        let (folder, _, environment) = try await Self.world("publish-non-bare")
        defer { folder.remove() }
        let checkout = folder.url.appendingPathComponent("team-specs")
        try runGit(["init", "-q", "-b", "main", checkout.path])
        try "Specs\n".write(to: checkout.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try runGit(["add", "-A"], in: checkout)
        try runGit(["commit", "-q", "-m", "Specs"], in: checkout)
        #expect(
            try await runComposeInProcess(["repo", "add", "team", checkout.path], environment: environment).code == 0)
        let work = try PublishChecksTests.makePay(
            in: folder.url, requirement: nil,
            manifest: PublishChecksTests.packageSwift(product: "Pay", dependencies: []))
        let remote = folder.url.appendingPathComponent("Pay.git")

        for arguments in [["publish", "team", "--dry-run"], ["publish", "team"]] {
            let run = try await runComposeInProcess(arguments, environment: environment, currentDirectory: work)
            #expect(run.code == 1, "\(arguments): \(run.stdout)\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "The remote of spec repo 'team' is \(checkout.path), a git repository with a working tree"),
                "\(run.stderr)")
            #expect(run.stderr.contains("nothing was tagged or pushed"))
            #expect(run.stderr.contains("`git clone --bare \(checkout.path) \(checkout.path).git`"))
            #expect(!run.stderr.contains("again to finish"))
            #expect(!run.stderr.contains("Building"), "refused before the build")
        }
        #expect(try Self.tags(in: work).isEmpty)
        #expect(try Self.tags(in: remote).isEmpty, "the tag was not pushed")
        #expect(try runGit(["rev-list", "--count", "main"], in: checkout).stdout == "1\n")

        // The advice works: a bare copy, added again, takes the release.
        let bare = checkout.path + ".git"
        try runGit(["clone", "-q", "--bare", checkout.path, bare])
        #expect(try await runComposeInProcess(["repo", "remove", "team"], environment: environment).code == 0)
        #expect(try await runComposeInProcess(["repo", "add", "team", bare], environment: environment).code == 0)

        // A component remote with a working tree is refused the same way, before the tag.
        let componentCheckout = folder.url.appendingPathComponent("Pay-checkout")
        try runGit(["clone", "-q", remote.path, componentCheckout.path])
        try runGit(["remote", "set-url", "origin", componentCheckout.path], in: work)
        let component = try await runComposeInProcess(
            ["publish", "team", "--skip-build"], environment: environment, currentDirectory: work)
        #expect(component.code == 1, "\(component.stdout)\(component.stderr)")
        #expect(
            component.stderr.contains(
                "The component's remote origin is \(componentCheckout.path), a git repository with a working tree"),
            "\(component.stderr)")
        #expect(component.stderr.contains("`git remote set-url origin \(componentCheckout.path).git`"))
        #expect(try Self.tags(in: work).isEmpty)

        try runGit(["remote", "set-url", "origin", remote.path], in: work)
        let published = try await runComposeInProcess(
            ["publish", "team", "--skip-build"], environment: environment, currentDirectory: work)
        #expect(published.code == 0, "\(published.stdout)\(published.stderr)")
        #expect(
            try runGit(["ls-tree", "-r", "--name-only", "main"], in: URL(fileURLWithPath: bare)).stdout.contains(
                "Pay/1.0.0/"))
    }
}
