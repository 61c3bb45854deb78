/// Tokens of the Ruby subset that Podfiles and podspecs are read in (docs/ruby-podspecs.md, docs/composefile.md).
///
/// The lexer reads the whole file up front. It never recurses: nesting of brackets inside `%w[]` and
/// `#{}` is counted, and heredoc bodies are cut out of the line that follows their opener.
package struct RubyToken: Sendable {
    package enum Kind: Sendable, Equatable {
        /// A lower-case name: a local variable, a method, or a keyword (`do`, `end`, `if`, …).
        case identifier(String)
        /// A capitalised name (`Pod`, `Spec`, `File`, `VERSION`).
        case constant(String)
        /// `name:` in a hash or an argument list.
        case label(String)
        case string([RubyStringPart])
        case words([String])
        case symbols([String])
        case symbol(String)
        case integer(String)
        case float(String)
        /// `.` `::` `,` `=` `=>` `(` `)` `[` `]` `{` `}` `|` `;` `:`
        case punctuation(String)
        /// Any other operator (`+`, `||`, `<<`, `?`, `!`, …).
        case `operator`(String)
        /// `/pattern/flags` or `%r{pattern}flags` (no interpolation).
        case regex(String, String)
        /// A shell command: `` `…` `` or `%x(…)`. Lexed so a file that holds one can be read; never run.
        case command
        /// `$name` or `@@name`: a global or class variable, refused where it is evaluated.
        case globalVariable(String)
        case newline
        case end
    }

    package let kind: Kind
    /// The byte offset where the token starts.
    package let offset: Int
}

/// A piece of a string literal: literal text, or the byte range of the code inside `#{...}`.
package enum RubyStringPart: Sendable, Equatable {
    case text(String)
    case code(Range<Int>)
}

/// Maps byte offsets to line:column.
/// The bytes of a file as Ruby reads them: a CR LF line end is LF (also inside strings and heredocs;
/// dropping the CR moves nothing else on its line, so lines and columns stay the file's), and a UTF-8
/// byte-order mark is skipped.
package enum RubySource {
    package static func normalized(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x0D) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (i, b) in bytes.enumerated() where !(b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A) {
            out.append(b)
        }
        return out
    }

    /// Where the code starts: past a byte-order mark.
    static func start(of bytes: [UInt8]) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }
}

