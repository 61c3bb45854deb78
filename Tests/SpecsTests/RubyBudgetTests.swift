import Foundation
import Testing

@testable import Specs

/// A Ruby podspec is read by every teammate's resolve and repo lint: a file that builds huge values
/// is refused at its line, and large literal hashes and arrays are read in linear time.
@Suite struct RubyBudgetTests {
    static let header = "Pod::Spec.new do |s|\n  s.name = 'Pay'\n  s.version = '1.0.0'\n"

    func refusal(_ text: String) -> String? {
        do {
            _ = try convertRuby(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aStringDoubledFortyTimesIsRefusedAtItsLine() throws {
        let doubling = String(repeating: "  a += a\n", count: 40)
        let text = Self.header + "  a = 'xxxxxxxxxxxxxxxx'\n" + doubling + "  s.summary = a\nend\n"
        let message = try #require(refusal(text))
        #expect(message.contains("grows past 1 MiB"), "\(message)")
        // 16 bytes doubled: past 1 MiB at the 17th doubling, on line 4 + 17.
        #expect(message.contains("Test.podspec:21:"), "\(message)")
    }

    @Test func interpolationCannotGrowAStringPastTheLimit() throws {
        var text = Self.header + "  a = '" + String(repeating: "x", count: 4096) + "'\n"
        for step in 0..<10 {
            text += "  a\(step + 1) = \"#{a\(step == 0 ? "" : String(step))}#{a\(step == 0 ? "" : String(step))}\"\n"
        }
        text += "  s.summary = a10\nend\n"
        let message = try #require(refusal(text))
        #expect(message.contains("grows past 1 MiB"), "\(message)")
    }

    @Test func fiftyThousandArrayAdditionsAreStoppedByTheWorkBudget() throws {
        let additions = String(repeating: "  a = a + ['Sources/*.swift']\n", count: 50_000)
        let text = Self.header + "  a = []\n" + additions + "  s.source_files = a\nend\n"
        let message = try #require(refusal(text))
        #expect(message.contains("builds far more than it needs"), "\(message)")
    }

    @Test func aLargeLiteralHashIsReadWhole() throws {
        let pairs = (0..<60_000).map { "'k\($0)' => 'v'" }.joined(separator: ", ")
        let text = Self.header + "  s.pod_target_xcconfig = { \(pairs) }\nend\n"
        let node = try convertRuby(text)
        #expect(node["pod_target_xcconfig"]?.members.count == 60_000)
        // A repeated key of a literal hash is still Ruby's: the later one wins.
        let repeated = try convertRuby(
            Self.header + "  s.pod_target_xcconfig = { 'A' => '1', 'B' => '2', 'A' => '3' }\nend\n")
        #expect(repeated["pod_target_xcconfig"]?.members.map(\.key) == ["B", "A"])
        #expect(repeated["pod_target_xcconfig"]?["A"]?.stringValue == "3")
    }
}
