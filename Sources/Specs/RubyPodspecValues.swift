/// A value of the Ruby podspec subset while it is evaluated, with the byte offset where it was written.
struct RubyValue: Sendable {
    indirect enum Kind: Sendable {
        case string(String)
        case symbol(String)
        case integer(String)
        case float(String)
        case bool(Bool)
        case null
        case array([RubyValue])
        case hash([(key: RubyValue, value: RubyValue)])
        /// `s.version`: a `Pod::Version`, written as its string.
        case version(String)
        /// A specification object (an index into the evaluator's specs).
        case spec(Int)
        /// `s.ios`, `s.osx`, …: a platform proxy of a spec.
        case platformProxy(spec: Int, platform: String)
    }

    let kind: Kind
    let offset: Int

    init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// What Ruby calls the value's class, for messages.
    var typeName: String {
        switch kind {
        case .string: "String"
        case .symbol: "Symbol"
        case .integer: "Integer"
        case .float: "Float"
        case .bool(let b): b ? "true" : "false"
        case .null: "nil"
        case .array: "Array"
        case .hash: "Hash"
        case .version: "Pod::Version"
        case .spec: "Pod::Specification"
        case .platformProxy: "a platform proxy"
        }
    }

    var stringValue: String? { if case .string(let s) = kind { s } else { nil } }

    /// The key a hash or JSON object gets for this value (`to_s` of a string, symbol or number).
    func keyString() throws(RubyPodspecFailure) -> String {
        switch kind {
        case .string(let s), .symbol(let s), .integer(let s), .float(let s), .version(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .null: return ""
        default:
            throw RubyPodspecFailure(
                offset: offset, message: "a hash key must be a string or a symbol, not \(typeName)")
        }
    }

    /// The text `"#{value}"` gives.
    func interpolated() throws(RubyPodspecFailure) -> String {
        switch kind {
        case .string, .symbol, .integer, .float, .version, .bool, .null: return try keyString()
        default:
            throw RubyPodspecFailure(
                offset: offset,
                message:
                    "interpolating \(typeName) into a string is not supported; interpolate a string, a symbol, a number, s.name or s.version"
            )
        }
    }
}

/// Ruby's and ActiveSupport's string methods the subset evaluates, written to match them byte for byte.
enum RubyText {
    /// `String#strip`: removes leading and trailing NUL, tab, line feed, vertical tab, form feed,
    /// carriage return and space.
    static func strip(_ s: String) -> String { rstrip(lstrip(s)) }

    static func isStripped(_ u: Unicode.Scalar) -> Bool {
        u == "\0" || u == "\t" || u == "\n" || u == "\u{0B}" || u == "\u{0C}" || u == "\r" || u == " "
    }

    static func lstrip(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isStripped($0) }) else { return "" }
        return String(scalars[first...])
    }

    static func rstrip(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let last = scalars.lastIndex(where: { !isStripped($0) }) else { return "" }
        return String(scalars[...last])
    }

    /// `String#chomp`: one trailing `\r\n`, `\n` or `\r`.
    static func chomp(_ s: String) -> String {
        var scalars = Array(s.unicodeScalars)
        if scalars.last == "\n" {
            scalars.removeLast()
            if scalars.last == "\r" { scalars.removeLast() }
        } else if scalars.last == "\r" {
            scalars.removeLast()
        }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    /// Characters `[[:space:]]` matches in a UTF-8 string in Ruby.
    static func isSpace(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// ActiveSupport `String#squish`: runs of white space become one space, then `strip`.
    static func squish(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var inSpace = false
        for u in s.unicodeScalars {
            if isSpace(u) {
                if !inSpace { out.append(" ") }
                inSpace = true
            } else {
                out.append(u)
                inSpace = false
            }
        }
        return strip(String(out))
    }

    /// ActiveSupport `String#strip_heredoc`: removes the smallest leading run of spaces and tabs of
    /// the lines that have a non-space character (the smallest as Ruby compares strings) from the
    /// start of every line.
    static func stripHeredoc(_ s: String) -> String {
        let lines = s.split(separator: "\n", omittingEmptySubsequences: false)
        var smallest: [UInt8]?
        for line in lines {
            let bytes = Array(line.utf8)
            var i = 0
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            guard i < bytes.count else { continue }
            let next = bytes[i]
            // `(?=\S)`: the run must be followed by a character that is not white space.
            if next == 0x0A || next == 0x0D || next == 0x0C || next == 0x0B { continue }
            let indent = Array(bytes[0..<i])
            if smallest == nil || indent.lexicographicallyPrecedes(smallest!) { smallest = indent }
        }
        guard let prefix = smallest, !prefix.isEmpty else { return s }
        return lines.map { line -> String in
            let bytes = Array(line.utf8)
            return bytes.starts(with: prefix) ? String(decoding: bytes[prefix.count...], as: UTF8.self) : String(line)
        }.joined(separator: "\n")
    }

    /// `Float#to_s` for a plain decimal literal: trailing zeros of the fraction dropped, one kept.
    static func floatText(_ literal: String) -> String? {
        let parts = literal.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var whole = String(parts[0].drop { $0 == "0" })
        if whole.isEmpty { whole = "0" }
        var fraction = String(parts[1])
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        let significant = (whole == "0" ? "" : whole) + fraction
        guard significant.count <= 15, whole.count <= 15 else { return nil }
        return whole + "." + fraction
    }
}