package struct RubyLineTable: Sendable {
    private var starts: [Int] = [0]

    package init(_ bytes: [UInt8]) {
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
    }

    /// The 1-based line and column of a byte offset.
    package func location(_ offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}

package struct RubyLexer {
    private let bytes: [UInt8]
    private var index: Int
    private let limit: Int
    private var tokens: [RubyToken] = []
    /// Where the line after the current one continues when heredoc bodies were cut out of it.
    private var heredocResume: Int?

    private init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        index = range.lowerBound
        limit = range.upperBound
    }

    /// Tokens of `bytes[range]`, ending with `.end`.
    package static func tokenize(_ bytes: [UInt8], range: Range<Int>? = nil) throws(RubyFailure) -> [RubyToken] {
        var lexer = RubyLexer(bytes: bytes, range: range ?? 0..<bytes.count)
        // Room for about a token per 6 bytes at once, rather than by doublings.
        lexer.tokens.reserveCapacity((lexer.limit - lexer.index) / 6 + 4)
        try lexer.run()
        return lexer.tokens
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < limit ? bytes[index + ahead] : nil
    }

    private static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b >= 0x80
    }

    /// The value of an octal or hexadecimal digit.
    private static func digit(_ b: UInt8, hex: Bool) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "7"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "8"), UInt8(ascii: "9"): hex ? UInt32(b - UInt8(ascii: "0")) : nil
        case UInt8(ascii: "a")...UInt8(ascii: "f"): hex ? UInt32(b - UInt8(ascii: "a") + 10) : nil
        case UInt8(ascii: "A")...UInt8(ascii: "F"): hex ? UInt32(b - UInt8(ascii: "A") + 10) : nil
        default: nil
        }
    }

    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || (b >= 0x30 && b <= 0x39)
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private mutating func add(_ kind: RubyToken.Kind, at offset: Int) {
        tokens.append(RubyToken(kind: kind, offset: offset))
    }

    private var atLineStart: Bool { index == 0 || bytes[index - 1] == 0x0A }

    private mutating func run() throws(RubyFailure) {
        while index < limit {
            let b = bytes[index]
            let start = index
            switch b {
            case 0x20, 0x09, 0x0D, 0x0C, 0x0B:
                index += 1
            case 0x0A:
                add(.newline, at: start)
                index += 1
                if let resume = heredocResume {
                    index = resume
                    heredocResume = nil
                }
                try skipEmbeddedDocument()
            case UInt8(ascii: "\\") where peek(1) == 0x0A || (peek(1) == 0x0D && peek(2) == 0x0A):
                index += peek(1) == 0x0A ? 2 : 3
            case UInt8(ascii: "#"):
                while index < limit, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "'"):
                index += 1
                add(
                    .string([.text(try singleQuoted(closing: UInt8(ascii: "'"), opening: nil, start: start))]),
                    at: start)
            case UInt8(ascii: "\""):
                index += 1
                add(.string(try doubleQuoted(closing: UInt8(ascii: "\""), opening: nil, start: start)), at: start)
            case UInt8(ascii: ":"):
                if peek(1) == UInt8(ascii: ":") {
                    add(.punctuation("::"), at: start)
                    index += 2
                } else if let next = peek(1), RubyLexer.isIdentifierStart(next) {
                    index += 1
                    var name = identifier()
                    // `:name?`, `:name!`, `:name=` (but `:git=>` is `:git` and `=>`).
                    if let last = peek(),
                        last == UInt8(ascii: "?") || last == UInt8(ascii: "!")
                            || (last == UInt8(ascii: "=")
                                && ![UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "~")].contains(peek(1) ?? 0))
                    {
                        name.append(Character(Unicode.Scalar(last)))
                        index += 1
                    }
                    add(.symbol(name), at: start)
                } else if peek(1) == UInt8(ascii: "\"") || peek(1) == UInt8(ascii: "'") {
                    let quote = bytes[index + 1]
                    index += 2
                    let parts: [RubyStringPart] =
                        quote == UInt8(ascii: "'")
                        ? [.text(try singleQuoted(closing: quote, opening: nil, start: start))]
                        : try doubleQuoted(closing: quote, opening: nil, start: start)
                    guard parts.count <= 1, case .text(let text)? = parts.first ?? .text("") else {
                        throw RubyFailure(
                            offset: start,
                            message:
                                "an interpolated symbol (:\"...#{}...\") is not supported; write the symbol as a literal"
                        )
                    }
                    add(.symbol(text), at: start)
                } else {
                    add(.punctuation(":"), at: start)
                    index += 1
                }
            case UInt8(ascii: "%"):
                try percentLiteral(start: start)
            case UInt8(ascii: "<"):
                if peek(1) == UInt8(ascii: "<"), let heredoc = try heredoc(start: start) {
                    add(.string(heredoc), at: start)
                } else {
                    operatorToken(start: start)
                }
            case UInt8(ascii: "="):
                if atLineStart, matches("=begin") {
                    try skipEmbeddedDocument()
                } else if peek(1) == UInt8(ascii: ">") {
                    add(.punctuation("=>"), at: start)
                    index += 2
                } else if let next = peek(1), next == UInt8(ascii: "=") || next == UInt8(ascii: "~") {
                    operatorToken(start: start)
                } else {
                    add(.punctuation("="), at: start)
                    index += 1
                }
            case UInt8(ascii: "."), UInt8(ascii: "|"):
                // Doubled (`..`, `||`) they are operators.
                if peek(1) == b {
                    operatorToken(start: start)
                } else {
                    add(.punctuation(String(Character(Unicode.Scalar(b)))), at: start)
                    index += 1
                }
            case UInt8(ascii: ","), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
                UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
                add(.punctuation(String(Character(Unicode.Scalar(b)))), at: start)
                index += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number(start: start)
            case UInt8(ascii: "`"):
                index += 1
                _ = try doubleQuoted(closing: UInt8(ascii: "`"), opening: nil, start: start)
                add(.command, at: start)
            case UInt8(ascii: "/") where regexMayStart(at: start):
                index += 1
                let pattern = try singleQuoted(
                    closing: UInt8(ascii: "/"), opening: nil, start: start, keepEscapes: true)
                add(.regex(pattern, regexFlags()), at: start)
            case UInt8(ascii: "@"), UInt8(ascii: "$"):
                index += 1
                // `@name` outside a class is a variable of the object the file is evaluated in:
                // one name space for the whole file, read as nil before it is set.
                if b == UInt8(ascii: "@"), let next = peek(), RubyLexer.isIdentifierStart(next) {
                    add(.identifier("@" + identifier()), at: start)
                    continue
                }
                while index < limit, bytes[index] == UInt8(ascii: "@") { index += 1 }
                if index < limit, !RubyLexer.isIdentifierByte(bytes[index]), bytes[index] > 0x20 { index += 1 }
                while index < limit, RubyLexer.isIdentifierByte(bytes[index]) { index += 1 }
                add(.globalVariable(String(decoding: bytes[start..<index], as: UTF8.self)), at: start)
            default:
                if RubyLexer.isIdentifierStart(b) {
                    if atLineStart, matches("__END__") {
                        index = limit
                        continue
                    }
                    let name = identifier()
                    if let last = peek(), last == UInt8(ascii: "?") || last == UInt8(ascii: "!"),
                        peek(1) != UInt8(ascii: "=")
                    {
                        index += 1
                        add(.identifier(name + String(Character(Unicode.Scalar(last)))), at: start)
                    } else if peek() == UInt8(ascii: ":"), peek(1) != UInt8(ascii: ":") {
                        index += 1
                        add(.label(name), at: start)
                    } else if let first = name.utf8.first, first >= 0x41 && first <= 0x5A {
                        add(.constant(name), at: start)
                    } else {
                        add(.identifier(name), at: start)
                    }
                } else if b < 0x20 || b == 0x7F {
                    throw RubyFailure(
                        offset: start,
                        message:
                            "control byte 0x\(String(b, radix: 16, uppercase: true).leftPadded(to: 2)) outside a string: this is not Ruby text"
                    )
                } else {
                    operatorToken(start: start)
                }
            }
        }
        add(.end, at: limit)
    }

    private func matches(_ text: String) -> Bool {
        let word = Array(text.utf8)
        guard index + word.count <= limit, bytes[index..<(index + word.count)].elementsEqual(word) else { return false }
        let after = index + word.count
        return after == limit || !RubyLexer.isIdentifierByte(bytes[after])
    }

    /// `=begin` … `=end` at the start of a line.
    private mutating func skipEmbeddedDocument() throws(RubyFailure) {
        guard index < limit, bytes[index] == UInt8(ascii: "="), matches("=begin") else { return }
        let start = index
        while index < limit {
            while index < limit, bytes[index] != 0x0A { index += 1 }
            guard index < limit else { break }
            index += 1
            if matches("=end") {
                while index < limit, bytes[index] != 0x0A { index += 1 }
                return
            }
        }
        throw RubyFailure(offset: start, message: "the comment opened by =begin never ends: add a line =end")
    }

    /// Whether a `/` at `start` opens a regular expression: where a value is expected (after an
    /// operator, an opening bracket, a comma, a keyword or the start of a line), or after a method name
    /// with a space before the `/` and none after it (`gsub /x/, ''`).
    private func regexMayStart(at start: Int) -> Bool {
        guard let previous = tokens.last else { return true }
        switch previous.kind {
        case .newline, .operator, .punctuation("("), .punctuation(","), .punctuation("["), .punctuation("{"),
            .punctuation("="), .punctuation("=>"), .punctuation("|"), .punctuation(";"), .punctuation(":"), .label:
            return true
        case .punctuation(")"), .punctuation("]"), .punctuation("}"):
            return false
        case .identifier(let word):
            if RubyLexer.valueKeywords.contains(word) { return true }
            let spaceBefore = start > 0 && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09)
            let spaceAfter = start + 1 < limit && (bytes[start + 1] == 0x20 || bytes[start + 1] == 0x3D)
            return spaceBefore && !spaceAfter && !word.hasPrefix("@")
        default:
            return false
        }
    }

    /// Keywords after which a value starts.
    private static let valueKeywords: Set<String> = [
        "if", "unless", "elsif", "when", "while", "until", "and", "or", "not", "return", "then", "do", "else", "in",
    ]

    /// The option letters after a regular expression (`i`, `m`, `x`, `o`).
    private mutating func regexFlags() -> String {
        var flags = ""
        while let c = peek(), [UInt8(ascii: "i"), UInt8(ascii: "m"), UInt8(ascii: "x"), UInt8(ascii: "o")].contains(c) {
            flags.append(Character(Unicode.Scalar(c)))
            index += 1
        }
        return flags
    }

    private mutating func identifier() -> String {
        let start = index
        while index < limit, RubyLexer.isIdentifierByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The operators of more than one character, longest first, with their bytes.
    private static let operators: [(text: String, bytes: [UInt8])] = [
        "**", "==", "!=", "=~", "!~", "<=", ">=", "<<", ">>", "&&", "||", "..", "...", "&.", "+=", "-=", "*=",
        "/=", "||=", "&&=", "<<=", "<=>", "===", "->",
    ].sorted(by: { $0.count > $1.count }).map { ($0, Array($0.utf8)) }

    private mutating func operatorToken(start: Int) {
        for op in RubyLexer.operators {
            let utf = op.bytes
            if index + utf.count <= limit, bytes[index..<(index + utf.count)].elementsEqual(utf) {
                add(.operator(op.text), at: start)
                index += utf.count
                return
            }
        }
        // One (possibly multi-byte) character.
        var end = index + 1
        while end < limit, bytes[end] & 0xC0 == 0x80 { end += 1 }
        add(.operator(String(decoding: bytes[index..<end], as: UTF8.self)), at: start)
        index = end
    }

    private mutating func number(start: Int) throws(RubyFailure) {
        func digits(_ lexer: inout RubyLexer) {
            while lexer.index < lexer.limit,
                RubyLexer.isDigit(lexer.bytes[lexer.index]) || lexer.bytes[lexer.index] == UInt8(ascii: "_")
            {
                lexer.index += 1
            }
        }
        digits(&self)
        var isFloat = false
        if peek() == UInt8(ascii: "."), let next = peek(1), RubyLexer.isDigit(next) {
            isFloat = true
            index += 1
            digits(&self)
        }
        if let next = peek(), RubyLexer.isIdentifierByte(next) {
            throw RubyFailure(
                offset: start,
                message:
                    "this number form (hexadecimal, octal, binary, exponent or suffix) is not supported; write a plain decimal number or a string"
            )
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self).replacingAll("_", with: "")
        if !isFloat, text.count > 1, text.hasPrefix("0") {
            throw RubyFailure(
                offset: start,
                message: "\(text) is an octal number in Ruby; write it as a string ('\(text)') if it is a version")
        }
        add(isFloat ? .float(text) : .integer(text), at: start)
    }

    // MARK: Strings

    private static func closingDelimiter(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "("): UInt8(ascii: ")")
        case UInt8(ascii: "["): UInt8(ascii: "]")
        case UInt8(ascii: "{"): UInt8(ascii: "}")
        case UInt8(ascii: "<"): UInt8(ascii: ">")
        default: nil
        }
    }

    private mutating func percentLiteral(start: Int) throws(RubyFailure) {
        var kind: UInt8 = UInt8(ascii: "Q")
        var delimiterIndex = index + 1
        if let k = peek(1), RubyLexer.isIdentifierStart(k) {
            kind = k
            delimiterIndex = index + 2
        }
        guard delimiterIndex < limit else {
            operatorToken(start: start)
            return
        }
        let opening = bytes[delimiterIndex]
        let isDelimiter = !RubyLexer.isIdentifierByte(opening) && opening > 0x20 && opening < 0x7F
        // `%` followed by a space or `=` is the modulo operator.
        guard isDelimiter, kind != UInt8(ascii: "Q") || (opening != UInt8(ascii: "=") && peek(1) != 0x20) else {
            operatorToken(start: start)
            return
        }
        let closing = RubyLexer.closingDelimiter(opening) ?? opening
        let nested: UInt8? = RubyLexer.closingDelimiter(opening) == nil ? nil : opening
        index = delimiterIndex + 1
        switch kind {
        case UInt8(ascii: "q"):
            add(.string([.text(try singleQuoted(closing: closing, opening: nested, start: start))]), at: start)
        case UInt8(ascii: "Q"):
            add(.string(try doubleQuoted(closing: closing, opening: nested, start: start)), at: start)
        case UInt8(ascii: "r"):
            let pattern = try singleQuoted(closing: closing, opening: nested, start: start, keepEscapes: true)
            add(.regex(pattern, regexFlags()), at: start)
        case UInt8(ascii: "x"):
            _ = try singleQuoted(closing: closing, opening: nested, start: start)
            add(.command, at: start)
        case UInt8(ascii: "w"), UInt8(ascii: "i"):
            let text = try singleQuoted(closing: closing, opening: nested, start: start)
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(
                String.init)
            add(kind == UInt8(ascii: "w") ? .words(words) : .symbols(words), at: start)
        default:
            throw RubyFailure(
                offset: start,
                message:
                    "the literal %\(Character(Unicode.Scalar(kind))) is not supported; use %w[], %i[], %q(), %Q{} or %r{}"
            )
        }
    }

    /// Reads up to the closing delimiter with single-quote rules: only `\\` and `\<closing>` are escapes.
    private mutating func singleQuoted(closing: UInt8, opening: UInt8?, start: Int, keepEscapes: Bool = false)
        throws(RubyFailure) -> String
    {
        // The usual string, with no escape and no nested delimiter before its end: its bytes as they are.
        var end = index
        while end < limit, bytes[end] != closing, bytes[end] != UInt8(ascii: "\\"), bytes[end] != opening {
            end += 1
        }
        if end < limit, bytes[end] == closing, bytes[end] != opening {
            let text = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end + 1
            return text
        }
        var out: [UInt8] = []
        var depth = 0
        while index < limit {
            let b = bytes[index]
            if b == UInt8(ascii: "\\"), index + 1 < limit {
                let e = bytes[index + 1]
                if !keepEscapes && (e == UInt8(ascii: "\\") || e == closing || (opening != nil && e == opening)) {
                    out.append(e)
                } else if keepEscapes && e == closing {
                    out.append(e)
                } else {
                    out.append(b)
                    out.append(e)
                }
                index += 2
                continue
            }
            if let opening, b == opening { depth += 1 }
            if b == closing {
                if depth == 0 {
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                }
                depth -= 1
            }
            out.append(b)
            index += 1
        }
        throw RubyFailure(
            offset: start,
            message: "this string never ends: the closing \(Character(Unicode.Scalar(closing))) is missing")
    }

    /// Reads up to the closing delimiter with double-quote rules: escapes and `#{...}`.
    private mutating func doubleQuoted(closing: UInt8?, opening: UInt8?, start: Int, until end: Int? = nil)
        throws(RubyFailure) -> [RubyStringPart]
    {
        var parts: [RubyStringPart] = []
        var out: [UInt8] = []
        var depth = 0
        let stop = end ?? limit
        func flush() {
            if !out.isEmpty {
                parts.append(.text(String(decoding: out, as: UTF8.self)))
                out = []
            }
        }
        while index < stop {
            let b = bytes[index]
            if b == UInt8(ascii: "\\"), index + 1 < stop {
                index += 1
                try escape(into: &out)
                continue
            }
            if b == UInt8(ascii: "#"), index + 1 < stop {
                let n = bytes[index + 1]
                if n == UInt8(ascii: "{") {
                    flush()
                    let codeStart = index + 2
                    index = codeStart
                    var braces = 0
                    while true {
                        guard index < stop else {
                            throw RubyFailure(
                                offset: codeStart - 2,
                                message: "the interpolation #{ opened here is never closed with }")
                        }
                        let c = bytes[index]
                        if c == UInt8(ascii: "{") { braces += 1 }
                        if c == UInt8(ascii: "}") {
                            if braces == 0 { break }
                            braces -= 1
                        }
                        index += 1
                    }
                    parts.append(.code(codeStart..<index))
                    index += 1
                    continue
                }
                if n == UInt8(ascii: "@") || n == UInt8(ascii: "$") {
                    throw RubyFailure(
                        offset: index,
                        message:
                            "interpolating a variable with #\(Character(Unicode.Scalar(n))) is not supported; escape the # as \\# or use #{local_variable}"
                    )
                }
            }
            if let opening, b == opening { depth += 1 }
            if let closing, b == closing {
                if depth == 0 {
                    index += 1
                    flush()
                    return parts
                }
                depth -= 1
            }
            out.append(b)
            index += 1
        }
        if closing == nil {
            flush()
            return parts
        }
        throw RubyFailure(
            offset: start,
            message: "this string never ends: the closing \(Character(Unicode.Scalar(closing!))) is missing")
    }

    /// One escape after a backslash in a double-quoted string (`index` is on the escaped byte).
    private mutating func escape(into out: inout [UInt8]) throws(RubyFailure) {
        let escapeStart = index - 1
        let e = bytes[index]
        index += 1
        func append(_ scalar: Unicode.Scalar) {
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
        switch e {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "s"): out.append(0x20)
        case UInt8(ascii: "e"): out.append(0x1B)
        case UInt8(ascii: "a"): out.append(0x07)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "v"): out.append(0x0B)
        case 0x0A: break  // a line continuation inside the string
        case UInt8(ascii: "u"):
            var hex = ""
            if peek() == UInt8(ascii: "{") {
                index += 1
                while let c = peek(), c != UInt8(ascii: "}") {
                    hex.append(Character(Unicode.Scalar(c)))
                    index += 1
                }
                index += 1
            } else {
                for _ in 0..<4 {
                    guard let c = peek() else { break }
                    hex.append(Character(Unicode.Scalar(c)))
                    index += 1
                }
            }
            guard hex.split(separator: " ").count == 1, let value = UInt32(hex, radix: 16),
                let scalar = Unicode.Scalar(value)
            else {
                throw RubyFailure(
                    offset: escapeStart, message: "invalid \\u escape; write \\uXXXX or \\u{X} with one code point")
            }
            append(scalar)
        case UInt8(ascii: "0")...UInt8(ascii: "7"), UInt8(ascii: "x"):
            // `\nnn` (one to three octal digits) and `\xHH` (one or two hex digits) give one byte.
            let octal = e != UInt8(ascii: "x")
            var value = octal ? UInt32(e - UInt8(ascii: "0")) : 0
            var digits = octal ? 1 : 0
            while digits < (octal ? 3 : 2), let c = peek(), let d = RubyLexer.digit(c, hex: !octal) {
                value = value * (octal ? 8 : 16) + d
                digits += 1
                index += 1
            }
            guard digits > 0, value < 0x80 else {
                throw RubyFailure(
                    offset: escapeStart,
                    message: digits == 0
                        ? "invalid \\x escape; write \\x with one or two hex digits"
                        : "the escape gives the byte 0x\(String(value, radix: 16, uppercase: true)), which is not UTF-8 text on its own; write the character itself or \\u{…}"
                )
            }
            out.append(UInt8(value))
        case UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "M"):
            throw RubyFailure(
                offset: escapeStart,
                message: "control and meta escapes (\\c, \\C-, \\M-) are not supported in podspec strings")
        default:
            out.append(e)
        }
    }

    /// A heredoc opener (`<<-ID`, `<<~ID`, `<<ID`, quoted IDs); nil when `<<` is an operator.
    private mutating func heredoc(start: Int) throws(RubyFailure) -> [RubyStringPart]? {
        var i = index + 2
        var mode: UInt8 = 0
        if i < limit, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "~") {
            mode = bytes[i]
            i += 1
        }
        guard i < limit else { return nil }
        var quote: UInt8 = 0
        if bytes[i] == UInt8(ascii: "'") || bytes[i] == UInt8(ascii: "\"") {
            quote = bytes[i]
            i += 1
        }
        let idStart = i
        while i < limit, RubyLexer.isIdentifierByte(bytes[i]) { i += 1 }
        guard i > idStart, RubyLexer.isIdentifierStart(bytes[idStart]) else { return nil }
        let id = Array(bytes[idStart..<i])
        if quote != 0 {
            guard i < limit, bytes[i] == quote else { return nil }
            i += 1
        }
        index = i
        let opener = String(decoding: bytes[start..<i], as: UTF8.self)
        // The body starts on the line after this one, or after the bodies of earlier heredocs on it.
        var bodyStart: Int
        if let resume = heredocResume {
            bodyStart = resume
        } else {
            bodyStart = index
            while bodyStart < limit, bytes[bodyStart] != 0x0A { bodyStart += 1 }
            bodyStart += 1
        }
        var lines: [Range<Int>] = []
        var lineStart = bodyStart
        var found = false
        while lineStart < limit {
            var lineEnd = lineStart
            while lineEnd < limit, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var content = lineStart..<lineEnd
            if content.upperBound > content.lowerBound, bytes[content.upperBound - 1] == 0x0D {
                content = content.lowerBound..<(content.upperBound - 1)
            }
            var first = content.lowerBound
            if mode != 0 {
                while first < content.upperBound, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            }
            if bytes[first..<content.upperBound].elementsEqual(id) {
                found = true
                heredocResume = min(lineEnd + 1, limit)
                break
            }
            lines.append(lineStart..<min(lineEnd + 1, limit))
            lineStart = lineEnd + 1
        }
        guard found else {
            throw RubyFailure(
                offset: start,
                message: "the heredoc \(opener) never ends: no line holds only \(String(decoding: id, as: UTF8.self))")
        }
        if mode == UInt8(ascii: "~") {
            try checkSquiggly(lines)
            lines = squigglyTrimmed(lines)
        }
        if quote == UInt8(ascii: "'") {
            return [.text(lines.map { String(decoding: bytes[$0], as: UTF8.self) }.joined())]
        }
        var parts: [RubyStringPart] = []
        // Text of consecutive lines is appended to one string in place (not copied once per line).
        var text: String?
        let saved = index
        for line in lines {
            index = line.lowerBound
            let lineParts = try doubleQuoted(closing: nil, opening: nil, start: start, until: line.upperBound)
            for part in lineParts {
                if case .text(let t) = part {
                    if text == nil { text = t } else { text!.append(t) }
                } else {
                    if let pending = text { parts.append(.text(pending)) }
                    text = nil
                    parts.append(part)
                }
            }
        }
        if let pending = text { parts.append(.text(pending)) }
        index = saved
        return parts.isEmpty ? [.text("")] : parts
    }

    /// Refuses what Ruby's `<<~` does not do as documented: a line of only spaces or tabs can change
    /// how much indentation the other lines lose, and tabs count to the next multiple of 8.
    private func checkSquiggly(_ lines: [Range<Int>]) throws(RubyFailure) {
        for line in lines {
            var i = line.lowerBound
            while i < line.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 {
                if bytes[i] == 0x09 {
                    throw RubyFailure(
                        offset: i,
                        message:
                            "a tab in the indentation of a <<~ heredoc is not supported; indent with spaces or use <<-")
                }
                i += 1
            }
            let rest = i < line.upperBound ? bytes[i] : 0x0A
            if i > line.lowerBound, rest == 0x0A || rest == 0x0D {
                throw RubyFailure(
                    offset: line.lowerBound,
                    message:
                        "a line of only spaces in a <<~ heredoc is not supported (Ruby may then remove more indentation than documented); make the line empty or use <<-"
                )
            }
        }
    }

    /// `<<~`: removes the indentation of the least-indented non-blank line (a tab counts to the next
    /// multiple of 8), as Ruby does.
    private func squigglyTrimmed(_ lines: [Range<Int>]) -> [Range<Int>] {
        func indentWidth(_ line: Range<Int>) -> Int? {
            var width = 0
            for i in line {
                switch bytes[i] {
                case 0x20: width += 1
                case 0x09: width = (width / 8 + 1) * 8
                case 0x0A, 0x0D: return nil
                default: return width
                }
            }
            return nil
        }
        guard let minimum = lines.compactMap(indentWidth).min(), minimum > 0 else { return lines }
        return lines.map { line in
            var width = 0
            var i = line.lowerBound
            while i < line.upperBound, width < minimum {
                let b = bytes[i]
                if b == 0x20 {
                    width += 1
                } else if b == 0x09 {
                    let next = (width / 8 + 1) * 8
                    if next > minimum { break }
                    width = next
                } else {
                    break
                }
                i += 1
            }
            return i..<line.upperBound
        }
    }
}
