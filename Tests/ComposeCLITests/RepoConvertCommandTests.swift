import ComposeTestSupport
import Foundation
import Testing

/// `compose repo convert`: a spec repo of Ruby podspecs becomes podspec JSON in one commit.
@Suite struct RepoConvertCommandTests {
    static func ruby(_ name: String, _ version: String, versionExpression: String? = nil) -> String {
        """
        Pod::Spec.new do |s|
          s.name     = '\(name)'
          s.version  = \(versionExpression ?? "'\(version)'")
          s.summary  = 'The \(name) component.'
          s.homepage = 'https://git.example.com/ios/\(name)'
          s.license  = { :type => 'MIT' }
          s.authors  = { 'iOS Team' => 'ios@example.com' }
          s.source   = { :git => 'https://git.example.com/ios/\(name).git', :tag => s.version.to_s }
          s.ios.deployment_target = '15.0'
          s.source_files = 'Sources/**/*.swift'
        end
        """
    }

    @Test func convertsInOneCommitAndNamesWhatItCannot() async throws {
        let directory = try TemporaryDirectory("repo-convert")
        defer { directory.remove() }
        let repo = directory.url.appendingPathComponent("specs")
        let files = [
            "Pay/1.0.0/Pay.podspec": Self.ruby("Pay", "1.0.0"),
            "Pay/1.1.0/Pay.podspec": Self.ruby("Pay", "1.1.0"),
            "Kit/2.0.0/Kit.podspec": Self.ruby("Kit", "2.0.0", versionExpression: "File.read('VERSION').strip"),
            "Log/1.0.0/Log.podspec.json": #"{"name": "Log", "version": "1.0.0"}"#,
        ]
        for (path, text) in files {
            let url = repo.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try runGit(["init", "-q", "-b", "main", repo.path])
        try runGit(["-c", "user.name=T", "-c", "user.email=t@example.com", "add", "-A"], in: repo)
        try runGit(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "Specs"], in: repo)

        // Before: repo lint reads the Ruby specs as they are, and names the one beyond the DSL.
        let lint = try await runComposeInProcess(["repo", "lint", repo.path, "--allow-warnings"])
        #expect(lint.code == 1)
        #expect(lint.stdout.contains("Linted 4 specs"), "\(lint.stdout)")
        #expect(lint.stdout.contains("Kit/2.0.0/Kit.podspec:3:"), "\(lint.stdout)")

        let run = try await runComposeInProcess(
            ["repo", "convert", repo.path],
            environment: ["GIT_AUTHOR_NAME": "Release Bot", "GIT_AUTHOR_EMAIL": "bot@example.com"])
        // Something was converted and committed: exit 0, with a warning naming what is left.
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: 1 could not be converted"), "\(run.stderr)")
        #expect(run.stdout.contains("Converted 2 Ruby podspecs in commit"))
        #expect(run.stderr.contains("not converted: Kit/2.0.0/Kit.podspec:3:"))
        #expect(run.stderr.contains("File.read"))
        // One commit: both Pay specs as JSON, the Ruby files gone, Kit untouched, the tree clean.
        let log = try runGit(["log", "--format=%s"], in: repo).stdout.split(separator: "\n")
        #expect(log == ["[Convert] 2 Ruby podspecs to JSON", "Specs"])
        let tree = try runGit(["ls-files"], in: repo).stdout.split(separator: "\n").map(String.init).sorted()
        #expect(
            tree == [
                "Kit/2.0.0/Kit.podspec", "Log/1.0.0/Log.podspec.json", "Pay/1.0.0/Pay.podspec.json",
                "Pay/1.1.0/Pay.podspec.json",
            ])
        #expect(try runGit(["status", "--porcelain"], in: repo).stdout.isEmpty)
        let json = try String(contentsOf: repo.appendingPathComponent("Pay/1.1.0/Pay.podspec.json"), encoding: .utf8)
        #expect(json.contains(#""tag": "1.1.0""#))

        // Nothing left to convert but Kit: nothing is committed.
        let again = try await runComposeInProcess(["repo", "convert", repo.path])
        #expect(again.code == 1)
        #expect(again.stdout.contains("No Ruby podspec converted; nothing committed."))
        #expect(try runGit(["log", "--format=%s"], in: repo).stdout.split(separator: "\n").count == 2)
    }
}
