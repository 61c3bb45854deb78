import ComposeCLI
import ComposeTestSupport
import Foundation
import Testing

/// `compose init`, `env`, `cache`, `install --no-repo-update` and the CocoaPods words with no
/// compose command: what a CocoaPods user types gets an answer.
@Suite struct CocoaPodsWordsTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("XcodeProjectTests/Fixtures/CocoaPods54")

    static let expectedPodfile = """
        # The project's deployment target
        platform :ios, '15.0'

        target 'Extensions-Share' do
          # Comment the next line if you don't want to use dynamic frameworks
          use_frameworks!

          # Pods for Extensions-Share

        end

        target 'My App' do
          # Comment the next line if you don't want to use dynamic frameworks
          use_frameworks!

          # Pods for My App

          target 'My App UITests' do
            inherit! :search_paths
            # Pods for testing
          end

        end

        target 'Rocket.Chat' do
          # Comment the next line if you don't want to use dynamic frameworks
          use_frameworks!

          # Pods for Rocket.Chat

        end

        """

    /// A copy of the fixture app without a Podfile.
    func app(in temporary: TemporaryDirectory) throws -> URL {
        let folder = temporary.url.appendingPathComponent("App")
        try FileManager.default.copyItem(at: Self.fixture, to: folder)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("Podfile"))
        return folder
    }

    @Test func initWritesPodInitsPodfileThatResolveReads() async throws {
        let temporary = try TemporaryDirectory("init-project")
        defer { temporary.remove() }
        let folder = try app(in: temporary)
        let run = try await runComposeInProcess(["init", "--project", folder.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(4 targets)"), "\(run.stdout)")
        let podfile = try String(contentsOf: folder.appendingPathComponent("Podfile"), encoding: .utf8)
        #expect(podfile == Self.expectedPodfile, "\(podfile)")

        let environment: [String: String?] = ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path]
        let resolve = try await runComposeInProcess(
            ["resolve", "--project", folder.path, "--no-repo-update"], environment: environment)
        #expect(resolve.code == 0, "\(resolve.stderr)")
    }

    @Test func initRefusesToOverwrite() async throws {
        let temporary = try TemporaryDirectory("init-refuses")
        defer { temporary.remove() }
        let folder = try app(in: temporary)
        for name in ["Podfile", "Composefile"] {
            let file = folder.appendingPathComponent(name)
            try Data("# mine\n".utf8).write(to: file)
            let run = try await runComposeInProcess(["init", "--project", folder.path])
            #expect(run.code == 1)
            #expect(run.stderr.contains("\(name) already exists"), "\(run.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == "# mine\n")
            try FileManager.default.removeItem(at: file)
        }
    }

    @Test func initWithoutAProjectWritesACommentedTarget() async throws {
        let temporary = try TemporaryDirectory("init-empty")
        defer { temporary.remove() }
        let run = try await runComposeInProcess(["init", "--project", temporary.path])
        #expect(run.code == 0, "\(run.stderr)")
        let podfile = try String(contentsOf: temporary.url.appendingPathComponent("Podfile"), encoding: .utf8)
        #expect(podfile.contains("# platform :ios, '15.0'"))
        #expect(podfile.contains("# target 'App' do"))
        #expect(!podfile.split(separator: "\n").contains { !$0.isEmpty && !$0.hasPrefix("#") }, "\(podfile)")
    }

    @Test func envPrintsTheVersionAndRedactsCredentials() async throws {
        let temporary = try TemporaryDirectory("env")
        defer { temporary.remove() }
        let environment = try await environmentWithAddedSpecRepo(in: temporary.url)
        let clone = temporary.url.appendingPathComponent("home/repos/specs")
        try runGit([
            "-C", clone.path, "remote", "set-url", "origin", "https://ann:s3cr3t-token@git.example.com/ios/specs.git",
        ])
        let run = try await runComposeInProcess(
            ["env", "--project", temporary.path], environment: environment)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("compose \(ComposeCommand.version)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("libgit2: "))
        #expect(run.stdout.contains("specs: https://***@git.example.com/ios/specs.git"), "\(run.stdout)")
        #expect(!run.stdout.contains("s3cr3t-token"))
        #expect(run.stdout.contains("  Podfile: absent"))
    }

    @Test func cacheCleanRemovesWhatItSaysAndLeavesTheRepos() async throws {
        let temporary = try TemporaryDirectory("cache-clean")
        defer { temporary.remove() }
        let environment = try await environmentWithAddedSpecRepo(in: temporary.url)
        let home = temporary.url.appendingPathComponent("home")
        let files = [
            "cache/git/0123456789abcdef/alamofire.git/HEAD", "cache/git/fedcba9876543210/kingfisher.git/HEAD",
            "cdn/trunk/Spec.json", "index/specs",
        ]
        for file in files {
            let url = home.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x\n".utf8).write(to: url)
        }
        let list = try await runComposeInProcess(["cache", "list"], environment: environment)
        #expect(list.code == 0)
        #expect(list.stdout.contains("cache/git/0123456789abcdef/alamofire.git"), "\(list.stdout)")

        let one = try await runComposeInProcess(["cache", "clean", "Alamofire"], environment: environment)
        #expect(one.code == 0, "\(one.stderr)")
        #expect(one.stdout.contains("Removed cache/git/0123456789abcdef/alamofire.git"), "\(one.stdout)")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("cache/git/0123456789abcdef").path))
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(files[1]).path))

        let all = try await runComposeInProcess(["cache", "clean", "--all"], environment: environment)
        #expect(all.code == 0, "\(all.stderr)")
        for file in files {
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent(file).path), "\(file)")
        }
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("repos/specs/README.md").path))
        let repos = try await runComposeInProcess(["repo", "list"], environment: environment)
        #expect(repos.stdout.contains("specs"))

        let neither = try await runComposeInProcess(["cache", "clean"], environment: environment)
        #expect(neither.code == 64)
        #expect(neither.stderr.contains("--all"))
    }

    @Test func installAcceptsNoRepoUpdate() async throws {
        let help = try await runComposeInProcess(["install", "--help"])
        #expect(help.stdout.contains("--no-repo-update"), "\(help.stdout)")
        let temporary = try TemporaryDirectory("install-no-repo-update")
        defer { temporary.remove() }
        // Parsed and run: the empty folder's missing Composefile is the only complaint.
        let run = try await runComposeInProcess(["install", "--no-repo-update", "--project", temporary.path])
        #expect(run.code == 1, "\(run.stderr)")
        #expect(!run.stderr.contains("Unknown option"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["try", "Alamofire"], "`pod try` has no compose equivalent"),
        (["clean"], "`pod clean` has no compose equivalent"),
        (["setup"], "`pod setup` has no compose equivalent"),
    ])
    func wordsWithNoComposeCommandAreAnswered(_ arguments: [String], _ sentence: String) async throws {
        let run = try await runComposeInProcess(arguments)
        #expect(run.code == 64)
        #expect(run.stderr.contains(sentence), "\(run.stderr)")
        #expect(!run.stderr.contains("Did you mean"), "\(run.stderr)")
    }
}
