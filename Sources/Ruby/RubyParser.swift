/// Recursive descent from tokens to `RubyNode`s, with Ruby's precedence, command calls without
/// parentheses, `do` blocks binding to the outermost call, and the modifier forms. Nesting is
/// bounded (`maximumDepth`), so a hostile file cannot exhaust the stack.
struct RubyParser {
    static let maximumDepth = 300

    private let bytes: [UInt8]
    private let tokens: [RubyToken]
    private var position = 0
    private var depth = 0
    /// Local variable names per scope (a block sees its parents'; a `def` starts afresh).
    private var scopes: [(names: Set<String>, isolated: Bool)] = [([], true)]
    /// Above zero while the arguments of a command call are read: a `do` there belongs to the call.
    private var commandArguments = 0
    /// The last two string literals read as one (`'a' 'b'`): where the first and the second start,
    /// and where the token after them does.
    private var joinedStrings: (first: Int, second: Int, after: Int)?
    /// Calls whose block is kept unparsed (Podfile hooks).
    private let opaqueBlockMethods: Set<String>
    private let lines: RubyLineTable

    init(bytes: [UInt8], tokens: [RubyToken], lines: RubyLineTable, opaqueBlockMethods: Set<String>) {
        self.bytes = bytes
        self.tokens = tokens
        self.lines = lines
        self.opaqueBlockMethods = opaqueBlockMethods
    }

    /// The statements of `bytes[range]`.
    static func parse(
        _ bytes: [UInt8], range: Range<Int>, lines: RubyLineTable, opaqueBlockMethods: Set<String> = [],
        locals: Set<String> = []
    ) throws(RubyFailure) -> [RubyNode] {
        let tokens = try RubyLexer.tokenize(bytes, range: range)
        var parser = RubyParser(bytes: bytes, tokens: tokens, lines: lines, opaqueBlockMethods: opaqueBlockMethods)
        parser.scopes = [(locals, true)]
        let body = try parser.statements(until: [])
        guard case .end = parser.current.kind else { throw parser.unexpected("a statement") }
        return body
    }

    // MARK: Tokens

