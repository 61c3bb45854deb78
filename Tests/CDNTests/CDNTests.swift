import CDN
import ComposeTestSupport
import Digests
import Foundation
import Git
import SpecRepos
import Specs
import Testing

/// `compose repo export` and the CDN client (`CDNSpecRepository`) against nginx on loopback, and
/// against a scripted server for what nginx does not do (a 500 then a success, a stall, a redirect).
@Suite("Spec repos over HTTP: export and the CDN protocol")
struct CDNTests {
    static let fixture = repositoryRoot.appendingPathComponent("spec-repo-fixture")

    /// A copy of the fixture spec repo, to change.
    func copyOfFixture(in folder: TemporaryDirectory) throws -> URL {
        let copy = folder.url.appendingPathComponent("repo")
        try FileManager.default.copyItem(at: Self.fixture, to: copy)
        return copy
    }

    /// `git add -A` and a commit of everything in `repo`.
    func commitAll(in repo: URL, _ message: String) throws {
        try runGit(["add", "-A"], in: repo)
        try runGit(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", message], in: repo)
    }

    func read(_ url: URL, _ relative: String) -> String? {
        try? String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test func theExportIsCocoaPodsCDNLayout() throws {
        let folder = try TemporaryDirectory("cdn-export")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        let summary = try SpecRepoExport.export(from: Self.fixture, to: out)
        #expect(summary.pods == 16)
        #expect(summary.specs == 52)
        #expect(summary.removed.isEmpty && summary.unchanged == 0)
        #expect(read(out, "CocoaPods-version.yml")?.contains("prefix_lengths:\n- 1\n- 1\n- 1\n") == true)
        let shards = SpecRepoLayout.shards(of: "Networking", prefixLengths: [1, 1, 1])
        #expect(shards == Array(MD5.hex(of: "Networking".utf8).prefix(3)).map { String($0) })
        let index = read(out, "all_pods_versions_\(shards.joined(separator: "_")).txt") ?? ""
        let line = index.split(separator: "\n").first { $0.hasPrefix("Networking/") }
        let versions = try #require(line).split(separator: "/").dropFirst().map(String.init)
        let onDisk = try FileManager.default.contentsOfDirectory(
            atPath: Self.fixture.appendingPathComponent("Networking").path)
        #expect(Set(versions) == Set(onDisk))
        let spec = "Specs/\(shards.joined(separator: "/"))/Networking/\(versions[0])/Networking.podspec.json"
        #expect(
            FileManager.default.contents(atPath: out.appendingPathComponent(spec).path)
                == FileManager.default.contents(
                    atPath: Self.fixture.appendingPathComponent("Networking/\(versions[0])/Networking.podspec.json")
                        .path))
        #expect(read(out, "all_pods.txt")?.split(separator: "\n").count == 16)
        #expect(read(out, "deprecated_podspecs.txt") != nil)
    }

    @Test func aSecondExportWritesNothingAndANewVersionWritesItsSpecAndShardIndexOnly() throws {
        let folder = try TemporaryDirectory("cdn-incremental")
        defer { folder.remove() }
        let repo = try copyOfFixture(in: folder)
        let out = folder.url.appendingPathComponent("out")
        let first = try SpecRepoExport.export(from: repo, to: out)
        let again = try SpecRepoExport.export(from: repo, to: out)
        #expect(again.written.isEmpty && again.removed.isEmpty)
        #expect(again.unchanged == first.written.count)

        let newVersion = repo.appendingPathComponent("Logging/9.0.0")
        try FileManager.default.createDirectory(at: newVersion, withIntermediateDirectories: true)
        try #"{"name": "Logging", "version": "9.0.0", "deprecated": true}"#
            .write(to: newVersion.appendingPathComponent("Logging.podspec.json"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: repo.appendingPathComponent("Cache"))
        let third = try SpecRepoExport.export(from: repo, to: out)
        let logging = SpecRepoLayout.shards(of: "Logging", prefixLengths: [1, 1, 1])
        let cache = SpecRepoLayout.shards(of: "Cache", prefixLengths: [1, 1, 1])
        let specPath = "Specs/\(logging.joined(separator: "/"))/Logging/9.0.0/Logging.podspec.json"
        #expect(third.written.contains(specPath))
        #expect(third.written.contains("all_pods_versions_\(logging.joined(separator: "_")).txt"))
        #expect(third.written.contains("deprecated_podspecs.txt"))
        #expect(third.written.contains("all_pods.txt"))
        #expect(read(out, "deprecated_podspecs.txt") == specPath + "\n")
        #expect(third.removed.contains { $0.hasPrefix("Specs/\(cache.joined(separator: "/"))/Cache/") })
        #expect(
            !FileManager.default.fileExists(
                atPath: out.appendingPathComponent("Specs/\(cache.joined(separator: "/"))/Cache").path))
        let expected: Set<String> = [
            specPath, "all_pods_versions_\(logging.joined(separator: "_")).txt", "deprecated_podspecs.txt",
            "all_pods.txt",
        ]
        // Cache's shard index changes too (or goes, when Cache was alone in it).
        #expect(
            Set(third.written).subtracting(expected).allSatisfy {
                $0 == "all_pods_versions_\(cache.joined(separator: "_")).txt"
            })
    }

