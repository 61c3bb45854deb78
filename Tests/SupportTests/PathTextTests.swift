import ComposeTestSupport
import Foundation
import Testing

@testable import Support

/// Paths held as text: what a user can hand compose (a bare file name, `/`, nothing, a trailing
/// slash) taken apart without trapping, as `NSString` means it where that one does not trap.
@Suite struct PathTextTests {
    @Test(arguments: [
        ("a", "", "a"), ("é", "", "é"), (".", "", "."), ("a/", "", "a"), ("a//", "", "a"),
        ("Pay.podspec", "", "Pay.podspec"),
        ("", "", ""), ("/", "/", "/"), ("//", "/", "/"), ("/a", "/", "a"), ("/a/", "/", "a"), ("a/b", "a", "b"),
        ("a//b", "a", "b"), ("a/b/", "a", "b"), ("/a/b/c", "/a/b", "c"), ("./a", ".", "a"), ("../x/y.h", "../x", "y.h"),
    ])
    func parentAndLastComponent(_ path: String, _ parent: String, _ last: String) {
        #expect(parentPath(path) == parent, "parentPath(\(path))")
        #expect(lastPathComponent(path) == last, "lastPathComponent(\(path))")
    }

    /// Where `NSString` does not trap on Linux, the helpers say what it says (it traps for a
    /// one-character name with no folder, and says "" for the last part of `//`).
    @Test(arguments: ["ab", "", "/", "a/b", "/a", "a//b", "./a", "..", "/a/b/", "abc/", "Pay.podspec", "x/y/z.h"])
    func sameAsFoundationWhereItAnswers(_ path: String) {
        #expect(parentPath(path) == (path as NSString).deletingLastPathComponent, "\(path)")
        #expect(lastPathComponent(path) == (path as NSString).lastPathComponent, "\(path)")
    }

    @Test func joinedPathIsTheTwoPartsAsWritten() {
        #expect(joinedPath("a", "b") == "a/b")
        #expect(joinedPath("/out", "site", "index.html") == "/out/site/index.html")
        #expect(joinedPath("", "x") == "/x")
    }

    /// `resolvedPath` of a path that does not exist: a bare name, relative or absolute, comes back as
    /// written below its folder's resolved path (it trapped on a one-character name).
    @Test func resolvedPathOfMissingAndBareNames() throws {
        let temporary = try TemporaryDirectory("path-text")
        defer { temporary.remove() }
        let real = resolvedPath(temporary.url.path)
        try FileManager.default.createSymbolicLink(
            atPath: temporary.url.appendingPathComponent("link").path, withDestinationPath: real)
        #expect(resolvedPath("a") == "a")
        #expect(resolvedPath("b/") == "b/")
        #expect(resolvedPath("") == "")
        #expect(resolvedPath("/") == "/")
        #expect(resolvedPath(temporary.url.appendingPathComponent("link/x").path) == real + "/x")
        #expect(resolvedPath(temporary.url.appendingPathComponent("link/m/n").path) == real + "/m/n")
        #expect(resolvedPath("/compose-no-such-folder/a") == "/compose-no-such-folder/a")
    }
}
