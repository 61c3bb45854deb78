import ComposeTestSupport
import Foundation
import SpecRepos
import Testing

/// The cache of component repositories, with real bare repositories over file://.
@Suite struct SourceCacheTests {
    @Test func fetchesOnceThenUsesTheCache() throws {
        let temporary = try TemporaryDirectory("source-cache")
        defer { temporary.remove() }
        let bare = temporary.url.appendingPathComponent("Pay.git")
        let url = try makeBareRepository(at: bare, files: ["README.md": "Pay\n"])
        let seed = temporary.url.appendingPathComponent("seed")
        try runGit(["clone", "-q", url, seed.path])
        try runGit(["tag", "1.0.0"], in: seed)
        try runGit(["push", "-q", "origin", "1.0.0"], in: seed)
        let tagged = try runGit(["rev-parse", "HEAD"], in: seed).stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let cache = SourceCache(folder: temporary.url.appendingPathComponent("cache"))
        // What an interrupted first fetch left beside the mirror is removed by the next one.
        let leftover = cache.location(of: url).deletingLastPathComponent().appendingPathComponent(
            ".Pay.git.deadbeef.partial")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        let first = try cache.ensure(url: url, reference: .tag("1.0.0"))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(first.usedNetwork && first.commit == tagged)
        #expect(
            first.repository.lastPathComponent == "Pay.git",
            "SwiftPM names a mirrored package after the mirror's folder")
        let second = try cache.ensure(url: url, reference: .tag("1.0.0"))
        #expect(!second.usedNetwork && second.commit == tagged)

