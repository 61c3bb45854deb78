/// Evaluates the declarative subset of the Ruby podspec DSL into the JSON tree `pod ipc spec` prints
/// (cocoapods-core 1.17.0's `to_hash`). It runs no Ruby: it reads literals, local variables and the
/// DSL's calls, and refuses anything else at its line:column, naming the construct.
struct RubyPodspecEvaluator {
    /// Deepest nesting of blocks, brackets and interpolations before the file is refused.
    static let maximumDepth = 100
    /// The longest string a podspec may build (bytes): far above any real attribute.
    static let maximumStringBytes = 1 << 20
    /// The most elements an array or a hash may hold.
    static let maximumElements = 100_000
    /// The work of one evaluation: bytes and elements copied by `+`, `+=`, interpolation and
    /// literals, in all. A real podspec uses well under 1 % of it; a file that doubles a string or
    /// appends to an array in a long run of statements is stopped here instead of exhausting the
    /// machine (the files anyone on the team writes are read by every teammate's resolve).
    static let workBudget = 4 << 20

    private let bytes: [UInt8]
    private var tokens: [RubyToken]
    private var position = 0
    private var depth = 0
    private var scopes: [[String: RubyValue]] = [[:]]
    private var constants: [String: RubyValue] = [:]
    private var specs: [RubySpecState] = []
    private let lines: RubyLineTable
    private var work = 0

    init(bytes: [UInt8], tokens: [RubyToken], lines: RubyLineTable) {
        self.bytes = bytes
        self.tokens = tokens
        self.lines = lines
    }

    // MARK: Tokens

    private var current: RubyToken { tokens[position] }

    private func peekKind(_ ahead: Int = 1) -> RubyToken.Kind {
        tokens[min(position + ahead, tokens.count - 1)].kind
    }

    private mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    private func isPunctuation(_ p: String, _ kind: RubyToken.Kind? = nil) -> Bool {
        (kind ?? current.kind) == .punctuation(p)
    }

    private func isIdentifier(_ name: String) -> Bool { current.kind == .identifier(name) }

    private mutating func skipNewlines() {
        while current.kind == .newline { advance() }
    }

    private mutating func skipSeparators() {
        while current.kind == .newline || isPunctuation(";") { advance() }
    }

    private mutating func expect(_ p: String, _ what: String) throws(RubyPodspecFailure) {
        guard isPunctuation(p) else { throw unexpected(expected: what) }
        advance()
    }

    private func describe(_ kind: RubyToken.Kind) -> String {
        switch kind {
        case .identifier(let n): "`\(n)`"
        case .constant(let n): "`\(n)`"
        case .label(let n): "`\(n):`"
        case .string: "a string"
        case .words, .symbols: "a %w[] list"
        case .symbol(let s): "the symbol :\(s)"
        case .integer(let n), .float(let n): "the number \(n)"
        case .punctuation(let p), .operator(let p): "`\(p)`"
        case .newline: "the end of the line"
        case .end: "the end of the file"
        }
    }

    private func unexpected(expected: String) -> RubyPodspecFailure {
        if case .operator(let op) = current.kind {
            return RubyPodspecFailure(
                offset: current.offset,
                message:
                    "the operator `\(op)` is not supported: values are computed by Ruby code the podspec reader does not run; write the value as a literal"
            )
        }
        return RubyPodspecFailure(
            offset: current.offset, message: "unexpected \(describe(current.kind)); expected \(expected)")
    }

    private func fail(_ offset: Int, _ message: String) -> RubyPodspecFailure {
        RubyPodspecFailure(offset: offset, message: message)
    }

    /// Counts `units` of work (bytes or elements copied) against `workBudget`.
    private mutating func charge(_ units: Int, at offset: Int) throws(RubyPodspecFailure) {
        work += units
        if work > RubyPodspecEvaluator.workBudget {
            throw fail(
                offset,
                "the podspec builds far more than a podspec needs (over \(RubyPodspecEvaluator.workBudget >> 20) M bytes and elements copied); compose stops reading it here"
            )
        }
    }

    /// `value`, when it is within the size limits of a string, an array and a hash.
    private func bounded(_ value: RubyValue, at offset: Int) throws(RubyPodspecFailure) -> RubyValue {
        switch value.kind {
        case .string(let text) where text.utf8.count > RubyPodspecEvaluator.maximumStringBytes:
            throw fail(
                offset,
                "this string grows past \(RubyPodspecEvaluator.maximumStringBytes >> 20) MiB, far more than any podspec attribute; compose stops reading the file here"
            )
        case .array(let elements) where elements.count > RubyPodspecEvaluator.maximumElements:
            throw fail(offset, "this array grows past \(RubyPodspecEvaluator.maximumElements) elements")
        case .hash(let pairs) where pairs.count > RubyPodspecEvaluator.maximumElements:
            throw fail(offset, "this hash grows past \(RubyPodspecEvaluator.maximumElements) keys")
        default:
            return value
        }
    }

    private mutating func enter(_ offset: Int) throws(RubyPodspecFailure) {
        depth += 1
        if depth > RubyPodspecEvaluator.maximumDepth {
            throw fail(
                offset,
                "nesting is deeper than \(RubyPodspecEvaluator.maximumDepth) levels (blocks, brackets and interpolations)"
            )
        }
    }

    private static let refusedWords: [String: String] = [
        "if": "a conditional (`if`)", "unless": "a conditional (`unless`)", "case": "a `case` expression",
        "while": "a loop (`while`)", "until": "a loop (`until`)", "for": "a loop (`for`)",
        "def": "a method definition (`def`)", "class": "a class definition", "module": "a module definition",
        "begin": "a `begin` block", "require": "`require`", "require_relative": "`require_relative`",
        "load": "`load`", "puts": "printing (`puts`)", "print": "printing (`print`)", "p": "printing (`p`)",
        "raise": "`raise`", "return": "`return`", "yield": "`yield`", "lambda": "a lambda", "proc": "a proc",
        "loop": "a loop (`loop`)", "and": "`and`", "or": "`or`", "not": "`not`", "then": "`then`",
        "else": "`else`", "elsif": "`elsif`", "rescue": "`rescue`", "ensure": "`ensure`", "self": "`self`",
        "defined?": "`defined?`", "alias": "`alias`", "undef": "`undef`", "super": "`super`", "__FILE__": "`__FILE__`",
        "__dir__": "`__dir__`", "system": "running a command (`system`)", "eval": "`eval`",
        "instance_eval": "`instance_eval`",
    ]