    /// A spec repo in git whose working tree is clean is known unchanged from its tree id alone (kept
    /// in the export's manifest): nothing is read. A change, committed or not, is exported.
    @Test func anUnchangedGitRepoIsANoOpFromItsTreeIDAndEveryChangeIsExported() throws {
        let folder = try TemporaryDirectory("cdn-tree-id")
        defer { folder.remove() }
        let repo = try copyOfFixture(in: folder)
        try runGit(["init", "-q", "-b", "main"], in: repo)
        try commitAll(in: repo, "specs")
        let tree = try #require(Repository.cleanTreeID(of: repo))
        let out = folder.url.appendingPathComponent("out")
        let first = try SpecRepoExport.export(from: repo, to: out, tree: SpecRepoTree(id: tree.hex))
        #expect(!first.written.isEmpty)
        #expect(
            read(out, SpecRepoExport.manifestName)?.contains("\ntree \(tree.hex) \(first.pods) \(first.specs)\n")
                == true)

        // Nothing of the repo is read: a spec made unreadable in place would otherwise be refused.
        let logging = repo.appendingPathComponent("Logging/1.0.0/Logging.podspec.json")
        let original = try Data(contentsOf: logging)
        try Data("not json".utf8).write(to: logging)
        let again = try SpecRepoExport.export(from: repo, to: out, tree: SpecRepoTree(id: tree.hex))
        #expect(again.written.isEmpty && again.removed.isEmpty)
        #expect(again.pods == first.pods && again.specs == first.specs && again.unchanged == first.written.count)
        // ...but that working tree is no longer clean: no tree id, and the export reads it.
        #expect(Repository.cleanTreeID(of: repo) == nil)
        #expect(throws: ExportError.self) { try SpecRepoExport.export(from: repo, to: out, tree: nil) }
        try original.write(to: logging)

