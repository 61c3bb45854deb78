/// A token of the declarative Podfile subset.
struct Token: Equatable {
    enum Kind: Equatable {
        /// A bare word: `pod`, `target`, `use_frameworks!`, `do`, `true`, `ENV`.
        case word(String)
        /// `:ios`, `:git`.
        case symbol(String)
        /// `git:` (the `key: value` hash spelling).
        case label(String)
        case string(String)
        /// A double-quoted string with `#{…}` at `line`:`column` (an error wherever it is used).
        case interpolated(String, line: Int, column: Int)
        case number(String)
        /// `=>`
        case arrow
        case comma
        case openParen
        case closeParen
        case openBracket
        case closeBracket
        /// End of a statement: a line break or `;`.
        case newline
        /// Anything else (`=`, `{`, `|`, `.`, `+`, `@x`, `$x` …): never valid, reported by the parser.
        case other(String)
        case end
    }

    let kind: Kind
    let line: Int
    let column: Int
}

/// Splits Composefile text into tokens. Comments (`#` and `=begin`/`=end`) are dropped; line breaks
/// inside brackets or after `,` and `=>` do not end a statement, as in Ruby.
struct ComposefileLexer {
    let path: String
    private let chars: [Character]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    private var tokens: [Token] = []
    /// Heredocs opened on the current line (`<<~EOS`): their terminators and where they start.
    private var heredocs: [(terminator: String, line: Int, column: Int)] = []

