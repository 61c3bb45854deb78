import ComposeTestSupport
import ComposefileFormat
import Digests
import Foundation
import Project
import Specs
import Testing

/// Git spec sources and `:git` pods, over real bare repositories reached by file://.
@Suite("Git sources and :git pods")
struct GitSourceTests {
    /// Commits `files` in a working clone beside the bare repository and pushes them (and `tag`) to `branch`.
    private func push(
        _ files: [String: String], to bare: URL, message: String, tag: String? = nil, branch: String = "main"
    ) throws -> String {
        let seed = bare.deletingLastPathComponent().appendingPathComponent(bare.lastPathComponent + "-work")
        if !FileManager.default.fileExists(atPath: seed.path) { try runGit(["clone", "-q", bare.path, seed.path]) }
        if branch != "main" { try runGit(["checkout", "-q", "-B", branch], in: seed) }
        for (path, text) in files {
            let file = seed.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        try runGit(["add", "-A"], in: seed)
        try runGit(["commit", "-q", "-m", message], in: seed)
        if let tag { try runGit(["tag", tag], in: seed) }
        try runGit(["push", "-q", "origin", "HEAD:\(branch)"] + (tag.map { [$0] } ?? []), in: seed)
        return try runGit(["rev-parse", "HEAD"], in: seed).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func addedRepos(_ project: ProjectFixture) throws -> [String] {
        let repos = project.directory.url.appendingPathComponent("home/repos").path
        return try FileManager.default.contentsOfDirectory(atPath: repos).filter { !$0.hasPrefix(".") }
    }

    @Test func aGitSpecSourceIsClonedOnceAndRefreshedWithRepoUpdate() throws {
        let project = try ProjectFixture("git-spec-source", composefile: "")
        defer { project.directory.remove() }
        let logging = try String(
            contentsOfFile: ProjectFixture.fixture + "/Logging/1.1.1/Logging.podspec.json", encoding: .utf8)
        let bare = project.directory.url.appendingPathComponent("remotes/specs.git")
        let specsURL = try makeBareRepository(at: bare, files: ["Logging/1.1.1/Logging.podspec.json": logging])
        try project.write(
            """
            source '\(specsURL)'
            platform :ios, '15.0'
            target 'App' do
              pod 'Logging', '~> 1.1'
            end
            """)
        let first = try project.service.resolve()
        #expect(first.lockfile.lockedVersions["Logging"]?.string == "1.1.1")
        #expect(
            first.lockfile.specRepos[specsURL] == ["Logging"], "the lock names the source as the Composefile writes it")
        #expect(try addedRepos(project).count == 1)

        // A second resolve reuses the clone and writes the same bytes.
        let text = try project.lockText()
        #expect(try !project.service.resolve().lockChanged)
        #expect(try project.lockText() == text)
        #expect(try addedRepos(project).count == 1)

        // A version published later is seen only after --repo-update.
        let newer = logging.replacingOccurrences(of: "\"1.1.1\"", with: "\"1.2.0\"")
        _ = try push(["Logging/1.2.0/Logging.podspec.json": newer], to: bare, message: "[Add] Logging (1.2.0)")
        #expect(try project.service.resolve(unlock: .all).lockfile.lockedVersions["Logging"]?.string == "1.1.1")
        #expect(
            try project.service.resolve(unlock: .all, repoUpdate: true).lockfile.lockedVersions["Logging"]?.string
                == "1.2.0")
    }

