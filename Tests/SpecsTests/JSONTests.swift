import Specs
import Testing

@Suite struct JSONTests {
    @Test func recordsKeyPositions() throws {
        let text = "{\n  \"name\": \"Networking\",\n  \"version\":\n    \"1.0\"\n}"
        let node = try JSONParser.parse(text)
        #expect(node.member("name")?.keyLocation == SourceLocation(line: 2, column: 3))
        #expect(node["version"]?.location == SourceLocation(line: 4, column: 5))
        #expect(node["version"]?.stringValue == "1.0")
    }

    @Test(arguments: [
        ("", "1:1: the file is empty"),
        ("   \n ", "expected a JSON value"),
        ("{\"a\": 1,}", "1:9: unexpected character '}'; expected a key"),
        ("{\"a\" 1}", "1:6: unexpected character '1'; expected ':'"),
        ("{\n\"a\": tru}", "2:6: unexpected character 't'"),
        ("[1, 2", "expected ',' or ']'"),
        ("\"abc", "unterminated string"),
        ("{\"a\": \"x\\q\"}", "invalid escape sequence"),
        ("{} {}", "after the end of the JSON value"),
        ("01", "after the end"),
        ("\u{00}\u{01}\u{FF}", "unexpected byte 0x00"),
    ])
    func reportsSyntaxErrors(_ input: String, _ expected: String) {
        do {
            _ = try JSONParser.parse(input)
            Issue.record("parsed \(input)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: JSONError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(throws: JSONError.self) { try JSONParser.parse(deep) }
        let ok = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
    }

    @Test func decodesEscapesAndSurrogates() throws {
        let node = try JSONParser.parse(#"["a\"b\\c\/d\n", "\u00e9\ud83d\ude00", 1.50, -0, 2e3, true, null]"#)
        let values = try #require(node.arrayValue)
        #expect(values[0].stringValue == "a\"b\\c/d\n")
        #expect(values[1].stringValue == "é😀")
        #expect(values[2].value == .number("1.50"))
        #expect(values[5].boolValue == true)
        #expect(values[6].isNull)
    }

    @Test func roundTripKeepsOrderAndUnknownKeys() throws {
        let text = """
            {
              "zeta": 1,
              "name": "A",
              "custom": {
                "b": [],
                "a": {}
              }
            }

            """
        let node = try JSONParser.parse(text)
        #expect(node.serialized() == text)
    }

    @Test func canonicalOrderPutsKnownKeysFirstAndSortsMaps() throws {
        let node = try JSONParser.parse(
            #"{"dependencies": {"Z": [], "A": ["~> 1.0"]}, "x-extra": 1, "version": "1.0", "name": "N"}"#)
        let expected = """
            {
              "name": "N",
              "version": "1.0",
              "dependencies": {
                "A": [
                  "~> 1.0"
                ],
                "Z": []
              },
              "x-extra": 1
            }

            """
        #expect(node.serialized(order: .canonical) == expected)
    }
}
