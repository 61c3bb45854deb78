import ComposeTestSupport
import Foundation
import Specs
import Testing

@testable import ComposefileFormat

/// The lock reader without YAML (`LockTextReader`) against Yams: whatever it reads, it reads as
/// Yams does; what compose writes, it reads; anything else it leaves to Yams.
@Suite("Compose.lock read without a YAML parser")
struct LockTextReaderTests {
    /// Plain values as one comparable string (mapping keys sorted).
    static func canonical(_ value: Any?) -> String {
        switch value {
        case let string as String: return "s" + String(reflecting: string)
        case let list as [Any]: return "[" + list.map(canonical).joined(separator: ",") + "]"
        case let map as [String: Any]:
            return "{"
                + map.keys.sorted().map { String(reflecting: $0) + "=" + canonical(map[$0]) }.joined(separator: ",")
                + "}"
        case nil: return "nil"
        default: return "?\(String(describing: value))"
        }
    }

    /// A lock of `count` pods with names YAML would read as other types (`NO`, `true`, `1.0`, `~`),
    /// subspecs, prerelease versions, every requirement form, several spec repos, external sources,
    /// checkout options, configurations and checksums made of digits alone.
    static func generated(count: Int, seed: UInt64) throws -> Lockfile {
        var random = SeededGenerator(state: seed)
        let awkward = ["NO", "true", "1.0", "~", "null", "Off", "0x1F", "2026-11-26", "y", ".inf", "+1", "-"]
        var lock = Lockfile()
        for index in 0..<count {
            let name =
                index < awkward.count ? awkward[index] : "Pod\(index)\(["", "+IDN", "-Kit", "_x", ".js"][index % 5])"
            let version = ["1.0", "2.3.4", "0.1.0-beta.2", "10.0.0", "3.0"][Int(random.next() % 5)]
            var dependencies: [String] = []
            for _ in 0..<Int(random.next() % 4) {
                let target = "Pod\(random.next() % UInt64(count))"
                dependencies.append(
                    [target, "\(target) (~> 1.2)", "\(target) (= 1.0)", "\(target) (< 2.0, >= 1.0)", "\(target)/Core"][
                        Int(random.next() % 5)])
            }
            lock.pods.append(.init(name: name, version: try Version(version), dependencies: dependencies))
            if index % 7 == 0 { lock.pods.append(.init(name: name + "/Core", version: try Version(version))) }
            lock.specChecksums[name] =
                index % 3 == 0
                ? String(repeating: "1234567890", count: 4) : String(format: "%040llx", random.next())
        }
        lock.dependencies = lock.pods.prefix(20).map { "\($0.name) (~> \($0.version.string))" } + ["NO (from `../NO`)"]
        lock.specRepos = [
            "https://git.example.com/ios/specs.git": lock.pods.prefix(max(1, count / 2)).map(\.rootName),
            "file:///srv/specs": ["Pod1"], "../specs": ["Pod2"], "trunk": ["Pod3"],
        ]
        lock.externalSources = [
            "NO": ["path": "../NO"], "Pod5": ["git": "https://h/pod5.git", "tag": "1.1.0"],
            "Pod6": ["path": "/abs/Pod 6"],
        ]
        lock.checkoutOptions = ["Pod5": ["git": "https://h/pod5.git", "commit": String(repeating: "0", count: 40)]]
        lock.configurations = ["Pod7": ["Debug"], "true": ["Debug", "Release"]]
        lock.composefileChecksum = String(repeating: "9", count: 40)
        lock.composeVersion = "0.1.0"
        return lock
    }

    @Test(arguments: [(1, 1 as UInt64), (40, 2), (300, 3), (2_000, 4)])
    func whatComposeWritesIsReadWithoutYAMLAndAsYAMLReadsIt(count: Int, seed: UInt64) throws {
        let lock = try Self.generated(count: count, seed: seed)
        let text = lock.text
        let fast = try #require(LockTextReader.read(text))
        #expect(Self.canonical(fast) == Self.canonical(try Lockfile.yamlValues(text, path: "Compose.lock")))
        #expect(try Lockfile.parse(text).text == text)
    }

    @Test func theSampleLockIsReadWithoutYAML() throws {
        let text = try LockfileTests.sample().text
        let fast = try #require(LockTextReader.read(text))
        #expect(Self.canonical(fast) == Self.canonical(try Lockfile.yamlValues(text, path: "Compose.lock")))
    }