        // A new version, uncommitted then committed: exported either way.
        let newVersion = repo.appendingPathComponent("Logging/9.0.0")
        try FileManager.default.createDirectory(at: newVersion, withIntermediateDirectories: true)
        try #"{"name": "Logging", "version": "9.0.0"}"#
            .write(to: newVersion.appendingPathComponent("Logging.podspec.json"), atomically: true, encoding: .utf8)
        #expect(Repository.cleanTreeID(of: repo) == nil)
        let uncommitted = try SpecRepoExport.export(from: repo, to: out, tree: nil)
        #expect(uncommitted.written.contains { $0.hasSuffix("/Logging/9.0.0/Logging.podspec.json") })
        try commitAll(in: repo, "Logging 9.0.0")
        let next = try #require(Repository.cleanTreeID(of: repo))
        #expect(next != tree)
        let committed = try SpecRepoExport.export(from: repo, to: out, tree: SpecRepoTree(id: next.hex))
        #expect(committed.written.isEmpty)
        #expect(read(out, SpecRepoExport.manifestName)?.contains("\ntree \(next.hex) ") == true)
        // A folder inside a repository is not the repository's top: no tree id.
        #expect(Repository.cleanTreeID(of: repo.appendingPathComponent("Logging")) == nil)
    }

    /// Every file under `folder` with its bytes, hidden ones (the manifest) included.
    func contents(of folder: URL) -> [String: Data] {
        var all: [String: Data] = [:]
        for relative in files(under: folder) {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path) {
                all[relative] = data
            }
        }
        return all
    }

    /// From the tree it last exported to the next, an export reads the pods the trees differ in and
    /// writes only their files and the indexes they are in; after each change the output is, byte
    /// for byte, a whole export of the same tree. An earlier tree the repo does not have, or a
    /// manifest without one, is a whole export.
    @Test func anExportFromTheLastExportedTreeReadsOnlyTheChangedPodsAndEqualsAWholeExport() throws {
        let folder = try TemporaryDirectory("cdn-tree-diff")
        defer { folder.remove() }
        let repo = try copyOfFixture(in: folder)
        try runGit(["init", "-q", "-b", "main"], in: repo)
        func commit(_ message: String) throws -> SpecRepoTree {
            try commitAll(in: repo, message)
            return try #require(SpecRepoTree.of(repo))
        }
        func spec(_ name: String, _ version: String, _ extra: String = "") throws {
            let folder = repo.appendingPathComponent("\(name)/\(version)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try #"{"name": "\#(name)", "version": "\#(version)"\#(extra)}"#
                .write(to: folder.appendingPathComponent("\(name).podspec.json"), atomically: true, encoding: .utf8)
        }
        let out = folder.url.appendingPathComponent("out")
        _ = try SpecRepoExport.export(from: repo, to: out, tree: try commit("specs"))
        // An unrelated spec made unreadable in the working tree of a trusted clone: read, it would be refused.
        let storage = repo.appendingPathComponent("Storage/1.0.0/Storage.podspec.json")
        let original = try Data(contentsOf: storage)
        let logging = SpecRepoLayout.shards(of: "Logging", prefixLengths: [1, 1, 1])
        let loggingSpecs = "Specs/\(logging.joined(separator: "/"))/Logging/"
        // What changes, which pods it changes, and (when given) exactly what is written.
        let changes: [(String, [String], () throws -> Void, Set<String>)] = [
            (
                "a new version, deprecated", ["Logging"], { try spec("Logging", "9.0.0", #", "deprecated": true"#) },
                [
                    loggingSpecs + "9.0.0/Logging.podspec.json",
                    "all_pods_versions_\(logging.joined(separator: "_")).txt",
                    "deprecated_podspecs.txt",
                ]
            ),
            (
                "a version removed", ["Logging"],
                { try FileManager.default.removeItem(at: repo.appendingPathComponent("Logging/1.0.0")) }, []
            ),
            (
                "a pod removed", ["Cache"],
                { try FileManager.default.removeItem(at: repo.appendingPathComponent("Cache")) }, []
            ),
            (
                "a new pod and a spec changed in place", ["Zeta", "Logging"],
                {
                    try spec("Zeta", "1.0.0")
                    try spec("Logging", "9.0.0")
                }, []
            ),
            (
                "a deprecation of an older version and a pod's last version removed", ["Logging", "Zeta"],
                {
                    try spec("Logging", "1.1.0", #", "deprecated_in_favor_of": "Zeta""#)
                    try FileManager.default.removeItem(at: repo.appendingPathComponent("Zeta"))
                }, []
            ),
        ]
        let whole = folder.url.appendingPathComponent("whole")
        for (what, pods, change, written) in changes {
            try change()
            let tree = try commit(what)
            try Data("not json".utf8).write(to: storage)
            let trusted = try #require(SpecRepoTree.of(repo, trusted: true))
            #expect(trusted.id == tree.id)
            let summary = try SpecRepoExport.export(from: repo, to: out, tree: trusted)
            try original.write(to: storage)
            if !written.isEmpty { #expect(Set(summary.written) == written, "\(what)") }
            let folders = pods.map {
                "Specs/\(SpecRepoLayout.shards(of: $0, prefixLengths: [1, 1, 1]).joined(separator: "/"))/\($0)/"
            }
            #expect(
                (summary.written + summary.removed).allSatisfy { path in
                    !path.hasPrefix("Specs/") || folders.contains { path.hasPrefix($0) }
                }, "\(what): \(summary)")
            try? FileManager.default.removeItem(at: whole)
            let fresh = try SpecRepoExport.export(from: repo, to: whole, tree: tree)
            #expect(files(under: out) == files(under: whole), "\(what)")
            #expect(contents(of: out) == contents(of: whole), "\(what)")
            #expect(summary.pods == fresh.pods && summary.specs == fresh.specs, "\(what)")
        }
        #expect(read(out, "deprecated_podspecs.txt") == loggingSpecs + "1.1.0/Logging.podspec.json\n")

        // Recorded trees the repository cannot diff from: a made-up id, none (an earlier compose).
        let manifest = try #require(read(out, SpecRepoExport.manifestName))
        let recorded = try #require(manifest.split(separator: "\n").first { $0.hasPrefix("tree ") })
        try spec("Logging", "9.1.0")
        let tree = try commit("Logging 9.1.0")
        try Data("not json".utf8).write(to: storage)
        for replacement in ["tree \(String(repeating: "0", count: 40)) 1 1", ""] {
            try Data(
                manifest.replacingOccurrences(of: recorded + "\n", with: replacement.isEmpty ? "" : replacement + "\n")
                    .utf8
            )
            .write(to: out.appendingPathComponent(SpecRepoExport.manifestName))
            #expect(throws: ExportError.self, "\(replacement)") {
                try SpecRepoExport.export(from: repo, to: out, tree: SpecRepoTree.of(repo, trusted: true))
            }
        }
        try original.write(to: storage)
        _ = try SpecRepoExport.export(from: repo, to: out, tree: tree)
        try FileManager.default.removeItem(at: whole)
        _ = try SpecRepoExport.export(from: repo, to: whole, tree: tree)
        #expect(contents(of: out) == contents(of: whole))
    }

    @Test func aSymlinkInTheRepoIsRefusedAndNothingIsWritten() throws {
        let folder = try TemporaryDirectory("cdn-symlink")
        defer { folder.remove() }
        let repo = try copyOfFixture(in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: repo.appendingPathComponent("Stolen").path, withDestinationPath: "/etc")
        let out = folder.url.appendingPathComponent("out")
        #expect(throws: ExportError.symlink(path: repo.appendingPathComponent("Stolen").path)) {
            try SpecRepoExport.export(from: repo, to: out)
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// Every file under `folder`, relative, hidden ones included.
    func files(under folder: URL) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
    }

    @Test func onlyFilesTheExportWroteAreRemovedAndWhatElseIsInTheOutputStays() throws {
        let folder = try TemporaryDirectory("cdn-export-manifest")
        defer { folder.remove() }
        let repo = try copyOfFixture(in: folder)
        let out = folder.url.appendingPathComponent("out")
        let first = try SpecRepoExport.export(from: repo, to: out)
        let manifest = try #require(read(out, SpecRepoExport.manifestName))
        #expect(manifest.split(separator: "\n").count == first.written.count + 1)
        // The site's own files, beside and among the exported ones, and a manifest line that tries
        // to leave the output.
        let cache = SpecRepoLayout.shards(of: "Cache", prefixLengths: [1, 1, 1]).joined(separator: "/")
        let own = ["index.html", "Specs/README.md", "Specs/\(cache)/Cache/notes.txt"]
        for relative in own { try Data("the site's".utf8).write(to: out.appendingPathComponent(relative)) }
        let victim = folder.url.appendingPathComponent("victim.podspec.json")
        try Data("keep".utf8).write(to: victim)
        try Data((manifest + "Specs/../../victim.podspec.json\n").utf8)
            .write(to: out.appendingPathComponent(SpecRepoExport.manifestName))

        try FileManager.default.removeItem(at: repo.appendingPathComponent("Cache"))
        let second = try SpecRepoExport.export(from: repo, to: out)
        // Cache's two specs (and its shard index, when Cache was alone in it).
        let specs = second.removed.filter { !$0.hasPrefix("all_pods_versions_") }
        #expect(specs.count == 2 && specs.allSatisfy { $0.hasPrefix("Specs/\(cache)/Cache/") }, "\(second.removed)")
        for relative in own { #expect(read(out, relative) == "the site's", "\(relative)") }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        #expect(read(out, SpecRepoExport.manifestName)?.contains("Cache") == false)
        let third = try SpecRepoExport.export(from: repo, to: out)
        #expect(third.written.isEmpty && third.removed.isEmpty)
        #expect(third.unchanged == second.written.count + second.unchanged)
    }

    @Test func temporaryFilesOfAnInterruptedExportAreRemovedByTheNext() throws {
        let folder = try TemporaryDirectory("cdn-export-leftovers")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        let first = try SpecRepoExport.export(from: Self.fixture, to: out)
        let spec = try #require(first.written.first { $0.hasPrefix("Specs/") })
        let specFolder = (spec as NSString).deletingLastPathComponent
        let name = (spec as NSString).lastPathComponent
        // What a kill leaves: this export's temporary files, Foundation's from an earlier compose,
        // and a manifest that says the export did not finish.
        let leftovers = [
            ".all_pods.txt.compose-export.tmp", ".dat.nosyncA1b2C3", "\(specFolder)/.\(name).compose-export.tmp",
            "\(specFolder)/.dat.nosync0f0f0f",
        ]
        for relative in leftovers { try Data("half".utf8).write(to: out.appendingPathComponent(relative)) }
        let manifest = try #require(read(out, SpecRepoExport.manifestName))
        try Data(manifest.replacingOccurrences(of: " complete\n", with: " pending\n").utf8)
            .write(to: out.appendingPathComponent(SpecRepoExport.manifestName))
        let before = files(under: out)

        let again = try SpecRepoExport.export(from: Self.fixture, to: out)
        #expect(again.written.isEmpty && again.removed.isEmpty)
        #expect(files(under: out) == before.subtracting(leftovers))
        #expect(read(out, SpecRepoExport.manifestName) == manifest)
    }

    @Test func aSymlinkOrAFIFOInTheOutputIsRefusedAndNothingIsWrittenOrRemoved() throws {
        let folder = try TemporaryDirectory("cdn-export-output-link")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        let first = try SpecRepoExport.export(from: Self.fixture, to: out)
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("unrelated".utf8).write(to: elsewhere.appendingPathComponent("unrelated.txt"))
        let spec = try #require(first.written.first { $0.hasPrefix("Specs/") })
        let shard = out.appendingPathComponent(String(spec.prefix("Specs/a".count)))
        try FileManager.default.removeItem(at: shard)
        try FileManager.default.createSymbolicLink(at: shard, withDestinationURL: elsewhere)
        let before = files(under: out)
        #expect(throws: ExportError.unsafeOutput(path: shard.path, what: "a symbolic link")) {
            try SpecRepoExport.export(from: Self.fixture, to: out)
        }
        #expect(files(under: out) == before)
        #expect(files(under: elsewhere) == ["unrelated.txt"])

        // A FIFO where an index is written is not opened (which would block), nor replaced.
        try FileManager.default.removeItem(at: shard)
        let index = out.appendingPathComponent("all_pods.txt")
        try FileManager.default.removeItem(at: index)
        #expect(mkfifo(index.path, 0o644) == 0)
        #expect(throws: ExportError.unsafeOutput(path: index.path, what: "not a regular file")) {
            try SpecRepoExport.export(from: Self.fixture, to: out)
        }
        #expect(FileManager.default.fileExists(atPath: index.path))
    }

    @Test func theClientFetchesOnlyWhatItIsAskedForRevalidatesWith304AndWorksOfflineFromTheCache() throws {
        let folder = try TemporaryDirectory("cdn-client")
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        _ = try SpecRepoExport.export(from: Self.fixture, to: out)
        let server = try NginxServer(root: out)
        defer { server.stop() }
        let home = ComposeHome(url: folder.url.appendingPathComponent("home"))
        let settings = HTTPSettings(timeout: 60, retries: 0)

        let cold = try #require(try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: settings))
        let versions = try cold.versions(of: "Networking")
        #expect(!versions.isEmpty)
        let file = try cold.specFile(name: "Networking", version: versions[0])
        #expect(file.path.hasPrefix(server.url + "Specs/"))
        #expect(try Spec(json: file.data, label: file.path).name == "Networking")
        #expect(try cold.versions(of: "NoSuchPod").isEmpty)
        let shard = SpecRepoLayout.shards(of: "Networking", prefixLengths: [1, 1, 1]).joined(separator: "_")
        let missingShard = SpecRepoLayout.shards(of: "NoSuchPod", prefixLengths: [1, 1, 1]).joined(separator: "_")
        let expected =
            [
                "GET /CocoaPods-version.yml 200", "GET /all_pods_versions_\(shard).txt 200",
                "GET /\(file.path.dropFirst(server.url.count)) 200",
            ] + (missingShard == shard ? [] : ["GET /all_pods_versions_\(missingShard).txt 404"])
        #expect(server.requests() == expected)

        // Within the max age, nothing is asked again.
        let warm = try #require(try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: settings))
        _ = try warm.versions(of: "Networking")
        _ = try warm.specFile(name: "Networking", version: versions[0])
        #expect(server.requests().count == expected.count)

        // Revalidated: the indexes with 304s (no bodies); a cached spec is kept, as CocoaPods keeps it.
        let revalidated = try #require(
            try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: settings, revalidate: true))
        #expect(try revalidated.versions(of: "Networking") == versions)
        #expect(try revalidated.specFile(name: "Networking", version: versions[0]).data == file.data)
        #expect(
            Array(server.requests().dropFirst(expected.count)) == [
                "GET /CocoaPods-version.yml 304", "GET /deprecated_podspecs.txt 200",
                "GET /all_pods_versions_\(shard).txt 304",
            ])

        // Deprecated after it was cached: deprecated_podspecs.txt names it, so it is fetched again.
        let relative = String(file.path.dropFirst(server.url.count))
        let deprecated = Data(#"{"name": "Networking", "version": "\#(versions[0])", "deprecated": true}"#.utf8)
        try deprecated.write(to: out.appendingPathComponent(relative))
        try Data((relative + "\n").utf8).write(to: out.appendingPathComponent("deprecated_podspecs.txt"))
        let refreshed = try #require(
            try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: settings, revalidate: true))
        #expect(try refreshed.specFile(name: "Networking", version: versions[0]).data == deprecated)

        // Offline: the server is gone, the cache answers.
        server.stop()
        let offline = try #require(
            try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: settings, revalidate: true))
        #expect(try offline.versions(of: "Networking") == versions)
        #expect(try offline.specFile(name: "Networking", version: versions[0]).data == deprecated)
        #expect(offline.offline)
        let storage = SpecRepoLayout.shards(of: "Storage", prefixLengths: [1, 1, 1]).joined(separator: "_")
        #expect(throws: HTTPSourceError.notCached(url: server.url + "all_pods_versions_\(storage).txt")) {
            try offline.versions(of: "Storage")
        }
    }

    @Test func aServerThatDoesNotAnswerTheProtocolIsNotACDNSource() throws {
        let folder = try TemporaryDirectory("cdn-not")
        defer { folder.remove() }
        let server = try NginxServer(root: folder.url)
        defer { server.stop() }
        let home = ComposeHome(url: folder.url.appendingPathComponent("home"))
        #expect(
            try CDNSpecRepository.open(URL(string: server.url)!, home: home, settings: HTTPSettings(retries: 0)) == nil)
    }

    @Test func a500IsRetriedAndThenSucceeds() throws {
        let server = try ScriptedServer { index, _ in
            index == 0
                ? .respond(status: 500, headers: [:], body: "busy")
                : .respond(status: 200, headers: ["ETag": "\"v1\""], body: "---\nprefix_lengths: [1, 1, 1]\n")
        }
        defer { server.stop() }
        let folder = try TemporaryDirectory("cdn-retry")
        defer { folder.remove() }
        let repository = try CDNSpecRepository.open(
            URL(string: server.url)!, home: ComposeHome(url: folder.url),
            settings: HTTPSettings(timeout: 60, retries: 2, backoff: 0.01))
        #expect(repository?.prefixLengths == [1, 1, 1])
        #expect(server.received.count == 2)
    }

    @Test func a500EveryTimeFailsNamingTheURLAfterTheRetries() throws {
        let server = try ScriptedServer { _, _ in .respond(status: 503, headers: [:], body: "down") }
        defer { server.stop() }
        let folder = try TemporaryDirectory("cdn-503")
        defer { folder.remove() }
        #expect(throws: HTTPSourceError.status(url: server.url + "CocoaPods-version.yml", code: 503)) {
            try CDNSpecRepository.open(
                URL(string: server.url)!, home: ComposeHome(url: folder.url),
                settings: HTTPSettings(timeout: 60, retries: 2, backoff: 0.01))
        }
        #expect(server.received.count == 3)
    }

    @Test func aStalledServerTimesOutNamingTheURL() throws {
        let server = try ScriptedServer { _, _ in .stall }
        defer { server.stop() }
        let folder = try TemporaryDirectory("cdn-stall")
        defer { folder.remove() }
        do {
            _ = try CDNSpecRepository.open(
                URL(string: server.url)!, home: ComposeHome(url: folder.url),
                settings: HTTPSettings(timeout: 1, retries: 0))
            Issue.record("a stalled server answered")
        } catch {
            guard case .unreachable(let url, _) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(url == server.url + "CocoaPods-version.yml")
            #expect(error.kind == .environment)
        }
    }

    @Test func credentialsGoOnlyToTheirOwnHostAndNotOverARedirectToAnother() throws {
        let target = try ScriptedServer { _, _ in
            .respond(status: 200, headers: [:], body: "---\nprefix_lengths: [1, 1, 1]\n")
        }
        defer { target.stop() }
        let origin = try ScriptedServer { _, _ in
            .respond(
                status: 302, headers: ["Location": "http://localhost:\(target.port)/CocoaPods-version.yml"], body: "")
        }
        defer { origin.stop() }
        let folder = try TemporaryDirectory("cdn-credentials")
        defer { folder.remove() }
        let url = URL(string: "http://me:secret@127.0.0.1:\(origin.port)/")!
        let repository = try CDNSpecRepository.open(
            url, home: ComposeHome(url: folder.url), settings: HTTPSettings(retries: 0))
        #expect(repository?.prefixLengths == [1, 1, 1])
        let basic = "Basic " + Data("me:secret".utf8).base64EncodedString()
        #expect(origin.received.first?.contains("Authorization: \(basic)") == true)
        #expect(target.received.count == 1)
        #expect(target.received.first?.lowercased().contains("authorization") == false)
        #expect(repository?.displayURL == "http://127.0.0.1:\(origin.port)/")
    }
}
