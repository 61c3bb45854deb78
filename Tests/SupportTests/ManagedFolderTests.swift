import ComposeTestSupport
import Foundation
import Testing

@testable import Support

#if canImport(Glibc)
    import Glibc
#endif

/// The output folder the CDN export, the catalogue and the registry export keep, on real files: one
/// run through `ManagedFolder` the way each of them makes it.
@Suite struct ManagedFolderTests {
    static let name = "test-manifest"

    /// One run: `contents` made the folder's own (only what differs written), what the manifest listed
    /// beyond it removed.
    func run(_ contents: [String: Data], in root: String) throws -> FolderReport {
        var folder = try ManagedFolder(root: root, manifestName: ".test-manifest", writer: "the test")
        let old = FolderManifest(folder.readManifest(), name: Self.name) { !$0.contains("..") }
        let stale = old.paths.subtracting(contents.keys).sorted()
        for relative in Array(contents.keys) + stale { try folder.check(relative) }
        let (changed, unchanged) = folder.changes(in: contents)
        var report = FolderReport(unchanged: unchanged)
        try folder.begin(
            pending: FolderManifest.text(Self.name, paths: old.paths.union(contents.keys), complete: false),
            sweeping: old.isComplete ? nil : old.paths.union(contents.keys))
        for (relative, data) in changed {
            try folder.write(data, to: relative)
            report.written.append(relative)
        }
        for relative in stale where folder.remove(relative) { report.removed.append(relative) }
        try folder.finish(manifest: FolderManifest.text(Self.name, paths: Set(contents.keys), complete: true))
        return report
    }

    func inode(_ path: String) -> UInt64 {
        var status = stat()
        return lstat(path, &status) == 0 ? UInt64(status.st_ino) : 0
    }

