import ComposeTestSupport
import Foundation
import Git
import Publishing
import SpecRepos
import SpecReposTestSupport
import Specs
import Testing

/// `compose publish` of a component whose only spec is a Ruby `Name.podspec`: the spec repo gets
/// its canonical JSON, `Name/version/Name.podspec.json`, which every compose command reads.
@Suite struct PublishRubyPodspecTests {
    @Test func aRubyPodspecIsPublishedAsCanonicalJSON() throws {
        let world = try PublishWorld("publish-ruby")
        defer { world.stop() }
        let publisher = Publisher(store: SpecRepoStore(home: try world.home()))
        let work = try world.component("Wallet", version: "1.4.0")
        // Replace the JSON spec with the Ruby one a CocoaPods team keeps beside its sources.
        let json = try String(contentsOf: work.appendingPathComponent("Wallet.podspec.json"), encoding: .utf8)
        let git = try #require(JSONParser.parse(json)["source"]?["git"]?.stringValue)
        try FileManager.default.removeItem(at: work.appendingPathComponent("Wallet.podspec.json"))
        try """
        Pod::Spec.new do |spec|
          spec.name         = "Wallet"
          spec.version      = "1.4.0"
          spec.summary      = "Wallet does things"
          spec.homepage     = "https://example.com/Wallet"
          spec.license      = "MIT"
          spec.author       = { "Team" => "team@example.com" }
          spec.source       = { :git => "\(git)", :tag => "#{spec.version}" }
          spec.ios.deployment_target = "13.0"
          spec.source_files = "Sources/Wallet/**/*.swift"
        end
        """.write(to: work.appendingPathComponent("Wallet.podspec"), atomically: true, encoding: .utf8)
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "-m", "Ruby podspec"], in: work)
        try runGit(["push", "-q", "origin", "HEAD:main"], in: work)

        let result = try publisher.publish(repo: "specs", componentDirectory: work)
        #expect(result.commitMessage == "[Add] Wallet (1.4.0)")
        #expect(try world.remoteHasSpec("Wallet", "1.4.0"))
        #expect(try world.remoteTag("Wallet", "1.4.0") != nil)
        let stored = try runGit(
            ["show", "main:Wallet/1.4.0/Wallet.podspec.json"], in: world.served.appendingPathComponent("specs.git")
        ).stdout
        let spec = try Spec(json: Array(stored.utf8), label: "stored")
        #expect(spec.name == "Wallet" && spec.version.string == "1.4.0")
        #expect(spec.source?.git?.tag == "1.4.0")
        #expect(spec.deploymentTarget(for: "ios") == .some(try Version("13.0")))
        #expect(spec.authors.map(\.name) == ["Team"])
    }
}
