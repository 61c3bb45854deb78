import CDN
import ComposeTestSupport
import Foundation
import Project
import SpecRepos
import Specs
import Support
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
            again.notes.map(\.description).contains {
                $0.hasPrefix("note: \(server.url) could not be reached; its files were read from ")
                    && $0.hasSuffix("(as fetched earlier). [source-offline]")
            }
        )
        #expect(try project.lockText() == lock)
    }

    @Test func withoutBacktrackingEachPodOfTheSolutionCostsOneSpecRequest() throws {
        let project = try ProjectFixture("cdn-one-spec-per-pod", composefile: "")
        defer { project.directory.remove() }
        let server = try serveFixture(in: project.directory)
        defer { server.stop() }
        try project.write("source '\(server.url)'\nplatform :ios, '15.0'\npod 'Goods'\npod 'Pay'\n")
        var service = project.service
        service.http.alternativesFetchedAhead = 0
        let report = try service.resolve()
        let pods = Set(report.lockfile.pods.map(\.rootName))
        let requests = server.requests()
        let specs = requests.filter { $0.contains(".podspec.json") }
        let shards = requests.filter { $0.contains("all_pods_versions_") }
        // Neighbouring versions are not fetched to state dependencies as ranges, and a deprecation
        // is looked for in the specs fetched anyway.
        #expect(specs.count == pods.count, "\(specs.joined(separator: "\n"))")
        #expect(requests.count <= 2 * pods.count + shards.count)

        // Fetching alternatives ahead (the default): the same lock, and at most that many more specs a pod.
        let lock = try project.lockText()
        try FileManager.default.removeItem(at: project.directory.url.appendingPathComponent("home"))
        _ = try project.service.resolve()
        #expect(try project.lockText() == lock)
        let more = server.requests().dropFirst(requests.count).filter { $0.contains(".podspec.json") }
        #expect(more.count >= specs.count)
        #expect(more.count <= (1 + HTTPSettings().alternativesFetchedAhead) * pods.count)
    }

    /// A server 100 ms away (bench/latency-proxy.py in front of nginx): the files the solver will
    /// need are asked for together, not one after another. Eight top-level pods, each the head of a
    /// chain of three: their shard indexes go out at once, and each spec's dependencies are fetched
    /// as soon as it arrives, before the solver asks.
    @Test func overADistantServerTheFilesTheSolverWillNeedAreFetchedTogether() throws {
        let project = try ProjectFixture("cdn-latency", composefile: "")
        defer { project.directory.remove() }
        let repo = project.directory.url.appendingPathComponent("chains")
        for chain in 0..<8 {
            for (level, name) in ["Head", "Middle", "Tail"].enumerated() {
                let folder = repo.appendingPathComponent("\(name)\(chain)/1.0.0")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let dependency =
                    level < 2 ? #", "dependencies": {"\#(["Middle", "Tail"][level])\#(chain)": ["~> 1.0"]}"# : ""
                try #"{"name": "\#(name)\#(chain)", "version": "1.0.0", "platforms": {"ios": "13.0"}\#(dependency)}"#
                    .write(
                        to: folder.appendingPathComponent("\(name)\(chain).podspec.json"), atomically: true,
                        encoding: .utf8)
            }
        }
        let out = project.directory.url.appendingPathComponent("out")
        _ = try SpecRepoExport.export(from: repo, to: out)
        let server = try NginxServer(root: out)
        defer { server.stop() }
        let log = project.directory.url.appendingPathComponent("proxy.log")
        let proxy = Process()
        proxy.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        proxy.arguments = [
            "python3", repositoryRoot.appendingPathComponent("bench/latency-proxy.py").path, "\(server.port)", "100",
            log.path,
        ]
        let portPipe = Pipe()
        proxy.standardOutput = portPipe
        proxy.standardError = FileHandle.nullDevice
        try proxy.run()
        defer {
            proxy.terminate()
            proxy.waitUntilExit()
        }
        let portLine = String(decoding: portPipe.fileHandleForReading.availableData, as: UTF8.self)
        let port = try #require(Int(portLine.trimmingCharacters(in: .whitespacesAndNewlines)))
        try project.write(
            "source 'http://127.0.0.1:\(port)/'\nplatform :ios, '15.0'\n"
                + (0..<8).map { "pod 'Head\($0)'\n" }.joined())

        let report = try project.service.resolve()
        #expect(report.lockfile.pods.count == 24)
        // START END STATUS PATH per request, in the order answered.
        let requests = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: " ")
        }
        #expect(
            requests.count == 1 + 24 + Set(requests.filter { $0[3].contains("all_pods_versions_") }.map { $0[3] }).count
        )
        var events = requests.flatMap { [(Double($0[0])!, 1), (Double($0[1])!, -1)] }
        events.sort { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
        var inFlight = 0
        var most = 0
        for event in events {
            inFlight += event.1
            most = max(most, inFlight)
        }
        #expect(most >= 8, "at most \(most) requests in flight")
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
        service.http = HTTPSettings(timeout: 60, retries: 0)
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