        // A tag pushed later is fetched; a missing one is a clear error.
        try Data("more\n".utf8).write(to: seed.appendingPathComponent("CHANGES.md"))
        try runGit(["add", "-A"], in: seed)
        try runGit(["commit", "-qm", "More"], in: seed)
        try runGit(["tag", "1.1.0"], in: seed)
        try runGit(["push", "-q", "origin", "main", "1.1.0"], in: seed)
        let newer = try cache.ensure(url: url, reference: .tag("1.1.0"))
        #expect(newer.usedNetwork && newer.commit != tagged)
        #expect(throws: SourceCacheError.missingReference(url: url, reference: .tag("2.0.0"))) {
            try cache.ensure(url: url, reference: .tag("2.0.0"))
        }
        // A commit the cache holds needs no network, even with the remote gone.
        try FileManager.default.removeItem(at: bare)
        #expect(try !cache.ensure(url: url, reference: .commit(tagged)).usedNetwork)
    }

    @Test func concurrentFirstFetchesShareOneClone() async throws {
        let temporary = try TemporaryDirectory("source-cache-race")
        defer { temporary.remove() }
        let bare = temporary.url.appendingPathComponent("Order.git")
        let url = try makeBareRepository(at: bare, files: ["README.md": "Order\n"])
        let seed = temporary.url.appendingPathComponent("seed")
        try runGit(["clone", "-q", url, seed.path])
        try runGit(["tag", "1.0.0"], in: seed)
        try runGit(["push", "-q", "origin", "1.0.0"], in: seed)
        let cache = SourceCache(folder: temporary.url.appendingPathComponent("cache"))
        let commits = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { try cache.ensure(url: url, reference: .tag("1.0.0")).commit } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(commits).count == 1 && commits.count == 4)
        let entries = try FileManager.default.contentsOfDirectory(
            atPath: cache.location(of: url).deletingLastPathComponent().path)
        #expect(entries.filter { $0 != ".lock" } == ["Order.git"], "no partial clone is left behind")
    }

    @Test func anUnreachableRepositoryIsAnEnvironmentError() throws {
        let temporary = try TemporaryDirectory("source-cache-missing")
        defer { temporary.remove() }
        let cache = SourceCache(folder: temporary.url.appendingPathComponent("cache"))
        let url = temporary.url.appendingPathComponent("Nowhere.git").absoluteString
        do {
            _ = try cache.ensure(url: url, reference: .tag("1.0.0"))
            Issue.record("fetching a missing repository succeeded")
        } catch {
            #expect(error.kind == .environment)
            #expect(error.description.contains("Nowhere"))
        }
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: cache.folder.path).flatMap {
                try FileManager.default.contentsOfDirectory(atPath: cache.folder.appendingPathComponent($0).path)
            }.filter { $0 != ".lock" }) ?? [] == [], "no half clone is left behind")
    }

    @Test func aBranchMovesOnlyWhenRefreshed() throws {
        let temporary = try TemporaryDirectory("source-cache-branch")
        defer { temporary.remove() }
        let url = try makeBareRepository(
            at: temporary.url.appendingPathComponent("Goods.git"), files: ["README.md": "Goods\n"])
        let seed = temporary.url.appendingPathComponent("seed")
        try runGit(["clone", "-q", url, seed.path])
        try runGit(["checkout", "-q", "-b", "develop"], in: seed)
        try runGit(["push", "-q", "origin", "develop"], in: seed)
        let first = try runGit(["rev-parse", "HEAD"], in: seed).stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let cache = SourceCache(folder: temporary.url.appendingPathComponent("cache"))
        #expect(try cache.ensure(url: url, reference: .branch("develop")).commit == first)
        #expect(try cache.ensure(url: url, reference: .defaultBranch).commit == first)

        try Data("next\n".utf8).write(to: seed.appendingPathComponent("NEXT.md"))
        try runGit(["add", "-A"], in: seed)
        try runGit(["commit", "-qm", "Next"], in: seed)
        try runGit(["push", "-q", "origin", "develop"], in: seed)
        let second = try runGit(["rev-parse", "HEAD"], in: seed).stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let kept = try cache.ensure(url: url, reference: .branch("develop"))
        #expect(kept.commit == first && !kept.usedNetwork, "without refresh the cached tip is used")
        let moved = try cache.ensure(url: url, reference: .branch("develop"), refresh: true)
        #expect(moved.commit == second && moved.usedNetwork)
        #expect(try cache.readFile("NEXT.md", url: url, commit: second) == Data("next\n".utf8))
        #expect(try cache.readFile("NEXT.md", url: url, commit: first) == nil)
        #expect(throws: SourceCacheError.missingReference(url: url, reference: .branch("gone"))) {
            try cache.ensure(url: url, reference: .branch("gone"))
        }
    }

    /// A new mirror takes the remote's default branch as HEAD (here not `main`), every branch and
    /// tag, and a configuration git reads back as written, a URL with quotes and backslashes included.
    @Test func aNewMirrorFollowsTheRemotesDefaultBranchAndKeepsItsURL() throws {
        let temporary = try TemporaryDirectory("source-cache-mirror")
        defer { temporary.remove() }
        let bare = temporary.url.appendingPathComponent(#"Odd "name" \ x.git"#)
        _ = try makeBareRepository(at: bare, files: ["README.md": "Odd\n"])
        let url = bare.path
        let seed = temporary.url.appendingPathComponent("seed")
        try runGit(["clone", "-q", url, seed.path])
        try runGit(["checkout", "-q", "-b", "trunk"], in: seed)
        try Data("trunk\n".utf8).write(to: seed.appendingPathComponent("TRUNK.md"))
        try runGit(["add", "-A"], in: seed)
        try runGit(["commit", "-qm", "Trunk"], in: seed)
        try runGit(["tag", "2.0.0"], in: seed)
        try runGit(["push", "-q", "origin", "trunk", "2.0.0"], in: seed)
        try runGit(["symbolic-ref", "HEAD", "refs/heads/trunk"], in: bare)
        let trunk = try runGit(["rev-parse", "HEAD"], in: seed).stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let cache = SourceCache(folder: temporary.url.appendingPathComponent("cache"))
        let first = try cache.ensure(url: url, reference: .defaultBranch)
        #expect(first.usedNetwork && first.commit == trunk)
        let mirror = first.repository
        #expect(try runGit(["symbolic-ref", "HEAD"], in: mirror).stdout == "refs/heads/trunk\n")
        #expect(try runGit(["config", "--get", "remote.origin.url"], in: mirror).stdout == url + "\n")
        #expect(
            try runGit(["config", "--get-all", "remote.origin.fetch"], in: mirror).stdout
                == "+refs/heads/*:refs/heads/*\n+refs/tags/*:refs/tags/*\n")
        #expect(try runGit(["rev-parse", "--is-bare-repository"], in: mirror).stdout == "true\n")
        #expect(try runGit(["fsck", "--no-progress"], in: mirror, check: false).code == 0)
        // Branches and tags came with the first fetch: no second one.
        #expect(try !cache.ensure(url: url, reference: .branch("main")).usedNetwork)
        #expect(try cache.ensure(url: url, reference: .tag("2.0.0")).commit == trunk)
        // The remote's URL is read back from the configuration when the mirror fetches again.
        try runGit(["tag", "2.1.0"], in: seed)
        try runGit(["push", "-q", "origin", "2.1.0"], in: seed)
        #expect(try cache.ensure(url: url, reference: .tag("2.1.0")).usedNetwork)

        // A URL that cannot be written into a configuration is refused, and nothing is left behind.
        let broken = url + "\n[core]"
        #expect(throws: SourceCacheError.self) { try cache.ensure(url: broken, reference: .defaultBranch) }
        let parent = cache.location(of: broken).deletingLastPathComponent()
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: parent.path))?.filter { $0 != ".lock" } ?? [] == [])
    }
}
