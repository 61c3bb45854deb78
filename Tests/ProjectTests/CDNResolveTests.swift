import CDN
import ComposeTestSupport
import Foundation
import Project
import SpecRepos
import Specs
import Testing

/// A resolve whose Composefile names an HTTP source (an export of spec-repo-fixture served by nginx
/// on loopback) beside a folder source.
@Suite("Resolve over an HTTP (CDN) source")
struct CDNResolveTests {
    /// The fixture exported to `out` in `folder`, served by nginx.
    func serveFixture(in folder: TemporaryDirectory) throws -> NginxServer {
        let out = folder.url.appendingPathComponent("out")
        _ = try SpecRepoExport.export(from: URL(fileURLWithPath: ProjectFixture.fixture), to: out)
        return try NginxServer(root: out)
    }

    @Test func aResolveFetchesOnlyWhatTheSolutionNeedsAndNamesTheURLInTheLock() throws {
        let project = try ProjectFixture("cdn-resolve", composefile: "")
        defer { project.directory.remove() }
        let server = try serveFixture(in: project.directory)
        defer { server.stop() }
        // A private folder source first, the HTTP source second: sources keep Composefile order.
        let local = project.directory.url.appendingPathComponent("local/Extra/1.0.0")
        try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
        try #"{"name": "Extra", "version": "1.0.0", "dependencies": {"Logging": ["~> 1.0"]}}"#
            .write(to: local.appendingPathComponent("Extra.podspec.json"), atomically: true, encoding: .utf8)
        try project.write("source 'local'\nsource '\(server.url)'\nplatform :ios, '15.0'\npod 'Account'\npod 'Extra'\n")

        let report = try project.service.resolve()
        let pods = Set(report.lockfile.pods.map(\.rootName))
        #expect(pods.isSuperset(of: ["Account", "Extra", "Logging", "Networking"]))
        let lock = try project.lockText()
        #expect(lock.contains("SPEC REPOS:\n  \(server.url):\n"))
        #expect(lock.contains("  local:\n    - Extra\n"))
        let requests = server.requests()
        #expect(requests.allSatisfy { $0.hasSuffix(" 200") || $0.hasSuffix(" 404") })
        // Lazy: each file once, and nothing of the pods the solution does not touch.
        #expect(Set(requests).count == requests.count)
        for unused in ["Goods", "Pay", "Order", "Cache"] {
            #expect(!requests.contains { $0.contains("/\(unused)/") })
        }
        // The version file, one shard index per name looked up, one spec per version the solver read.
        let specs = requests.filter { $0.contains(".podspec.json") }
        let shards = requests.filter { $0.contains("all_pods_versions_") }
        #expect(requests.count == 1 + shards.count + specs.count)
        // Every pod of the solution, and what the versions the solver read depend on (fetched ahead,
        // concurrently): Analytics, a dependency of Account 2.0.0, which the solver read and set aside.
        let fetched = Set(specs.map { String($0.split(separator: "/")[5]) })
        #expect(fetched.isSuperset(of: pods.subtracting(["Extra"])))
        #expect(fetched.subtracting(pods) == ["Analytics"], "\(fetched)")

        // Offline: the same resolve from the cache once the server is gone.
        server.stop()
        try FileManager.default.removeItem(atPath: project.directory.url.appendingPathComponent("Compose.lock").path)
        var offline = project.service
        offline.http = HTTPSettings(timeout: 2, retries: 0, maxAge: 0)
        let again = try offline.resolve()
        #expect(Set(again.lockfile.pods.map(\.rootName)) == pods)
        #expect(
            again.notes.contains { $0.hasPrefix("note: \(server.url) could not be reached; its files were read from ") }
        )
        #expect(try project.lockText() == lock)
    }

    @Test func withoutBacktrackingEachPodOfTheSolutionCostsOneSpecRequest() throws {
        let project = try ProjectFixture("cdn-one-spec-per-pod", composefile: "")
        defer { project.directory.remove() }
        let server = try serveFixture(in: project.directory)
        defer { server.stop() }
        try project.write("source '\(server.url)'\nplatform :ios, '15.0'\npod 'Goods'\npod 'Pay'\n")
        let report = try project.service.resolve()
        let pods = Set(report.lockfile.pods.map(\.rootName))
        let requests = server.requests()
        let specs = requests.filter { $0.contains(".podspec.json") }
        let shards = requests.filter { $0.contains("all_pods_versions_") }
        // Neighbouring versions are not fetched to state dependencies as ranges, and a deprecation
        // is looked for in the specs fetched anyway.
        #expect(specs.count == pods.count, "\(specs.joined(separator: "\n"))")
        #expect(requests.count <= 2 * pods.count + shards.count)
    }

    @Test func anUnknownPodOverHTTPIsAnInputErrorNotANetworkOne() throws {
        let project = try ProjectFixture("cdn-unknown", composefile: "")
        defer { project.directory.remove() }
        let server = try serveFixture(in: project.directory)
        defer { server.stop() }
        try project.write("source '\(server.url)'\nplatform :ios, '15.0'\npod 'NoSuchPod'\n")
        do {
            _ = try project.service.resolve()
            Issue.record("resolved a pod that no source has")
        } catch let failure as ComposeFailure {
            #expect(failure.kind == .input)
            #expect(failure.description.contains("NoSuchPod"))
        }
    }

    @Test func aServerDownWithNothingCachedIsAnEnvironmentErrorNamingTheURL() throws {
        let project = try ProjectFixture("cdn-down", composefile: "")
        defer { project.directory.remove() }
        let server = try serveFixture(in: project.directory)
        try project.write("source '\(server.url)'\nplatform :ios, '15.0'\npod 'Account'\n")
        var service = project.service
        service.http = HTTPSettings(timeout: 2, retries: 0)
        // The version file is cached; the shard index is not.
        _ = try CDNSpecRepository.open(
            URL(string: server.url)!, home: ComposeHome(url: service.composeHome), settings: service.http)
        server.stop()
        do {
            _ = try service.resolve()
            Issue.record("resolved with the server down and nothing cached")
        } catch let failure as ComposeFailure {
            #expect(failure.kind == .environment)
            #expect(failure.description.contains("http://127.0.0.1:\(server.port)/all_pods_versions_"))
        }
    }

    @Test func aServerThatDoesNotAnswerTheProtocolIsLeftToGit() throws {
        let server = try ScriptedServer { _, _ in .respond(status: 401, headers: [:], body: "login") }
        defer { server.stop() }
        let project = try ProjectFixture("cdn-git-fallback", composefile: "")
        defer { project.directory.remove() }
        try project.write("source '\(server.url)specs'\nplatform :ios, '15.0'\npod 'Account'\n")
        var service = project.service
        service.http = HTTPSettings(timeout: 5, retries: 0)
        do {
            _ = try service.resolve()
            Issue.record("resolved from a server that answers 401")
        } catch let failure as ComposeFailure {
            // git's own failure: the spec repo clone could not be added.
            #expect(failure.kind == .environment)
            #expect(failure.description.contains("cannot add"))
            #expect(failure.description.contains("http://127.0.0.1:\(server.port)/specs"))
        }
        #expect(server.received.first?.hasPrefix("GET /specs/CocoaPods-version.yml ") == true)
    }
}
