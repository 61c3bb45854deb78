package enum RubyText {
    /// `String#strip`: removes leading and trailing NUL, tab, line feed, vertical tab, form feed,
    /// carriage return and space.
    package static func strip(_ s: String) -> String { rstrip(lstrip(s)) }

    package static func isStripped(_ u: Unicode.Scalar) -> Bool {
        u == "\0" || u == "\t" || u == "\n" || u == "\u{0B}" || u == "\u{0C}" || u == "\r" || u == " "
    }

    package static func lstrip(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isStripped($0) }) else { return "" }
        return String(scalars[first...])
    }

    package static func rstrip(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let last = scalars.lastIndex(where: { !isStripped($0) }) else { return "" }
        return String(scalars[...last])
    }

    /// `String#chomp`: one trailing `\r\n`, `\n` or `\r`.
    package static func chomp(_ s: String) -> String {
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
    package static func isSpace(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// ActiveSupport `String#squish`: runs of white space become one space, then `strip`.
    package static func squish(_ s: String) -> String {
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
    package static func stripHeredoc(_ s: String) -> String {
        // On the UTF-8 bytes, line by line as Ruby's `^` starts a line: after every line feed, that of
        // a `\r\n` too (the `\r` stays at the end of its line).
        let bytes = Array(s.utf8)
        var lines: [Range<Int>] = []
        var lineStart = 0
        for j in bytes.indices where bytes[j] == 0x0A {
            lines.append(lineStart..<j)
            lineStart = j + 1
        }
        lines.append(lineStart..<bytes.count)
        var smallest: ArraySlice<UInt8>?
        for line in lines {
            var i = line.lowerBound
            while i < line.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            guard i < line.upperBound else { continue }
            let next = bytes[i]
            // `(?=\S)`: the run must be followed by a character that is not white space.
            if next == 0x0A || next == 0x0D || next == 0x0C || next == 0x0B { continue }
            let indent = bytes[line.lowerBound..<i]
            if smallest == nil || indent.lexicographicallyPrecedes(smallest!) { smallest = indent }
        }
        guard let prefix = smallest, !prefix.isEmpty else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (n, line) in lines.enumerated() {
            if n > 0 { out.append(0x0A) }
            let text = bytes[line]
            out.append(contentsOf: text.starts(with: prefix) ? text.dropFirst(prefix.count) : text)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `Float#to_s` for a plain decimal literal: trailing zeros of the fraction dropped, one kept.
    package static func floatText(_ literal: String) -> String? {
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
