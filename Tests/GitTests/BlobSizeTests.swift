import ComposeTestSupport
import Foundation
import Git
import Testing

/// A component's tree is untrusted: its files' sizes are read from the object headers, and a file
/// over a limit is refused by name and size before any of it is inflated.
@Suite("Git: blob sizes before reads", .serialized)
struct BlobSizeTests {
    @Test func sizesComeFromTheHeadersAndALargeFileIsRefusedByNameBeforeItIsRead() throws {
        let temp = try TemporaryDirectory("git-blob-sizes")
        defer { temp.remove() }
        let work = temp.url.appendingPathComponent("work")
        try runGit(["init", "-q", "-b", "main", work.path])
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try Data("small\n".utf8).write(to: work.appendingPathComponent("README.md"))
        try Data(repeating: 0x61, count: 70_000).write(to: work.appendingPathComponent("Sources/Big.bin"))
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "-m", "files"], in: work)
        // Loose objects first, then the same tree packed (where git stores the large file as a delta-free entry).
        for packed in [false, true] {
            if packed { try runGit(["repack", "-adq"], in: work) }
            let repository = try Repository.open(at: work)
            let sizes = try repository.fileSizes(at: "HEAD")
            #expect(sizes.map(\.path) == ["README.md", "Sources/Big.bin"])
            #expect(sizes.map(\.size) == [6, 70_000])
            #expect(try repository.fileSize("Sources/Big.bin", at: "HEAD") == 70_000)
            #expect(try repository.fileSize("Missing", at: "HEAD") == nil)
            #expect(try repository.readFile("README.md", at: "HEAD", limit: 64 * 1024) == Data("small\n".utf8))
            #expect(throws: GitError.fileTooLarge(path: "Sources/Big.bin", size: 70_000, limit: 64 * 1024)) {
                try repository.readFile("Sources/Big.bin", at: "HEAD", limit: 64 * 1024)
            }
            #expect(
                GitError.fileTooLarge(path: "Sources/Big.bin", size: 70_000, limit: 64 * 1024).description
                    == "'Sources/Big.bin' is 68.4 KiB, over the limit of 64.0 KiB; it was not read")
        }

        // A checkout that measures first writes nothing when one file is over its limit.
        let clone = try Repository.clone(
            from: work.path, to: temp.url.appendingPathComponent("clone"), checkout: false)
        #expect(throws: GitError.fileTooLarge(path: "Sources/Big.bin", size: 70_000, limit: 1000)) {
            try clone.checkoutMeasured("HEAD", maximumFileSize: 1000)
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: clone.workingDirectory!.path)
        #expect(written == [".git"])
        try clone.checkoutMeasured("HEAD", maximumFileSize: 100_000)
        #expect(
            try Data(contentsOf: clone.workingDirectory!.appendingPathComponent("Sources/Big.bin")).count == 70_000)
        #expect(try gitStatusIsClean(clone.location))
    }

    /// One real size: 300 MiB of zeros (a few hundred KiB in git) is measured and refused without
    /// the memory its bytes would take.
    @Test func aThreeHundredMebibyteBlobCostsNoMemoryToMeasureOrRefuse() throws {
        let temp = try TemporaryDirectory("git-blob-large")
        defer { temp.remove() }
        let work = temp.url.appendingPathComponent("work")
        try runGit(["init", "-q", "-b", "main", work.path])
        let big = work.appendingPathComponent("zeros.bin")
        let size = 300 * 1_048_576
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        try runGit(["add", "-A"], in: work)
        try runGit(["commit", "-q", "-m", "zeros"], in: work)
        try runGit(["repack", "-adq"], in: work)
        try FileManager.default.removeItem(at: big)

        let repository = try Repository.open(at: work)
        let before = peakResidentBytes(reset: true)
        #expect(try repository.fileSizes(at: "HEAD").map(\.size) == [size])
        #expect(throws: GitError.fileTooLarge(path: "zeros.bin", size: size, limit: 100 * 1_048_576)) {
            try repository.readFile("zeros.bin", at: "HEAD", limit: 100 * 1_048_576)
        }
        let after = peakResidentBytes(reset: false)
        // Reading it would take 300 MiB; measuring it takes next to nothing.
        #expect(after - before < 50 * 1_048_576, "peak RSS grew by \(after - before) bytes")
    }

    /// The peak resident set (VmHWM) in bytes; `reset` first sets it back to the current size
    /// (`/proc/self/clear_refs`), so that the next reading is the peak of what runs in between.
    private func peakResidentBytes(reset: Bool) -> Int {
        if reset, let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            try? handle.write(contentsOf: Data("5".utf8))
            try? handle.close()
        }
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }
}
