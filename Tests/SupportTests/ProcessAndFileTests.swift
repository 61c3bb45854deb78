import ComposeTestSupport
import Foundation
import Testing

@testable import Support

#if canImport(Glibc)
    import Glibc
#endif

/// The process runner and the atomic file writer every module uses, on real processes and files.
@Suite struct ProcessAndFileTests {
    @Test func outputErrorsAndInputAreKeptApartOrMerged() throws {
        let sh = URL(fileURLWithPath: "/bin/sh")
        let apart = try ProcessRunner.run(
            sh, ["-c", "cat; echo out; echo err >&2; exit 3"], input: Data("in\n".utf8))
        #expect(apart.status == 3)
        #expect(apart.outputText == "in\nout\n")
        #expect(apart.errorText == "err\n")
        #expect(!apart.succeeded && !apart.timedOut)
        let merged = try ProcessRunner.run(sh, ["-c", "echo out; echo err >&2"], mergeErrors: true)
        #expect(merged.outputText.contains("out\n") && merged.outputText.contains("err\n"))
        #expect(merged.errorOutput.isEmpty)
    }

    @Test func largeOutputOnBothStreamsDoesNotStall() throws {
        // 4 MiB on each stream: more than a pipe holds, read at once on both.
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "head -c 4194304 /dev/zero; head -c 4194304 /dev/zero >&2"], timeout: 60)
        #expect(result.output.count == 4_194_304)
        #expect(result.errorOutput.count == 4_194_304)
        #expect(result.succeeded)
    }

    @Test func aChildThatIgnoresItsInputOrRunsTooLongIsHandled() throws {
        // The child exits without reading 8 MiB of input: compose carries on (no SIGPIPE).
        let ignoring = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 0"], input: Data(count: 8 << 20))
        #expect(ignoring.succeeded)
        let started = Date()
        let slow = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sleep"), ["30"], timeout: 1)
        #expect(slow.timedOut)
        #expect(!slow.succeeded)
        #expect(Date().timeIntervalSince(started) < 25)  // killed, not waited for: `sleep` asked for 30 s
        #expect(throws: ProcessLaunchFailure.self) {
            _ = try ProcessRunner.run(URL(fileURLWithPath: "/nonexistent/tool"), [])
        }
        #expect(ProcessRunner.find("sh", path: "/nonexistent:/bin")?.path == "/bin/sh")
        #expect(ProcessRunner.find("no-such-tool-here", path: "/bin") == nil)
    }

    @Test func anAtomicWriteReplacesWholeNeverFollowsALinkAndLeavesNothingOnFailure() throws {
        let folder = try TemporaryDirectory("atomic-file")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("Compose.lock")
        try AtomicFile.write(Data("one".utf8), to: file)
        try AtomicFile.write(Data("two".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "two")
        try AtomicFile.write(Data("deep".utf8), to: folder.url.appendingPathComponent("a/b/c.txt"), createFolder: true)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("a/b/c.txt").path))

        // A link where the file is: replaced by a file, its target untouched.
        let target = folder.url.appendingPathComponent("target.txt")
        try Data("kept".utf8).write(to: target)
        let link = folder.url.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try AtomicFile.write(Data("new".utf8), to: link)
        #expect(try String(contentsOf: target, encoding: .utf8) == "kept")
        let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOf: link, encoding: .utf8) == "new")

        // A folder that cannot be written: an error naming the file, and no temporary file left.
        let locked = folder.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        chmod(locked.path, 0o500)
        defer { chmod(locked.path, 0o700) }
        if getuid() != 0 {
            #expect(throws: AtomicWriteFailure.self) {
                try AtomicFile.write(Data("x".utf8), to: locked.appendingPathComponent("f"))
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasSuffix(".partial")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func sweepRemovesOnlyWhatDeadWritersLeft() throws {
        let folder = try TemporaryDirectory("atomic-sweep")
        defer { folder.remove() }
        // A process that has exited: its pid names no running process.
        let dead = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo $$"]).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let names = [
            ".Package.swift.\(dead).1234.partial",  // a dead writer's: swept
            ".Package.swift.\(getpid()).99.partial",  // this process's own, still writing: kept
            ".Package.swift.1.5.partial",  // pid 1 runs: kept
            "Package.swift",  // not a temporary file
        ]
        for name in names { try Data().write(to: folder.url.appendingPathComponent(name)) }
        #expect(AtomicFile.sweep(in: folder.url) == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(left == names.dropFirst().sorted())
    }
}
