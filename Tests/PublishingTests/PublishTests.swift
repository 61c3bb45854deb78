import ComposeTestSupport
import Foundation
import Git
import Publishing
import SpecRepos
import SpecReposTestSupport
import Specs
import Testing

@Suite("Publishing: publish over file://")
struct PublishTests {
    @Test func addThenUpdateThenRefuseThenCIThenOverwrite() throws {
        let world = try PublishWorld("publish")
        defer { world.stop() }
        let publisher = Publisher(store: SpecRepoStore(home: try world.home()))

        let work = try world.component("Pay", version: "1.0.0")
        let events = EventLog()
        let first = try publisher.publish(repo: "specs", componentDirectory: work, events: { events.append($0) })
        #expect(first.commitMessage == "[Add] Pay (1.0.0)")
        #expect(first.tagCreated)
        #expect(first.retries == 0)
        #expect(try world.remoteHasSpec("Pay", "1.0.0"))
        let head = try runGit(["rev-parse", "HEAD"], in: work).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try world.remoteTag("Pay", "1.0.0") == head)
        #expect(try runGit(["cat-file", "-t", "1.0.0"], in: work).stdout == "tag\n")
        #expect(events.all.contains { if case .tagPushed = $0 { true } else { false } })

        // The spec in the repo is the canonical encoding, ending in a newline.
        let clone = publisher.store.home.repoDirectory("specs")
        let written = try String(
            contentsOf: clone.appendingPathComponent("Pay/1.0.0/Pay.podspec.json"), encoding: .utf8)
        #expect(written.hasSuffix("}\n"))
        #expect(written.hasPrefix("{\n  \"name\": \"Pay\",\n  \"version\": \"1.0.0\""))
        let original = try Data(contentsOf: work.appendingPathComponent("Pay.podspec.json"))
        #expect(written == (try JSONParser.parse([UInt8](original))).serialized(order: .canonical))

        // A second version is an [Update].
        try world.component("Pay", version: "1.1.0")
        let second = try publisher.publish(repo: "specs", componentDirectory: work)
        #expect(second.commitMessage == "[Update] Pay (1.1.0)")

