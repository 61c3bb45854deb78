import ComposeTestSupport
import Foundation
import Testing

/// A second resolve with nothing changed keeps the lock without running the solver; anything that
/// could change the answer sends it through the solver again.
@Suite struct UpToDateResolveTests {
    static func project(_ label: String) throws -> (folder: TemporaryDirectory, app: URL, specs: URL) {
        let folder = try TemporaryDirectory(label)
        let specs = folder.url.appendingPathComponent("specs")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("spec-repo-fixture"), to: specs)
        let app = folder.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try "source '\(specs.path)'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Order', '~> 1.0'\nend\n".write(
            to: app.appendingPathComponent("Composefile"), atomically: true, encoding: .utf8)
        return (folder, app, specs)
    }

    static let standing = "nothing changed since Compose.lock was written"

    @Test func nothingChangedKeepsTheLockWithoutSolving() async throws {
        let (folder, app, specs) = try Self.project("up-to-date")
        defer { folder.remove() }
        let first = try await runComposeInProcess(["resolve", "--project", app.path, "--verbose"])
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stderr.contains("decide Order"))
        let lock = try String(contentsOf: app.appendingPathComponent("Compose.lock"), encoding: .utf8)

        let second = try await runComposeInProcess(["resolve", "--project", app.path, "--verbose"])
        #expect(second.code == 0, "\(second.stderr)")
        #expect(second.stderr.contains(Self.standing), "\(second.stderr)")
        #expect(!second.stderr.contains("decide Order"))
        #expect(second.stdout.contains("unchanged: "))
        #expect(try String(contentsOf: app.appendingPathComponent("Compose.lock"), encoding: .utf8) == lock)

        // A locked spec edited in its source: the solver runs again (and the lock's checksum moves).
        let locked = try #require(lock.split(separator: "\n").first { $0.hasPrefix("  - Logging (") })
        let version = String(locked.split(separator: "(")[1].prefix { $0 != ")" })
        let spec = specs.appendingPathComponent("Logging/\(version)/Logging.podspec.json")
        let text = try String(contentsOf: spec, encoding: .utf8)
        try text.replacingOccurrences(of: "\"summary\": \"", with: "\"summary\": \"Edited. ")
            .write(to: spec, atomically: true, encoding: .utf8)
        let edited = try await runComposeInProcess(["resolve", "--project", app.path, "--verbose"])
        #expect(edited.code == 0, "\(edited.stderr)")
        #expect(!edited.stderr.contains(Self.standing))
        #expect(edited.stderr.contains("decide Order"))
    }

    /// The record a resolve with nothing to do leaves answers the next one, which prints the same
    /// and needs nothing else (with the spec index deleted, nothing writes it again).
    @Test func theRecordOfAResolveWithNothingToDoAnswersTheNextWithTheSameOutput() async throws {
        let (folder, app, _) = try Self.project("up-to-date-record")
        defer { folder.remove() }
        let home = folder.url.appendingPathComponent("home")
        let environment = ["COMPOSE_HOME": home.path]
        #expect(try await runComposeInProcess(["resolve", "--project", app.path], environment: environment).code == 0)
        try await Task.sleep(for: .milliseconds(1100))  // the stamps of files older than a second can vouch for them
        let read = try await runComposeInProcess(
            ["resolve", "--project", app.path, "--verbose"], environment: environment)
        #expect(read.stderr.contains(Self.standing), "\(read.stderr)")
        let records = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("resolved").path)
        #expect(records.count == 1)

        try FileManager.default.removeItem(at: home.appendingPathComponent("index"))
        let recorded = try await runComposeInProcess(
            ["resolve", "--project", app.path, "--verbose"], environment: environment)
        #expect(recorded.code == 0)
        #expect(recorded.stdout == read.stdout)
        #expect(recorded.stderr.contains(Self.standing) && recorded.stderr.contains("answered from the record"))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("index").path))

        // --format json reads the lock (it lists every pod): the record is not used there.
        let json = try await runComposeInProcess(
            ["resolve", "--project", app.path, "--format", "json"], environment: environment)
        #expect(json.code == 0 && json.stdout.contains("\"Order\""), "\(json.stdout)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("index").path))
    }

    @Test func aHandEditedLockOrAPodInAnEarlierSourceIsSolvedAgain() async throws {
        let (folder, app, specs) = try Self.project("up-to-date-edited")
        defer { folder.remove() }
        #expect(try await runComposeInProcess(["resolve", "--project", app.path]).code == 0)
        let lockURL = app.appendingPathComponent("Compose.lock")
        let lock = try String(contentsOf: lockURL, encoding: .utf8)

        // Order ~> 1.0 locked at a version the requirement excludes (edited by hand): not trusted.
        let order = try #require(lock.split(separator: "\n").first { $0.hasPrefix("  - Order (") })
        try lock.replacingOccurrences(of: String(order), with: "  - Order (9.9.9):").write(
            to: lockURL, atomically: true, encoding: .utf8)
        let fixed = try await runComposeInProcess(["resolve", "--project", app.path, "--verbose"])
        #expect(fixed.code == 0, "\(fixed.stderr)")
        #expect(!fixed.stderr.contains(Self.standing))
        #expect(try String(contentsOf: lockURL, encoding: .utf8) == lock)

        // A source listed before the one that has Logging gains Logging: the first source wins again.
        let earlier = folder.url.appendingPathComponent("private/Logging/2.9.0")
        try FileManager.default.createDirectory(at: earlier, withIntermediateDirectories: true)
        try #"{"name": "Logging", "version": "2.9.0", "platforms": {"ios": "13.0"}}"#.write(
            to: earlier.appendingPathComponent("Logging.podspec.json"), atomically: true, encoding: .utf8)
        try
            "source '\(folder.url.appendingPathComponent("private").path)'\nsource '\(specs.path)'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'Order', '~> 1.0'\nend\n"
            .write(to: app.appendingPathComponent("Composefile"), atomically: true, encoding: .utf8)
        #expect(try await runComposeInProcess(["resolve", "--project", app.path]).code == 0)
        let standing = try await runComposeInProcess(["resolve", "--project", app.path, "--verbose"])
        #expect(standing.stderr.contains(Self.standing), "\(standing.stderr)")
        let moved = folder.url.appendingPathComponent("private/Networking/9.0.0")
        try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
        try #"{"name": "Networking", "version": "9.0.0", "platforms": {"ios": "13.0"}}"#.write(
            to: moved.appendingPathComponent("Networking.podspec.json"), atomically: true, encoding: .utf8)
        let shadowed = try await runComposeInProcess(["resolve", "--project", app.path, "--verbose"])
        #expect(!shadowed.stderr.contains(Self.standing), "\(shadowed.stderr)")
    }

    /// A FIFO where the record or the spec index should be (`mkfifo`, as anyone who can write the
    /// compose home could leave) is a missing cache: the spawned resolve neither blocks on it nor
    /// fails, answers as before, and replaces it with a regular file by a rename.
    @Test func aFIFOWhereTheRecordOrTheIndexShouldBeIsAMissingCacheAndDoesNotHang() async throws {
        let (folder, app, _) = try Self.project("up-to-date-fifo")
        defer { folder.remove() }
        let home = folder.url.appendingPathComponent("home")
        let environment = ["COMPOSE_HOME": home.path]
        #expect(try await runCompose(["resolve", "--project", app.path], environment: environment).code == 0)
        try await Task.sleep(for: .milliseconds(1100))  // the stamps of files older than a second can vouch for them
        let recorded = try await runCompose(["resolve", "--project", app.path], environment: environment)
        #expect(recorded.code == 0, "\(recorded.stderr)")
        var caches: [String] = []
        for folder in ["resolved", "index"] {
            let url = home.appendingPathComponent(folder)
            caches += try FileManager.default.contentsOfDirectory(atPath: url.path).map {
                url.appendingPathComponent($0).path
            }
        }
        #expect(caches.count >= 2, "\(caches)")
        for path in caches {
            try FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o644) == 0)
        }
        let run = try await runCompose(
            ["resolve", "--project", app.path, "--verbose"], environment: environment, timeout: 600)
        #expect(!run.timedOut && run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains(Self.standing), "\(run.stderr)")
        #expect(run.stdout == recorded.stdout)
        for path in caches {
            let type = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            #expect(type == .typeRegular, "\(path)")
        }
    }
}
