/// Reads Xcode's OpenStep property-list dialect in one pass over the bytes, keeping the text of every
/// value (`raw`) and, for the `objects` dictionary, the text between objects (section markers, blank
/// lines) so that a document written back unchanged is the file it was read from.
struct PBXParser {
    static let maximumDepth = 64

    struct Failure: Error {
        let offset: Int
        let message: String
    }

    enum BodyItem: Sendable {
        case text(String)
        case object(Int)
    }

    let source: String
    let bytes: [UInt8]
    let maximumObjects: Int
    var position = 0

    // What parse() finds.
    var head = ""
    var tail = ""
    var items: [BodyItem] = []
    var objects: [PBXObject] = []
    var rootEntries: [PBXEntry] = []
    var ids: Set<String> = []

    init(source: String, maximumObjects: Int) {
        var source = source
        source.makeContiguousUTF8()
        self.source = source
        self.bytes = Array(source.utf8)
        self.maximumObjects = maximumObjects
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The source between two byte offsets (both at ASCII delimiters), sharing the source's storage.
    func slice(_ start: Int, _ end: Int) -> Substring {
        let utf8 = source.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        return source[lower..<utf8.index(lower, offsetBy: end - start)]
    }

    mutating func parse() throws(Failure) {
        let header = Array("// !$*UTF8*$!".utf8)
        guard bytes.count >= header.count, Array(bytes[0..<header.count]) == header else {
            throw Failure(
                offset: 0, message: "this is not an Xcode project file: it does not begin with `// !$*UTF8*$!`")
        }
        skipTrivia()
        guard peek() == UInt8(ascii: "{") else { throw expected("`{` opening the project") }
        position += 1
        var sawObjects = false
        while true {
            skipTrivia()
            guard let byte = peek() else { throw expected("`}` closing the project") }
            if byte == UInt8(ascii: "}") {
                position += 1
                break
            }
            let key = try parseString()
            skipTrivia()
            try expect(UInt8(ascii: "="), "`=` after \(key.value)")
            skipTrivia()
            if key.value == "objects" && !sawObjects {
                guard peek() == UInt8(ascii: "{") else { throw expected("`{` opening the objects") }
                position += 1
                head = text(0, position)
                try parseObjects()
                sawObjects = true
                rootEntries.append(PBXEntry(key: key, value: .dictionary(PBXDictionary())))
            } else {
                let value = try parseValue(depth: 1)
                rootEntries.append(PBXEntry(key: key, value: value))
            }
            skipTrivia()
            try expect(UInt8(ascii: ";"), "`;` after the value of \(key.value)")
        }
        skipTrivia()
        if position < bytes.count { throw Failure(offset: position, message: "unexpected text after the project") }
        guard sawObjects else { throw Failure(offset: position, message: "the project has no `objects`") }
    }

    /// The objects dictionary: `id = { … };` entries with the text around them kept as it is.
    mutating func parseObjects() throws(Failure) {
        var textStart = position
        while true {
            skipTrivia()
            guard let byte = peek() else { throw expected("`}` closing the objects") }
            if byte == UInt8(ascii: "}") {
                items.append(.text(text(textStart, position)))
                tail = text(position, bytes.count)
                position += 1
                return
            }
            let keyStart = position
            var lineStart = keyStart
            while lineStart > textStart && (bytes[lineStart - 1] == 0x09 || bytes[lineStart - 1] == 0x20) {
                lineStart -= 1
            }
            let key = try parseString()
            skipTrivia()
            try expect(UInt8(ascii: "="), "`=` after the object id \(key.value)")
            skipTrivia()
            guard peek() == UInt8(ascii: "{") else { throw expected("`{` opening object \(key.value)") }
            let value = try parseValue(depth: 2)
            skipTrivia()
            try expect(UInt8(ascii: ";"), "`;` after object \(key.value)")
            let end = position
            var lineEnd = end
            while lineEnd < bytes.count && (bytes[lineEnd] == 0x09 || bytes[lineEnd] == 0x20) { lineEnd += 1 }
            if lineEnd < bytes.count && bytes[lineEnd] == 0x0A {
                lineEnd += 1
            } else if lineEnd + 1 < bytes.count && bytes[lineEnd] == 0x0D && bytes[lineEnd + 1] == 0x0A {
                lineEnd += 2
            } else {
                lineEnd = end
            }
            guard case .dictionary(let body) = value else { throw Failure(offset: keyStart, message: "not an object") }
            guard objects.count < maximumObjects else {
                throw Failure(
                    offset: keyStart,
                    message: "the project has more than \(maximumObjects) objects, more than compose reads")
            }
            guard ids.insert(key.value).inserted else {
                throw Failure(
                    offset: keyStart,
                    message:
                        "the object id \(key.value) is used twice (a merge conflict resolved by keeping both sides?)")
            }
            if lineStart > textStart { items.append(.text(text(textStart, lineStart))) }
            objects.append(
                PBXObject(
                    id: key.value, comment: key.comment, body: body, leading: text(lineStart, keyStart),
                    trailing: text(end, lineEnd), keyRaw: key.raw, raw: slice(keyStart, end)))
            items.append(.object(objects.count - 1))
            position = lineEnd
            textStart = lineEnd
        }
    }

    mutating func parseValue(depth: Int) throws(Failure) -> PBXNode {
        guard depth <= Self.maximumDepth else {
            throw Failure(offset: position, message: "values are nested more than \(Self.maximumDepth) deep")
        }
        guard let byte = peek() else { throw expected("a value") }
        let start = position
        switch byte {
        case UInt8(ascii: "{"):
            position += 1
            var entries: [PBXEntry] = []
            while true {
                skipTrivia()
                guard let next = peek() else { throw Failure(offset: start, message: "this `{` is never closed") }
                if next == UInt8(ascii: "}") {
                    position += 1
                    break
                }
                let key = try parseString()
                skipTrivia()
                try expect(UInt8(ascii: "="), "`=` after \(key.value)")
                skipTrivia()
                let value = try parseValue(depth: depth + 1)
                skipTrivia()
                try expect(UInt8(ascii: ";"), "`;` after the value of \(key.value)")
                entries.append(PBXEntry(key: key, value: value))
            }
            return .dictionary(PBXDictionary(entries: entries, raw: slice(start, position)))
        case UInt8(ascii: "("):
            position += 1
            var elements: [PBXNode] = []
            while true {
                skipTrivia()
                guard let next = peek() else { throw Failure(offset: start, message: "this `(` is never closed") }
                if next == UInt8(ascii: ")") {
                    position += 1
                    break
                }
                elements.append(try parseValue(depth: depth + 1))
                skipTrivia()
                if peek() == UInt8(ascii: ",") {
                    position += 1
                } else if peek() != UInt8(ascii: ")") {
                    throw expected("`,` or `)` in the array")
                }
            }
            return .array(PBXArray(elements: elements, raw: slice(start, position)))
        default:
            return .string(try parseString())
        }
    }

    /// A quoted or bare string, and the `/* comment */` on the same line right after it.
    mutating func parseString() throws(Failure) -> PBXString {
        let start = position
        guard let first = peek() else { throw expected("a string") }
        var value: String
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            value = try parseQuoted(quote: first)
        } else {
            while let byte = peek(), isBare(byte) {
                if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "*") || bytes[position + 1] == UInt8(ascii: "/")
                {
                    break
                }
                position += 1
            }
            guard position > start else {
                throw Failure(offset: start, message: "unexpected `\(String(decoding: [first], as: UTF8.self))`")
            }
            value = text(start, position)
        }
        var end = position
        var comment: String?
        var look = position
        while look < bytes.count && (bytes[look] == 0x20 || bytes[look] == 0x09) { look += 1 }
        if look + 1 < bytes.count && bytes[look] == UInt8(ascii: "/") && bytes[look + 1] == UInt8(ascii: "*") {
            let commentStart = look + 2
            var cursor = commentStart
            while cursor + 1 < bytes.count
                && !(bytes[cursor] == UInt8(ascii: "*") && bytes[cursor + 1] == UInt8(ascii: "/"))
            {
                cursor += 1
            }
            guard cursor + 1 < bytes.count else { throw Failure(offset: look, message: "this comment is never closed") }
            var inner = text(commentStart, cursor)
            if inner.hasPrefix(" ") { inner.removeFirst() }
            if inner.hasSuffix(" ") { inner.removeLast() }
            comment = inner
            end = cursor + 2
            position = end
        }
        return PBXString(value: value, comment: comment, raw: slice(start, end))
    }

    mutating func parseQuoted(quote: UInt8) throws(Failure) -> String {
        let start = position
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ parser: PBXParser, _ end: Int) {
            if end > runStart {
                scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard let byte = peek() else { throw Failure(offset: start, message: "this string is never closed") }
            if byte == quote {
                flush(self, position)
                position += 1
                return String(scalars)
            }
            if byte == UInt8(ascii: "\\") {
                flush(self, position)
                position += 1
                guard let escaped = peek() else { throw Failure(offset: start, message: "this string is never closed") }
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "a"): scalars.append("\u{07}")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "v"): scalars.append("\u{0B}")
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var code: UInt32 = 0
                    var digits = 0
                    while digits < 4, let hex = peek(), let digit = hexValue(hex) {
                        code = code * 16 + digit
                        position += 1
                        digits += 1
                    }
                    guard digits > 0, let scalar = Unicode.Scalar(code) else {
                        throw Failure(offset: position, message: "`\\U` must be followed by hexadecimal digits")
                    }
                    scalars.append(scalar)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var code = UInt32(escaped - UInt8(ascii: "0"))
                    var digits = 1
                    while digits < 3, let next = peek(), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "7") {
                        code = code * 8 + UInt32(next - UInt8(ascii: "0"))
                        position += 1
                        digits += 1
                    }
                    scalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: code)))
                default:
                    scalars.append(Unicode.Scalar(escaped))
                }
                runStart = position
                continue
            }
            position += 1
        }
    }

    func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return false
        default:
            return byte >= 0x20
        }
    }

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard peek() == byte else { throw expected(what) }
        position += 1
    }

    func expected(_ what: String) -> Failure {
        guard let byte = peek() else {
            return Failure(offset: position, message: "the file ends where \(what) was expected")
        }
        let found = byte < 0x80 ? "`\(String(decoding: [byte], as: UTF8.self))`" : "a non-ASCII character"
        return Failure(offset: position, message: "expected \(what), found \(found)")
    }

    /// Skips white space, `/* … */` and `// …` comments.
    mutating func skipTrivia() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                position += 1
            } else if byte == UInt8(ascii: "/") && position + 1 < bytes.count
                && bytes[position + 1] == UInt8(ascii: "*")
            {
                position += 2
                while position + 1 < bytes.count
                    && !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/"))
                {
                    position += 1
                }
                position = min(position + 2, bytes.count)
            } else if byte == UInt8(ascii: "/") && position + 1 < bytes.count
                && bytes[position + 1] == UInt8(ascii: "/")
            {
                while position < bytes.count && bytes[position] != 0x0A { position += 1 }
            } else {
                return
            }
        }
    }

    /// 1-based line and column (in characters) of `offset`.
    static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
