import Specs
import Testing

@Suite("Byte search in strings")
struct ByteSearchTests {
    @Test(arguments: [
        ("Kit..Core", "..", true), ("Kit.Core", "..", false), ("aaab", "aab", true), ("ab", "abc", false),
        ("", ":", false), ("user:token@host", ":", true),
        ("A short description of Kit.", "A short description of", true),
        ("café..", "..", true), ("anything", "", true),
    ])
    func containsBytesFindsTheNeedle(text: String, needle: String, expected: Bool) {
        #expect(text.containsBytes(needle) == expected)
        #expect(text.dropFirst(0).containsBytes(needle) == expected)  // a Substring answers alike
    }

    @Test func firstIndexOfTwoASCIIBytes() {
        let text = "Kit (~> 1.0)"
        #expect(text.firstIndex(ofASCII: UInt8(ascii: "~"), UInt8(ascii: ">")) == text.firstIndex(of: "~"))
        #expect(text.firstIndex(ofASCII: UInt8(ascii: ">"), UInt8(ascii: "~")) == nil)
    }
}
