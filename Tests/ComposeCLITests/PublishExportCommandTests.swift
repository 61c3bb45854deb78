import ComposeTestSupport
import Foundation
import Testing

/// `compose publish --export OUT`: the release also refreshes the spec repo's static export.
@Suite struct PublishExportCommandTests {
    @Test func publishWithExportWritesTheNewSpecItsShardIndexAndThePodList() async throws {
        let folder = try TemporaryDirectory("cli-publish-export")
        defer { folder.remove() }
        let environment = try await environmentWithAddedSpecRepo(in: folder.url)
        let out = folder.url.appendingPathComponent("www")
        let first = try await runComposeInProcess(
            ["repo", "export", "specs", out.path], environment: environment, currentDirectory: folder.url)
        #expect(first.code == 0, "\(first.stderr)")

        let work = try makeLoggingComponent(in: folder.url)

        let publish = try await runComposeInProcess(
            ["publish", "specs", "--allow-warnings", "--skip-build", "--export", out.path], environment: environment,
            currentDirectory: work)
        #expect(publish.code == 0, "\(publish.stdout)\(publish.stderr)")
        #expect(publish.stdout.contains("Published Logging 9.0.0 to specs"))
        // The spec, its shard index and all_pods.txt.
        #expect(publish.stdout.contains("Exported specs to \(out.path): 3 written, 0 removed"))
        let index = try String(contentsOf: out.appendingPathComponent("all_pods.txt"), encoding: .utf8)
        #expect(index == "Logging\n")
        // Only Logging's files were read and compared, from the tree the first export recorded; the
        // output is what a whole export of the clone writes.
        let whole = folder.url.appendingPathComponent("whole")
        let fresh = try await runComposeInProcess(
            ["repo", "export", "specs", whole.path], environment: environment, currentDirectory: folder.url)
        #expect(fresh.code == 0, "\(fresh.stderr)")
        func contents(_ root: URL) -> [String: Data] {
            let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            return Dictionary(
                uniqueKeysWithValues: paths.compactMap { path in
                    FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map { (path, $0) }
                })
        }
        #expect(contents(out) == contents(whole))
    }
}
