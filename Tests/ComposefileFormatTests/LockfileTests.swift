import ComposefileFormat
import Digests
import Foundation
import Specs
import Testing

@Suite("Compose.lock")
struct LockfileTests {
    static func sample() throws -> Lockfile {
        var lock = Lockfile()
        lock.pods = [
            .init(name: "Networking/Core", version: try Version("2.1.0"), dependencies: ["Logging (~> 2.1)"]),
            .init(name: "Networking", version: try Version("2.1.0"), dependencies: ["Networking/Core (= 2.1.0)"]),
            .init(name: "account", version: try Version("1.0")),
            .init(name: "Logging", version: try Version("2.1.0")),
            .init(name: "NSURL+IDN", version: try Version("0.3")),
            .init(
                name: "Goods", version: try Version("1.1.0"), dependencies: ["Storage (< 2.0, >= 1.0)", "DesignSystem"]),
        ]
        lock.dependencies = [
            "Networking (~> 2.0)", "account (from `../Account`)", "Goods (from `https://h/goods.git`, tag `1.1.0`)",
            "Networking (~> 2.0)",
        ]
        lock.specRepos = [
            "https://git.example.com/ios/specs.git": ["Networking", "Logging"], "../specs": ["NSURL+IDN"],
        ]
        lock.externalSources = [
            "account": ["path": "../Account"], "Goods": ["git": "https://h/goods.git", "tag": "1.1.0"],
        ]
        lock.checkoutOptions = [
            "Goods": [
                "git": "https://h/goods.git", "commit": "0123456789abcdef0123456789abcdef01234567", "tag": "1.1.0",
            ]
        ]
        lock.specChecksums = [
            "Networking": "2e4d1b2fdd5f1528fb56064a91e1d58a1af7a2db",
            "Logging": "1234567890123456789012345678901234567890",
        ]
        lock.composefileChecksum = "e50dc12248f921cb8ea20421d5e418b87c50f1aa"
        lock.composeVersion = "0.1.0"
        return lock
    }

    @Test func writesThePodfileLockShape() throws {
        let expected = """
            PODS:
              - account (1.0)
              - Goods (1.1.0):
                - DesignSystem
                - Storage (< 2.0, >= 1.0)
              - Logging (2.1.0)
              - Networking (2.1.0):
                - Networking/Core (= 2.1.0)
              - Networking/Core (2.1.0):
                - Logging (~> 2.1)
              - "NSURL+IDN (0.3)"

            DEPENDENCIES:
              - account (from `../Account`)
              - Goods (from `https://h/goods.git`, tag `1.1.0`)
              - Networking (~> 2.0)

            SPEC REPOS:
              "../specs":
                - "NSURL+IDN"
              https://git.example.com/ios/specs.git:
                - Logging
                - Networking

            EXTERNAL SOURCES:
              account:
                :path: "../Account"
              Goods:
                :git: https://h/goods.git
                :tag: 1.1.0

            CHECKOUT OPTIONS:
              Goods:
                :commit: 0123456789abcdef0123456789abcdef01234567
                :git: https://h/goods.git
                :tag: 1.1.0

            SPEC CHECKSUMS:
              Logging: '1234567890123456789012345678901234567890'
              Networking: 2e4d1b2fdd5f1528fb56064a91e1d58a1af7a2db

            COMPOSEFILE CHECKSUM: e50dc12248f921cb8ea20421d5e418b87c50f1aa

            COMPOSE: 0.1.0

            """
        #expect(try Self.sample().text == expected)
    }

    @Test func roundTripIsByteStable() throws {
        let text = try Self.sample().text
        let parsed = try Lockfile.parse(text)
        #expect(parsed.text == text)
        #expect(parsed.pod(named: "Networking/Core")?.dependencies == ["Logging (~> 2.1)"])
        #expect(parsed.externalSources["Goods"] == ["git": "https://h/goods.git", "tag": "1.1.0"])
        #expect(parsed.specChecksums["Logging"] == "1234567890123456789012345678901234567890")
        #expect(parsed.lockedVersions["NSURL+IDN"] == (try Version("0.3")))
        #expect(parsed.lockedVersions.count == 6)
    }

    @Test func readsARealPodfileLockShape() throws {
        let text = """
            PODS:
              - PayCardsRecognizer (1.1.7)

            DEPENDENCIES:
              - PayCardsRecognizer

            SPEC REPOS:
              https://github.com/cocoapods/specs.git:
                - PayCardsRecognizer

            SPEC CHECKSUMS:
              PayCardsRecognizer: 2e4d1b2fdd5f1528fb56064a91e1d58a1af7a2db

            COMPOSEFILE CHECKSUM: e50dc12248f921cb8ea20421d5e418b87c50f1aa

            COMPOSE: 1.7.5

            """
        let lock = try Lockfile.parse(text)
        #expect(lock.pods == [.init(name: "PayCardsRecognizer", version: try Version("1.1.7"))])
        #expect(lock.text == text)
    }

    @Test(arguments: [
        ("PODS: 3\n", "PODS is not a list"),
        // Found by `make fuzz`: a key that is not a scalar made YAML construction trap.
        ("PODS:\n  ? [A, B]\n  : x\n", "line 2, column 5: a mapping key is not a plain string"),
        ("PODS:\n  - Foo\n", "the PODS entry 'Foo' is not 'Name (version)'"),
        ("PODS:\n  - &a A (1.0)\n", "line 2, column 5 uses a YAML anchor ('&a'), which a lock never holds"),
        ("PODS:\n  - A (1.0):\n    - *dep\n", "line 3, column 7 uses a YAML alias ('*dep'), which a lock never holds"),
        ("SPEC CHECKSUMS:\n  A: [*x, 'y']\n", "line 2, column 7 uses a YAML alias ('*x'), which a lock never holds"),
        ("- a\n", "the top level is not a mapping of sections"),
        ("PODS:\n<<<<<<< HEAD\n", "it holds git merge conflict markers"),
    ])
    func malformedLocksAreRefused(text: String, message: String) {
        #expect(throws: ComposefileError.malformedLock(path: "Compose.lock", message: message)) {
            try Lockfile.parse(text)
        }
    }

    @Test func scalarsAreQuotedAsCocoaPodsDoes() throws {
        var lock = Lockfile()
        lock.specChecksums = ["A": "1.0", "B": "true", "C": "-x", "D": "a: b", "E": "", "F": "12e5", "G": "ok:"]
        #expect(
            lock.text == """
                SPEC CHECKSUMS:
                  A: '1.0'
                  B: 'true'
                  C: "-x"
                  D: "a: b"
                  E: ''
                  F: '12e5'
                  G: "ok:"

                """)
        #expect(try Lockfile.parse(lock.text).specChecksums == lock.specChecksums)
    }

    @Test func writeIsAtomicAndLeavesNoTemporaryFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("Compose.lock").path
        let lock = try Self.sample()
        try lock.write(to: path)
        try lock.write(to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == lock.text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["Compose.lock"])
        #expect(try Lockfile.read(at: path) == (try Lockfile.parse(lock.text)))
        #expect(try Lockfile.read(at: dir.appendingPathComponent("none").path) == nil)
        #expect(throws: ComposefileError.self) {
            try lock.write(to: dir.appendingPathComponent("missing/Compose.lock").path)
        }
    }

    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (String(repeating: "a", count: 1000), "291e9a6c66994949b57ba5e650361e98fc36b1ba"),
    ])
    func sha1KnownAnswers(input: String, digest: String) {
        #expect(SHA1.hex(of: Array(input.utf8)) == digest)
    }
}
