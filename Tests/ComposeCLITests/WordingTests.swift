import ComposeTestSupport
import Foundation
import Testing

/// What a CocoaPods user reads on the way in: a missing Podfile named without `..`, an adopted
/// Podfile.lock said in one line.
@Suite("wording (in process)")
struct WordingTests {
    /// A git spec repo holding `pods` (name, version) and an empty app folder beside it.
    static func specRepoAndApp(in temporary: TemporaryDirectory, pods: [(String, String)]) throws -> (String, URL) {
        var files: [String: String] = [:]
        for (name, version) in pods {
            files["\(name)/\(version)/\(name).podspec.json"] =
                #"{"name": "\#(name)", "version": "\#(version)", "platforms": {"ios": "13.0"}}"#
        }
        let specs = try makeBareRepository(at: temporary.url.appendingPathComponent("specs.git"), files: files)
        let app = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        return (specs, app)
    }

    @Test func aFolderWithoutAPodfileIsNamedInWordsOrQuoted() async throws {
        let temporary = try TemporaryDirectory("wording-empty")
        defer { temporary.remove() }
        let empty = temporary.url.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)

        // A folder named by --project is quoted, as the user named it (the current folder is said in
        // words: ResolveServiceTests.inputErrors).
        let named = try await runComposeInProcess(["resolve", "--project", empty.path])
        #expect(named.code == 1)
        #expect(
            named.stderr.contains("No Composefile (or Podfile) in '\(empty.path)'. Create one there"), "\(named.stderr)"
        )
    }

    @Test func anAdoptedPodfileLockIsSaidInOneLineAndItsVersionsKept() async throws {
        let temporary = try TemporaryDirectory("wording-adopt")
        defer { temporary.remove() }
        let (specs, app) = try Self.specRepoAndApp(in: temporary, pods: [("Logging", "1.2.0"), ("Logging", "1.2.1")])
        try Data("source '\(specs)'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Logging', '~> 1.2'\nend\n".utf8)
            .write(to: app.appendingPathComponent("Podfile"))
        try Data(
            """
            PODS:
              - Logging (1.2.0)

            DEPENDENCIES:
              - Logging (~> 1.2)

            SPEC REPOS:
              \(specs):
                - Logging

            PODFILE CHECKSUM: 2c6a1e6f0c1f0f4bb1d0e1c1d9d8c8e5f0b8a7c6

            COCOAPODS: 1.16.2

            """.utf8
        ).write(to: app.appendingPathComponent("Podfile.lock"))
        let environment: [String: String?] = ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path]

        let run = try await runComposeInProcess(["resolve", "--project", app.path], environment: environment)
        #expect(run.code == 0, "\(run.stderr)")
        let adopted = run.stderr.split(separator: "\n").filter { $0.contains("Adopted") }
        #expect(
            adopted == [
                "note: Adopted Podfile.lock: 1 pod kept at its locked version (there is no Compose.lock; resolving writes one from it). [lock-podfile-lock-adopted]"
            ],
            "\(run.stderr)")
        let lock = try String(contentsOf: app.appendingPathComponent("Compose.lock"), encoding: .utf8)
        #expect(lock.contains("Logging (1.2.0)"), "\(lock)")

        // Said once: the next resolve reads Compose.lock.
        let again = try await runComposeInProcess(["resolve", "--project", app.path], environment: environment)
        #expect(again.code == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("Adopted"), "\(again.stderr)")
    }

    @Test func aMisspeltPodGetsDidYouMeanInOneSentence() async throws {
        let temporary = try TemporaryDirectory("wording-typo")
        defer { temporary.remove() }
        let (specs, app) = try Self.specRepoAndApp(
            in: temporary, pods: [("Kingfisher", "7.0.0"), ("Logging", "7.0.0")])
        let podfile = """
            source '\(specs)'
            platform :ios, '15.0'
            target 'App' do
              pod 'Kingfsher'
              target 'AppTests' do
                inherit! :search_paths
              end
            end

            """
        try Data(podfile.utf8).write(to: app.appendingPathComponent("Podfile"))
        let environment: [String: String?] = ["COMPOSE_HOME": temporary.url.appendingPathComponent("home").path]

        let run = try await runComposeInProcess(["resolve", "--project", app.path], environment: environment)
        #expect(run.code == 1)
        #expect(
            run.stderr.contains(
                "Podfile:4:3: no spec repo the file reads has a pod named Kingfsher: did you mean `Kingfisher`?"),
            "\(run.stderr)")
        #expect(!run.stderr.contains("version solving failed"), "\(run.stderr)")
        #expect(!run.stderr.contains("Logging"), "\(run.stderr)")

        // Fixed, the test target that inherits search paths only is explained once.
        try Data(podfile.replacingOccurrences(of: "Kingfsher", with: "Kingfisher").utf8)
            .write(to: app.appendingPathComponent("Podfile"))
        let fixed = try await runComposeInProcess(["resolve", "--project", app.path], environment: environment)
        #expect(fixed.code == 0, "\(fixed.stderr)")
        #expect(
            fixed.stderr.contains(
                "Podfile:5:3: note: target 'AppTests' has `inherit! :search_paths` and no pods of its own, so its product in Composed/ is empty"
            ), "\(fixed.stderr)")
        #expect(
            fixed.stderr.contains(
                "its host app's pods reach it through the host. [podfile-search-paths-target-empty]\n"))
    }
}
