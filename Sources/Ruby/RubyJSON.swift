/// `JSON.parse` into Ruby values (objects keep their key order), bounded in depth and size.
enum RubyJSON {
    static func parse(_ text: String, symbolizeNames: Bool, at: Int, interpreter: RubyInterpreter) throws(RubyFailure)
        -> RubyValue
    {
        var reader = Reader(bytes: Array(text.utf8), at: at, symbolize: symbolizeNames)
        let value: RubyValue
        do throws(Reader.Failure) {
            reader.skipSpace()
            value = try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.index == reader.bytes.count else { throw Reader.Failure(message: "text after the JSON value") }
        } catch {
            throw interpreter.failure(at, "JSON.parse: \(error.message) (byte \(reader.index))", kind: .raised)
        }
        return try interpreter.bounded(value)
    }

    struct Reader {
        struct Failure: Error { let message: String }
        let bytes: [UInt8]
        let at: Int
        let symbolize: Bool
        var index = 0

        init(bytes: [UInt8], at: Int, symbolize: Bool) {
            self.bytes = bytes
            self.at = at
            self.symbolize = symbolize
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ b: UInt8) throws(Failure) {
            skipSpace()
            guard index < bytes.count, bytes[index] == b else {
                throw Failure(message: "expected \(Character(Unicode.Scalar(b)))")
            }
            index += 1
        }

        mutating func value(depth: Int) throws(Failure) -> RubyValue {
            guard depth < 100 else { throw Failure(message: "nested deeper than 100 levels") }
            skipSpace()
            guard index < bytes.count else { throw Failure(message: "unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var pairs: [(key: RubyValue, value: RubyValue)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return RubyValue(.hash(pairs), at: at)
                }
                while true {
                    skipSpace()
                    let key = try string()
                    try expect(UInt8(ascii: ":"))
                    let v = try value(depth: depth + 1)
                    RubyInterpreter.store(&pairs, RubyValue(symbolize ? .symbol(key) : .string(key), at: at), v)
                    skipSpace()
                    guard index < bytes.count else { throw Failure(message: "unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    try expect(UInt8(ascii: "}"))
                    return RubyValue(.hash(pairs), at: at)
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [RubyValue] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return RubyValue(.array(elements), at: at)
                }
                while true {
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw Failure(message: "unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    try expect(UInt8(ascii: "]"))
                    return RubyValue(.array(elements), at: at)
                }
            case UInt8(ascii: "\""):
                return .string(try string(), at: at)
            default:
                let start = index
                while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                switch word {
                case "true": return .bool(true, at: at)
                case "false": return .bool(false, at: at)
                case "null": return .null(at: at)
                default:
                    if Int(word) != nil { return RubyValue(.integer(word), at: at) }
                    if Double(word) != nil { return RubyValue(.float(word), at: at) }
                    throw Failure(message: "unexpected `\(word.prefix(20))`")
                }
            }
        }

        mutating func string() throws(Failure) -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw Failure(message: "expected a string")
            }
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let b = bytes[index]
                index += 1
                if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard b == UInt8(ascii: "\\") else {
                    out.append(b)
                    continue
                }
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                        let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                    else { throw Failure(message: "invalid \\u escape") }
                    index += 4
                    out += Array(String(Character(Unicode.Scalar(v) ?? "\u{FFFD}")).utf8)
                default: out.append(e)
                }
            }
            throw Failure(message: "a string never ends")
        }
    }
}
