import ComposeTestSupport
import Foundation
import SpecRepos
import Specs
import Testing

/// Every name that becomes a folder or code passes the one `SafeName` check, with the same words.
@Suite("SafeName at the spec repo and command boundaries")
struct SafeNameBoundaryTests {
    @Test(arguments: ["spécs", "a:b", "specs;rm", "-specs", "specs\u{1b}", String(repeating: "a", count: 256)])
    func specRepoNamesOutsideTheSafeSetAreRefused(name: String) throws {
        let temp = try TemporaryDirectory("safe-repo-name")
        defer { temp.remove() }
        let store = SpecRepoStore(home: ComposeHome(url: temp.url))
        #expect(throws: SpecRepoError.invalidName(name, reason: SafeName.problem(with: name, as: .specRepo) ?? "")) {
            try store.add(name: name, url: "file:///nowhere")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).allSatisfy { $0 == "repos" })
    }

    @Test func podNamesForUpdateAreCheckedBeforeAnythingRuns() async throws {
        let temp = try TemporaryDirectory("safe-update-name")
        defer { temp.remove() }
        let run = try await runCompose(
            ["update", "Foundation;public let x = 1"], environment: ["COMPOSE_HOME": temp.url.path],
            currentDirectory: temp.url)
        #expect(run.code == 64)
        #expect(run.stderr.contains("is not a valid pod name: it contains ';'"))
        let sub = try await runCompose(
            ["update", "Pay/../Core"], environment: ["COMPOSE_HOME": temp.url.path], currentDirectory: temp.url)
        #expect(sub.code == 64)
        #expect(sub.stderr.contains("it is '..'"))
    }
}
