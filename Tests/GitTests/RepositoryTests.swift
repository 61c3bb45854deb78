import ComposeTestSupport
import Foundation
import Git
import Testing

@Suite("Git: local repositories")
struct RepositoryTests {
    @Test func createWriteAddCommitAndRead() throws {
        let temp = try TemporaryDirectory("git-commit")
        defer { temp.remove() }
        let repository = try Repository.create(at: temp.url.appendingPathComponent("work"))
        #expect(try repository.headCommit() == nil)
        #expect(try repository.currentBranch() == "main")
        #expect(try gitStatusIsClean(repository.location))

        let file = repository.workingDirectory!.appendingPathComponent("A/1.0/A.podspec.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: file)
        #expect(try repository.status() == [StatusEntry(path: "A/1.0/A.podspec.json", isUntracked: true)])
        try repository.add(["A"])
        let first = try repository.commit(message: "[Add] A (1.0)", author: Signature(name: "T", email: "t@e"))
        #expect(try repository.headCommit() == first)
        #expect(try gitStatusIsClean(repository.location))
        #expect(try repository.readFile("A/1.0/A.podspec.json", at: "HEAD") == Data("{}\n".utf8))
        #expect(try repository.readFile("A/2.0/A.podspec.json", at: "HEAD") == nil)
        #expect(try gitPathExists(repository.location, "A/1.0", at: first.hex))
        #expect(try !gitPathExists(repository.location, "B", at: first.hex))

        try Data("{\"a\":1}\n".utf8).write(to: file)
        #expect(try !gitStatusIsClean(repository.location))
        try repository.add(["."])
        let second = try repository.commit(message: "[Fix] A (1.0)")
        #expect(try repository.isAncestor(first, of: second))
        #expect(try !repository.isAncestor(second, of: first))
        #expect(try repository.readFile("A/1.0/A.podspec.json", at: first.hex) == Data("{}\n".utf8))
        let log = try runGit(["log", "--format=%s", "main"], in: repository.workingDirectory!).stdout
        #expect(log == "[Fix] A (1.0)\n[Add] A (1.0)\n")

        // Deletions are staged too.
        try FileManager.default.removeItem(at: file)
        try repository.add(["A"])
        try repository.commit(message: "remove")
        #expect(try repository.readFile("A/1.0/A.podspec.json", at: "HEAD") == nil)
    }

    @Test func annotatedTags() throws {
        let temp = try TemporaryDirectory("git-tags")
        defer { temp.remove() }
        let repository = try Repository.create(at: temp.url)
        try Data("x".utf8).write(to: temp.url.appendingPathComponent("x"))
        try repository.add(["x"])
        let first = try repository.commit(message: "one")
        try repository.createAnnotatedTag("1.0.0", at: first, message: "Release 1.0.0")
        #expect(try repository.tagCommit("1.0.0") == first)
        #expect(try gitObjectType(repository.location, "1.0.0") == "tag")
        #expect(try repository.tagCommit("2.0.0") == nil)
        #expect(try gitTagNames(repository.location) == ["1.0.0"])
        let type = try runGit(["cat-file", "-t", "1.0.0"], in: temp.url).stdout
        #expect(type == "tag\n")

        try Data("y".utf8).write(to: temp.url.appendingPathComponent("x"))
        try repository.add(["x"])
        let second = try repository.commit(message: "two")
        #expect(throws: GitError.tagExists(name: "1.0.0", target: first)) {
            try repository.createAnnotatedTag("1.0.0", at: second, message: "again")
        }
        try runGit(["tag", "light", second.hex], in: temp.url)
        #expect(try gitObjectType(repository.location, "light") != "tag")
        #expect(try repository.tagCommit("light") == second)
    }