    @Test func aRepoAddedByNameIsUsedForItsURL() async throws {
        let project = try ProjectFixture("git-spec-added", composefile: "")
        defer { project.directory.remove() }
        let logging = try String(
            contentsOfFile: ProjectFixture.fixture + "/Logging/1.1.1/Logging.podspec.json", encoding: .utf8)
        let specsURL = try makeBareRepository(
            at: project.directory.url.appendingPathComponent("remotes/specs.git"),
            files: ["Logging/1.1.1/Logging.podspec.json": logging])
        let home = project.directory.url.appendingPathComponent("home").path
        let added = try await runCompose(["repo", "add", "company", specsURL], environment: ["COMPOSE_HOME": home])
        #expect(added.code == 0, "\(added.stderr)")
        try project.write(
            "source '\(specsURL.dropLast(4))'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Logging'\nend\n")
        #expect(try project.service.resolve().lockfile.lockedVersions["Logging"]?.string == "1.1.1")
        #expect(
            try addedRepos(project) == ["company"], "the URL without .git names the same repository: no second clone")
    }

    @Test func aGitPodAtATagIsReadFromItsRepository() throws {
        let project = try ProjectFixture("git-pod-tag", composefile: "")
        defer { project.directory.remove() }
        let spec =
            #"{"name": "Checkout", "version": "0.3.0", "platforms": {"ios": "15.0"}, "dependencies": {"Storage": ["~> 1.1.0"]}}"#
        let bare = project.directory.url.appendingPathComponent("remotes/Checkout.git")
        let url = try makeBareRepository(at: bare, files: ["README.md": "Checkout\n"])
        let commit = try push(["Checkout.podspec.json": spec], to: bare, message: "Release 0.3.0", tag: "0.3.0")
        try project.write(
            """
            source 'FIXTURE'
            platform :ios, '15.0'
            target 'App' do
              pod 'Checkout', :git => '\(url)', :tag => '0.3.0'
            end
            """)
        let lock = try project.service.resolve().lockfile
        #expect(lock.lockedVersions["Checkout"]?.string == "0.3.0")
        #expect(lock.lockedVersions["Storage"]?.string == "1.1.0")
        #expect(lock.externalSources["Checkout"] == ["git": url, "tag": "0.3.0"])
        #expect(lock.checkoutOptions["Checkout"] == ["git": url, "tag": "0.3.0", "commit": commit])
        #expect(lock.specChecksums["Checkout"] == SHA1.hex(of: Array(spec.utf8)))
        #expect(lock.dependencies == ["Checkout (from `\(url)`, tag `0.3.0`)"])
        #expect(lock.specRepos[ProjectFixture.fixture] == ["Logging", "Storage"])

        // The tag is in the cache now: the remote may go away and a resolve still works.
        try FileManager.default.removeItem(at: bare)
        #expect(try project.service.resolve().lockfile.checkoutOptions["Checkout"]?["commit"] == commit)
    }

    @Test func aBranchPodStaysAtItsLockedCommitUntilUpdated() throws {
        let project = try ProjectFixture("git-pod-branch", composefile: "")
        defer { project.directory.remove() }
        let bare = project.directory.url.appendingPathComponent("remotes/Checkout.git")
        let url = try makeBareRepository(at: bare, files: ["README.md": "Checkout\n"])
        let spec = { (version: String) in
            #"{"name": "Checkout", "version": "\#(version)", "platforms": {"ios": "15.0"}}"#
        }
        let first = try push(["Checkout.podspec.json": spec("0.3.0")], to: bare, message: "0.3.0", branch: "develop")
        try project.write(
            """
            platform :ios, '15.0'
            target 'App' do
              pod 'Checkout', :git => '\(url)', :branch => 'develop'
            end
            """)
        #expect(try project.service.resolve().lockfile.checkoutOptions["Checkout"] == ["git": url, "commit": first])

        let second = try push(["Checkout.podspec.json": spec("0.4.0")], to: bare, message: "0.4.0", branch: "develop")
        let kept = try project.service.resolve()
        #expect(kept.lockfile.checkoutOptions["Checkout"]?["commit"] == first, "a resolve keeps the locked commit")
        #expect(kept.lockfile.lockedVersions["Checkout"]?.string == "0.3.0")
        #expect(!kept.lockChanged)

        let updated = try project.service.resolve(unlock: .pods(["Checkout"]))
        #expect(updated.lockfile.checkoutOptions["Checkout"]?["commit"] == second)
        #expect(updated.changes == [ResolveService.Change(name: "Checkout", from: "0.3.0", to: "0.4.0")])
    }

    /// A `:git` pod's podspec is read from the component's tree: one over 1 MiB is refused from its
    /// object header, by name and size, unread.
    @Test func aGitPodWhosePodspecIsOverTheLimitIsRefusedUnread() throws {
        let project = try ProjectFixture("git-pod-large-podspec", composefile: "")
        defer { project.directory.remove() }
        let spec =
            #"{"name": "Big", "version": "1.0.0", "summary": ""# + String(repeating: "x", count: 1_300_000) + "\"}"
        let url = try makeBareRepository(
            at: project.directory.url.appendingPathComponent("remotes/Big.git"), files: ["Big.podspec.json": spec])
        try project.write("platform :ios, '15.0'\ntarget 'App' do\n  pod 'Big', :git => '\(url)'\nend\n")
        do {
            _ = try project.service.resolve()
            Issue.record("a 1.3 MB podspec was read")
        } catch let error as ProjectError {
            #expect(
                error.description.contains(
                    "Big.podspec.json is not a readable podspec: it is 1.2 MiB, over the 1.0 MiB a podspec may have; it was not read"
                ),
                "\(error.description)")
        }
        #expect(
            !FileManager.default.fileExists(atPath: project.directory.url.appendingPathComponent("Compose.lock").path))
    }

    @Test func aMissingTagNamesTheComposefileLine() throws {
        let project = try ProjectFixture("git-missing-tag", composefile: "")
        defer { project.directory.remove() }
        let url = try makeBareRepository(
            at: project.directory.url.appendingPathComponent("remotes/X.git"),
            files: ["X.podspec.json": #"{"name": "X", "version": "1.0.0"}"#])
        try project.write("platform :ios, '15.0'\ntarget 'App' do\n  pod 'X', :git => '\(url)', :tag => '9.9.9'\nend\n")
        do {
            _ = try project.service.resolve()
            Issue.record("resolving against a missing tag succeeded")
        } catch let error as ProjectError {
            #expect(error.kind == .input)
            #expect(error.description.hasPrefix("\(project.path)/Composefile:3:"))
            #expect(error.description.contains("has no tag 9.9.9 for X"))
        }
        #expect(
            !FileManager.default.fileExists(atPath: project.directory.url.appendingPathComponent("Compose.lock").path))
    }

    @Test func anUnreachableSpecSourceIsAnEnvironmentErrorAndAddsNothing() async throws {
        let project = try ProjectFixture("git-unreachable", composefile: "")
        defer { project.directory.remove() }
        let url = project.directory.url.appendingPathComponent("remotes/none.git").absoluteString
        try project.write("source '\(url)'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Logging'\nend\n")
        #expect(throws: (any Error).self) { try project.service.resolve() }
        let result = try await runCompose(
            ["resolve", "--project", project.path],
            environment: ["COMPOSE_HOME": project.directory.url.appendingPathComponent("home").path])
        #expect(result.code == 3)
        #expect(result.stderr.contains("none.git"))
        #expect(try addedRepos(project).isEmpty, "a failed clone adds no repo")
    }
}
