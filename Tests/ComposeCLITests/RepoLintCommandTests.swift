import ComposeTestSupport
import Foundation
import Testing

/// `compose repo lint` in process (the rules and the layout checks are tested in LintTests).
@Suite struct RepoLintCommandTests {
    @Test func theCommandPrintsASummary() async throws {
        let run = try await runComposeInProcess(
            ["repo", "lint", "spec-repo-fixture"], currentDirectory: repositoryRoot)
        #expect(run.code == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Linted 52 specs in "))
        #expect(run.stdout.contains("specs/s): 0 errors, 0 warnings, 0 notes. Passed."))
    }
}
