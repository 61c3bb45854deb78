import ComposeTestSupport
import Foundation
import Registry
import SpecRepos
import Testing

/// What a component's repository cannot do to a registry: make the export read a huge tree, or
/// change a release once it is published.
@Suite struct RegistryReleaseSafetyTests {
    /// Moves tag `version` of component `name` to a new commit with another file, and edits its
    /// spec's summary (so the next export makes the release again).
    private func moveTag(_ fixture: ComponentFixture, _ name: String, _ version: String) throws {
        let work = fixture.root.appendingPathComponent("src/\(name)")
        try Data("// moved\n".utf8).write(to: work.appendingPathComponent("Sources/\(name)/Moved.swift"))
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "-m", "moved"], in: work)
        try runGit(["tag", "-f", version], in: work)
        try runGit(["push", "-q", "-f", "origin", "main", version], in: work)
        let spec = fixture.specs.appendingPathComponent("\(name)/\(version)/\(name).podspec.json")
        let text = try String(contentsOf: spec, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "component.", with: "component, fixed.").utf8).write(to: spec)
    }

    @Test func aTreeOverTheArchiveLimitIsSkippedByItsLargestFileBeforeAnyOfItIsRead() throws {
        let folder = try TemporaryDirectory("registry-large-blob")
        defer { folder.remove() }
        let fixture = try ComponentFixture(root: folder.url.appendingPathComponent("team"))
        try fixture.release("Base", "1.0.0", extraFiles: ["Resources/big.bin": String(repeating: "0", count: 70_000)])
        try fixture.release("Small", "1.0.0")
        let output = folder.url.appendingPathComponent("registry")
        let summary = try RegistryExport.export(
            from: fixture.specs, to: output, scope: "ios",
            sources: SourceCache(folder: folder.url.appendingPathComponent("cache")),
            maximumArchiveBytes: 64 * 1024)
        #expect(summary.releases == 1)
        #expect(summary.skipped.map { "\($0.name) \($0.version)" } == ["Base 1.0.0"])
        let reason = summary.skipped.first?.reason ?? ""
        #expect(reason.contains("over the archive limit of 64.0 KiB"), "\(reason)")
        #expect(reason.contains("largest file: Resources/big.bin, 68.4 KiB"), "\(reason)")
        #expect(reason.contains("none of it was read"), "\(reason)")
        #expect(!(FileManager.default.fileExists(atPath: output.appendingPathComponent("ios/Base").path)))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("ios/Small/1.0.0.zip").path))
    }

    @Test func aMovedTagIsRefusedNamingBothChecksumsAndTheRecordedArchiveStaysUntilRetired() async throws {
        let folder = try TemporaryDirectory("registry-moved-tag")
        defer { folder.remove() }
        let fixture = try ComponentFixture(root: folder.url.appendingPathComponent("team"))
        try fixture.release("Base", "1.0.0")
        try fixture.release("Base", "1.1.0")
        let output = folder.url.appendingPathComponent("registry")
        let archive = output.appendingPathComponent("ios/Base/1.0.0.zip")
        func export(_ extra: [String] = [], cache: String) async throws -> ComposeRun {
            try await runCompose(
                ["registry", "export", fixture.specs.path, output.path, "--scope", "ios"] + extra,
                environment: ["COMPOSE_HOME": folder.url.appendingPathComponent(cache).path])
        }
        let first = try await export(cache: "home-1")
        #expect(first.code == 0, "\(first.stderr)")
        let recorded = try Data(contentsOf: archive)
        let metadata = try Data(contentsOf: output.appendingPathComponent("ios/Base/1.0.0.json"))
        let manifest = try Data(contentsOf: output.appendingPathComponent(RegistryLayout.manifestName))
        let checksum = SourceArchive.checksum(of: recorded)

        // The tag moves; an export from a fresh cache makes the release again and finds other bytes.
        try moveTag(fixture, "Base", "1.0.0")
        let refused = try await export(cache: "home-2")
        #expect(refused.code == 1, "\(refused.stdout + refused.stderr)")
        #expect(refused.stderr.contains("Base 1.0.0: tag 1.0.0 of \(fixture.url(of: "Base"))"), "\(refused.stderr)")
        #expect(refused.stderr.contains("the registry recorded \(checksum)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("now gives checksum "), "\(refused.stderr)")
        #expect(refused.stderr.contains("--retire Base@1.0.0"), "\(refused.stderr)")
        #expect(try Data(contentsOf: archive) == recorded)
        #expect(try Data(contentsOf: output.appendingPathComponent("ios/Base/1.0.0.json")) == metadata)
        #expect(try Data(contentsOf: output.appendingPathComponent(RegistryLayout.manifestName)) == manifest)

        // A name that is no version of the spec repo is refused.
        let unknown = try await export(["--retire", "Base@9.9.9"], cache: "home-2")
        #expect(unknown.code == 1)
        #expect(unknown.stderr.contains("--retire Base@9.9.9 names no version"), "\(unknown.stderr)")
        #expect(try Data(contentsOf: archive) == recorded)

        // Retired explicitly: its files go, the other release stays, and it never comes back.
        let retired = try await export(["--retire", "Base@1.0.0"], cache: "home-2")
        #expect(retired.code == 0, "\(retired.stderr)")
        #expect(!(FileManager.default.fileExists(atPath: archive.path)))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("ios/Base/1.1.0.zip").path))
        let releases = try String(contentsOf: output.appendingPathComponent("ios/Base.json"), encoding: .utf8)
        #expect(!(releases.contains("1.0.0")), "\(releases)")
        let later = try await export(cache: "home-3")
        #expect(later.code == 0, "\(later.stderr)")
        #expect(!(FileManager.default.fileExists(atPath: archive.path)))
        #expect(later.stdout.contains("retired with --retire (its checksum was \(checksum))"), "\(later.stdout)")
    }
}

@Suite struct SourceArchiveStreamingTests {
    /// The archive written to disk a file at a time has the bytes of the one made in memory (the
    /// checksums recorded by earlier exports stay valid), and reads each file once.
    @Test func theStreamedArchiveHasTheBytesOfTheOneMadeInMemory() throws {
        let folder = try TemporaryDirectory("registry-archive-streamed")
        defer { folder.remove() }
        let files: [(path: String, data: Data)] = [
            ("Package.swift", Data("// swift-tools-version:5.9\n".utf8)),
            ("Sources/A/A.swift", Data(String(repeating: "let a = 1\n", count: 20_000).utf8)),
            ("Sources/A/Empty.swift", Data()),
            ("Resources/blob.bin", Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })),
        ]
        let memory = try SourceArchive.make(files, folder: "A")
        let file = folder.url.appendingPathComponent("A.zip")
        var reads: [String] = []
        try SourceArchive.write(paths: files.map { ($0.path, $0.data.count) }, folder: "A", to: file) { path in
            reads.append(path)
            return files.first { $0.path == path }!.data
        }
        #expect(try Data(contentsOf: file) == memory)
        #expect(try SourceArchive.checksum(ofFile: file) == SourceArchive.checksum(of: memory))
        #expect(reads.sorted() == files.map(\.path).sorted(), "each file is read once")
    }
}
