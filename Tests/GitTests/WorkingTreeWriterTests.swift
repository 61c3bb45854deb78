import ComposeTestSupport
import Foundation
import Git
import Testing

@Suite("Git: clone without checkout, then the working tree written on several threads")
struct WorkingTreeWriterTests {
    /// A bare repository with 600 spec files in nested folders (enough for several writers), an
    /// executable, a symbolic link, an empty file, binary bytes, names with spaces and non-ASCII
    /// letters, and a submodule entry.
    static func makeSource(in temp: TemporaryDirectory) throws -> URL {
        let seed = temp.url.appendingPathComponent("seed")
        try runGit(["init", "-q", "-b", "main", seed.path])
        for pod in 0..<120 {
            for version in 1...5 {
                let file = seed.appendingPathComponent("Pod\(pod)/\(version).0.0/Pod\(pod).podspec.json")
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("{\"name\": \"Pod\(pod)\", \"version\": \"\(version).0.0\"}\n".utf8).write(to: file)
            }
        }
        let extras: [(String, Data)] = [
            ("bin/release.sh", Data("#!/bin/sh\necho release\n".utf8)),
            ("docs/empty.txt", Data()),
            ("docs/binary.dat", Data([0, 1, 2, 255, 254, 0, 10, 13])),
            ("docs/with space/Ünïcode.md", Data("é\n".utf8)),
        ]
        for (path, data) in extras {
            let file = seed.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: seed.appendingPathComponent("bin/release.sh").path)
        try FileManager.default.createSymbolicLink(
            atPath: seed.appendingPathComponent("latest").path, withDestinationPath: "Pod1/5.0.0")
        try runGit(["add", "-A"], in: seed)
        try runGit(
            ["update-index", "--add", "--cacheinfo", "160000,\(String(repeating: "ab", count: 20)),vendor/sub"],
            in: seed)
        try runGit(["commit", "-q", "-m", "specs"], in: seed)
        let bare = temp.url.appendingPathComponent("specs.git")
        try runGit(["clone", "-q", "--bare", seed.path, bare.path])
        return bare
    }

    /// Every path below `root` (`.git` left out) with what it is: a file's mode bits and bytes,
    /// a link's target, or a folder.
    static func snapshot(_ root: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        let manager = FileManager.default
        func visit(_ relative: String) throws {
            let path = relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
            for name in try manager.contentsOfDirectory(atPath: path) where !(relative.isEmpty && name == ".git") {
                let child = relative.isEmpty ? name : relative + "/" + name
                let full = root.appendingPathComponent(child).path
                let attributes = try manager.attributesOfItem(atPath: full)
                switch attributes[.type] as? FileAttributeType {
                case .typeSymbolicLink?:
                    result[child] = "link → " + (try manager.destinationOfSymbolicLink(atPath: full))
                case .typeDirectory?:
                    result[child] = "folder"
                    try visit(child)
                default:
                    let permissions = (attributes[.posixPermissions] as? Int ?? 0) & 0o111
                    let bytes = manager.contents(atPath: full) ?? Data()
                    result[child] = "file \(permissions != 0 ? "x" : "-") \(bytes.base64EncodedString())"
                }
            }
        }
        try visit("")
        return result
    }

