import ComposeTestSupport
import Foundation
import Specs
import Testing

/// The Ruby podspec fixtures of the Specs tests.
private let rubyFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../SpecsTests/Fixtures/Ruby").standardized

/// `compose spec convert`, run as a user runs it.
@Suite struct RubyPodspecConvertCommandTests {
    @Test func printsTheJSONOfEachFile() async throws {
        let run = try await runCompose(["spec", "convert", rubyFixtures.appendingPathComponent("Logger.podspec").path])
        #expect(run.code == 0, "\(run.stderr)")
        let printed = try JSONParser.parse(run.stdout)
        let expected = try JSONParser.parse(
            Array(try Data(contentsOf: rubyFixtures.appendingPathComponent("Expected/Logger.podspec.json"))))
        #expect(printed.serialized() == expected.serialized())
    }

    @Test func writesBesideEachFileAndNamesEveryFailure() async throws {
        let folder = try TemporaryDirectory("spec-convert")
        defer { folder.remove() }
        let good = folder.url.appendingPathComponent("Pay.podspec")
        try Data(
            "Pod::Spec.new do |s|\n  s.name = 'Pay'\n  s.version = '1.0.0'\n  s.ios.deployment_target = '13.0'\nend\n"
                .utf8
        ).write(to: good)
        let bad = folder.url.appendingPathComponent("Shell.podspec")
        try Data("Pod::Spec.new do |s|\n  s.name = 'Shell'\n  s.version = `git describe`.strip\nend\n".utf8).write(
            to: bad)
        let binary = folder.url.appendingPathComponent("Binary.podspec")
        try Data([0x00, 0xFF, 0x10, 0x80]).write(to: binary)

        let run = try await runCompose(["spec", "convert", "--write", good.path, bad.path, binary.path])
        #expect(run.code == 1)
        #expect(run.stderr.contains("Shell.podspec:3:15: a shell command in backticks is not run"), "\(run.stderr)")
        #expect(run.stderr.contains("Binary.podspec:1:1: "))
        #expect(run.stdout.contains("Pay.podspec.json"))
        let written = try JSONParser.parse(
            Array(try Data(contentsOf: folder.url.appendingPathComponent("Pay.podspec.json"))))
        #expect(written["platforms"]?["ios"]?.stringValue == "13.0")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["Binary.podspec", "Pay.podspec", "Pay.podspec.json", "Shell.podspec"])
    }

    @Test func unreadableFileIsAnEnvironmentError() async throws {
        let run = try await runCompose(["spec", "convert", "/nonexistent/Pay.podspec"])
        #expect(run.code == 3)
        #expect(run.stderr.contains("/nonexistent/Pay.podspec: cannot be read"))
    }
}