        // The same version again: refused, identical or not.
        #expect(throws: PublishError.versionExists(name: "Pay", version: "1.1.0", repo: "specs", identical: true)) {
            try publisher.publish(repo: "specs", componentDirectory: work)
        }
        let ci = try publisher.publish(repo: "specs", componentDirectory: work, options: PublishOptions(ci: true))
        #expect(ci.commit == nil)
        #expect(ci.note?.contains("identical") == true)

        try world.component("Pay", version: "1.1.0", extra: " better")
        // HEAD moved but tag 1.1.0 stays where it was: refused.
        #expect(throws: PublishError.self) {
            try publisher.publish(repo: "specs", componentDirectory: work, options: PublishOptions(ci: true))
        }
        #expect(throws: PublishError.versionExists(name: "Pay", version: "1.1.0", repo: "specs", identical: false)) {
            try publisher.publish(repo: "specs", componentDirectory: work, options: PublishOptions(noTag: true))
        }
        let fixed = try publisher.publish(
            repo: "specs", componentDirectory: work, options: PublishOptions(noTag: true, overwrite: true))
        #expect(fixed.commitMessage == "[Fix] Pay (1.1.0)")
        #expect(try world.specLog().prefix(3) == ["[Fix] Pay (1.1.0)", "[Update] Pay (1.1.0)", "[Add] Pay (1.0.0)"])
        #expect(try gitStatusIsClean(clone))
    }

    @Test func aTagAtAnotherCommitIsRefusedBeforeAnythingIsPushed() throws {
        let world = try PublishWorld("tag-elsewhere")
        defer { world.stop() }
        let publisher = Publisher(store: SpecRepoStore(home: try world.home()))
        let work = try world.component("Order", version: "2.0.0")
        try runGit(["tag", "-a", "2.0.0", "-m", "old", "HEAD"], in: work)
        try Data("more".utf8).write(to: work.appendingPathComponent("extra.txt"))
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "-m", "more"], in: work)
        do {
            try publisher.publish(repo: "specs", componentDirectory: work)
            Issue.record("expected a refusal")
        } catch {
            guard case .tagElsewhere(tag: "2.0.0", _, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.kind == .input)
        }
        #expect(try world.remoteTag("Order", "2.0.0") == nil)
        #expect(try !world.remoteHasSpec("Order", "2.0.0"))
    }

    @Test func aTagReleasedFromElsewhereIsNotMoved() throws {
        let world = try PublishWorld("remote-tag")
        defer { world.stop() }
        let publisher = Publisher(store: SpecRepoStore(home: try world.home()))
        let work = try world.component("Goods", version: "3.0.0")
        // Someone else tagged 3.0.0 on another commit and pushed it.
        let elsewhere = world.temp.url.appendingPathComponent("elsewhere")
        try runGit(["clone", "-q", world.url("Goods.git"), elsewhere.path])
        try runGit(["commit", "-q", "--allow-empty", "-m", "theirs"], in: elsewhere)
        try runGit(["tag", "-a", "3.0.0", "-m", "theirs"], in: elsewhere)
        try runGit(["push", "-q", "origin", "refs/tags/3.0.0"], in: elsewhere)
        let theirs = try world.remoteTag("Goods", "3.0.0")

        do {
            try publisher.publish(repo: "specs", componentDirectory: work)
            Issue.record("expected a refusal")
        } catch {
            guard case .remoteTagElsewhere(tag: "3.0.0", _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.kind == .input)
        }
        #expect(try world.remoteTag("Goods", "3.0.0") == theirs)
        #expect(try !world.remoteHasSpec("Goods", "3.0.0"))
        #expect(try runGit(["tag"], in: work).stdout.isEmpty)
    }

    @Test func aDirtyTreeOrAMissingSpecOrRepoIsRefused() throws {
        let world = try PublishWorld("dirty")
        defer { world.stop() }
        let publisher = Publisher(store: SpecRepoStore(home: try world.home()))
        let work = try world.component("Cart", version: "1.0.0")
        try Data("wip".utf8).write(to: work.appendingPathComponent("wip.swift"))
        #expect(throws: PublishError.componentNotClean(path: work.path, files: ["wip.swift"])) {
            try publisher.publish(repo: "specs", componentDirectory: work)
        }
        try FileManager.default.removeItem(at: work.appendingPathComponent("wip.swift"))
        #expect(throws: PublishError.repo(.repoNotFound(name: "nope", available: ["specs"]))) {
            try publisher.publish(repo: "nope", componentDirectory: work)
        }
        #expect(try world.remoteTag("Cart", "1.0.0") == nil)

        let empty = world.temp.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: PublishError.specNotFound(directory: empty.path)) {
            try publisher.publish(repo: "specs", componentDirectory: empty)
        }
        try Data("{}".utf8).write(to: empty.appendingPathComponent("A.podspec.json"))
        try Data("{}".utf8).write(to: empty.appendingPathComponent("B.podspec.json"))
        #expect(throws: PublishError.severalSpecs(directory: empty.path, files: ["A.podspec.json", "B.podspec.json"])) {
            try publisher.publish(repo: "specs", componentDirectory: empty)
        }
    }

    @Test func lintErrorsStopAPublishBeforeAnythingIsTagged() throws {
        let world = try PublishWorld("lint")
        defer { world.stop() }
        let publisher = Publisher(store: SpecRepoStore(home: try world.home()))
        let work = try world.component("Empty", version: "1.0.0")
        let spec = world.podspec("Empty", version: "1.0.0").replacingOccurrences(
            of: ",\n  \"source_files\": \"Sources/Empty/**/*.swift\"", with: "")
        try Data(spec.utf8).write(to: work.appendingPathComponent("Empty.podspec.json"))
        try runGit(["commit", "-q", "-am", "no sources"], in: work)
        do {
            try publisher.publish(repo: "specs", componentDirectory: work)
            Issue.record("expected a lint failure")
        } catch {
            guard case .lintFailed(_, let findings, let errors, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(errors == 1)
            #expect(findings.first?.description.contains("[spec-empty]") == true)
            #expect(error.kind == .input)
        }
        #expect(try world.remoteTag("Empty", "1.0.0") == nil)
        #expect(try runGit(["tag"], in: work).stdout.isEmpty)
    }

    @Test func aSpecWhoseURLCarriesATokenIsRefusedBeforeAnythingIsTagged() throws {
        let world = try PublishWorld("lint-credentials")
        defer { world.stop() }
        let publisher = Publisher(store: SpecRepoStore(home: try world.home()))
        let work = try world.component("Leaky", version: "1.0.0")
        let spec = world.podspec("Leaky", version: "1.0.0").replacingOccurrences(
            of: "\"homepage\": \"https://example.com/Leaky\"",
            with: "\"homepage\": \"https://ci:SECRET@example.com/Leaky\"")
        try Data(spec.utf8).write(to: work.appendingPathComponent("Leaky.podspec.json"))
        try runGit(["commit", "-q", "-am", "a token in the homepage"], in: work)
        do {
            try publisher.publish(repo: "specs", componentDirectory: work)
            Issue.record("expected a lint failure")
        } catch {
            guard case .lintFailed(_, let findings, _, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(findings.contains { $0.description.contains("[url-credentials]") })
            #expect(!findings.map(\.description).joined().contains("SECRET"))
        }
        #expect(try world.remoteTag("Leaky", "1.0.0") == nil)
        #expect(!(try world.remoteHasSpec("Leaky", "1.0.0")))
    }

    @Test func aSpecRepoThatStallsAfterTheTagIsPushedSaysWhatToDo() throws {
        let world = try PublishWorld("publish-stall")
        defer { world.stop() }
        let server = try CaptureServer(.stall)
        defer { server.stop() }
        let home = try world.home()
        let publisher = Publisher(store: SpecRepoStore(home: home))
        let work = try world.component("Stalled", version: "1.0.0")
        try gitSetRemoteURL(home.repoDirectory("specs"), "origin", to: server.url("specs.git"))
        do {
            _ = try NetworkTimeouts(connect: 1, idle: 1).during { () throws(PublishError) in
                try publisher.publish(repo: "specs", componentDirectory: work)
            }
            Issue.record("a publish to a stalled spec repo succeeded")
        } catch {
            #expect(error.kind == .environment)
            #expect(error.description.contains("tag 1.0.0 is pushed, the spec is not."), "\(error)")
            #expect(error.description.contains("then run `compose publish specs` again to finish"), "\(error)")
            #expect(error.description.contains("did not answer"), "\(error)")
        }
        #expect(try world.remoteTag("Stalled", "1.0.0") != nil)
        #expect(try gitStatusIsClean(home.repoDirectory("specs")))
    }

    @Test func aSpecNameThatWouldEscapeTheRepoIsRefused() throws {
        let world = try PublishWorld("escape")
        defer { world.stop() }
        let publisher = Publisher(store: SpecRepoStore(home: try world.home()))
        let work = try world.component("Evil", version: "1.0.0")
        let spec = world.podspec("Evil", version: "1.0.0").replacingOccurrences(
            of: "\"name\": \"Evil\"", with: "\"name\": \"../Evil\"")
        try Data(spec.utf8).write(to: work.appendingPathComponent("Evil.podspec.json"))
        try runGit(["commit", "-q", "-am", "evil"], in: work)
        #expect(throws: PublishError.self) { try publisher.publish(repo: "specs", componentDirectory: work) }
        #expect(
            !FileManager.default.fileExists(
                atPath: publisher.store.home.reposDirectory.appendingPathComponent("Evil").path))
    }

    @Test func anInterruptedPublishIsRolledBackByTheNextOne() throws {
        let world = try PublishWorld("journal")
        defer { world.stop() }
        let home = try world.home()
        let clone = home.repoDirectory("specs")
        // What a publish killed after its commit leaves: a marker, a local commit, a stale lock.
        let repository = try Repository.open(at: clone)
        try Data("A\n".utf8).write(to: repository.gitDirectory.appendingPathComponent("compose-publish"))
        let stray = clone.appendingPathComponent("A/1.0/A.podspec.json")
        try FileManager.default.createDirectory(
            at: stray.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: stray)
        try repository.add(["A"])
        try repository.commit(message: "[Add] A (1.0)")
        try FileManager.default.createDirectory(
            at: clone.appendingPathComponent("A/1.1"), withIntermediateDirectories: true)
        try Data("half".utf8).write(to: clone.appendingPathComponent("A/1.1/A.podspec.json.partial"))
        try Data().write(to: repository.gitDirectory.appendingPathComponent("index.lock"))

        let updates = try SpecRepoStore(home: home).update("specs")
        #expect(updates.first?.recovered == true)
        #expect(try gitStatusIsClean(repository.location))
        #expect(try repository.headCommit() == repository.resolveCommit("origin/main"))
        #expect(!FileManager.default.fileExists(atPath: stray.path))
    }
}

final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [PublishEvent] = []
    func append(_ event: PublishEvent) { lock.withLock { events.append(event) } }
    var all: [PublishEvent] { lock.withLock { events } }
}