    @Test(arguments: ["file", "daemon"])
    func theTreeEqualsGitsCloneAndGitSeesItClean(transport: String) throws {
        let temp = try TemporaryDirectory("tree-writer")
        defer { temp.remove() }
        let bare = try Self.makeSource(in: temp)
        let daemon = transport == "daemon" ? try GitDaemon(base: temp.url) : nil
        defer { daemon?.stop() }
        let url = daemon?.url("specs.git") ?? bare.absoluteURL.absoluteString

        let ours = temp.url.appendingPathComponent("ours")
        let repository = try Repository.clone(from: url, to: ours, applyFilters: false, checkout: false)
        #expect(try Self.snapshot(ours).isEmpty)
        let reports = Box<[TransferProgress]>([])
        try repository.writeWorkingTree(jobs: 3) { reports.value.append($0) }
        let theirs = temp.url.appendingPathComponent("theirs")
        try runGit(["clone", "-q", url, theirs.path])

        let snapshot = try Self.snapshot(ours)
        #expect(snapshot == (try Self.snapshot(theirs)))
        #expect(snapshot.count > 600 + 120 * 5)
        #expect(snapshot["bin/release.sh"]?.hasPrefix("file x") == true)
        #expect(snapshot["latest"] == "link → Pod1/5.0.0")
        #expect(snapshot["vendor/sub"] == "folder")
        // The index holds every entry as git's own clone does, and its stat data matches the files:
        // `git diff-files` (which never re-reads a file) finds nothing, and neither does status.
        let listed = try runGit(["ls-files", "-s"], in: ours).stdout
        #expect(listed == (try runGit(["ls-files", "-s"], in: theirs).stdout))
        #expect(try runGit(["diff-files", "--quiet"], in: ours, check: false).code == 0)
        #expect(try runGit(["status", "--porcelain"], in: ours).stdout == "")
        #expect(try gitStatusIsClean(repository.location))
        #expect(try repository.currentBranch() == "main")
        // Progress counts files written, never backwards, and ends complete.
        let written = reports.value.map(\.writtenFiles)
        #expect(written == written.sorted())
        #expect(reports.value.last?.isComplete == true)
        #expect(reports.value.last?.totalFiles == listed.split(separator: "\n").count)
    }

    @Test func anEmptyRemoteLeavesAnEmptyTree() throws {
        let temp = try TemporaryDirectory("tree-writer-empty")
        defer { temp.remove() }
        let bare = temp.url.appendingPathComponent("empty.git")
        _ = try Repository.create(at: bare, bare: true)
        let clone = try Repository.clone(
            from: bare.absoluteURL.absoluteString, to: temp.url.appendingPathComponent("c"), checkout: false)
        try clone.writeWorkingTree()
        #expect(try Self.snapshot(temp.url.appendingPathComponent("c")).isEmpty)
    }

    enum Attack: String, CaseIterable {
        case parentFolder, dotGit, dotGitUpperCase, duplicateLinkThenFolder, backslash
    }

    @Test(arguments: Attack.allCases)
    func aTreeThatWouldWriteOutsideIsRefusedBeforeAnyWrite(attack: Attack) throws {
        let temp = try TemporaryDirectory("tree-writer-attack")
        defer { temp.remove() }
        let bare = temp.url.appendingPathComponent("evil.git")
        _ = try Repository.create(at: bare, bare: true)
        func blob(_ text: String) throws -> String {
            try runProcess(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", bare.path, "hash-object", "-w", "--stdin"],
                input: Data(text.utf8)
            ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let payload = try blob("owned\n")
        let inner = try writeRawTree([("100644", "escaped", payload)], in: bare)
        let good = try writeRawTree([("100644", "A.podspec.json", try blob("{}\n"))], in: bare)
        let outside = temp.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let expectedPath: String
        var entries: [(mode: String, name: String, id: String)] = [("40000", "A", good)]
        switch attack {
        case .parentFolder:
            entries.insert(("40000", "..", inner), at: 0)
            expectedPath = ".."
        case .dotGit:
            entries.insert(("40000", ".git", inner), at: 0)
            expectedPath = ".git"
        case .dotGitUpperCase:
            entries.insert(("40000", ".GIT", inner), at: 0)
            expectedPath = ".GIT"
        case .duplicateLinkThenFolder:
            // A link `z` to a folder outside, then a folder `z` whose file would land there.
            entries += [("120000", "z", try blob(outside.path)), ("40000", "z", inner)]
            expectedPath = "z"
        case .backslash:
            entries.insert(("100644", "..\\escaped", payload), at: 0)
            expectedPath = "..\\escaped"
        }
        let tree = try writeRawTree(entries, in: bare)
        let commit = try runGit(["commit-tree", tree, "-m", "evil"], in: bare).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try runGit(["update-ref", "refs/heads/main", commit], in: bare)

        let work = temp.url.appendingPathComponent("clone")
        let clone = try Repository.clone(from: bare.absoluteURL.absoluteString, to: work, checkout: false)
        #expect {
            try clone.writeWorkingTree()
        } throws: { error in
            guard case .unsafePath(let path, _) = error as? GitError else { return false }
            return path == expectedPath
        }
        #expect(try Self.snapshot(work).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("escaped").path))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent(".git/escaped").path))
    }
}
