import ComposeTestSupport
import Testing

@Suite struct RunComposeTests {
    @Test func runsTheBuiltBinary() async throws {
        let run = try await runCompose(["--version"])
        #expect(run.code == 0)
        #expect(run.stdout.contains("0."))
        #expect(!run.timedOut)
    }
}
