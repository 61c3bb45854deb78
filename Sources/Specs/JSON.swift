import Support

/// A position in a text file: 1-based line and column (columns count bytes of UTF-8).
package struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    package let line: Int
    package let column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static let start = SourceLocation(line: 1, column: 1)

    package var description: String { "\(line):\(column)" }
}

/// A JSON value that remembers where it was written. Objects keep their members in file order
/// (duplicates included), so nothing is lost on a round trip.
package struct JSONNode: Sendable, Equatable {
    package indirect enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number as written (`1`, `1.50`, `2e3`), so that it is written back unchanged.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    package struct Member: Sendable, Equatable {
        package let key: String
        package let keyLocation: SourceLocation
        package let value: JSONNode

        package init(key: String, keyLocation: SourceLocation = .start, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    package let value: Value
    package let location: SourceLocation

    package init(_ value: Value, at location: SourceLocation = .start) {
        self.value = value
        self.location = location
    }

    /// The members of an object (empty for anything else).
    package var members: [Member] {
        if case .object(let members) = value { return members }
        return []
    }

    /// The last member named `key` (JSON readers keep the last of duplicates).
    package func member(_ key: String) -> Member? {
        members.last { $0.key == key }
    }

    package subscript(key: String) -> JSONNode? { member(key)?.value }

    package var isObject: Bool { if case .object = value { true } else { false } }

    package var stringValue: String? { if case .string(let s) = value { s } else { nil } }

    package var boolValue: Bool? { if case .bool(let b) = value { b } else { nil } }

    package var arrayValue: [JSONNode]? { if case .array(let a) = value { a } else { nil } }

    package var isNull: Bool { value == .null }

    /// The JSON type's name as users know it: `String`, `Number`, `Boolean`, `Array`, `Object`, `null`.
    package var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "Boolean"
        case .number: "Number"
        case .string: "String"
        case .array: "Array"
        case .object: "Object"
        }
    }
}

/// A syntax error in a JSON document, with the line and column where it was found.
package struct JSONError: ComposeFailure, Equatable {
    package let message: String
    package let location: SourceLocation

    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    package var kind: FailureKind { .input }

    package var description: String { "\(location.line):\(location.column): \(message)" }
}

