import CDN
import ComposeTestSupport
import Foundation
import Project
import Testing

/// Over HTTP, the specs of the candidates the solver may try after the likely one are fetched ahead
/// beside it (`HTTPSettings.alternativesFetchedAhead`): on a graph whose newest versions do not fit,
/// what is solved stays the same, and the requests stay within a bound.
@Suite("Fetching alternatives ahead over an HTTP source")
struct CDNSpeculationTests {
    /// Pods in three layers, versions 1.0.0 to 3.2.0. Each pod works at one major; its versions of a
    /// newer major need the major after each dependency's working one, and a leaf's newer versions
    /// need iOS 17.0 (the project targets 15.0): the solver sets aside every version newer than the
    /// working major, newest first, each after reading its spec.
    static let pods: [(name: String, working: Int, dependencies: [String])] = [
        ("Leaf", 2, []), ("Base", 1, []), ("Core", 3, []),
        ("Middle", 2, ["Leaf", "Base"]), ("Service", 1, ["Leaf", "Core"]), ("Store", 2, ["Base", "Core"]),
        ("Top", 2, ["Middle", "Service"]), ("Shop", 3, ["Service", "Store"]), ("Feed", 1, ["Middle", "Store", "Leaf"]),
    ]

    static func writeRepo(at repo: URL) throws {
        let working = Dictionary(uniqueKeysWithValues: pods.map { ($0.name, $0.working) })
        for pod in pods {
            for major in 1...3 {
                for minor in 0...2 {
                    let version = "\(major).\(minor).0"
                    let newer = major > pod.working
                    let dependencies = pod.dependencies.map {
                        #""\#($0)": ["~> \#(working[$0]! + (newer ? 1 : 0)).0"]"#
                    }
                    let ios = newer && pod.dependencies.isEmpty ? "17.0" : "13.0"
                    let folder = repo.appendingPathComponent("\(pod.name)/\(version)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try #"""
                    {"name": "\#(pod.name)", "version": "\#(version)", "platforms": {"ios": "\#(ios)"},
                     "dependencies": {\#(dependencies.joined(separator: ", "))}}
                    """#
                    .write(
                        to: folder.appendingPathComponent("\(pod.name).podspec.json"), atomically: true, encoding: .utf8
                    )
                }
            }
        }
    }

    @Test func alternativesFetchedAheadNeverChangeTheResultAndBoundTheRequests() throws {
        let project = try ProjectFixture("cdn-speculation", composefile: "")
        defer { project.directory.remove() }
        let repo = project.directory.url.appendingPathComponent("repo")
        try Self.writeRepo(at: repo)
        let out = project.directory.url.appendingPathComponent("out")
        _ = try SpecRepoExport.export(from: repo, to: out)
        let server = try NginxServer(root: out)
        defer { server.stop() }
        let top = "platform :ios, '15.0'\npod 'Top', '>= 1.0'\npod 'Shop', '>= 1.0'\npod 'Feed', '>= 1.0'\n"
        let home = project.directory.url.appendingPathComponent("home")
        let lock = project.directory.url.appendingPathComponent("Compose.lock")

        // The same graph read from the folder: every spec cheap to read, nothing fetched.
        try project.write("source '\(repo.path)'\n" + top)
        _ = try project.service.resolve()
        let expected = Dictionary(uniqueKeysWithValues: Self.pods.map { ($0.name, "\($0.working).2.0") })
        #expect(try project.versions() == expected)

        // Cold resolves over HTTP, fetching 0, 2 (the default) and 16 alternatives ahead.
        try project.write("source '\(server.url)'\n" + top)
        var locks: [Int: String] = [:]
        var specs: [Int: [String]] = [:]
        var served = 0
        for alternatives in [0, HTTPSettings().alternativesFetchedAhead, 16] {
            try? FileManager.default.removeItem(at: home)
            try? FileManager.default.removeItem(at: lock)
            var service = project.service
            service.http.alternativesFetchedAhead = alternatives
            _ = try service.resolve()
            #expect(try project.versions() == expected, "\(alternatives) alternatives")
            locks[alternatives] = try project.lockText()
            let requests = Array(server.requests().dropFirst(served))
            served += requests.count
            // Each file once.
            #expect(Set(requests).count == requests.count, "\(alternatives) alternatives")
            specs[alternatives] = requests.filter { $0.contains(".podspec.json") }
        }
        #expect(Set(locks.values).count == 1)
        let without = try #require(specs[0])
        let with = try #require(specs[HTTPSettings().alternativesFetchedAhead])
        // Without speculation, more specs than pods: the solver read versions it then set aside.
        #expect(without.count > Self.pods.count)
        // Speculation fetches only versions of the pods the solver reads, newest first, each at most
        // once: the specs read, and at most 2 more for each pod.
        #expect(Set(with).isSuperset(of: without))
        #expect(with.count <= without.count + 2 * Self.pods.count)
        #expect(Double(with.count) <= 1.5 * Double(without.count), "\(with.count) against \(without.count)")
        // Never more than every version of every pod, however many alternatives are asked for.
        #expect(try #require(specs[16]).count <= 9 * Self.pods.count)
    }
}