    /// Untracked files with one-character names, at the top and in a one-character folder, are
    /// removed with the folders they leave empty (taking such a name apart trapped on Linux).
    @Test func untrackedFilesWithOneCharacterNamesAreRemoved() throws {
        let temp = try TemporaryDirectory("git-untracked-short")
        defer { temp.remove() }
        let repository = try Repository.create(at: temp.url)
        try Data("1".utf8).write(to: temp.url.appendingPathComponent("kept"))
        try repository.add(["kept"])
        _ = try repository.commit(message: "one")
        try FileManager.default.createDirectory(
            at: temp.url.appendingPathComponent("y/é"), withIntermediateDirectories: true)
        for name in ["x", "y/z", "y/é/w"] { try Data("stray".utf8).write(to: temp.url.appendingPathComponent(name)) }
        #expect(Set(try repository.removeUntrackedFiles()) == ["x", "y/z", "y/é/w"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).sorted() == [".git", "kept"])
        #expect(try gitStatusIsClean(repository.location))
    }

    @Test func resetHardCheckoutAndUntracked() throws {
        let temp = try TemporaryDirectory("git-reset")
        defer { temp.remove() }
        let repository = try Repository.create(at: temp.url)
        let file = temp.url.appendingPathComponent("f")
        try Data("1".utf8).write(to: file)
        try repository.add(["f"])
        let first = try repository.commit(message: "one")
        try repository.createAnnotatedTag("v1", at: first, message: "v1")
        try Data("2".utf8).write(to: file)
        try repository.add(["f"])
        let second = try repository.commit(message: "two")

        try Data("dirty".utf8).write(to: file)
        let stray = temp.url.appendingPathComponent("New/1.0/New.podspec.json")
        try FileManager.default.createDirectory(
            at: stray.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: stray)
        try repository.resetHard(to: first)
        #expect(try repository.headCommit() == first)
        #expect(try String(contentsOf: file, encoding: .utf8) == "1")
        #expect(try repository.removeUntrackedFiles() == ["New/1.0/New.podspec.json"])
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("New").path))
        #expect(try gitStatusIsClean(repository.location))
        #expect(try repository.currentBranch() == "main")

        try repository.resetHard(to: second)
        try repository.checkout("v1")
        #expect(try repository.currentBranch() == nil)
        #expect(try repository.headCommit() == first)
        #expect(try String(contentsOf: file, encoding: .utf8) == "1")
        #expect(throws: GitError.revisionNotFound(revision: "v9", repository: repository.location.path)) {
            try repository.checkout("v9")
        }
    }

    @Test func staleLockFilesAreRemoved() throws {
        let temp = try TemporaryDirectory("git-locks")
        defer { temp.remove() }
        let repository = try Repository.create(at: temp.url)
        let git = repository.gitDirectory
        try Data().write(to: git.appendingPathComponent("index.lock"))
        try Data().write(to: git.appendingPathComponent("refs/heads/main.lock"))
        #expect(Set(repository.removeStaleLockFiles()) == ["index.lock", "refs/heads/main.lock"])
        try Data("x".utf8).write(to: temp.url.appendingPathComponent("x"))
        try repository.add(["x"])
        try repository.commit(message: "after locks")
    }

    @Test func openingAMissingRepositoryNamesThePath() throws {
        let temp = try TemporaryDirectory("git-missing")
        defer { temp.remove() }
        let missing = temp.url.appendingPathComponent("nothing-here")
        do {
            _ = try Repository.open(at: missing)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(missing.path))
            #expect(error.description.contains("git_repository_open"))
        }
    }

    @Test func remotes() throws {
        let temp = try TemporaryDirectory("git-remotes")
        defer { temp.remove() }
        let repository = try Repository.create(at: temp.url)
        #expect(try repository.remoteURL() == nil)
        try repository.addRemote("origin", url: "https://example.com/a.git")
        #expect(try repository.remoteURL() == "https://example.com/a.git")
        try gitSetRemoteURL(repository.location, "origin", to: "https://example.com/b.git")
        #expect(try repository.remoteURL("origin") == "https://example.com/b.git")
        #expect(try repository.remoteNames() == ["origin"])
    }

    @Test(arguments: [
        ("https://user:secret@git.example.com/ios/specs.git", "https://***@git.example.com/ios/specs.git"),
        ("https://token@host/x", "https://***@host/x"),
        ("https://host/x", "https://host/x"),
        ("ssh://git@host:22/x.git", "ssh://***@host:22/x.git"),
        ("git@github.com:org/specs.git", "git@github.com:org/specs.git"),
        (
            "failed to fetch 'https://a:b@h/p' and https://c@d/e",
            "failed to fetch 'https://***@h/p' and https://***@d/e"
        ),
        ("https://u:p@ss@host/x", "https://***@host/x"),
        ("https://ci:pass word@host/x.git", "https://***@host/x.git"),
        (
            "cannot fetch deploy:s3cret@git.example.com:ios/Pay.git now",
            "cannot fetch ***@git.example.com:ios/Pay.git now"
        ),
        ("'deploy:s3cret@git.example.com:ios/Pay.git'", "'***@git.example.com:ios/Pay.git'"),
        ("write to team@example.com: done", "write to team@example.com: done"),
    ])
    func redaction(input: String, expected: String) {
        #expect(redact(input) == expected)
    }

    @Test(arguments: [
        ("https://ci:TOKEN@git.example.com/ios/Pay.git", "https://git.example.com/ios/Pay.git"),
        ("https://TOKEN@git.example.com/ios/Pay.git", "https://git.example.com/ios/Pay.git"),
        ("ssh://git@git.example.com/ios/Pay.git", "ssh://git@git.example.com/ios/Pay.git"),
        ("ssh://git:pw@git.example.com/ios/Pay.git", "ssh://git.example.com/ios/Pay.git"),
        ("git@git.example.com:ios/Pay.git", "git@git.example.com:ios/Pay.git"),
        ("deploy:pw@git.example.com:ios/Pay.git", "git.example.com:ios/Pay.git"),
        ("../Pay", "../Pay"),
    ])
    func strippingCredentialsFromURLs(input: String, expected: String) {
        #expect(strippingCredentials(input) == expected)
    }
}