    private func refusal(_ name: String, at offset: Int) -> RubyPodspecFailure {
        let what = RubyPodspecEvaluator.refusedWords[name] ?? "calling `\(name)`"
        return fail(
            offset,
            "\(what) is Ruby code the podspec reader does not run; only literals, local variables assigned from literals and the spec's attributes are read (convert this podspec with CocoaPods: pod ipc spec)"
        )
    }

    // MARK: Program

    /// Evaluates the file; returns the root spec's JSON.
    mutating func run() throws(RubyPodspecFailure) -> JSONNode {
        while true {
            skipSeparators()
            if current.kind == .end { break }
            try statement(topLevel: true)
        }
        guard !specs.isEmpty else {
            throw fail(
                tokens.last?.offset ?? 0, "no `Pod::Spec.new do |s| ... end` block: this file does not define a podspec"
            )
        }
        return try hash(of: 0)
    }

    private mutating func statement(topLevel: Bool) throws(RubyPodspecFailure) {
        let start = current
        switch start.kind {
        case .identifier(let name):
            if RubyPodspecEvaluator.refusedWords[name] != nil { throw refusal(name, at: start.offset) }
            if isPunctuation("=", peekKind()) {
                advance()
                advance()
                skipNewlines()
                assignLocal(name, try rightHandSide())
            } else if peekKind() == .operator("+=") {
                guard let value = lookup(name) else {
                    throw fail(start.offset, "`\(name) +=` needs `\(name)` assigned earlier in the file")
                }
                advance()
                let operatorOffset = current.offset
                advance()
                skipNewlines()
                assignLocal(name, try plus(value, try expression(), at: operatorOffset))
            } else if let value = lookup(name) {
                advance()
                guard case .spec(let spec) = value.kind, isPunctuation(".") else {
                    throw fail(
                        start.offset,
                        "a statement that only computes a value (`\(name)…`) is not supported; set a spec attribute: \(name).attribute = value"
                    )
                }
                advance()
                try specCall(spec, receiver: name)
            } else {
                throw unknownName(name, at: start.offset)
            }
        case .constant(let name):
            if isPunctuation("=", peekKind()) {
                advance()
                advance()
                skipNewlines()
                constants[name] = try rightHandSide()
            } else {
                let value = try expression()
                guard case .spec = value.kind else {
                    throw fail(start.offset, "a statement that only computes a value is not supported")
                }
            }
        case .end:
            return
        case .punctuation("{"), .punctuation("["):
            if topLevel, specs.isEmpty {
                throw fail(
                    start.offset,
                    "this file starts with \(describe(start.kind)), not Ruby: a Ruby podspec starts with `Pod::Spec.new do |s|` (a JSON podspec must be named Name.podspec.json)"
                )
            }
            if start.kind == .punctuation("[") {
                throw fail(
                    start.offset,
                    "a statement that starts with an array (as in `[s.ios, s.osx].each do |p|`, a loop) is Ruby code the podspec reader does not run; write each statement out"
                )
            }
            throw unexpected(expected: "a statement")
        default:
            throw unexpected(
                expected: topLevel
                    ? "`Pod::Spec.new do |s|` or a local variable assignment"
                    : "a statement such as s.attribute = value")
        }
        try expectStatementEnd()
    }

    private mutating func expectStatementEnd() throws(RubyPodspecFailure) {
        switch current.kind {
        case .newline, .end, .punctuation(";"), .punctuation("}"), .identifier("end"):
            return
        case .identifier(let word) where RubyPodspecEvaluator.refusedWords[word] != nil:
            throw refusal(word, at: current.offset)
        default:
            throw unexpected(expected: "the end of the statement")
        }
    }

    private func unknownName(_ name: String, at offset: Int) -> RubyPodspecFailure {
        if RubyPodspecEvaluator.refusedWords[name] != nil { return refusal(name, at: offset) }
        return fail(
            offset,
            "`\(name)` is not a local variable assigned earlier in the file; calling methods (`\(name)`) is Ruby code the podspec reader does not run"
        )
    }

    // MARK: Variables

    private func lookup(_ name: String) -> RubyValue? {
        if name.hasPrefix("@") { return scopes[0][name] ?? RubyValue(.null, at: 0) }
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        return nil
    }

    private mutating func assignLocal(_ name: String, _ value: RubyValue) {
        if name.hasPrefix("@") {
            scopes[0][name] = value
            return
        }
        for i in scopes.indices.reversed() where scopes[i][name] != nil {
            scopes[i][name] = value
            return
        }
        scopes[scopes.count - 1][name] = value
    }

    /// `a = 1` or `a = 1, 2` (an array).
    private mutating func rightHandSide() throws(RubyPodspecFailure) -> RubyValue {
        let first = try expression()
        guard isPunctuation(",") else { return first }
        var elements = [first]
        while isPunctuation(",") {
            advance()
            skipNewlines()
            elements.append(try expression())
        }
        return RubyValue(.array(elements), at: first.offset)
    }

    // MARK: Blocks