    func files(under root: String) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
    }

    @Test func onlyChangedBytesAreWrittenAndOnlyItsOwnFilesRemoved() throws {
        let temporary = try TemporaryDirectory("managed-folder")
        defer { temporary.remove() }
        let root = temporary.url.appendingPathComponent("out").path
        let first = try run(["a.txt": Data("a".utf8), "sub/b.txt": Data("b".utf8)], in: root)
        #expect(first == FolderReport(written: ["a.txt", "sub/b.txt"], unchanged: 0))
        let manifest = try String(contentsOfFile: root + "/.test-manifest", encoding: .utf8)
        #expect(manifest == "test-manifest 1 complete\na.txt\nsub/b.txt\n")

        // Someone else's file beside them, and a manifest line that would leave the folder.
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: root + "/sub/theirs.txt"))
        let victim = temporary.url.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        try Data((manifest + "../victim.txt\n").utf8).write(to: URL(fileURLWithPath: root + "/.test-manifest"))
        let inode = self.inode(root + "/a.txt")

        let second = try run(["a.txt": Data("a".utf8), "c/d.txt": Data("d".utf8)], in: root)
        #expect(second == FolderReport(written: ["c/d.txt"], removed: ["sub/b.txt"], unchanged: 1))
        // The unchanged file was not written again (same inode), the others' file and the victim stay.
        #expect(FileManager.default.fileExists(atPath: root + "/sub/theirs.txt"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        #expect(self.inode(root + "/a.txt") == inode)

        // A file that was the folder's alone goes with its folder.
        let third = try run(["a.txt": Data("a".utf8)], in: root)
        #expect(third.removed == ["c/d.txt"])
        #expect(files(under: root) == [".test-manifest", "a.txt", "sub", "sub/theirs.txt"])
        #expect(try run(["a.txt": Data("a".utf8)], in: root) == FolderReport(unchanged: 1))
    }

    /// A web server's ETag is the file's size and modification second (nginx): a change of the
    /// same size within that second must still move the second, or clients keep the old bytes.
    @Test func aSameSizeChangeWithinASecondMovesTheModificationSecond() throws {
        let temporary = try TemporaryDirectory("managed-folder")
        defer { temporary.remove() }
        let root = temporary.url.appendingPathComponent("out").path
        _ = try run(["index.txt": Data("1.0.1".utf8)], in: root)
        let first = try #require(ManagedFolder.modificationSecond(of: root + "/index.txt"))
        _ = try run(["index.txt": Data("1.0.2".utf8)], in: root)
        let second = try #require(ManagedFolder.modificationSecond(of: root + "/index.txt"))
        #expect(second > first)
        #expect(try String(contentsOfFile: root + "/index.txt", encoding: .utf8) == "1.0.2")
        // An unchanged file keeps its time.
        _ = try run(["index.txt": Data("1.0.2".utf8)], in: root)
        #expect(ManagedFolder.modificationSecond(of: root + "/index.txt") == second)
    }

    @Test func aLinkAtTheFolderOrOnTheWayToAFileIsRefusedBeforeAnythingIsWritten() throws {
        let temporary = try TemporaryDirectory("managed-folder-links")
        defer { temporary.remove() }
        let elsewhere = temporary.url.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let root = temporary.url.appendingPathComponent("out").path
        _ = try run(["a.txt": Data("a".utf8)], in: root)

        try FileManager.default.createSymbolicLink(atPath: root + "/sub", withDestinationPath: elsewhere)
        #expect(throws: ManagedFolderFailure.unsafe(path: root + "/sub", what: "a symbolic link")) {
            try run(["a.txt": Data("new".utf8), "sub/b.txt": Data("b".utf8)], in: root)
        }
        #expect(try String(contentsOfFile: root + "/a.txt", encoding: .utf8) == "a")
        #expect(files(under: elsewhere).isEmpty)

        // The folder itself a link; a link above it is the user's own.
        let link = temporary.url.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: root)
        #expect(throws: ManagedFolderFailure.unsafe(path: link, what: "a symbolic link")) {
            try run(["a.txt": Data("a".utf8)], in: link)
        }
        let above = temporary.url.appendingPathComponent("above").path
        try FileManager.default.createSymbolicLink(atPath: above, withDestinationPath: temporary.url.path)
        #expect(try run(["a.txt": Data("a".utf8)], in: above + "/out") == FolderReport(unchanged: 1))

        // A FIFO where a file is compared is never opened (which would block).
        #expect(mkfifo(root + "/f.txt", 0o644) == 0)
        #expect(throws: ManagedFolderFailure.unsafe(path: root + "/f.txt", what: "not a regular file")) {
            try run(["f.txt": Data("f".utf8)], in: root)
        }
    }

    @Test func aRunThatDidNotFinishIsSweptAndFinishedByTheNext() throws {
        let temporary = try TemporaryDirectory("managed-folder-pending")
        defer { temporary.remove() }
        let root = temporary.url.appendingPathComponent("out").path
        _ = try run(["a.txt": Data("a".utf8), "sub/b.txt": Data("b".utf8)], in: root)
        // What a kill leaves: a pending manifest naming a file the run had written, the temporary
        // files of a dead writer, and those of earlier versions of compose.
        let dead = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo $$"]).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let leftovers = [
            ".a.txt.\(dead).77.partial", "sub/.b.txt.\(dead).78.partial", ".a.txt.compose-export.tmp",
            "sub/.dat.nosync0f0f",
        ]
        for relative in leftovers + ["half.txt"] {
            try Data("half".utf8).write(to: URL(fileURLWithPath: joinedPath(root, relative)))
        }
        try Data("test-manifest 1 pending\na.txt\nhalf.txt\nsub/b.txt\n".utf8)
            .write(to: URL(fileURLWithPath: root + "/.test-manifest"))

        let next = try run(["a.txt": Data("a".utf8), "sub/b.txt": Data("b".utf8)], in: root)
        #expect(next == FolderReport(removed: ["half.txt"], unchanged: 2))
        #expect(files(under: root) == [".test-manifest", "a.txt", "sub", "sub/b.txt"])
        #expect(
            try String(contentsOfFile: root + "/.test-manifest", encoding: .utf8)
                == "test-manifest 1 complete\na.txt\nsub/b.txt\n")
    }

    @Test func aManifestOfAnotherFormatOwnsNothing() {
        let bytes = Array("other-manifest 1 complete\na.txt\n".utf8)
        let manifest = FolderManifest(bytes, name: Self.name) { _ in true }
        #expect(manifest.paths.isEmpty && !manifest.isComplete)
        let records = FolderManifest(
            Array("test-manifest 1 pending\ntree 1 2 3\na.txt\n".utf8), name: Self.name
        ) { !$0.contains(" ") }
        #expect(records.paths == ["a.txt"] && records.records == ["tree 1 2 3"] && !records.isComplete)
    }
}