    /// Texts the writer never makes: either read as Yams reads them, or left to Yams (nil).
    @Test(arguments: [
        PodfileLockTests.modern,
        "PODS:\n  - A (1.0)\n  - A (1.0)\n",
        "PODS:\n  - A (1.0) # comment\n",
        "PODS:\n\t- A (1.0)\n",
        "PODS:\n  - \"A (1.0)\"\n",
        "PODS:\n  - 'A ''x'' (1.0)'\n",
        "PODS: [A (1.0)]\n",
        "PODS:\n   - A (1.0)\n",
        "PODS:\n  - A (1.0):\n",
        "---\nPODS:\n  - A (1.0)\n",
        "SPEC CHECKSUMS:\n  A: 1\n  A: 2\n",
        "SPEC CHECKSUMS:\n  A: 12e3\n",
        "SPEC CHECKSUMS:\n  A: yes\n",
        "COMPOSE: 0.1.0\nCOMPOSE: 0.2.0\n",
        "EXTERNAL SOURCES:\n  A:\n    :path: \"../A\"\n",
        "EXTERNAL SOURCES:\n  A:\n    :Path: ../A\n",
        "PODS:\n  - A (1.0):\n    - B\n   - C\n",
        "PODS:\n  - A (1.0)\nDEPENDENCIES:\n  - A\n    - B\n",
        "KEY: a: b\n",
        "",
        "\n\n",
        "PODS:\r\n  - A (1.0)\r\n",
        "PODS:\n  - 'NO'\n  - '1.0'\n  - ''\n",
        "PODS:\n  - '\n", "PODS:\n  - \"\n", "A: '\n", ": x\n", "-\n", "PODS:\n  -\n", "PODS:\n  - \n", "A:",
        "A: b:\n", "A: b: c\n", "A:  b\n", "A : b\n", "PODS:\n  - A (1.0):\n    - B:\n      - C\n",
        "EXTERNAL SOURCES:\n  A:\n    :path:\n", "SPEC CHECKSUMS:\n  Nope: x\n  True: y\n  ~: z\n",
    ])
    func otherTextIsReadAsYAMLReadsItOrLeftToYAML(text: String) throws {
        guard let fast = LockTextReader.read(text) else {
            // Declined: the lock reader hands the text to YAML, which reads it or refuses it with an
            // error naming the file; either way nothing is read wrongly.
            do {
                _ = try Lockfile.yamlValues(text, path: "Compose.lock")
            } catch {
                #expect(error.description.contains("Compose.lock"), "\(error)")
            }
            return
        }
        let yaml = try Lockfile.yamlValues(text, path: "Compose.lock")
        #expect(Self.canonical(fast) == Self.canonical(yaml), "\(text)")
    }

    /// The writer decides without YAML's type regex where it can (words, dotted versions, bytes no
    /// match holds); on every string tried that decision is the regex's own.
    @Test func theTypeDecisionWithoutTheRegexIsTheRegexs() {
        var random = SeededGenerator(state: 7)
        let alphabet = Array("0123456789.eE+-:xXaFfTtnNoOyYlLuUrRsS ~_(/".utf8)
        var samples = [
            "null", "Null", "NULL", "nulls", "true", "TRUE", "tRue", "no", "NO", "No", "nO", "y", "Y", "on", "OFF",
            "0.1.0", "1.2.3.4", "1.5", "12e3", "1e", "0x1F", "0x", "0o17", "0017", "2026-11-26", "2026-1-2 3:04:05",
            "+1", "-1", ".inf", "-.INF", ".NaN", "~", "Networking", "NO (1.0)", "1.0 (~> 2)", "10.0.0", "1..2",
        ]
        for _ in 0..<20_000 {
            let length = Int(random.next() % 8) + 1
            samples.append(
                String(
                    decoding: (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] },
                    as: UTF8.self))
        }
        for sample in samples {
            #expect(
                (YAMLWriter.resolvesWithoutRegex(sample) ?? YAMLWriter.isResolvedByRegex(sample))
                    == YAMLWriter.isResolvedByRegex(sample), "\(sample)")
        }
    }

    @Test func aNameEndingInASpaceIsQuotedAndReadBack() throws {
        var lock = Lockfile()
        lock.specChecksums = ["A ": "x", " B": "y"]
        #expect(lock.text.contains("\"A \": x"))
        #expect(try Lockfile.parse(lock.text).specChecksums == lock.specChecksums)
    }

    @Test func aKeyWrittenTwiceIsStillRefusedWithItsLine() {
        #expect(LockTextReader.read("SPEC CHECKSUMS:\n  A: 1\n  A: 2\n") == nil)
        #expect {
            try Lockfile.parse("SPEC CHECKSUMS:\n  A: 1\n  A: 2\n")
        } throws: { error in
            "\(error)".contains("'A'")
        }
    }
}