/// A strict JSON parser (RFC 8259) that records the position of every value and key.
///
/// Limits, so that hostile input ends in an error, never a crash or a hang: nesting deeper than
/// `maximumDepth` is refused; invalid UTF-8 and control characters in strings are refused.
package struct JSONParser {
    package static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document (a UTF-8 byte order mark is skipped).
    package static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            parser.index = 3
            parser.lineStart = 3
        }
        parser.skipWhitespace()
        guard parser.index < bytes.count else {
            throw JSONError(
                bytes.isEmpty
                    ? "the file is empty; expected a JSON object" : "expected a JSON value, found only white space",
                at: parser.location)
        }
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw JSONError(
                "unexpected \(parser.describeCurrent()) after the end of the JSON value", at: parser.location)
        }
        return node
    }

    package static func parse(_ text: String) throws(JSONError) -> JSONNode {
        try parse(Array(text.utf8))
    }

    private var location: SourceLocation {
        SourceLocation(line: line, column: index - lineStart + 1)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func parseValue() throws(JSONError) -> JSONNode {
        let start = location
        guard index < bytes.count else { throw JSONError("unexpected end of file; expected a value", at: start) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        default:
            throw JSONError(
                "unexpected \(describeCurrent()); expected a value (object, array, string, number, true, false or null)",
                at: start)
        }
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw JSONError("nesting is deeper than \(JSONParser.maximumDepth) levels", at: location)
        }
    }

    private mutating func parseObject() throws(JSONError) -> JSONNode {
        let start = location
        try enter()
        index += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONNode(.object(members), at: start)
        }
        while true {
            skipWhitespace()
            let keyLocation = location
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw JSONError("unexpected \(describeCurrent()); expected a key in double quotes", at: keyLocation)
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw JSONError("unexpected \(describeCurrent()); expected ':' after the key \"\(key)\"", at: location)
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard index < bytes.count else {
                throw JSONError(
                    "unexpected end of file; expected ',' or '}' to close the object opened at \(start)", at: location)
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return JSONNode(.object(members), at: start)
            }
            throw JSONError(
                "unexpected \(describeCurrent()); expected ',' or '}' in the object opened at \(start)", at: location)
        }
    }

    private mutating func parseArray() throws(JSONError) -> JSONNode {
        let start = location
        try enter()
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return JSONNode(.array(elements), at: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else {
                throw JSONError(
                    "unexpected end of file; expected ',' or ']' to close the array opened at \(start)", at: location)
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return JSONNode(.array(elements), at: start)
            }
            throw JSONError(
                "unexpected \(describeCurrent()); expected ',' or ']' in the array opened at \(start)", at: location)
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONError) {
        let start = location
        let expected = Array(literal.utf8)
        let count = expected.count
        guard index + count <= bytes.count, bytes[index..<(index + count)].elementsEqual(expected) else {
            throw JSONError("unexpected \(describeCurrent()); expected a value (did you mean \(literal)?)", at: start)
        }
        index += count
    }

    private mutating func parseNumber() throws(JSONError) -> String {
        let start = index
        let startLocation = location
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw JSONError("malformed number: expected a digit", at: startLocation)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONError("malformed number: expected a digit after '.'", at: location)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONError("malformed number: expected a digit in the exponent", at: location)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseString() throws(JSONError) -> String {
        let startLocation = location
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ parser: JSONParser, _ end: Int, into scalars: inout String.UnicodeScalarView) throws(JSONError)
        {
            guard end > runStart else { return }
            let slice = parser.bytes[runStart..<end]
            guard let text = String(validating: slice, as: UTF8.self) else {
                throw JSONError("the string starting here is not valid UTF-8", at: startLocation)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard index < bytes.count else {
                throw JSONError("unterminated string: the closing '\"' is missing", at: startLocation)
            }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                if scalars.isEmpty {
                    // No escape in the string (the common case): its bytes are the string.
                    guard let text = String(validating: bytes[runStart..<index], as: UTF8.self) else {
                        throw JSONError("the string starting here is not valid UTF-8", at: startLocation)
                    }
                    index += 1
                    return text
                }
                try flushRun(self, index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if b < 0x20 {
                throw JSONError(
                    b == 0x0A
                        ? "unterminated string: a line break inside a string must be written \\n"
                        : "control character 0x\(String(b, radix: 16)) inside a string", at: location)
            }
            if b == UInt8(ascii: "\\") {
                try flushRun(self, index, into: &scalars)
                let escapeLocation = location
                index += 1
                guard index < bytes.count else { throw JSONError("unterminated escape sequence", at: escapeLocation) }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let first = try parseHex4(escapeLocation)
                    if (0xD800...0xDBFF).contains(first) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw JSONError(
                                "invalid \\u escape: a high surrogate must be followed by a low surrogate",
                                at: escapeLocation)
                        }
                        index += 2
                        let second = try parseHex4(escapeLocation)
                        guard (0xDC00...0xDFFF).contains(second) else {
                            throw JSONError("invalid \\u escape: expected a low surrogate", at: escapeLocation)
                        }
                        let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                        scalars.append(Unicode.Scalar(value)!)
                    } else if let scalar = Unicode.Scalar(first) {
                        scalars.append(scalar)
                    } else {
                        throw JSONError("invalid \\u escape: a lone low surrogate", at: escapeLocation)
                    }
                default:
                    throw JSONError("invalid escape sequence '\\\(Character(Unicode.Scalar(e)))'", at: escapeLocation)
                }
                runStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func parseHex4(_ escapeLocation: SourceLocation) throws(JSONError) -> UInt32 {
        guard index + 4 <= bytes.count else {
            throw JSONError("invalid \\u escape: expected four hex digits", at: escapeLocation)
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw JSONError("invalid \\u escape: expected four hex digits", at: escapeLocation)
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

// MARK: - Writing

extension JSONNode {
    /// How object keys are ordered when writing.
    package enum KeyOrder: Sendable {
        /// As in the document.
        case preserved
        /// compose's canonical order for specs: known podspec attributes in a fixed order, then other keys
        /// alphabetically; objects that are maps of user names (dependencies, xcconfig, …) alphabetically.
        case canonical
    }

    /// Pretty JSON with a 2-space indent, `"key": value`, a final newline.
    package func serialized(order: KeyOrder = .preserved) -> String {
        var out = ""
        write(into: &out, indent: 0, order: order, isUserMap: false)
        out.append("\n")
        return out
    }

    private func write(into out: inout String, indent: Int, order: KeyOrder, isUserMap: Bool) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .number(let n): out.append(n)
        case .string(let s): JSONNode.writeString(s, into: &out)
        case .array(let elements):
            if elements.isEmpty {
                out.append("[]")
                return
            }
            out.append("[\n")
            for (i, element) in elements.enumerated() {
                out.append(String(repeating: " ", count: indent + 2))
                element.write(into: &out, indent: indent + 2, order: order, isUserMap: false)
                out.append(i == elements.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: " ", count: indent))
            out.append("]")
        case .object(var members):
            if members.isEmpty {
                out.append("{}")
                return
            }
            if order == .canonical {
                members = JSONNode.canonicallyOrdered(members, isUserMap: isUserMap)
            }
            out.append("{\n")
            for (i, member) in members.enumerated() {
                out.append(String(repeating: " ", count: indent + 2))
                JSONNode.writeString(member.key, into: &out)
                out.append(": ")
                member.value.write(
                    into: &out, indent: indent + 2, order: order,
                    isUserMap: !isUserMap && JSONNode.userMapKeys.contains(member.key))
                out.append(i == members.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: " ", count: indent))
            out.append("}")
        }
    }

    package static func writeString(_ s: String, into out: inout String) {
        out.append("\"")
        // Most strings need no escape at all: one scan of their bytes, then appended whole.
        let plain = s.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 })
        }
        if plain == true {
            out.append(s)
            out.append("\"")
            return
        }
        // Runs of bytes that need no escape are appended whole (as UTF-8, not rounded to characters:
        // every escaped byte is ASCII, so each run is whole scalars).
        let utf8 = s.utf8
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            let byte = utf8[i]
            guard byte == 0x22 || byte == 0x5C || byte < 0x20 else {
                i = utf8.index(after: i)
                continue
            }
            if start != i { out.append(contentsOf: Substring(utf8[start..<i])) }
            switch byte {
            case 0x22: out.append("\\\"")
            case 0x5C: out.append("\\\\")
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            case 0x08: out.append("\\b")
            case 0x0C: out.append("\\f")
            default: out.append("\\u" + String(byte, radix: 16).leftPadded(to: 4))
            }
            i = utf8.index(after: i)
            start = i
        }
        if start != utf8.endIndex { out.append(contentsOf: Substring(utf8[start...])) }
        out.append("\"")
    }

    /// Keys whose values are maps keyed by user-chosen names (pod names, build settings, bundle names).
    static let userMapKeys: Set<String> = [
        "dependencies", "pod_target_xcconfig", "user_target_xcconfig", "xcconfig", "resource_bundles",
        "on_demand_resources", "info_plist", "configuration_pod_whitelist", "environment_variables",
    ]

    /// The order in which compose writes a spec's keys (CocoaPods' own attribute order where it has one).
    static let preferredKeyOrder: [String: Int] = {
        let keys =
            [
                "name", "version", "summary", "description", "homepage", "license", "authors", "source",
                "social_media_url", "documentation_url", "screenshots", "readme", "changelog",
                "platforms", "swift_versions", "swift_version", "cocoapods_version",
                "deprecated", "deprecated_in_favor_of", "module_name", "header_dir", "header_mappings_dir",
                "static_framework", "requires_arc", "prepare_command", "default_subspecs",
                "source_files", "public_header_files", "private_header_files", "project_header_files", "exclude_files",
                "preserve_paths", "resources", "resource_bundles", "vendored_frameworks", "vendored_libraries",
                "frameworks", "weak_frameworks", "libraries", "compiler_flags",
                "pod_target_xcconfig", "user_target_xcconfig", "xcconfig", "module_map", "script_phases",
                "dependencies",
            ] + Platform.names + [
                "prebuilt",
                "test_type", "requires_app_host", "app_host_name", "scheme", "info_plist",
                "subspecs", "testspecs", "appspecs",
                // license and source sub-keys
                "type", "file", "text", "git", "hg", "svn", "http", "tag", "branch", "commit", "submodules",
            ]
        return Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    }()

    static func canonicallyOrdered(_ members: [Member], isUserMap: Bool) -> [Member] {
        // Later duplicates win, as readers keep the last value.
        var seen = Set<String>()
        var unique: [Member] = []
        for member in members.reversed() where seen.insert(member.key).inserted {
            unique.append(member)
        }
        return unique.sorted { a, b in
            if !isUserMap {
                let ra = preferredKeyOrder[a.key]
                let rb = preferredKeyOrder[b.key]
                switch (ra, rb) {
                case (let x?, let y?): return x < y
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): break
                }
            }
            return Array(a.key.utf8).lexicographicallyPrecedes(b.key.utf8)
        }
    }
}
