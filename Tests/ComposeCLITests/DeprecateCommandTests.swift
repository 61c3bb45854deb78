import ComposeTestSupport
import Foundation
import Testing

/// `compose deprecate` as a release job runs it, what `info` then shows, and the warning a resolve
/// and an install give.
@Suite struct DeprecateCommandTests {
    static func spec(_ name: String, _ version: String, dependencies: String = "") -> String {
        minimalSpec(
            name, version,
            extra: #", "license": "MIT", "authors": {"T": "t@example.com"}, "platforms": {"ios": "15.0"}"#
                + dependencies)
    }

    @Test func deprecateMarksTheNewestSpecOnceAndResolveAndInfoShowIt() async throws {
        let folder = try TemporaryDirectory("cli-deprecate")
        defer { folder.remove() }
        let specs = folder.url.appendingPathComponent("specs.git")
        let url = try makeBareRepository(
            at: specs,
            files: [
                "Pay/1.0.0/Pay.podspec.json": Self.spec("Pay", "1.0.0"),
                "Pay/1.1.0/Pay.podspec.json": Self.spec(
                    "Pay", "1.1.0", dependencies: #", "dependencies": {"Logging": ["~> 1.0"]}"#),
                "Logging/1.0.0/Logging.podspec.json": Self.spec("Logging", "1.0.0"),
                "Wallet/1.0.0/Wallet.podspec.json": Self.spec("Wallet", "1.0.0"),
            ])
        let environment: [String: String?] = ["COMPOSE_HOME": folder.url.appendingPathComponent("home").path]
        #expect(try await runComposeInProcess(["repo", "add", "specs", url], environment: environment).code == 0)

        let deprecate = try await runComposeInProcess(
            ["deprecate", "pay", "--in-favor-of", "Wallet", "specs"], environment: environment)
        #expect(deprecate.code == 0, "\(deprecate.stderr)")
        #expect(deprecate.stdout == "Deprecated Pay 1.1.0 in favor of Wallet in specs\n")
        let log = try runGit(["log", "-1", "--format=%s", "main"], in: specs)
        #expect(log.stdout == "[Deprecate] Pay (1.1.0)\n")
        let pushed = try runGit(["show", "main:Pay/1.1.0/Pay.podspec.json"], in: specs)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(pushed.stdout.utf8)) as? [String: Any])
        #expect(json["deprecated"] as? Bool == true)
        #expect(json["deprecated_in_favor_of"] as? String == "Wallet")
        #expect((json["dependencies"] as? [String: Any])?["Logging"] != nil, "the rest of the spec is kept")
        let older = try runGit(["show", "main:Pay/1.0.0/Pay.podspec.json"], in: specs)
        #expect(!older.stdout.contains("deprecated"))

        let again = try await runComposeInProcess(
            ["deprecate", "Pay", "--in-favor-of", "Wallet", url], environment: environment)
        #expect(again.code == 0, "\(again.stderr)")
        #expect(again.stdout == "Pay 1.1.0 is deprecated in favor of Wallet in specs already\n")
        #expect(try runGit(["rev-list", "--count", "main"], in: specs).stdout == "2\n")

        let noVersion = try await runComposeInProcess(["deprecate", "Pay", "3.0.0", "specs"], environment: environment)
        #expect(noVersion.code == 1)
        #expect(noVersion.stderr.contains("'specs' has no version 3.0.0 of Pay (it has 1.1.0, 1.0.0)"))
        let usage = try await runComposeInProcess(["deprecate", "Pay"], environment: environment)
        #expect(usage.code == 64)

        let info = try await runComposeInProcess(["info", "Pay", "--format", "json"], environment: environment)
        #expect(info.code == 0, "\(info.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [[String: Any]])
        #expect(entries.first?["deprecatedInFavorOf"] as? String == "Wallet")
        #expect((entries.first?["dependencies"] as? [String: [String]])?["Logging"] == ["~> 1.0"])
        #expect((entries.first?["platforms"] as? [String: String])?["ios"] == "15.0")
        let human = try await runComposeInProcess(["info", "Pay"], environment: environment)
        #expect(human.stdout.contains("  dependencies: Logging (~> 1.0)\n"), "\(human.stdout)")

        // An app locked on the older, unmarked Pay is still told: the pod is deprecated.
        let app = folder.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try "source '\(url)'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Pay', '1.0.0'\nend\n".write(
            to: app.appendingPathComponent("Composefile"), atomically: true, encoding: .utf8)
        let resolve = try await runComposeInProcess(["resolve", "--project", app.path], environment: environment)
        #expect(resolve.code == 0, "\(resolve.stderr)")
        #expect(
            resolve.stderr.contains(
                "warning: Pay (as of 1.1.0) is deprecated in '\(url)'; use Wallet instead. [source-pod-deprecated]"),
            "\(resolve.stderr)")
    }
}