    /// `do |s| … end` or `{ |s| … }` binding `spec`.
    private mutating func block(binding spec: Int, opener: String) throws(RubyPodspecFailure) {
        let open = current
        let isBrace = isPunctuation("{")
        guard isBrace || isIdentifier("do") else {
            throw unexpected(expected: "a block (`do |variable| … end`) after \(opener)")
        }
        try enter(open.offset)
        advance()
        guard isPunctuation("|") else {
            throw fail(current.offset, "the block of \(opener) needs a variable: `do |s|`")
        }
        advance()
        guard case .identifier(let variable) = current.kind else {
            throw unexpected(expected: "the block's variable name")
        }
        advance()
        if isPunctuation(",") {
            throw fail(current.offset, "the block of \(opener) takes one variable")
        }
        try expect("|", "`|` after the block's variable")
        scopes.append([variable: RubyValue(.spec(spec), at: open.offset)])
        while true {
            skipSeparators()
            if isBrace ? isPunctuation("}") : isIdentifier("end") { break }
            if current.kind == .end {
                throw fail(open.offset, "the block opened here never ends: `\(isBrace ? "}" : "end")` is missing")
            }
            try statement(topLevel: false)
        }
        advance()
        scopes.removeLast()
        depth -= 1
    }

    private mutating func newSpec(parent: Int?, kind: RubySpecState.Kind, name: JSONNode, at offset: Int) -> Int {
        var state = RubySpecState(parent: parent, kind: kind, location: lines.location(offset))
        state.attributes.set("name", at: name.location, .node(name))
        if kind == .test {
            state.attributes.set("test_type", at: name.location, .node(JSONNode(.string("unit"), at: name.location)))
        }
        specs.append(state)
        if let parent { specs[parent].children.append(specs.count - 1) }
        return specs.count - 1
    }

    /// `Pod::Spec.new do |s| … end`; `current` is on `Pod`.
    private mutating func podSpecNew() throws(RubyPodspecFailure) -> RubyValue {
        let start = current.offset
        advance()
        guard isPunctuation("::") else { throw unexpected(expected: "`::Spec.new`") }
        advance()
        guard current.kind == .constant("Spec") || current.kind == .constant("Specification") else {
            throw fail(
                start,
                "only `Pod::Spec.new` and `Pod::Specification.new` are read; other `Pod::` constants are Ruby code the podspec reader does not run"
            )
        }
        advance()
        try expect(".", "`.new`")
        guard isIdentifier("new") else { throw unexpected(expected: "`new`") }
        advance()
        if isPunctuation("(") {
            advance()
            try expect(")", "`)`: Pod::Spec.new takes no arguments in a podspec file")
        }
        guard specs.isEmpty else {
            throw fail(
                start, "a second `Pod::Spec.new`: a podspec file defines one spec (use s.subspec for parts of it)")
        }
        let root = newSpec(parent: nil, kind: .library, name: JSONNode(.null, at: lines.location(start)), at: start)
        try block(binding: root, opener: "Pod::Spec.new")
        return RubyValue(.spec(root), at: start)
    }

    // MARK: Spec calls

    private func fullName(_ spec: Int) -> String? {
        guard let base = specs[spec].baseName else { return nil }
        guard let parent = specs[spec].parent else { return base }
        return fullName(parent).map { "\($0)/\(base)" }
    }

    private func rootIndex(_ spec: Int) -> Int {
        var i = spec
        while let parent = specs[i].parent { i = parent }
        return i
    }

    /// After `s.`: an attribute writer, `dependency`, `subspec`, `test_spec`, `app_spec` or a platform proxy.
    private mutating func specCall(_ spec: Int, receiver: String) throws(RubyPodspecFailure) {
        guard case .identifier(let method) = current.kind else {
            throw unexpected(expected: "an attribute name after `\(receiver).`")
        }
        let methodOffset = current.offset
        advance()
        if let platform = RubyPodspecAttributes.proxyPlatform(method), isPunctuation(".") {
            advance()
            try proxyCall(spec, platform: platform, receiver: "\(receiver).\(method)")
            return
        }
        if isPunctuation("=") {
            advance()
            skipNewlines()
            let value = try rightHandSide()
            try assign(spec, writer: method, value, at: methodOffset, receiver: receiver)
            return
        }
        switch method {
        case "dependency":
            let args = try callArguments(allowBlock: false)
            try addDependency(spec, args, at: methodOffset)
        case "subspec", "test_spec", "app_spec":
            let args = try callArguments(allowBlock: true)
            let kind: RubySpecState.Kind = method == "subspec" ? .library : method == "test_spec" ? .test : .app
            let name: JSONNode
            if let first = args.positional.first {
                guard args.positional.count == 1, args.options.isEmpty else {
                    throw fail(methodOffset, "`\(receiver).\(method)` takes one argument, the name")
                }
                name = try json(first, .raw)
            } else if kind == .library {
                throw fail(methodOffset, "`\(receiver).subspec` needs a name: \(receiver).subspec 'Core' do |ss| … end")
            } else {
                name = JSONNode(.string(kind == .test ? "Tests" : "App"), at: lines.location(methodOffset))
            }
            let child = newSpec(parent: spec, kind: kind, name: name, at: methodOffset)
            try block(binding: child, opener: "\(receiver).\(method)")
        default:
            if RubyPodspecAttributes.attribute(forWriter: method) != nil || method == "platform" {
                throw fail(methodOffset, "`\(receiver).\(method)` must be assigned: \(receiver).\(method) = value")
            }
            throw fail(
                methodOffset,
                "`\(receiver).\(method)` is not a podspec attribute or DSL method the podspec reader supports")
        }
    }

    private mutating func assign(_ spec: Int, writer: String, _ value: RubyValue, at offset: Int, receiver: String)
        throws(RubyPodspecFailure)
    {
        switch writer {
        case "platform":
            var name: RubyValue? = value
            var target: RubyValue?
            if case .array(let elements) = value.kind {
                name = elements.first
                target = elements.count > 1 ? elements[1] : nil
            }
            var platforms = RubyOrderedObject()
            let location = lines.location(value.offset)
            if let name, !isFalsy(name) {
                var key = try name.keyString()
                if key == "macos" { key = "osx" }
                let targetNode =
                    try target.map { v throws(RubyPodspecFailure) in try deploymentTarget(v) }
                    ?? JSONNode(.null, at: location)
                platforms.set(key, at: lines.location(name.offset), .node(targetNode))
            }
            specs[spec].attributes.set("platforms", at: lines.location(offset), .object(platforms, location))
        case "deployment_target":
            throw fail(
                offset,
                "The deployment target can be declared only per platform: \(receiver).ios.deployment_target = '12.0'")
        case "dependency":
            throw fail(offset, "Cannot assign value to `dependency`; write \(receiver).dependency 'Name', '~> 1.0'")
        default:
            guard let attribute = RubyPodspecAttributes.attribute(forWriter: writer) else {
                throw fail(
                    offset,
                    "`\(receiver).\(writer)` is not a podspec attribute (see the attributes of cocoapods-core 1.17.0)")
            }
            try store(spec, attribute, value, platform: nil, at: offset)
        }
    }

    private func isFalsy(_ value: RubyValue) -> Bool {
        switch value.kind {
        case .null, .bool(false): true
        default: false
        }
    }

    private func deploymentTarget(_ value: RubyValue) throws(RubyPodspecFailure) -> JSONNode {
        switch value.kind {
        case .string, .symbol, .integer, .float, .null, .version: return try json(value, .raw)
        default:
            throw fail(
                value.offset, "a deployment target must be a version string such as '12.0', not \(value.typeName)")
        }
    }

    /// `Specification#store_attribute`: strings lose their common indentation and surrounding white
    /// space; hash keys become strings.
    private mutating func store(_ spec: Int, _ attribute: String, _ value: RubyValue, platform: String?, at offset: Int)
        throws(RubyPodspecFailure)
    {
        let node = try json(value, .attribute)
        let location = lines.location(offset)
        if let platform {
            try update(spec, platform, at: offset) { (object: inout RubyOrderedObject) in
                object.set(attribute, at: location, .node(node))
            }
        } else {
            specs[spec].attributes.set(attribute, at: location, .node(node))
        }
    }

    /// Applies `body` to the object at `key` of a spec's attributes (`attributes_hash[key] ||= {}`).
    private mutating func update(
        _ spec: Int, _ key: String, at offset: Int, _ body: (inout RubyOrderedObject) throws(RubyPodspecFailure) -> Void
    ) throws(RubyPodspecFailure) {
        var object: RubyOrderedObject
        var location = lines.location(offset)
        switch specs[spec].attributes[key] {
        case nil:
            object = RubyOrderedObject()
        case .object(let existing, let at)?:
            object = existing
            location = at
        case .node(let node)?:
            if node.isObject {
                object = RubyOrderedObject(node)
                location = node.location
            } else if node.isNull || node.boolValue == false {
                object = RubyOrderedObject()
            } else {
                throw fail(
                    offset,
                    "`\(key)` was set to \(node.typeName == "String" ? "a string" : "a \(node.typeName)") earlier, so nothing can be added to it"
                )
            }
        }
        // Release the stored copy so that `object` is changed in place.
        specs[spec].attributes.set(key, at: location, .node(JSONNode(.null)))
        try body(&object)
        specs[spec].attributes.set(key, at: location, .object(object, location))
    }

    private mutating func proxyCall(_ spec: Int, platform: String, receiver: String) throws(RubyPodspecFailure) {
        guard case .identifier(let method) = current.kind else {
            throw unexpected(expected: "an attribute name after `\(receiver).`")
        }
        let methodOffset = current.offset
        advance()
        if method == "dependency", !isPunctuation("=") {
            let args = try callArguments(allowBlock: false)
            guard let name = args.positional.first else {
                throw fail(methodOffset, "`\(receiver).dependency` needs a pod name")
            }
            let key = try name.keyString()
            var requirements = Array(args.positional.dropFirst())
            if !args.options.isEmpty {
                requirements.append(RubyValue(.hash(args.options), at: args.options[0].key.offset))
            }
            let list = try json(RubyValue(.array(requirements), at: requirements.first?.offset ?? name.offset), .raw)
            let location = lines.location(methodOffset)
            let keyLocation = lines.location(name.offset)
            try update(spec, platform, at: methodOffset) {
                (object: inout RubyOrderedObject) throws(RubyPodspecFailure) in
                var dependencies: RubyOrderedObject
                var dependenciesLocation = location
                switch object["dependencies"] {
                case nil: dependencies = RubyOrderedObject()
                case .object(let d, let at)?:
                    dependencies = d
                    dependenciesLocation = at
                case .node(let n)?:
                    guard n.isObject || n.isNull else {
                        throw RubyPodspecFailure(
                            offset: methodOffset,
                            message:
                                "`\(platform).dependencies` was set to a \(n.typeName) earlier, so no dependency can be added to it"
                        )
                    }
                    dependencies = n.isObject ? RubyOrderedObject(n) : RubyOrderedObject()
                }
                dependencies.set(key, at: keyLocation, .node(list))
                object.set("dependencies", at: location, .object(dependencies, dependenciesLocation))
            }
            return
        }
        guard isPunctuation("=") else {
            throw fail(methodOffset, "`\(receiver).\(method)` must be assigned: \(receiver).\(method) = value")
        }
        advance()
        skipNewlines()
        let value = try rightHandSide()
        if method == "deployment_target" {
            let target = try deploymentTarget(value)
            let keyLocation = lines.location(methodOffset)
            try update(spec, "platforms", at: methodOffset) { (object: inout RubyOrderedObject) in
                object.set(platform, at: keyLocation, .node(target))
            }
            return
        }
        guard let attribute = RubyPodspecAttributes.attribute(forWriter: method) else {
            throw fail(methodOffset, "`\(receiver).\(method)` is not a podspec attribute")
        }
        if RubyPodspecAttributes.notPerPlatform.contains(attribute) {
            throw fail(
                methodOffset, "`\(attribute)` cannot be set per platform (`\(receiver).\(method)`); set it on the spec")
        }
        try store(spec, attribute, value, platform: platform, at: methodOffset)
    }

    private struct Arguments {
        var positional: [RubyValue] = []
        var options: [(key: RubyValue, value: RubyValue)] = []
    }

    /// The arguments of a call, with or without parentheses; `key => value` and `key: value` pairs
    /// gather into `options` (Ruby's trailing hash).
    private mutating func callArguments(allowBlock: Bool) throws(RubyPodspecFailure) -> Arguments {
        var args = Arguments()
        let parenthesised = isPunctuation("(")
        if parenthesised {
            advance()
            skipNewlines()
            if isPunctuation(")") {
                advance()
                return args
            }
        } else {
            switch current.kind {
            case .newline, .end, .punctuation(";"), .punctuation("}"), .identifier("end"), .identifier("do"):
                return args
            default: break
            }
        }
        while true {
            if case .label(let key) = current.kind {
                let keyValue = RubyValue(.symbol(key), at: current.offset)
                advance()
                skipNewlines()
                args.options.append((keyValue, try expression()))
            } else {
                let value = try expression()
                if isPunctuation("=>") {
                    advance()
                    skipNewlines()
                    args.options.append((value, try expression()))
                } else {
                    guard args.options.isEmpty else {
                        throw fail(value.offset, "a plain argument after `key => value` arguments")
                    }
                    args.positional.append(value)
                }
            }
            guard isPunctuation(",") else { break }
            advance()
            skipNewlines()
        }
        if parenthesised {
            skipNewlines()
            try expect(")", "`,` or `)` in the argument list")
        }
        if !allowBlock, isIdentifier("do") || (parenthesised && isPunctuation("{")) {
            throw fail(current.offset, "a block is not expected here")
        }
        return args
    }

    /// `Specification#dependency` (dsl.rb): checks, `:configurations`, then `dependencies[name] = requirements`.
    private mutating func addDependency(_ spec: Int, _ args: Arguments, at offset: Int) throws(RubyPodspecFailure) {
        guard let nameValue = args.positional.first else {
            throw fail(offset, "`dependency` needs a pod name: s.dependency 'Name', '~> 1.0'")
        }
        guard let name = nameValue.stringValue else {
            throw fail(nameValue.offset, "a dependency's name must be a string, not \(nameValue.typeName)")
        }
        if name == fullName(spec) {
            throw fail(nameValue.offset, "A specification can't require itself as a subspec (`\(name)`)")
        }
        if let parent = specs[spec].parent, let parentName = fullName(parent) {
            var composed = ""
            for component in parentName.split(separator: "/", omittingEmptySubsequences: false) {
                composed += component
                if name == composed {
                    throw fail(
                        nameValue.offset, "A subspec can't require one of its parents specifications (`\(name)`)")
                }
                composed += "/"
            }
        }
        var configurations: [String]?
        var options = args.options
        if let i = options.firstIndex(where: { if case .symbol("configurations") = $0.key.kind { true } else { false } }
        ) {
            let value = options[i].value
            options.remove(at: i)
            let list: [RubyValue]
            if case .array(let elements) = value.kind {
                list = elements
            } else if isFalsy(value) {
                list = []
            } else {
                list = [value]
            }
            var names: [String] = []
            for element in list { names.append(try element.keyString().lowercased()) }
            let extras = names.filter { $0 != "debug" && $0 != "release" }
            if !extras.isEmpty {
                throw fail(
                    value.offset,
                    "Only `Debug` & `Release` are allowed under configurations for dependency on `\(name)`. Found \(extras.map { "`\($0)`" }.joined(separator: ", "))."
                )
            }
            configurations = names
        }
        let requirements = Array(args.positional.dropFirst())
        if let bad = requirements.first(where: { $0.stringValue == nil }) {
            throw fail(
                bad.offset,
                "Unsupported version requirement for `\(name)`: \(bad.typeName); requirements are strings such as '~> 1.0'"
            )
        }
        if let option = options.first {
            let key = (try? option.key.keyString()) ?? ""
            if key == "path" || key == "git" {
                throw fail(
                    option.key.offset,
                    "Podspecs cannot specify the source of dependencies. The `:\(key)` option is not supported. `:\(key)` can be used in the Composefile instead to override global dependencies."
                )
            }
            throw fail(option.key.offset, "Unsupported version requirement option `\(key)` for `\(name)`")
        }
        let list = JSONNode(
            .array(requirements.map { JSONNode(.string($0.stringValue!), at: lines.location($0.offset)) }),
            at: lines.location(requirements.first?.offset ?? nameValue.offset))
        let keyLocation = lines.location(nameValue.offset)
        try update(spec, "dependencies", at: offset) { (object: inout RubyOrderedObject) in
            object.set(name, at: keyLocation, .node(list))
        }
        if let configurations {
            let node = JSONNode(.array(configurations.map { JSONNode(.string($0), at: keyLocation) }), at: keyLocation)
            try update(spec, "configuration_pod_whitelist", at: offset) { (object: inout RubyOrderedObject) in
                object.set(name, at: keyLocation, .node(node))
            }
        }
    }

    // MARK: Expressions

    /// A value with `+` between strings or arrays (`'v' + s.version.to_s`, `base_dir + '*.h'`).
    private mutating func expression() throws(RubyPodspecFailure) -> RubyValue {
        try enter(current.offset)
        var value = try chain()
        while current.kind == .operator("+") {
            let operatorOffset = current.offset
            advance()
            skipNewlines()
            value = try plus(value, try chain(), at: operatorOffset)
        }
        switch current.kind {
        case .operator, .punctuation("["):
            throw unexpected(expected: "the end of the value")
        case .identifier(let word)
        where word == "if" || word == "unless" || word == "rescue" || word == "while" || word == "until":
            throw refusal(word, at: current.offset)
        default:
            break
        }
        depth -= 1
        return value
    }

    /// Ruby's `String#+` and `Array#+`; anything else raises in Ruby and is refused here. Each
    /// copies both sides: charged to the work budget, the result held to the size limits.
    private mutating func plus(_ left: RubyValue, _ right: RubyValue, at offset: Int) throws(RubyPodspecFailure)
        -> RubyValue
    {
        switch (left.kind, right.kind) {
        case (.string(let a), .string(let b)):
            try charge(a.utf8.count + b.utf8.count, at: offset)
            return try bounded(RubyValue(.string(a + b), at: left.offset), at: offset)
        case (.array(let a), .array(let b)):
            try charge(a.count + b.count, at: offset)
            return try bounded(RubyValue(.array(a + b), at: left.offset), at: offset)
        default:
            let hint =
                if case .version = right.kind { " (write `s.version.to_s`)" } else { "" }
            throw fail(
                offset,
                "`+` joins two strings or two arrays; \(left.typeName) + \(right.typeName) is not supported\(hint)")
        }
    }

    /// A value followed by method calls (`.strip`, `.to_s`, a chain continued on the next line).
    private mutating func chain() throws(RubyPodspecFailure) -> RubyValue {
        var value = try primary()
        while true {
            if !isPunctuation(".") {
                // A method chain may continue on the next line with a leading dot.
                var ahead = position
                while tokens[ahead].kind == .newline { ahead += 1 }
                guard ahead != position, tokens[ahead].kind == .punctuation(".") else { break }
                position = ahead
            }
            advance()
            guard case .identifier(let method) = current.kind else {
                throw unexpected(expected: "a method name after `.`")
            }
            let methodOffset = current.offset
            advance()
            if isPunctuation("(") {
                if isPunctuation(")", peekKind()) {
                    advance()
                    advance()
                } else {
                    throw fail(
                        methodOffset,
                        "method calls with arguments (`.\(method)(…)`) are not supported; write the value as a literal")
                }
            }
            if isPunctuation("{") || isIdentifier("do") {
                throw fail(
                    methodOffset,
                    "`.\(method)` with a block is Ruby code the podspec reader does not run; write the value as a literal"
                )
            }
            value = try bounded(apply(method, to: value, at: methodOffset), at: methodOffset)
            if case .string(let text) = value.kind { try charge(text.utf8.count, at: methodOffset) }
        }
        return value
    }

    private func apply(_ method: String, to value: RubyValue, at offset: Int) throws(RubyPodspecFailure) -> RubyValue {
        let at = value.offset
        switch (value.kind, method) {
        case (_, "freeze"), (_, "dup"), (_, "itself"):
            if case .spec = value.kind { break }
            if case .platformProxy = value.kind { break }
            return value
        case (.string(let s), _):
            switch method {
            case "strip": return RubyValue(.string(RubyText.strip(s)), at: at)
            case "lstrip": return RubyValue(.string(RubyText.lstrip(s)), at: at)
            case "rstrip": return RubyValue(.string(RubyText.rstrip(s)), at: at)
            case "chomp": return RubyValue(.string(RubyText.chomp(s)), at: at)
            case "squish": return RubyValue(.string(RubyText.squish(s)), at: at)
            case "strip_heredoc": return RubyValue(.string(RubyText.stripHeredoc(s)), at: at)
            case "downcase": return RubyValue(.string(s.lowercased()), at: at)
            case "upcase": return RubyValue(.string(s.uppercased()), at: at)
            case "to_s", "to_str": return value
            default: break
            }
        case (.symbol(let s), "to_s"), (.symbol(let s), "id2name"), (.version(let s), "to_s"),
            (.integer(let s), "to_s"), (.float(let s), "to_s"):
            return RubyValue(.string(s), at: at)
        case (.null, "to_s"):
            return RubyValue(.string(""), at: at)
        case (.spec(let spec), "name"):
            guard let name = fullName(spec) else {
                throw fail(offset, "`name` is read before it is set; set s.name first")
            }
            return RubyValue(.string(name), at: offset)
        case (.spec(let spec), "version"):
            guard let node = specs[rootIndex(spec)].attributes.value("version"), !node.isNull else {
                throw fail(offset, "`version` is read before it is set; set s.version first")
            }
            let text: String
            switch node.value {
            case .string(let s): text = RubyText.strip(s)
            case .number(let n): text = n
            default: throw fail(offset, "`version` was set to \(node.typeName), not a version string")
            }
            guard Version.isValid(text) else {
                throw fail(offset, "the version '\(text)' is not a version number")
            }
            return RubyValue(.version(text), at: offset)
        case (.spec(let spec), "module_name"):
            // `Specification#module_name`: the attribute, else the C99 identifier of `header_dir`,
            // else of the spec's own name.
            let attributes = specs[spec].attributes
            if let node = attributes.value("module_name"), !node.isNull {
                guard let text = node.stringValue else {
                    throw fail(offset, "`module_name` was set to \(node.typeName), not a string")
                }
                return RubyValue(.string(text), at: offset)
            }
            let source = attributes.value("header_dir").flatMap { $0.isNull ? nil : $0 } ?? attributes.value("name")
            guard let text = source?.stringValue else {
                throw fail(offset, "`module_name` is read before `name` is set; set s.name first")
            }
            guard text.unicodeScalars.allSatisfy(\.isASCII) else {
                throw fail(
                    offset,
                    "reading `module_name` of the non-ASCII name '\(text)' is not supported (Ruby transliterates it); write the module name as a literal"
                )
            }
            return RubyValue(.string(SafeName.c99Identifier(text)), at: offset)
        case (.spec, _):
            if let platform = RubyPodspecAttributes.proxyPlatform(method) {
                _ = platform
                throw fail(offset, "`.\(method)` here is only supported as `s.\(method).attribute = value`")
            }
            if isPunctuation("=") {
                throw fail(
                    offset,
                    "an assignment to `.\(method)` inside a value: it becomes part of the value before it (is there a stray `,` at the end of the line above?)"
                )
            }
            throw fail(
                offset,
                "reading `.\(method)` of a spec is not supported; only `s.name`, `s.version` and `s.module_name` are read"
            )
        default:
            break
        }
        throw fail(
            offset,
            "the method `.\(method)` on \(value.typeName) is not supported (supported: strip, squish, chomp, lstrip, rstrip, strip_heredoc, downcase, upcase, to_s, freeze)"
        )
    }

    private mutating func primary() throws(RubyPodspecFailure) -> RubyValue {
        let token = current
        switch token.kind {
        case .string(let parts):
            var text = try evaluate(parts)
            advance()
            // Adjacent literals are one string in Ruby ('a' 'b').
            while case .string(let more) = current.kind {
                text += try evaluate(more)
                advance()
            }
            return RubyValue(.string(text), at: token.offset)
        case .words(let words):
            advance()
            return RubyValue(.array(words.map { RubyValue(.string($0), at: token.offset) }), at: token.offset)
        case .symbols(let words):
            advance()
            return RubyValue(.array(words.map { RubyValue(.symbol($0), at: token.offset) }), at: token.offset)
        case .symbol(let s):
            advance()
            return RubyValue(.symbol(s), at: token.offset)
        case .integer(let n):
            advance()
            return RubyValue(.integer(n), at: token.offset)
        case .float(let n):
            guard let text = RubyText.floatText(n) else {
                throw fail(
                    token.offset, "the number \(n) has more digits than a Ruby Float keeps; write it as a string")
            }
            advance()
            return RubyValue(.float(text), at: token.offset)
        case .operator("-"):
            advance()
            switch current.kind {
            case .integer(let n):
                advance()
                return RubyValue(.integer(n == "0" ? "0" : "-" + n), at: token.offset)
            case .float(let n):
                guard let text = RubyText.floatText(n) else {
                    throw fail(token.offset, "the number -\(n) has too many digits")
                }
                advance()
                return RubyValue(.float("-" + text), at: token.offset)
            default:
                throw fail(token.offset, "the operator `-` is not supported: write the value as a literal")
            }
        case .identifier(let name):
            switch name {
            case "true":
                advance()
                return RubyValue(.bool(true), at: token.offset)
            case "false":
                advance()
                return RubyValue(.bool(false), at: token.offset)
            case "nil":
                advance()
                return RubyValue(.null, at: token.offset)
            default: break
            }
            guard let value = lookup(name) else { throw unknownName(name, at: token.offset) }
            advance()
            if case .spec(let spec) = value.kind, isPunctuation("."), case .identifier(let method) = peekKind(),
                let platform = RubyPodspecAttributes.proxyPlatform(method)
            {
                _ = (spec, platform)
                throw fail(
                    tokens[position + 1].offset,
                    "reading `\(name).\(method)` is not supported; a platform proxy is only written to: \(name).\(method).attribute = value"
                )
            }
            return RubyValue(value.kind, at: token.offset)
        case .constant(let name):
            if name == "Pod", isPunctuation("::", peekKind()) {
                guard depth <= 1, scopes.count == 1 else {
                    throw fail(token.offset, "`Pod::` inside the spec is Ruby code the podspec reader does not run")
                }
                return try podSpecNew()
            }
            if let value = constants[name], !isPunctuation("::", peekKind()) {
                advance()
                return RubyValue(value.kind, at: token.offset)
            }
            var path = name
            if isPunctuation("::", peekKind()) || isPunctuation(".", peekKind()) {
                if case .identifier(let m) = peekKind(2) { path += (isPunctuation("::", peekKind()) ? "::" : ".") + m }
                if case .constant(let m) = peekKind(2) { path += "::" + m }
            }
            throw fail(
                token.offset,
                "`\(path)` is Ruby code the podspec reader does not run (files, the environment, other constants); write the value as a literal"
            )
        case .punctuation("["):
            try enter(token.offset)
            advance()
            var elements: [RubyValue] = []
            while true {
                skipNewlines()
                if isPunctuation("]") { break }
                elements.append(try expression())
                try charge(1, at: token.offset)
                if elements.count > RubyPodspecEvaluator.maximumElements {
                    _ = try bounded(RubyValue(.array(elements), at: token.offset), at: token.offset)
                }
                skipNewlines()
                if isPunctuation(",") {
                    advance()
                    continue
                }
                guard isPunctuation("]") else {
                    throw unexpected(expected: "`,` or `]` in the array opened at \(lines.location(token.offset))")
                }
            }
            advance()
            depth -= 1
            return RubyValue(.array(elements), at: token.offset)
        case .punctuation("{"):
            try enter(token.offset)
            advance()
            var pairs: [(key: RubyValue, value: RubyValue)] = []
            var literalKeys = Set<Int>()
            // Each key's place, so that a repeated key is found at once (not by a scan per key).
            var places: [String: Int] = [:]
            while true {
                skipNewlines()
                if isPunctuation("}") { break }
                let key: RubyValue
                let keyStart = position
                var literal: Bool
                switch current.kind {
                case .label, .symbol, .integer, .float: literal = true
                case .string(let parts): literal = !parts.contains { if case .code = $0 { true } else { false } }
                default: literal = false
                }
                if case .label(let label) = current.kind {
                    key = RubyValue(.symbol(label), at: current.offset)
                    advance()
                } else if case .string = current.kind, isPunctuation(":", peekKind()) {
                    let text = try primary()
                    key = RubyValue(.symbol(text.stringValue ?? ""), at: text.offset)
                    advance()
                } else {
                    key = try expression()
                    skipNewlines()
                    try expect("=>", "`=>` after the hash key")
                }
                literal = literal && position - keyStart <= 2
                skipNewlines()
                let pairValue = try expression()
                let identity = RubyPodspecEvaluator.keyIdentity(key)
                if let earlier = places[identity] {
                    // Ruby drops an earlier literal duplicate when it parses the hash.
                    guard literal, literalKeys.contains(earlier) else {
                        throw fail(key.offset, "this key repeats an earlier key of the hash; remove one of them")
                    }
                    pairs.remove(at: earlier)
                    literalKeys = Set(literalKeys.filter { $0 != earlier }.map { $0 > earlier ? $0 - 1 : $0 })
                    places = places.filter { $0.value != earlier }.mapValues { $0 > earlier ? $0 - 1 : $0 }
                }
                if literal { literalKeys.insert(pairs.count) }
                places[identity] = pairs.count
                pairs.append((key, pairValue))
                try charge(1, at: key.offset)
                if pairs.count > RubyPodspecEvaluator.maximumElements {
                    _ = try bounded(RubyValue(.hash(pairs), at: token.offset), at: token.offset)
                }
                skipNewlines()
                if isPunctuation(",") {
                    advance()
                    continue
                }
                guard isPunctuation("}") else {
                    throw unexpected(expected: "`,` or `}` in the hash opened at \(lines.location(token.offset))")
                }
            }
            advance()
            depth -= 1
            return RubyValue(.hash(pairs), at: token.offset)
        case .punctuation("("):
            advance()
            skipNewlines()
            let value = try expression()
            skipNewlines()
            try expect(")", "`)`")
            return value
        default:
            throw unexpected(
                expected: "a value (a string, symbol, number, array, hash, true, false, nil or a local variable)")
        }
    }

    /// What makes two hash keys the same key in Ruby: the class and the value.
    private static func keyIdentity(_ key: RubyValue) -> String {
        switch key.kind {
        case .string(let s): "s" + s
        case .symbol(let s): "y" + s
        case .integer(let n): "i" + n
        case .float(let n): "f" + n
        case .version(let v): "v" + v
        case .bool(let b): b ? "true" : "false"
        case .null: "nil"
        default: "?\(key.offset)"
        }
    }

    /// The text of a string literal, with `#{…}` evaluated.
    private mutating func evaluate(_ parts: [RubyStringPart]) throws(RubyPodspecFailure) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let t):
                text += t
                try charge(t.utf8.count, at: current.offset)
            case .code(let range):
                try enter(range.lowerBound)
                let inner = try RubyLexer.tokenize(bytes, range: range)
                let savedTokens = tokens
                let savedPosition = position
                tokens = inner
                position = 0
                skipNewlines()
                if current.kind != .end {
                    let value = try expression()
                    skipNewlines()
                    guard current.kind == .end else {
                        throw unexpected(expected: "`}` closing the interpolation")
                    }
                    let piece = try value.interpolated()
                    try charge(piece.utf8.count, at: range.lowerBound)
                    text += piece
                    if text.utf8.count > RubyPodspecEvaluator.maximumStringBytes {
                        _ = try bounded(RubyValue(.string(text), at: range.lowerBound), at: range.lowerBound)
                    }
                }
                tokens = savedTokens
                position = savedPosition
                depth -= 1
            }
        }
        return text
    }

    // MARK: JSON

    /// How `store_attribute` has treated a value before Ruby's `JSON.generate` writes it.
    private enum JSONMode {
        /// The attribute's value itself: a string loses its common indentation and surrounding
        /// white space; a hash's keys become strings (`convert_keys_to_string`).
        case attribute
        /// A hash value inside a converted hash: its keys became strings too.
        case converted
        /// Untouched: a hash keeps `:a` and `'a'` as two keys, which JSON writes twice.
        case raw
    }

    private func json(_ value: RubyValue, _ mode: JSONMode) throws(RubyPodspecFailure) -> JSONNode {
        let location = lines.location(value.offset)
        switch value.kind {
        case .string(let s):
            return JSONNode(.string(mode == .attribute ? RubyText.strip(RubyText.stripHeredoc(s)) : s), at: location)
        case .symbol(let s), .version(let s):
            return JSONNode(.string(s), at: location)
        case .integer(let n), .float(let n):
            return JSONNode(.number(n), at: location)
        case .bool(let b):
            return JSONNode(.bool(b), at: location)
        case .null:
            return JSONNode(.null, at: location)
        case .array(let elements):
            var nodes: [JSONNode] = []
            nodes.reserveCapacity(elements.count)
            for element in elements { nodes.append(try json(element, .raw)) }
            return JSONNode(.array(nodes), at: location)
        case .hash(let pairs):
            if mode == .raw {
                var members: [JSONNode.Member] = []
                for pair in pairs {
                    members.append(
                        JSONNode.Member(
                            key: try pair.key.keyString(), keyLocation: lines.location(pair.key.offset),
                            value: try json(pair.value, .raw)))
                }
                return JSONNode(.object(members), at: location)
            }
            var object = RubyOrderedObject()
            for pair in pairs {
                object.set(
                    try pair.key.keyString(), at: lines.location(pair.key.offset),
                    .node(try json(pair.value, .converted)))
            }
            return object.node(at: location)
        case .spec, .platformProxy:
            throw fail(value.offset, "a spec object cannot be an attribute's value")
        }
    }

    // MARK: to_hash

    private struct Platform {
        let name: String
        let target: Version?
    }

    private func platformHash(_ spec: Int) -> [(key: String, value: JSONNode?)] {
        guard let node = specs[spec].attributes.value("platforms") else { return [] }
        switch node.value {
        case .string(let s): return [(s, nil)]
        case .array(let elements): return elements.map { (($0.stringValue ?? ""), nil) }
        case .object(let members):
            var seen = RubyOrderedObject()
            for member in members { seen.set(member.key, at: member.keyLocation, .node(member.value)) }
            return seen.keys.map { ($0, seen.value($0)) }
        default: return []
        }
    }

    private func supportedPlatformNames(_ spec: Int) -> [String] {
        let names = platformHash(spec).map(\.key)
        if names.isEmpty, let parent = specs[spec].parent { return supportedPlatformNames(parent) }
        return names
    }

    private func deploymentTarget(_ spec: Int, _ name: String) -> JSONNode? {
        if let value = platformHash(spec).first(where: { $0.key == name })?.value, !value.isNull,
            value.boolValue != false
        {
            return value
        }
        return specs[spec].parent.flatMap { deploymentTarget($0, name) }
    }

    private func availablePlatforms(_ spec: Int) throws(RubyPodspecFailure) -> [Platform] {
        var names = supportedPlatformNames(spec)
        if names.isEmpty { names = RubyPodspecAttributes.platforms }
        var result: [Platform] = []
        for name in names {
            var normalized = name.lowercased()
            if normalized == "macos" { normalized = "osx" }
            if normalized == "xros" { normalized = "visionos" }
            var target: Version?
            if let node = deploymentTarget(spec, name) {
                let text: String
                switch node.value {
                case .string(let s): text = RubyText.strip(s)
                case .number(let n): text = n
                default: throw fail(0, "the deployment target of \(name) is \(node.typeName), not a version")
                }
                do {
                    target = try Version(text)
                } catch {
                    throw RubyPodspecFailure(
                        offset: offset(of: node.location),
                        message: "the deployment target '\(text)' for \(name) is not a version number")
                }
            }
            result.append(Platform(name: normalized, target: target))
        }
        return result
    }

    private func offset(of location: SourceLocation) -> Int {
        var line = 1
        var i = 0
        while line < location.line, i < bytes.count {
            if bytes[i] == 0x0A { line += 1 }
            i += 1
        }
        return i + location.column - 1
    }

    private static func samePlatforms(_ a: [Platform], _ b: [Platform]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard x.name == y.name else { return false }
            switch (x.target, y.target) {
            case (nil, nil): continue
            case (let p?, let q?): if p.compareSegments(q) != 0 { return false }
            default: return false
            }
        }
        return true
    }

    /// `Specification#to_hash` (json.rb).
    private func hash(of spec: Int) throws(RubyPodspecFailure) -> JSONNode {
        let state = specs[spec]
        var attributes = state.attributes
        let platforms = try availablePlatforms(spec)
        var differs = true
        if let parent = state.parent {
            differs = !RubyPodspecEvaluator.samePlatforms(platforms, try availablePlatforms(parent))
        }
        if differs {
            var object = RubyOrderedObject()
            for platform in platforms {
                let value: JSONNode.Value = platform.target.map { .string($0.string) } ?? .null
                object.set(platform.name, at: state.location, .node(JSONNode(value, at: state.location)))
            }
            attributes.set("platforms", at: state.location, .object(object, state.location))
        }
        for (key, kind) in [("testspecs", RubySpecState.Kind.test), ("appspecs", .app), ("subspecs", .library)] {
            attributes.remove(key)
            let children = state.children.filter { specs[$0].kind == kind }
            guard !children.isEmpty else { continue }
            var nodes: [JSONNode] = []
            for child in children { nodes.append(try hash(of: child)) }
            attributes.set(
                key, at: specs[children[0]].location, .node(JSONNode(.array(nodes), at: specs[children[0]].location)))
        }
        let swiftVersion = try swiftVersion(state)
        attributes.remove("swift_version")
        if let swiftVersion {
            attributes.set("swift_version", at: swiftVersion.location, .node(swiftVersion))
        }
        return attributes.node(at: state.location)
    }

    /// `swift_versions.last.to_s` (root_attribute_accessors.rb): the highest of `swift_versions` and
    /// `swift_version`.
    private func swiftVersion(_ state: RubySpecState) throws(RubyPodspecFailure) -> JSONNode? {
        var nodes: [JSONNode] = []
        if let list = state.attributes.value("swift_versions") {
            if let elements = list.arrayValue { nodes = elements } else if !list.isNull { nodes = [list] }
        }
        if let single = state.attributes.value("swift_version"), !single.isNull { nodes.append(single) }
        var best: (version: Version, node: JSONNode)?
        for node in nodes {
            let text: String
            switch node.value {
            case .string(let s): text = RubyText.strip(s)
            case .number(let n): text = n
            default:
                throw RubyPodspecFailure(
                    offset: offset(of: node.location),
                    message: "a Swift version must be a version string, not \(node.typeName)")
            }
            let version: Version
            do {
                version = try Version(text)
            } catch {
                throw RubyPodspecFailure(
                    offset: offset(of: node.location), message: "the Swift version '\(text)' is not a version number")
            }
            if let current = best {
                let order = version.compareSegments(current.version)
                if order == 0, version.string != current.version.string {
                    throw RubyPodspecFailure(
                        offset: offset(of: node.location),
                        message:
                            "the Swift versions '\(current.version.string)' and '\(text)' are the same version written twice; keep one"
                    )
                }
                if order <= 0 { continue }
            }
            best = (version, JSONNode(.string(version.string), at: node.location))
        }
        return best?.node
    }
}
