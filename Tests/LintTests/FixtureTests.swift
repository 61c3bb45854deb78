import ComposeTestSupport
import Foundation
import Lint
import Testing

@Suite struct FixtureTests {
    static let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture")

    static func specFiles() throws -> [URL] {
        let enumerator = try #require(FileManager.default.enumerator(at: fixture, includingPropertiesForKeys: nil))
        return enumerator.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(".podspec.json") }
    }

    @Test func everyFixtureSpecLintsClean() throws {
        let files = try Self.specFiles()
        #expect(files.count >= 40)
        let linter = Linter()
        for url in files {
            let result = linter.lint(fileAt: url, path: url.path)
            #expect(result.findings.isEmpty, "\(result.findings.map(\.description))")
        }
    }
}