    init(text: String, path: String) {
        self.path = path
        // CRLF files read as LF.
        self.chars = Array(text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    static func tokenize(_ text: String, path: String) throws(ComposefileError) -> [Token] {
        var lexer = ComposefileLexer(text: text, path: path)
        return try lexer.run()
    }

    private func location(_ line: Int, _ column: Int) -> ComposefileLocation {
        ComposefileLocation(file: path, line: line, column: column)
    }

    private var current: Character? { index < chars.count ? chars[index] : nil }
    private func peek(_ offset: Int = 1) -> Character? {
        index + offset < chars.count ? chars[index + offset] : nil
    }

    private mutating func advance() {
        if chars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func emit(_ kind: Token.Kind, _ line: Int, _ column: Int) {
        tokens.append(Token(kind: kind, line: line, column: column))
    }

    private var continuesStatement: Bool {
        if depth > 0 { return true }
        switch tokens.last?.kind {
        case .comma?, .arrow?: return true
        default: return false
        }
    }

    private static func isWordStart(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }
    private static func isWordChar(_ c: Character) -> Bool { c == "_" || (c.isASCII && (c.isLetter || c.isNumber)) }

    private mutating func run() throws(ComposefileError) -> [Token] {
        if matches("=begin") { try skipBlockComment(1) }
        while let c = current {
            let startLine = line
            let startColumn = column
            if c == "\n" {
                advance()
                if !heredocs.isEmpty { try skipHeredocBodies() }
                if !continuesStatement, tokens.last.map({ $0.kind != .newline }) ?? false {
                    emit(.newline, startLine, startColumn)
                }
                if column == 1, matches("=begin") { try skipBlockComment(startLine) }
            } else if c == " " || c == "\t" || c == "\r" {
                advance()
            } else if c == "\\", peek() == "\n" {
                advance()
                advance()
            } else if c == "#" {
                while let d = current, d != "\n" { advance() }
            } else if c == ";" {
                advance()
                if tokens.last.map({ $0.kind != .newline }) ?? false { emit(.newline, startLine, startColumn) }
            } else if c == "'" || c == "\"" {
                let (text, interpolation) = try readString(quote: c)
                if let interpolation {
                    emit(
                        .interpolated(text, line: interpolation.line, column: interpolation.column), startLine,
                        startColumn)
                } else {
                    emit(.string(text), startLine, startColumn)
                }
            } else if c == ":" {
                if let next = peek(), Self.isWordStart(next) {
                    advance()
                    let word = readWord()
                    emit(.symbol(word), startLine, startColumn)
                } else if let next = peek(), next == "'" || next == "\"" {
                    advance()
                    let text = try readString(quote: next).text
                    emit(.symbol(text), startLine, startColumn)
                } else {
                    advance()
                    emit(.other(":"), startLine, startColumn)
                }
            } else if Self.isWordStart(c) {
                var word = readWord()
                if let d = current, d == "!" || d == "?", peek() != "=" {
                    word.append(d)
                    advance()
                }
                let atStatementStart = tokens.last.map { $0.kind == .newline } ?? true
                if current == ":", let next = peek(), Self.isWordStart(next), atStatementStart {
                    // `platform:ios` is the directive and a symbol, as Ruby reads it.
                    emit(.word(word), startLine, startColumn)
                } else if current == ":", let next = peek(), next != ":" {
                    advance()
                    emit(.label(word), startLine, startColumn)
                } else {
                    emit(.word(word), startLine, startColumn)
                }
            } else if c.isASCII && c.isNumber {
                var number = ""
                while let d = current, d.isASCII && (d.isNumber || d == "." || d == "_") {
                    number.append(d)
                    advance()
                }
                emit(.number(number), startLine, startColumn)
            } else if c == "/", startsRegex {
                // `=~ /Pods-.*'/` (in hooks): a regular expression is text, whatever quotes it holds.
                advance()
                while let d = current, d != "/", d != "\n" {
                    advance()
                    if d == "\\", current != nil, current != "\n" { advance() }
                }
                if current == "/" { advance() }
                while let d = current, d.isASCII, d.isLetter { advance() }
                emit(.string(""), startLine, startColumn)
            } else if c == "<", peek() == "<", let marker = heredocMarker() {
                // `<<~EOS` … `EOS` (in hooks): its body is text, whatever quotes it holds.
                for _ in 0..<marker.length { advance() }
                heredocs.append((marker.terminator, startLine, startColumn))
                emit(.string(""), startLine, startColumn)
            } else if c == "=" && peek() == ">" {
                advance()
                advance()
                emit(.arrow, startLine, startColumn)
            } else if c == "," {
                advance()
                emit(.comma, startLine, startColumn)
            } else if c == "(" || c == "[" {
                advance()
                depth += 1
                emit(c == "(" ? .openParen : .openBracket, startLine, startColumn)
            } else if c == ")" || c == "]" {
                advance()
                depth = max(0, depth - 1)
                emit(c == ")" ? .closeParen : .closeBracket, startLine, startColumn)
            } else {
                var text = String(c)
                advance()
                // Keep two-character operators together so messages show them whole.
                if let d = current,
                    ["==", "||", "&&", "<<", "+=", "||=", "!=", "=~", "!~", "::"].contains(text + String(d))
                {
                    text.append(d)
                    advance()
                } else if text == "@" || text == "$" {
                    text += readWord()
                }
                emit(.other(text), startLine, startColumn)
            }
        }
        if tokens.last.map({ $0.kind != .newline }) ?? false { emit(.newline, line, column) }
        emit(.end, line, column)
        return tokens
    }

    /// At `<<`: a heredoc's opener (`<<~EOS`, `<<-EOS`, `<<EOS`, `<<~'EOS'`) and its length, else nil
    /// (`a << b` appends). Ruby reads `<<EOS` as a heredoc only with the word right after `<<`.
    private func heredocMarker() -> (terminator: String, length: Int)? {
        var i = index + 2
        var indented = false
        if i < chars.count, chars[i] == "~" || chars[i] == "-" {
            i += 1
            indented = true
        }
        var quote: Character?
        if i < chars.count, chars[i] == "'" || chars[i] == "\"" {
            quote = chars[i]
            i += 1
        }
        let start = i
        while i < chars.count, Self.isWordChar(chars[i]) { i += 1 }
        guard i > start, Self.isWordStart(chars[start]) else { return nil }
        let word = String(chars[start..<i])
        if let quote {
            guard i < chars.count, chars[i] == quote else { return nil }
            i += 1
        } else if !indented, !(chars[start].isUppercase) {
            return nil
        }
        return (word, i - index)
    }

    /// Skips the bodies of the heredocs opened on the line just ended, up to each terminator line.
    private mutating func skipHeredocBodies() throws(ComposefileError) {
        for heredoc in heredocs {
            while true {
                guard current != nil else {
                    throw .syntax(
                        location(heredoc.line, heredoc.column),
                        message: "This heredoc is never closed: add a line '\(heredoc.terminator)' after its text.")
                }
                var text = ""
                while let d = current, d != "\n" {
                    text.append(d)
                    advance()
                }
                if current != nil { advance() }
                if text.trimmingCharacters(in: .whitespaces) == heredoc.terminator { break }
            }
        }
        heredocs.removeAll()
    }

    /// Whether a `/` here opens a regular expression rather than dividing: after `=~`, `(`, `,`,
    /// `when`, `=` or at the start of a statement, as Ruby decides.
    private var startsRegex: Bool {
        switch tokens.last?.kind {
        case .other("=~")?, .other("!~")?, .other("=")?, .openParen?, .comma?, .word("when")?, .newline?, nil:
            return true
        default: return false
        }
    }

    private func matches(_ text: String) -> Bool {
        let needle = Array(text)
        guard index + needle.count <= chars.count else { return false }
        return Array(chars[index..<index + needle.count]) == needle
    }

    private mutating func skipBlockComment(_ startLine: Int) throws(ComposefileError) {
        let start = location(line, column)
        while current != nil {
            if column == 1, matches("=end") {
                while let d = current, d != "\n" { advance() }
                return
            }
            advance()
        }
        throw .syntax(start, message: "'=begin' comment is never closed: add a line '=end' after it.")
    }

    private mutating func readWord() -> String {
        var word = ""
        while let d = current, Self.isWordChar(d) {
            word.append(d)
            advance()
        }
        return word
    }

    /// Reads a quoted string, which may span lines as in Ruby; the cursor is on the opening quote.
    /// Single quotes know only `\'` and `\\`; double quotes know the usual escapes and report where
    /// a `#{…}` interpolation starts (refused by the parser wherever the string is used).
    private mutating func readString(quote: Character) throws(ComposefileError) -> (
        text: String, interpolation: (line: Int, column: Int)?
    ) {
        let start = location(line, column)
        advance()
        var text = ""
        var interpolation: (line: Int, column: Int)?
        while let c = current {
            if c == quote {
                advance()
                return (text, interpolation)
            }
            if c == "\\", let next = peek() {
                if quote == "'" {
                    if next == "'" || next == "\\" {
                        text.append(next)
                    } else {
                        text.append(c)
                        text.append(next)
                    }
                } else {
                    switch next {
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case "0": text.append("\0")
                    default: text.append(next)
                    }
                }
                advance()
                advance()
                continue
            }
            if quote == "\"", c == "#", peek() == "{" {
                // Ruby code up to the matching `}` (it may hold quotes of its own).
                if interpolation == nil { interpolation = (line, column) }
                var braces = 0
                while let d = current {
                    text.append(d)
                    advance()
                    if d == "{" {
                        braces += 1
                    } else if d == "}" {
                        braces -= 1
                        if braces == 0 { break }
                    }
                }
                continue
            }
            text.append(c)
            advance()
        }
        throw .syntax(start, message: "This string is not closed: add the closing \(quote).")
    }
}
