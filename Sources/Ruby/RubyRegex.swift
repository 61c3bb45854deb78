import Foundation

/// A Ruby regular expression run by Foundation's ICU engine (the syntax real files use — classes,
/// groups, anchors, `\A`/`\z`, `\s`/`\d`/`\w` — means the same in both), and a string given as a
/// pattern matched literally, as `gsub('a', 'b')` does.
struct RubyRegex {
    struct Match {
        let range: Range<String.Index>
        /// The whole match first, then each group (nil when it did not take part).
        let groups: [String?]
        /// The match's start in characters (`=~`).
        let start: Int
    }

    private let expression: Pattern
    private let interpreter: RubyInterpreter
    private let offset: Int

    init(_ source: String, options: String, at offset: Int, interpreter: RubyInterpreter) throws(RubyFailure) {
        guard source.utf8.count <= 4096 else {
            throw interpreter.failure(offset, "this regular expression is longer than 4 KiB", kind: .limit)
        }
        if RubyRegex.hasNestedQuantifier(source) {
            throw interpreter.failure(
                offset,
                "the regular expression /\(source)/ repeats a group that itself repeats (such as (a+)+), which can take exponential time; write it without the nested repetition",
                kind: .limit)
        }
        guard let expression = Pattern(source, options: options) else {
            throw interpreter.failure(offset, "the regular expression /\(source)/ is not one compose can read")
        }
        self.expression = expression
        self.interpreter = interpreter
        self.offset = offset
    }

    /// A regular expression value, or a string matched literally.
    init(_ value: RubyValue, interpreter: RubyInterpreter) throws(RubyFailure) {
        switch value.kind {
        case .regex(let source, let options):
            try self.init(source, options: options, at: value.offset, interpreter: interpreter)
        case .string(let literal):
            try self.init(
                NSRegularExpression.escapedPattern(for: literal), options: "", at: value.offset,
                interpreter: interpreter)
        default:
            throw interpreter.failure(
                value.offset, "a pattern is a string or a regular expression, not \(value.typeName)")
        }
    }

    /// Whether a quantified group holds a quantifier itself: the shape of catastrophic backtracking.
    static func hasNestedQuantifier(_ source: String) -> Bool {
        var stack: [Bool] = []  // per open group: whether it holds a quantifier
        var chars = Array(source)
        var i = 0
        var inClass = false
        var lastClosedQuantified = false
        while i < chars.count {
            let c = chars[i]
            if c == "\\" {
                i += 2
                continue
            }
            if inClass {
                if c == "]" { inClass = false }
                i += 1
                continue
            }
            switch c {
            case "[": inClass = true
            case "(": stack.append(false)
            case ")":
                lastClosedQuantified = stack.popLast() ?? false
                if i + 1 < chars.count, "+*{".contains(chars[i + 1]), lastClosedQuantified { return true }
                if lastClosedQuantified, !stack.isEmpty { stack[stack.count - 1] = true }
            case "+", "*", "{":
                if !stack.isEmpty { stack[stack.count - 1] = true }
            default: break
            }
            i += 1
        }
        chars = []
        return false
    }

    /// Every match, left to right (`limit` at most), each find charged to the file's budget of
    /// matching steps: a pattern that backtracks without end is stopped there, whatever its shape.
    func matches(in text: String, limit: Int = Int.max) throws(RubyFailure) -> [Match] {
        var found: [Match] = []
        try forEachMatch(in: text, limit: limit) { found.append($0) }
        return found
    }

    /// Calls `body` with each match as it is found (none is kept), `limit` at most.
    func forEachMatch(in text: String, limit: Int = Int.max, _ body: (Match) throws(RubyFailure) -> Void)
        throws(RubyFailure)
    {
        guard text.utf8.count <= RubyInterpreter.maximumStringBytes else {
            throw interpreter.failure(offset, "the string is too long to match", kind: .limit)
        }
        try interpreter.charge(text.utf8.count / 16, at: offset)
        var caught: RubyFailure?
        var count = 0
        // The start in characters, counted on from the previous match (not from the string's start each time).
        var counted = (index: text.startIndex, characters: 0)
        let complete = RubyRegex.find(expression, in: text, limit: limit, meter: interpreter.regexMeter) {
            ranges in
            guard let whole = ranges[0] else { return true }
            let characters = counted.characters + text.distance(from: counted.index, to: whole.lowerBound)
            counted = (whole.lowerBound, characters)
            count += 1
            do throws(RubyFailure) {
                try body(Match(range: whole, groups: ranges.map { $0.map { String(text[$0]) } }, start: characters))
                return true
            } catch {
                caught = error
                return false
            }
        }
        if let caught { throw caught }
        try interpreter.charge(count, at: offset)
        guard complete else {
            throw interpreter.failure(
                offset,
                "matching this regular expression takes more than \(RubyRegexMeter.maximumTicks / 100) M steps of the engine (it backtracks without end on this string); write it without repetitions that can match the same text in many ways",
                kind: .limit)
        }
    }

    func firstMatch(in text: String) throws(RubyFailure) -> Match? {
        try matches(in: text, limit: 1).first
    }

    /// `sub`/`gsub`: the replacement is a string (`\1`, `\0`, `\\&`), a hash of matches, or a block.
    func replace(in text: String, all: Bool, with replacement: RubyValue?, block: RubyBlock?, at: Int)
        throws(RubyFailure)
        -> String
    {
        var out = ""
        var last = text.startIndex
        try forEachMatch(in: text, limit: all ? Int.max : 1) { (match) throws(RubyFailure) in
            out += text[last..<match.range.lowerBound]
            let whole = match.groups[0] ?? ""
            switch replacement?.kind {
            case .string(let template)?:
                out += RubyRegex.expand(template, match)
            case .hash(let pairs)?:
                if let v = pairs.first(where: { $0.key.stringValue == whole })?.value {
                    out += try interpreter.stringify(v, at: at)
                }
            case nil:
                guard let block else {
                    throw interpreter.failure(at, "`gsub` needs a replacement or a block", kind: .raised)
                }
                out += try interpreter.stringify(try interpreter.yield(block, [.string(whole, at: at)], at: at), at: at)
            default:
                out += try interpreter.stringify(replacement!, at: at)
            }
            last = match.range.upperBound
            try interpreter.refuseString(ofAtLeast: out.utf8.count, at: at)
        }
        out += text[last...]
        try interpreter.charge(out.utf8.count, at: at)
        return out
    }

    /// Ruby's replacement escapes: `\0`/`\&` the match, `\1`…`\9` groups, `\\` a backslash.
    static func expand(_ template: String, _ match: Match) -> String {
        var out = ""
        var chars = template.makeIterator()
        while let c = chars.next() {
            guard c == "\\" else {
                out.append(c)
                continue
            }
            guard let e = chars.next() else {
                out.append("\\")
                break
            }
            if let digit = e.wholeNumberValue, e.isASCII {
                out += digit < match.groups.count ? (match.groups[digit] ?? "") : ""
            } else if e == "&" {
                out += match.groups[0] ?? ""
            } else if e == "\\" {
                out.append("\\")
            } else {
                out.append("\\")
                out.append(e)
            }
        }
        return out
    }
}