@Suite("Git: operations that look only at what changed")
struct ScopedOperationTests {
    @Test func commitFilesResetLimitedStatusLimitedAndChangedPaths() throws {
        let temp = try TemporaryDirectory("git-scoped")
        defer { temp.remove() }
        let repository = try Repository.create(at: temp.url)
        func write(_ path: String, _ text: String) throws {
            let url = temp.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // A root commit through commit(files:) on an unborn branch.
        try write("A/1.0/A.podspec.json", "a1")
        try write("B/1.0/B.podspec.json", "b1")
        let first = try repository.commit(files: ["A/1.0/A.podspec.json", "B/1.0/B.podspec.json"], message: "one")
        #expect(try gitStatusIsClean(repository.location))
        try write("A/2.0/A.podspec.json", "a2")
        let second = try repository.commit(files: ["A/2.0/A.podspec.json"], message: "two")
        #expect(try gitStatusIsClean(repository.location))
        #expect(try repository.changedPaths(from: first, to: second) == ["A/2.0/A.podspec.json"])
        #expect(try repository.readFile("B/1.0/B.podspec.json", at: "HEAD") == Data("b1".utf8))
        let log = try runGit(["log", "--format=%s", "--name-only", "main"], in: temp.url).stdout
        #expect(log.contains("two\n\nA/2.0/A.podspec.json"))

        // Deleting through commit(files:).
        try FileManager.default.removeItem(at: temp.url.appendingPathComponent("B/1.0/B.podspec.json"))
        let third = try repository.commit(files: ["B/1.0/B.podspec.json"], message: "three")
        #expect(try !gitPathExists(repository.location, "B", at: third.hex))
        #expect(try gitStatusIsClean(repository.location))

        // Status and reset limited to a folder: a stray file in it goes, an edit elsewhere stays.
        try write("A/3.0/stray", "x")
        try write("B/edited", "y")
        #expect(try repository.status(limitedTo: ["A"]).map(\.path) == ["A/3.0/stray"])
        #expect(try repository.status(limitedTo: []).isEmpty)
        try repository.resetHard(to: first, limitedTo: ["A"])
        #expect(try repository.headCommit() == first)
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("A/3.0").path))
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("A/2.0").path))
        #expect(FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("B/1.0/B.podspec.json").path))
        #expect(try repository.status().map(\.path) == ["B/edited"])
    }
}