    private var current: RubyToken { tokens[position] }
    private func peek(_ ahead: Int = 1) -> RubyToken.Kind { tokens[min(position + ahead, tokens.count - 1)].kind }
    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }
    private func isPunctuation(_ p: String) -> Bool { current.kind == .punctuation(p) }
    private func isOperator(_ p: String) -> Bool { current.kind == .operator(p) }
    private func isKeyword(_ k: String) -> Bool { current.kind == .identifier(k) }

    private mutating func skipNewlines() { while current.kind == .newline { advance() } }
    private mutating func skipSeparators() {
        while current.kind == .newline || isPunctuation(";") { advance() }
    }

    private mutating func expectPunctuation(_ p: String, _ what: String) throws(RubyFailure) {
        guard isPunctuation(p) else { throw unexpected(what) }
        advance()
    }

    private mutating func expectKeyword(_ k: String, opener: Int) throws(RubyFailure) {
        guard isKeyword(k) else {
            if case .end = current.kind {
                let line = lines.location(opener).line
                throw RubyFailure(
                    offset: opener,
                    message: "the block opened on line \(line) is never closed: add `\(k)` after its last line")
            }
            throw unexpected("`\(k)`")
        }
        advance()
    }

    private func describe(_ kind: RubyToken.Kind) -> String {
        switch kind {
        case .identifier(let n), .constant(let n): "`\(n)`"
        case .label(let n): "`\(n):`"
        case .string: "a string"
        case .words, .symbols: "a %w[] list"
        case .symbol(let s): "the symbol :\(s)"
        case .integer(let n), .float(let n): "the number \(n)"
        case .punctuation(let p), .operator(let p): "`\(p)`"
        case .regex: "a regular expression"
        case .command: "a shell command"
        case .globalVariable(let g): "`\(g)`"
        case .newline: "the end of the line"
        case .end: "the end of the file"
        }
    }

    private func unexpected(_ expected: String) -> RubyFailure {
        RubyFailure(offset: current.offset, message: "expected \(expected), found \(describe(current.kind))")
    }

    private mutating func enter() throws(RubyFailure) {
        depth += 1
        if depth > RubyParser.maximumDepth {
            throw RubyFailure(
                offset: current.offset,
                message: "nesting is deeper than \(RubyParser.maximumDepth) levels (blocks, brackets and calls)",
                kind: .limit)
        }
    }

    private mutating func leave() { depth -= 1 }

    // MARK: Scopes

    private func isLocal(_ name: String) -> Bool {
        for scope in scopes.reversed() {
            if scope.names.contains(name) { return true }
            if scope.isolated { return false }
        }
        return false
    }

    private mutating func declare(_ name: String) { scopes[scopes.count - 1].names.insert(name) }

    private mutating func declare(_ target: RubyTarget) {
        switch target {
        case .variable(let name, _): declare(name)
        case .multiple(let targets, _): for t in targets { declare(t) }
        default: break
        }
    }

    // MARK: Statements

    /// Statements up to one of the keywords in `terminators` (not consumed), `}` or the end.
    mutating func statements(until terminators: Set<String>) throws(RubyFailure) -> [RubyNode] {
        var body: [RubyNode] = []
        while true {
            skipSeparators()
            switch current.kind {
            case .end, .punctuation("}"), .punctuation(")"): return body
            case .identifier(let word) where terminators.contains(word): return body
            default: break
            }
            body.append(try statement())
            switch current.kind {
            case .newline, .end, .punctuation(";"), .punctuation("}"), .punctuation(")"): break
            case .identifier(let word) where terminators.contains(word): break
            default: throw unexpected("the end of the statement")
            }
        }
    }

    private mutating func statement() throws(RubyFailure) -> RubyNode {
        var node = try notExpression()
        while true {
            switch current.kind {
            case .identifier("if"), .identifier("unless"):
                let negate = isKeyword("unless")
                let at = current.offset
                advance()
                let condition = try notExpression()
                node = negate ? .conditional(condition, [], [node], at) : .conditional(condition, [node], [], at)
            case .identifier("while"), .identifier("until"):
                let isUntil = isKeyword("until")
                let at = current.offset
                advance()
                node = .loop(try notExpression(), [node], until: isUntil, at)
            case .identifier("rescue"):
                let at = current.offset
                advance()
                node = .begin([node], [RubyRescue(classes: [], variable: nil, body: [try notExpression()])], nil, at)
            default:
                return node
            }
        }
    }

    /// `not`, `and`, `or` (lowest precedence).
    private mutating func notExpression() throws(RubyFailure) -> RubyNode {
        var left: RubyNode
        if isKeyword("not") {
            let at = current.offset
            advance()
            left = .not(try notExpression(), at)
        } else {
            left = try expression()
        }
        while isKeyword("and") || isKeyword("or") {
            let isAnd = isKeyword("and")
            let at = current.offset
            advance()
            skipNewlines()
            let right: RubyNode
            if isKeyword("not") {
                let notAt = current.offset
                advance()
                right = .not(try expression(), notAt)
            } else {
                right = try expression()
            }
            left = isAnd ? .and(left, right, at) : .or(left, right, at)
        }
        return left
    }

    /// An expression with assignment (right to left).
    mutating func expression() throws(RubyFailure) -> RubyNode {
        try enter()
        defer { leave() }
        let start = current.offset
        // `a, b = 1, 2`
        if case .identifier = current.kind, peek() == .punctuation(","), isMultipleAssignment() {
            var targets: [RubyTarget] = []
            while true {
                guard case .identifier(let name) = current.kind else { throw unexpected("a variable name") }
                targets.append(.variable(name, current.offset))
                advance()
                if isPunctuation(",") {
                    advance()
                    continue
                }
                break
            }
            try expectPunctuation("=", "`=`")
            skipNewlines()
            let value = try assignedValue()
            let target = RubyTarget.multiple(targets, start)
            declare(target)
            return .assign(target, value, start)
        }
        let left = try ternary()
        if isPunctuation("=") {
            guard let target = assignable(left) else {
                throw RubyFailure(offset: current.offset, message: "this cannot be assigned to")
            }
            advance()
            skipNewlines()
            declare(target)
            return .assign(target, try assignedValue(), left.offset)
        }
        if case .operator(let op) = current.kind, op.count >= 2, op.hasSuffix("="),
            !["==", "!=", "<=", ">=", "=~", "===", "!~"].contains(op)
        {
            guard let target = assignable(left) else {
                throw RubyFailure(offset: current.offset, message: "this cannot be assigned to")
            }
            advance()
            skipNewlines()
            declare(target)
            return .operatorAssign(target, String(op.dropLast()), try expression(), left.offset)
        }
        // `&&=` and `<<=` are lexed as the operator and `=`.
        if case .operator(let op) = current.kind, ["&&", "<<", "*", "/", "|", "&"].contains(op),
            peek() == .punctuation("="), let target = assignable(left)
        {
            advance()
            advance()
            skipNewlines()
            declare(target)
            return .operatorAssign(target, op, try expression(), left.offset)
        }
        return left
    }

    private func isMultipleAssignment() -> Bool {
        var i = position
        while true {
            guard case .identifier = tokens[i].kind else { return false }
            i += 1
            if tokens[i].kind == .punctuation(",") {
                i += 1
                continue
            }
            return tokens[i].kind == .punctuation("=")
        }
    }

    /// The right side of `=`: `x, y` is an array, as in `s.frameworks = 'A', 'B'`.
    private mutating func assignedValue() throws(RubyFailure) -> RubyNode {
        let first = try expression()
        guard isPunctuation(",") else {
            if case .splat = first { return .array([first], first.offset) }
            return first
        }
        var elements = [first]
        while isPunctuation(",") {
            advance()
            skipNewlines()
            elements.append(try splatOrExpression())
        }
        return .array(elements, first.offset)
    }

    private func assignable(_ node: RubyNode) -> RubyTarget? {
        switch node {
        case .name(let name, let at): return .variable(name, at)
        case .global(let name, let at): return .global(name, at)
        case .constant(nil, let name, let at): return .constant(name, at)
        case .call(let call) where call.receiver != nil && call.block == nil:
            if call.name == "[]" { return .index(call.receiver!, call.arguments, call.offset) }
            if call.arguments.isEmpty {
                return .attribute(call.receiver!, call.name, writer: call.name + "=", call.offset)
            }
            return nil
        case .call(let call) where call.receiver == nil && call.arguments.isEmpty && call.block == nil:
            return .variable(call.name, call.offset)
        default: return nil
        }
    }

    private mutating func ternary() throws(RubyFailure) -> RubyNode {
        let condition = try range()
        guard isOperator("?") else { return condition }
        let at = current.offset
        advance()
        skipNewlines()
        let yes = try ternary()
        skipNewlines()
        if case .label(let name) = current.kind {
            // `a ? b: c` lexes `b:` as a label.
            advance()
            let no = try ternary()
            return .conditional(condition, [.name(name, at)], [no], at)
        }
        guard isPunctuation(":") else { throw unexpected("`:` of the `? :` expression") }
        advance()
        skipNewlines()
        let no = try ternary()
        return .conditional(condition, [yes], [no], at)
    }

    private mutating func range() throws(RubyFailure) -> RubyNode {
        let left = try binary(0)
        if isOperator("..") || isOperator("...") {
            let exclusive = isOperator("...")
            let at = current.offset
            advance()
            switch current.kind {
            case .newline, .end, .punctuation(")"), .punctuation("]"):
                return .range(left, nil, exclusive: exclusive, at)
            default: return .range(left, try binary(0), exclusive: exclusive, at)
            }
        }
        return left
    }

    /// Binary operators, loosest first.
    private static let levels: [[String]] = [
        ["||"], ["&&"], ["<=>", "==", "===", "!=", "=~", "!~"], ["<", "<=", ">", ">="], ["|", "^"], ["&"],
        ["<<", ">>"], ["+", "-"], ["*", "/", "%"],
    ]

    private func binaryOperator() -> String? {
        switch current.kind {
        case .operator(let op): op
        case .punctuation("|") where !inBlockParameters: "|"
        default: nil
        }
    }

    /// Set while `|a, b = 1|` is read: there `|` closes the list.
    private var inBlockParameters = false

    /// Each binary operator's level in `levels` (loosest 0).
    private static let precedence: [String: Int] = {
        var table: [String: Int] = [:]
        for (level, operators) in levels.enumerated() { for op in operators { table[op] = level } }
        return table
    }()

    /// Binary operators by precedence climbing: one loop per level actually used, not one call per
    /// level for every operand.
    private mutating func binary(_ minimum: Int) throws(RubyFailure) -> RubyNode {
        var left = try unaryMinus()
        while let op = binaryOperator(), let level = RubyParser.precedence[op], level >= minimum {
            let at = current.offset
            advance()
            skipNewlines()
            let right = try binary(level + 1)
            switch op {
            case "||": left = .or(left, right, at)
            case "&&": left = .and(left, right, at)
            case "!=", "!~":
                let positive = op == "!=" ? "==" : "=~"
                left = .not(
                    .call(
                        RubyCallNode(
                            receiver: left, name: positive, arguments: [right], block: nil, offset: at,
                            safeNavigation: false)), at)
            default:
                left = .call(
                    RubyCallNode(
                        receiver: left, name: op, arguments: [right], block: nil, offset: at, safeNavigation: false))
            }
        }
        return left
    }

    private mutating func unaryMinus() throws(RubyFailure) -> RubyNode {
        if isOperator("-") {
            let at = current.offset
            advance()
            switch current.kind {
            case .integer(let n):
                advance()
                return try power(.value(RubyValue(.integer("-" + n), at: at)))
            case .float(let n):
                advance()
                return try power(.value(RubyValue(.float("-" + n), at: at)))
            default:
                let operand = try unaryMinus()
                return .call(
                    RubyCallNode(
                        receiver: operand, name: "-@", arguments: [], block: nil, offset: at, safeNavigation: false))
            }
        }
        return try power(try unary())
    }

    private mutating func power(_ base: RubyNode) throws(RubyFailure) -> RubyNode {
        guard isOperator("**") else { return base }
        let at = current.offset
        advance()
        let exponent = try unaryMinus()
        return .call(
            RubyCallNode(
                receiver: base, name: "**", arguments: [exponent], block: nil, offset: at, safeNavigation: false))
    }

    private mutating func unary() throws(RubyFailure) -> RubyNode {
        if isOperator("!") {
            let at = current.offset
            advance()
            return .not(try unary(), at)
        }
        if isOperator("+") {
            advance()
            return try unary()
        }
        if isKeyword("defined?") {
            let at = current.offset
            advance()
            let paren = isPunctuation("(")
            if paren { advance() }
            let operand = try expression()
            if paren { try expectPunctuation(")", "`)`") }
            return .defined(operand, at)
        }
        return try postfix(try primary())
    }

    // MARK: Calls

    private mutating func postfix(_ start: RubyNode) throws(RubyFailure) -> RubyNode {
        var node = start
        while true {
            // A chain continued on the next line with a leading `.`.
            if current.kind == .newline {
                var i = position
                while tokens[i].kind == .newline { i += 1 }
                if tokens[i].kind == .punctuation(".") || tokens[i].kind == .operator("&.") {
                    position = i
                } else {
                    return node
                }
            }
            switch current.kind {
            case .punctuation("."), .operator("&."):
                let safe = isOperator("&.")
                advance()
                skipNewlines()
                let at = current.offset
                let name: String
                switch current.kind {
                // `c ? x.y: z` lexes `y:` as a label: the method's name.
                case .identifier(let n), .constant(let n), .label(let n): name = n
                case .punctuation("("):
                    name = "call"
                    node = .call(try callRest(receiver: node, name: name, at: at, safe: safe, allowCommand: false))
                    continue
                default: throw unexpected("a method name after `.`")
                }
                advance()
                node = .call(try callRest(receiver: node, name: name, at: at, safe: safe, allowCommand: true))
            case .punctuation("::"):
                advance()
                let at = current.offset
                switch current.kind {
                case .constant(let n):
                    advance()
                    if isPunctuation("("), !spaceBefore(current.offset) {
                        node = .call(try callRest(receiver: node, name: n, at: at, safe: false, allowCommand: false))
                    } else {
                        node = .constant(scope: node, name: n, at)
                    }
                case .identifier(let n):
                    advance()
                    node = .call(try callRest(receiver: node, name: n, at: at, safe: false, allowCommand: true))
                default: throw unexpected("a name after `::`")
                }
            case .punctuation("[") where !spaceBefore(current.offset):
                let at = current.offset
                advance()
                let arguments = try argumentList(closing: "]")
                node = .call(
                    RubyCallNode(
                        receiver: node, name: "[]", arguments: arguments, block: nil, offset: at, safeNavigation: false)
                )
            default:
                return node
            }
        }
    }

    private func spaceBefore(_ offset: Int) -> Bool {
        offset > 0 && (bytes[offset - 1] == 0x20 || bytes[offset - 1] == 0x09)
    }

    private func spaceAfter(_ offset: Int, length: Int) -> Bool {
        let i = offset + length
        return i >= bytes.count || bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A
    }

    /// Whether the current token starts an argument of a command call (`pod 'A'`, `s.dependency 'B'`).
    private func startsCommandArgument() -> Bool {
        guard spaceBefore(current.offset) else { return false }
        switch current.kind {
        case .string, .words, .symbols, .symbol, .integer, .float, .constant, .label, .regex, .command,
            .globalVariable:
            return true
        case .identifier(let word):
            return !RubyParser.nonArgumentKeywords.contains(word)
        case .punctuation("["), .punctuation("::"):
            return !spaceAfter(current.offset, length: 1)
        case .punctuation("("):
            return true
        case .operator(let op) where ["-", "*", "&", "!", "**", "->", "::", ":"].contains(op):
            return !spaceAfter(current.offset, length: op.utf8.count)
        default:
            return false
        }
    }

    private static let nonArgumentKeywords: Set<String> = [
        "do", "end", "if", "unless", "while", "until", "and", "or", "then", "else", "elsif", "rescue", "ensure",
        "when", "in",
    ]

    /// After a method's name: `(arguments)`, command arguments, and a block.
    private mutating func callRest(
        receiver: RubyNode?, name: String, at: Int, safe: Bool, allowCommand: Bool
    ) throws(RubyFailure) -> RubyCallNode {
        var call = RubyCallNode(
            receiver: receiver, name: name, arguments: [], block: nil, offset: at, safeNavigation: safe)
        if isPunctuation("("), !spaceBefore(current.offset) {
            advance()
            let saved = commandArguments
            commandArguments = 0
            call.arguments = try argumentList(closing: ")")
            commandArguments = saved
        } else if allowCommand, startsCommandArgument() {
            commandArguments += 1
            call.arguments = try commandArgumentList()
            commandArguments -= 1
        }
        if isPunctuation("{") {
            call.block = try braceBlock(for: name)
        } else if isKeyword("do"), commandArguments == 0 {
            call.block = try doBlock(for: name)
        }
        return call
    }

    /// Arguments up to `closing` (consumed), newlines allowed between them.
    private mutating func argumentList(closing: String) throws(RubyFailure) -> [RubyNode] {
        try enter()
        defer { leave() }
        var arguments: [RubyNode] = []
        var pairs: [RubyPair] = []
        var pairsAt = 0
        skipNewlines()
        while !isPunctuation(closing) {
            switch try argument() {
            case .pair(let pair):
                if pairs.isEmpty { pairsAt = pair.key.offset }
                pairs.append(pair)
            case .value(let node):
                arguments.append(node)
            }
            if try nextListItem(closing: closing) { continue }
        }
        advance()
        if !pairs.isEmpty { arguments.append(.hash(pairs, pairsAt)) }
        return arguments
    }

    /// Arguments without parentheses, up to the end of the statement (or `do`).
    private mutating func commandArgumentList() throws(RubyFailure) -> [RubyNode] {
        var arguments: [RubyNode] = []
        var pairs: [RubyPair] = []
        var pairsAt = 0
        let start = current.offset
        while true {
            switch try argument() {
            case .pair(let pair):
                if pairs.isEmpty { pairsAt = pair.key.offset }
                pairs.append(pair)
            case .value(let node):
                arguments.append(node)
            }
            guard isPunctuation(",") else { break }
            let comma = current.offset
            advance()
            let lineEnded = current.kind == .newline
            skipNewlines()
            if lineEnded, !startsArgumentAfterComma() { throw trailingComma(at: comma, since: start) }
        }
        if !pairs.isEmpty { arguments.append(.hash(pairs, pairsAt)) }
        return arguments
    }

    /// Whether the token after a `,` that ends a line can be one more argument: not a keyword that
    /// closes or divides a block (`end`, `else`…), a `}` or the end of the file.
    private func startsArgumentAfterComma() -> Bool {
        switch current.kind {
        case .end, .punctuation("}"), .punctuation(")"), .punctuation("]"): return false
        case .identifier(let word):
            return !["end", "else", "elsif", "when", "in", "rescue", "ensure", "then", "do"].contains(word)
        default: return true
        }
    }

    /// A `,` at the end of a command call's line followed by no argument: the error is the comma (not
    /// the `end` after it, which closes a block). When strings were joined in the call (`'A' '~> 1.0',`),
    /// the `,` missing between them is named too.
    private func trailingComma(at comma: Int, since start: Int) -> RubyFailure {
        var message = "this line ends with a comma, so the next line was read as one more argument: remove that comma"
        if let joined = joinedStrings, joined.first >= start, joined.after <= comma {
            // The two literals as written, when each is short and on this line.
            func text(_ range: Range<Int>) -> String? {
                let slice = bytes[range].drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
                guard slice.count <= 60, !slice.contains(0x0A) else { return nil }
                return String(decoding: slice.reversed(), as: UTF8.self)
            }
            message += ", and put one before the string at column \(lines.location(joined.second).column)"
            if let first = text(joined.first..<joined.second), let second = text(joined.second..<joined.after) {
                message += ": strings side by side are joined into one, so write \(first), \(second)"
            } else {
                message += ": strings side by side are joined into one"
            }
        }
        return RubyFailure(offset: comma, message: message)
    }

    /// After an item of a list closed by `closing`: true after a `,` (another item follows), false on
    /// the closing token (not consumed); anything else is an error.
    private mutating func nextListItem(closing: String) throws(RubyFailure) -> Bool {
        skipNewlines()
        if isPunctuation(",") {
            advance()
            skipNewlines()
            return true
        }
        guard isPunctuation(closing) else { throw unexpected("`,` or `\(closing)`") }
        return false
    }

    private mutating func splatOrExpression() throws(RubyFailure) -> RubyNode {
        if isOperator("*") {
            let at = current.offset
            advance()
            return .splat(try ternary(), at)
        }
        if isOperator("&") {
            let at = current.offset
            advance()
            return .blockArgument(try ternary(), at)
        }
        if isOperator("**") {
            let at = current.offset
            advance()
            return .splat(try ternary(), at)
        }
        return try expression()
    }

    /// One argument: a pair (`key: value`, `"key": value`, `key => value`) or a value. Each token is
    /// read once (no backtracking, so nested calls cost linear time).
    private enum Argument {
        case pair(RubyPair)
        case value(RubyNode)
    }

    private mutating func argument() throws(RubyFailure) -> Argument {
        if case .operator(let op) = current.kind, ["*", "&", "**"].contains(op) {
            return .value(try splatOrExpression())
        }
        if case .label(let key) = current.kind {
            let at = current.offset
            advance()
            skipNewlines()
            return .pair(RubyPair(key: .value(RubyValue(.symbol(key), at: at)), value: try expression()))
        }
        if case .string = current.kind, peek() == .punctuation(":"), !spaceBefore(tokens[position + 1].offset) {
            let key = try primary()
            advance()
            skipNewlines()
            let symbolKey: RubyNode
            if case .value(let v) = key, let s = v.stringValue {
                symbolKey = .value(RubyValue(.symbol(s), at: v.offset))
            } else {
                symbolKey = key
            }
            return .pair(RubyPair(key: symbolKey, value: try expression()))
        }
        let node = try expression()
        if isPunctuation("=>") {
            advance()
            skipNewlines()
            return .pair(RubyPair(key: node, value: try expression()))
        }
        return .value(node)
    }

    /// A pair of a hash literal (`{ … }`).
    private mutating func pairArgument() throws(RubyFailure) -> RubyPair? {
        if case .pair(let pair) = try argument() { return pair }
        return nil
    }

    // MARK: Blocks

    private mutating func blockParameters() throws(RubyFailure) -> RubyParameters {
        if isOperator("||") {
            advance()
            return RubyParameters()
        }
        guard isPunctuation("|") else { return RubyParameters() }
        advance()
        inBlockParameters = true
        defer { inBlockParameters = false }
        let parameters = try parameterList(closing: "|")
        return parameters
    }

    private mutating func braceBlock(for name: String) throws(RubyFailure) -> RubyBlockNode {
        try block(for: name, braces: true)
    }

    private mutating func doBlock(for name: String) throws(RubyFailure) -> RubyBlockNode {
        try block(for: name, braces: false)
    }

    /// `{ |params| … }` or `do |params| … end` (with `rescue` clauses), in a scope that sees its parents'.
    private mutating func block(for name: String, braces: Bool) throws(RubyFailure) -> RubyBlockNode {
        let at = current.offset
        if opaqueBlockMethods.contains(name) { return try opaqueBlock(at: at) }
        advance()
        try enter()
        defer { leave() }
        scopes.append(([], false))
        defer { scopes.removeLast() }
        let parameters = try blockParameters()
        let saved = commandArguments
        commandArguments = 0
        defer { commandArguments = saved }
        let body: [RubyNode]
        if braces {
            body = try statements(until: [])
            try expectPunctuation("}", "`}` closing the block")
        } else {
            body = try bodyWithRescue(opener: at)
            try expectKeyword("end", opener: at)
        }
        return RubyBlockNode(parameters: parameters, body: body, offset: at, opaqueLines: nil)
    }

    /// Skips a block without parsing it, counting openers and `end`s as Ruby does; keeps its lines.
    private mutating func opaqueBlock(at: Int) throws(RubyFailure) -> RubyBlockNode {
        var open: [RubyToken.Kind] = [isPunctuation("{") ? .punctuation("{") : .identifier("end")]
        advance()
        var loopAwaitingDo = false
        while true {
            let t = current
            let previous = position >= 1 ? tokens[position - 1].kind : .newline
            let afterDot =
                previous == .punctuation(".") || previous == .punctuation("::") || previous == .operator("&.")
            let statementStart: Bool
            switch previous {
            case .newline, .punctuation("="), .operator("||="), .punctuation("("), .punctuation(","),
                .punctuation("=>"),
                .punctuation(";"):
                statementStart = true
            default: statementStart = false
            }
            switch t.kind {
            case .end:
                let line = lines.location(at).line
                throw RubyFailure(
                    offset: at,
                    message: "the block opened on line \(line) is never closed: add `end` after its last line")
            case .newline: loopAwaitingDo = false
            case .punctuation("{"): open.append(.punctuation("{"))
            case .punctuation("}"): if open.last == .punctuation("{") { open.removeLast() }
            case .identifier("do") where !afterDot:
                if loopAwaitingDo { loopAwaitingDo = false } else { open.append(.identifier("end")) }
            case .identifier("def"), .identifier("class"), .identifier("module"), .identifier("begin"),
                .identifier("case"):
                if !afterDot { open.append(.identifier("end")) }
            case .identifier("if"), .identifier("unless"):
                if statementStart && !afterDot { open.append(.identifier("end")) }
            case .identifier("while"), .identifier("until"), .identifier("for"):
                if statementStart && !afterDot {
                    open.append(.identifier("end"))
                    loopAwaitingDo = true
                }
            case .identifier("end") where !afterDot:
                if open.last == .identifier("end") { open.removeLast() }
            default: break
            }
            advance()
            if open.isEmpty {
                let from = lines.location(at).line
                let to = lines.location(t.offset).line
                return RubyBlockNode(parameters: RubyParameters(), body: [], offset: at, opaqueLines: from...to)
            }
        }
    }

    /// Parameters up to `closing` (`)` or `|`), consumed.
    private mutating func parameterList(closing: String) throws(RubyFailure) -> RubyParameters {
        var list: [RubyParameters.Parameter] = []
        skipNewlines()
        while !isPunctuation(closing) {
            var kind = RubyParameters.Parameter.Kind.required
            if isOperator("*") {
                kind = .rest
                advance()
            } else if isOperator("**") {
                kind = .keywordRest
                advance()
            } else if isOperator("&") {
                kind = .block
                advance()
            }
            switch current.kind {
            case .identifier(let name):
                advance()
                var defaultValue: RubyNode?
                if isPunctuation("="), kind == .required {
                    advance()
                    defaultValue = try ternary()
                    kind = .optional
                }
                declare(name)
                list.append(.init(name: name, kind: kind, defaultValue: defaultValue))
            case .label(let name):
                advance()
                var defaultValue: RubyNode?
                if !isPunctuation(","), !isPunctuation(closing) { defaultValue = try ternary() }
                declare(name)
                list.append(.init(name: name, kind: .keyword, defaultValue: defaultValue))
            case .punctuation("("):
                // `|(key, value)|`: destructuring, read as the names it binds.
                advance()
                var names: [String] = []
                while case .identifier(let n) = current.kind {
                    names.append(n)
                    declare(n)
                    advance()
                    if isPunctuation(",") { advance() }
                }
                try expectPunctuation(")", "`)`")
                list.append(.init(name: "(" + names.joined(separator: ",") + ")", kind: .required, defaultValue: nil))
            default:
                if kind != .required {
                    list.append(.init(name: "", kind: kind, defaultValue: nil))
                } else {
                    throw unexpected("a parameter name")
                }
            }
            if try nextListItem(closing: closing) { continue }
        }
        advance()
        return RubyParameters(list)
    }

    /// A body that may end in `rescue`/`else`/`ensure` clauses (of `do … end`, `def … end`, `begin … end`).
    private mutating func bodyWithRescue(opener: Int) throws(RubyFailure) -> [RubyNode] {
        let body = try statements(until: ["end", "rescue", "ensure", "else"])
        var rescues: [RubyRescue] = []
        var ensure: [RubyNode]?
        var elseBody: [RubyNode] = []
        while isKeyword("rescue") {
            advance()
            var classes: [RubyNode] = []
            var variable: String?
            while case .constant = current.kind {
                classes.append(try postfix(try primary()))
                if isPunctuation(",") { advance() } else { break }
            }
            if isPunctuation("=>") {
                advance()
                guard case .identifier(let name) = current.kind else { throw unexpected("a variable name") }
                variable = name
                declare(name)
                advance()
            }
            if isKeyword("then") { advance() }
            rescues.append(
                RubyRescue(
                    classes: classes, variable: variable,
                    body: try statements(until: ["end", "rescue", "ensure", "else"])))
        }
        if isKeyword("else") {
            advance()
            elseBody = try statements(until: ["end", "ensure"])
        }
        if isKeyword("ensure") {
            advance()
            ensure = try statements(until: ["end"])
        }
        if rescues.isEmpty && ensure == nil && elseBody.isEmpty { return body }
        return [.begin(body + (rescues.isEmpty ? elseBody : []), rescues, ensure, opener)]
    }

    // MARK: Primaries

    private mutating func primary() throws(RubyFailure) -> RubyNode {
        try enter()
        defer { leave() }
        let t = current
        let at = t.offset
        switch t.kind {
        case .string(let parts):
            advance()
            // Most literals: one piece of text, no interpolation, nothing adjacent; read without
            // building pieces.
            if parts.count <= 1, case .text(let text) = parts.first ?? .text("") {
                if case .string = current.kind {} else { return .value(RubyValue(.string(text), at: at)) }
            }
            var pieces = try stringPieces(parts, at: at)
            // Adjacent literals are one string: 'a' 'b'.
            var first = at
            while case .string(let more) = current.kind {
                let second = current.offset
                advance()
                joinedStrings = (first, second, current.offset)
                first = second
                pieces += try stringPieces(more, at: at)
            }
            if pieces.allSatisfy({ if case .text = $0 { true } else { false } }) {
                let text = pieces.map { if case .text(let s) = $0 { s } else { "" } }.joined()
                return .value(RubyValue(.string(text), at: at))
            }
            return .string(pieces, at)
        case .words(let words):
            advance()
            return .value(RubyValue(.array(words.map { RubyValue(.string($0), at: at) }), at: at))
        case .symbols(let words):
            advance()
            return .value(RubyValue(.array(words.map { RubyValue(.symbol($0), at: at) }), at: at))
        case .symbol(let s):
            advance()
            return .value(RubyValue(.symbol(s), at: at))
        case .integer(let n):
            advance()
            return .value(RubyValue(.integer(n), at: at))
        case .float(let n):
            advance()
            return .value(RubyValue(.float(n), at: at))
        case .regex(let pattern, let options):
            advance()
            return .value(RubyValue(.regex(pattern, options: options), at: at))
        case .command:
            advance()
            return .refused("a shell command in backticks", at)
        case .globalVariable(let name):
            advance()
            return .global(name, at)
        case .label(let name):
            // `platform:ios, '9.0'`: a command whose first argument is a symbol written without a space.
            advance()
            guard case .identifier(let symbol) = current.kind, !spaceBefore(current.offset) else {
                throw RubyFailure(offset: at, message: "`\(name):` is not expected here")
            }
            let symbolAt = current.offset - 1
            advance()
            var arguments: [RubyNode] = [.value(RubyValue(.symbol(symbol), at: symbolAt))]
            if isPunctuation(",") {
                advance()
                skipNewlines()
                commandArguments += 1
                arguments += try commandArgumentList()
                commandArguments -= 1
            }
            return .call(
                RubyCallNode(
                    receiver: nil, name: name, arguments: arguments, block: nil, offset: at, safeNavigation: false))
        case .constant(let name):
            advance()
            if isPunctuation("("), !spaceBefore(current.offset) {
                return .call(try callRest(receiver: nil, name: name, at: at, safe: false, allowCommand: false))
            }
            if case .string = current.kind, spaceBefore(current.offset) {
                // `Integer '3'`, `Pathname 'x'`: a method named like a constant.
                return .call(try callRest(receiver: nil, name: name, at: at, safe: false, allowCommand: true))
            }
            return .constant(scope: nil, name: name, at)
        case .punctuation("::"):
            advance()
            guard case .constant(let name) = current.kind else { throw unexpected("a constant after `::`") }
            advance()
            return .constant(scope: nil, name: name, at)
        case .punctuation("("):
            advance()
            let saved = commandArguments
            commandArguments = 0
            let body = try statements(until: [])
            commandArguments = saved
            try expectPunctuation(")", "`)`")
            return body.count == 1 ? body[0] : .sequence(body, at)
        case .punctuation("["):
            advance()
            let saved = commandArguments
            commandArguments = 0
            let elements = try argumentList(closing: "]")
            commandArguments = saved
            return .array(elements, at)
        case .punctuation("{"):
            advance()
            let saved = commandArguments
            commandArguments = 0
            var pairs: [RubyPair] = []
            skipNewlines()
            while !isPunctuation("}") {
                if isOperator("**") {
                    let splatAt = current.offset
                    advance()
                    pairs.append(RubyPair(key: .splat(try ternary(), splatAt), value: .value(.null(at: splatAt))))
                } else {
                    let at = current.offset
                    guard let pair = try pairArgument() else {
                        throw RubyFailure(offset: at, message: "a hash holds `key => value` or `key: value` pairs")
                    }
                    pairs.append(pair)
                }
                skipNewlines()
                if isPunctuation(",") {
                    advance()
                    skipNewlines()
                    continue
                }
                guard isPunctuation("}") else { throw unexpected("`,` or `}`") }
            }
            advance()
            commandArguments = saved
            return .hash(pairs, at)
        case .operator("->"):
            advance()
            var parameters = RubyParameters()
            scopes.append(([], false))
            defer { scopes.removeLast() }
            if isPunctuation("(") {
                advance()
                parameters = try parameterList(closing: ")")
            }
            let block: RubyBlockNode
            if isPunctuation("{") {
                advance()
                let body = try statements(until: [])
                try expectPunctuation("}", "`}`")
                block = RubyBlockNode(parameters: parameters, body: body, offset: at, opaqueLines: nil)
            } else {
                guard isKeyword("do") else { throw unexpected("`{` or `do` of the lambda") }
                advance()
                let body = try bodyWithRescue(opener: at)
                try expectKeyword("end", opener: at)
                block = RubyBlockNode(parameters: parameters, body: body, offset: at, opaqueLines: nil)
            }
            return .call(
                RubyCallNode(
                    receiver: nil, name: "lambda", arguments: [], block: block, offset: at, safeNavigation: false))
        case .identifier(let word):
            return try identifierPrimary(word, at: at)
        default:
            throw unexpected("a value")
        }
    }

    private mutating func stringPieces(_ parts: [RubyStringPart], at: Int) throws(RubyFailure) -> [RubyStringPiece] {
        var pieces: [RubyStringPiece] = []
        for part in parts {
            switch part {
            case .text(let t): pieces.append(.text(t))
            case .code(let range):
                try enter()
                defer { leave() }
                let tokens = try RubyLexer.tokenize(bytes, range: range)
                var inner = RubyParser(
                    bytes: bytes, tokens: tokens, lines: lines, opaqueBlockMethods: opaqueBlockMethods)
                inner.scopes = scopes
                inner.depth = depth
                let body = try inner.statements(until: [])
                guard case .end = inner.current.kind else { throw inner.unexpected("`}` closing the interpolation") }
                pieces.append(.code(body, range.lowerBound))
            }
        }
        return pieces
    }

    private mutating func identifierPrimary(_ word: String, at: Int) throws(RubyFailure) -> RubyNode {
        switch word {
        case "true", "false":
            advance()
            return .value(RubyValue(.bool(word == "true"), at: at))
        case "nil":
            advance()
            return .value(.null(at: at))
        case "self":
            advance()
            return .selfReference(at)
        case "__FILE__", "__dir__", "__method__":
            advance()
            if isPunctuation("("), peek() == .punctuation(")") {
                advance()
                advance()
            }
            return .call(
                RubyCallNode(receiver: nil, name: word, arguments: [], block: nil, offset: at, safeNavigation: false))
        case "if", "unless":
            advance()
            return try conditional(negated: word == "unless", at: at)
        case "while", "until":
            advance()
            commandArguments += 1
            let condition = try notExpression()
            commandArguments -= 1
            if isKeyword("do") { advance() }
            let body = try statements(until: ["end"])
            try expectKeyword("end", opener: at)
            return .loop(condition, body, until: word == "until", at)
        case "for":
            advance()
            guard case .identifier(let variable) = current.kind else { throw unexpected("a variable after `for`") }
            advance()
            declare(variable)
            guard isKeyword("in") else { throw unexpected("`in`") }
            advance()
            commandArguments += 1
            let collection = try notExpression()
            commandArguments -= 1
            if isKeyword("do") { advance() }
            let body = try statements(until: ["end"])
            try expectKeyword("end", opener: at)
            return .forIn(variable, collection, body, at)
        case "case":
            advance()
            return try caseExpression(at: at)
        case "def":
            advance()
            return try definition(at: at)
        case "begin":
            advance()
            let body = try bodyWithRescue(opener: at)
            try expectKeyword("end", opener: at)
            if body.count == 1, case .begin = body[0] { return body[0] }
            return .sequence(body, at)
        case "return", "break", "next":
            advance()
            let jump: RubyJump = word == "return" ? .return : word == "break" ? .break : .next
            switch current.kind {
            case .newline, .end, .punctuation(";"), .punctuation("}"), .identifier("if"), .identifier("unless"),
                .identifier("end"):
                return .jump(jump, nil, at)
            default:
                return .jump(jump, try expression(), at)
            }
        case "yield":
            advance()
            var arguments: [RubyNode] = []
            if isPunctuation("("), !spaceBefore(current.offset) {
                advance()
                arguments = try argumentList(closing: ")")
            } else if startsCommandArgument() {
                arguments = try commandArgumentList()
            }
            return .yield(arguments, at)
        case "class", "module":
            advance()
            // Read to its `end` so the rest of the file parses; refused where it runs.
            if word == "class", isOperator("<<") { advance() }
            _ = try? postfix(try primary())
            if isOperator("<") {
                advance()
                _ = try postfix(try primary())
            }
            scopes.append(([], true))
            _ = try bodyWithRescue(opener: at)
            scopes.removeLast()
            try expectKeyword("end", opener: at)
            return .refused("a \(word) definition", at)
        case "alias", "undef", "super", "BEGIN", "END", "retry", "redo":
            throw RubyFailure(offset: at, message: "`\(word)` is not supported")
        case "end":
            throw RubyFailure(offset: at, message: "`end` without a block to close: remove it")
        case "then", "do", "else", "elsif", "when", "rescue", "ensure", "in", "and", "or":
            throw unexpected("a value")
        default:
            break
        }
        advance()
        if isLocal(word), !(isPunctuation("(") && !spaceBefore(current.offset)) {
            return .name(word, at)
        }
        if word.hasPrefix("@") { return .name(word, at) }
        let hasArguments =
            (isPunctuation("(") && !spaceBefore(current.offset)) || startsCommandArgument() || isPunctuation("{")
            || (isKeyword("do") && commandArguments == 0)
        if !hasArguments { return .name(word, at) }
        return .call(try callRest(receiver: nil, name: word, at: at, safe: false, allowCommand: true))
    }

    private mutating func conditional(negated: Bool, at: Int) throws(RubyFailure) -> RubyNode {
        commandArguments += 1
        let condition = try notExpression()
        commandArguments -= 1
        if isKeyword("then") { advance() }
        let body = try statements(until: ["elsif", "else", "end"])
        var otherwise: [RubyNode] = []
        if isKeyword("elsif") {
            let elsifAt = current.offset
            advance()
            otherwise = [try conditional(negated: false, at: elsifAt)]
            return negated ? .conditional(condition, otherwise, body, at) : .conditional(condition, body, otherwise, at)
        }
        if isKeyword("else") {
            advance()
            otherwise = try statements(until: ["end"])
        }
        try expectKeyword("end", opener: at)
        return negated ? .conditional(condition, otherwise, body, at) : .conditional(condition, body, otherwise, at)
    }

    private mutating func caseExpression(at: Int) throws(RubyFailure) -> RubyNode {
        var subject: RubyNode?
        if current.kind != .newline { subject = try expression() }
        skipSeparators()
        var whens: [RubyWhen] = []
        while isKeyword("when") {
            advance()
            var conditions: [RubyNode] = []
            while true {
                conditions.append(try splatOrExpression())
                guard isPunctuation(",") else { break }
                advance()
                skipNewlines()
            }
            if isKeyword("then") { advance() }
            whens.append(RubyWhen(conditions: conditions, body: try statements(until: ["when", "else", "end"])))
        }
        var otherwise: [RubyNode]?
        if isKeyword("else") {
            advance()
            otherwise = try statements(until: ["end"])
        }
        try expectKeyword("end", opener: at)
        return .caseWhen(subject, whens, otherwise, at)
    }

    private mutating func definition(at: Int) throws(RubyFailure) -> RubyNode {
        var name: String
        switch current.kind {
        case .identifier(let n), .constant(let n): name = n
        default: throw unexpected("the method's name after `def`")
        }
        advance()
        if name == "self", isPunctuation(".") {
            advance()
            guard case .identifier(let n) = current.kind else { throw unexpected("the method's name") }
            name = n
            advance()
        }
        if isPunctuation("="), !spaceBefore(current.offset) {
            name += "="
            advance()
        }
        scopes.append(([], true))
        defer { scopes.removeLast() }
        var parameters = RubyParameters()
        if isPunctuation("(") {
            advance()
            parameters = try parameterList(closing: ")")
        } else if current.kind != .newline && !isPunctuation(";") && !isPunctuation("=") {
            var list: [RubyParameters.Parameter] = []
            while case .identifier(let p) = current.kind {
                advance()
                declare(p)
                var defaultValue: RubyNode?
                if isPunctuation("=") {
                    advance()
                    defaultValue = try ternary()
                }
                list.append(
                    .init(name: p, kind: defaultValue == nil ? .required : .optional, defaultValue: defaultValue))
                guard isPunctuation(",") else { break }
                advance()
            }
            parameters = RubyParameters(list)
        }
        if isPunctuation("=") {
            // `def name = expression`
            advance()
            skipNewlines()
            return .definition(name, parameters, [try statement()], at)
        }
        let body = try bodyWithRescue(opener: at)
        try expectKeyword("end", opener: at)
        return .definition(name, parameters, body, at)
    }
}
