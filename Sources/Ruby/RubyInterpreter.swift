/// What a host (the Podfile reader, the podspec reader) gives the DSL: its words and its objects.
package protocol RubyHost: AnyObject {
    /// A method called without a receiver that the file did not define (`pod`, `platform`); nil when
    /// the host has no such method.
    func call(_ name: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter) throws(RubyFailure)
        -> RubyValue?
    /// A method of one of the host's objects.
    func call(_ object: RubyObject, _ name: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter)
        throws(RubyFailure) -> RubyValue
    /// `object.respond_to?(name)`.
    func responds(_ object: RubyObject, to name: String) -> Bool
    /// A constant the file did not define and Ruby does not have here (`Pod::Spec`): nil when unknown.
    func constant(_ path: String, at offset: Int) -> RubyValue?
    /// Called before a file is required (its path below the root); throw to refuse it with a message of
    /// the host's (a React Native helper).
    func willRequire(_ path: String, at offset: Int) throws(RubyFailure)
}

extension RubyHost {
    package func responds(_ object: RubyObject, to name: String) -> Bool { false }
    package func constant(_ path: String, at offset: Int) -> RubyValue? { nil }
    package func willRequire(_ path: String, at offset: Int) throws(RubyFailure) {}
}

/// The arguments of a call: positional values (a trailing `key: value` list is one hash at the end),
/// the block, and where the method's name is written.
package struct RubyArguments: Sendable {
    package var values: [RubyValue]
    package var block: RubyBlock?
    package let offset: Int
    /// Whether the call is a statement of its own, its value unused (`keys 'App'` on its line), not an
    /// argument, an assigned value, a condition or an interpolation.
    package var isStatement = false

    package init(values: [RubyValue], block: RubyBlock?, offset: Int, isStatement: Bool = false) {
        self.values = values
        self.block = block
        self.offset = offset
        self.isStatement = isStatement
    }

    /// The trailing hash of `key: value` options, when the last argument is one.
    package var options: [(key: RubyValue, value: RubyValue)]? {
        if case .hash(let pairs)? = values.last?.kind { return pairs }
        return nil
    }
}

/// Evaluates a file of the Ruby subset (docs/ruby-podspecs.md, docs/composefile.md) for a host. It is
/// sandboxed by construction: there is no way to run a process, open a connection, write a file or
/// evaluate a string as code; files are read only through `files` (below one folder, bounded), and
/// steps, call depth, string and collection sizes are bounded, each with an error at the line.
package final class RubyInterpreter {
    /// Steps (nodes evaluated and elements iterated) of one file with all it requires.
    package static let maximumSteps = 2_000_000
    package static let maximumCallDepth = 100
    package static let maximumStringBytes = 1 << 20
    package static let maximumElements = 100_000
    /// Bytes and elements copied by `+`, interpolation, `*` and iteration in all.
    package static let workBudget = 16 << 20
    /// The largest value (`RubyValue.weight`: values held, shared ones each time, and string bytes)
    /// a file may build, so that no walk of one costs more than the whole work budget.
    package static let maximumWeight = 16 << 20

    package let path: String
    let bytes: [UInt8]
    package let lines: RubyLineTable
    private weak var host: (any RubyHost)?
    private let files: RubyFiles?
    /// The caller's environment, with what the file set (`ENV['X'] = …`); the file sees it through
    /// `visibleVariable` (less the variables whose names look secret).
    private var environment: [String: String]
    private let environmentPolicy: RubyEnvironment
    /// The marks of variables the file set itself (`ENV['X'] = value`): those of the value.
    private var environmentWrites: [String: RubyMarks] = [:]
    private let opaqueBlockMethods: Set<String>
    /// False for podspecs: CocoaPods evaluates them inside its `Pod` module, where a method the file
    /// defines with `def` cannot be called.
    private let definitionsAreCallable: Bool

    private var steps = 0
    private var work = 0
    /// The matching steps spent on regular expressions (`RubyRegex`).
    let regexMeter = RubyRegexMeter()
    private var callDepth = 0
    private var methods: [String: (parameters: RubyParameters, body: [RubyNode], file: Int)] = [:]
    private var constants: [String: RubyValue] = [:]
    private var instanceVariables: [String: RubyValue] = [:]
    private var globals: [String: RubyValue] = [:]
    private var pendingJump: (RubyJump, RubyValue)?
    /// The block of each method call being run, innermost last (`yield`).
    private var blocks: [RubyBlock?] = []
    /// Files being evaluated (the main one first): path, bytes, lines.
    private var sources: [(path: String, directory: String?, lines: RubyLineTable)]
    private var currentSource = 0
    private var required: Set<String> = []

    /// - Parameters:
    ///   - path: the file's name in messages.
    ///   - directory: the folder the file is in, for `File.read`, `require_relative` and `__dir__`; nil
    ///     when the file was not read from a folder (a spec repo's blob).
    ///   - files: the sandbox that answers file reads; nil refuses every read.
    ///   - bytes: the file as read (CR LF line ends and a byte-order mark are taken as Ruby takes them).
    ///   - environment: the caller's environment; `allowedEnvironment`: the variables whose values may
    ///     leave the file (`RubyEnvironment`).
    package init(
        bytes: [UInt8], path: String, directory: String?, host: any RubyHost, files: RubyFiles?,
        environment: [String: String], allowedEnvironment: Set<String> = [], opaqueBlockMethods: Set<String> = [],
        definitionsAreCallable: Bool = true
    ) {
        self.definitionsAreCallable = definitionsAreCallable
        self.bytes = RubySource.normalized(bytes)
        self.path = path
        self.lines = RubyLineTable(self.bytes)
        self.host = host
        self.files = files
        environmentPolicy = RubyEnvironment(allowing: allowedEnvironment)
        self.environment = environment
        self.opaqueBlockMethods = opaqueBlockMethods
        self.sources = [(path, directory, lines)]
    }

    /// Parses and runs the file.
    package func run() throws(RubyFailure) {
        defer { breakCycles() }
        let program = try RubyParser.parse(
            bytes, range: RubySource.start(of: bytes)..<bytes.count, lines: lines,
            opaqueBlockMethods: opaqueBlockMethods)
        let scope = RubyScope(parent: nil)
        discarding = true
        _ = try evaluate(program, scope)
        if let (jump, _) = pendingJump, jump != .return {
            throw RubyFailure(offset: bytes.count, message: "`\(jump)` outside a block or loop")
        }
    }

    // MARK: Failures and limits

    /// A failure at `offset` of the file being evaluated now (placed in a required file when it is one).
    package func failure(_ offset: Int, _ message: String, kind: RubyFailure.Kind = .refused) -> RubyFailure {
        var failure = RubyFailure(offset: offset, message: message, kind: kind)
        if currentSource > 0 {
            let source = sources[currentSource]
            let (line, column) = source.lines.location(offset)
            failure.elsewhere = (source.path, line, column)
        }
        return failure
    }

    private func step(_ offset: Int) throws(RubyFailure) {
        steps += 1
        if steps > RubyInterpreter.maximumSteps {
            throw failure(
                offset,
                "the file runs more than \(RubyInterpreter.maximumSteps) steps (a loop that does not end?); compose stops reading it here",
                kind: .limit)
        }
    }

    func charge(_ units: Int, at offset: Int) throws(RubyFailure) {
        work += units
        if work > RubyInterpreter.workBudget {
            throw failure(
                offset,
                "the file builds far more than it needs (over \(RubyInterpreter.workBudget >> 20) M bytes and elements copied); compose stops reading it here",
                kind: .limit)
        }
    }

    /// Charges `count` units of `size` each, saturating (a product that overflows is over budget).
    func charge(_ count: Int, times size: Int, at offset: Int) throws(RubyFailure) {
        let (product, overflow) = count.multipliedReportingOverflow(by: size)
        try charge(overflow ? Int.max / 2 : product, at: offset)
    }

    /// Refuses, before it is built, a string of at least `bytes` bytes past the string bound.
    func refuseString(ofAtLeast bytes: Int, at offset: Int) throws(RubyFailure) {
        guard bytes > RubyInterpreter.maximumStringBytes else { return }
        throw failure(
            offset,
            "this string would grow past \(RubyInterpreter.maximumStringBytes >> 20) MiB; compose stops reading the file here",
            kind: .limit)
    }

    /// Charges a walk of every element of `values` (`==`, `inspect`, `flatten`, a hash key): what a
    /// collection holds, counted each time it is held, so that a structure sharing itself is refused
    /// at once and not walked 2^n times. A value visited costs more than a byte copied (a walk builds
    /// text or compares as it goes): sixteen units, so that the walks of one file visit at most a
    /// million values.
    func chargeWalk(_ values: [RubyValue], at offset: Int) throws(RubyFailure) {
        for value in values {
            switch value.kind {
            case .array, .hash: try charge(value.weight, times: 16, at: offset)
            default: break
            }
        }
    }

    func bounded(_ value: RubyValue) throws(RubyFailure) -> RubyValue {
        if value.weight > RubyInterpreter.maximumWeight {
            throw failure(
                value.offset,
                "this value holds more than \(RubyInterpreter.maximumWeight >> 20) M elements and bytes (counting what it holds more than once each time); compose stops reading the file here",
                kind: .limit)
        }
        switch value.kind {
        case .string(let text) where text.utf8.count > RubyInterpreter.maximumStringBytes:
            throw failure(
                value.offset,
                "this string grows past \(RubyInterpreter.maximumStringBytes >> 20) MiB; compose stops reading the file here",
                kind: .limit)
        case .array(let elements) where elements.count > RubyInterpreter.maximumElements:
            throw failure(
                value.offset, "this array grows past \(RubyInterpreter.maximumElements) elements", kind: .limit)
        case .hash(let pairs) where pairs.count > RubyInterpreter.maximumElements:
            throw failure(value.offset, "this hash grows past \(RubyInterpreter.maximumElements) keys", kind: .limit)
        default:
            return value
        }
    }

    // MARK: Statements

    /// Whether the value of the node about to be evaluated is unused: set for the statements of a body
    /// (the last one only when the body's own value is unused), read and cleared by `evaluate(_:_:)`.
    private var discarding = false

    func evaluate(_ body: [RubyNode], _ scope: RubyScope) throws(RubyFailure) -> RubyValue {
        let bodyDiscarded = discarding
        defer { discarding = false }
        var last = RubyValue.null(at: body.first?.offset ?? 0)
        for (index, node) in body.enumerated() {
            discarding = bodyDiscarded || index < body.count - 1
            last = try evaluate(node, scope)
            if pendingJump != nil { break }
        }
        return last
    }

    /// Evaluates a body whose value is used only when `discarded` is false.
    private func evaluate(_ body: [RubyNode], _ scope: RubyScope, discarded: Bool) throws(RubyFailure) -> RubyValue {
        discarding = discarded
        return try evaluate(body, scope)
    }

    func evaluate(_ node: RubyNode, _ scope: RubyScope) throws(RubyFailure) -> RubyValue {
        try step(node.offset)
        let discarded = discarding
        discarding = false
        switch node {
        case .value(let v):
            if case .string(let s) = v.kind { try charge(s.utf8.count, at: v.offset) }
            return v
        case .string(let pieces, let at):
            var text = ""
            var marks = RubyMarks.none
            for piece in pieces {
                switch piece {
                case .text(let t): text += t
                case .code(let body, let codeAt):
                    let value = try evaluate(body, scope)
                    marks.formUnion(value.marks)
                    text += try stringify(value, at: codeAt)
                }
            }
            try charge(text.utf8.count, at: at)
            return try bounded(RubyValue(.string(text), at: at, marks: marks))
        case .array(let elements, let at):
            var values: [RubyValue] = []
            var marks = RubyMarks.none
            for element in elements {
                if case .splat(let inner, let splatAt) = element {
                    let splatted = try evaluate(inner, scope)
                    marks.formUnion(splatted.marks)
                    values += try toArray(splatted, at: splatAt)
                } else {
                    let value = try evaluate(element, scope)
                    marks.formUnion(value.marks)
                    values.append(value)
                }
            }
            try charge(values.count, at: at)
            return try bounded(RubyValue(.array(values), at: at, marks: marks))
        case .hash(let pairs, let at):
            // Each key's place, so a repeated key is found at once. A literal key written again
            // drops the earlier pair (Ruby's parser does); any other repeated key replaces the value
            // where it stands.
            var result: [(key: RubyValue, value: RubyValue)?] = []
            var marks = RubyMarks.none
            var places: [String: Int] = [:]
            func put(_ key: RubyValue, _ value: RubyValue, literal: Bool) {
                let identity = key.hashIdentity
                if let i = places[identity] {
                    if !literal {
                        result[i]!.value = value
                        return
                    }
                    result[i] = nil
                }
                places[identity] = result.count
                result.append((key, value))
            }
            for pair in pairs {
                if case .splat(let inner, let splatAt) = pair.key {
                    let splatted = try evaluate(inner, scope)
                    guard case .hash(let more) = splatted.kind else {
                        throw failure(splatAt, "`**` takes a hash")
                    }
                    marks.formUnion(splatted.marks)
                    for p in more { put(p.key.marked(splatted.marks), p.value.marked(splatted.marks), literal: false) }
                    continue
                }
                let key = try evaluate(pair.key, scope)
                let value = try evaluate(pair.value, scope)
                try chargeWalk([key], at: at)
                marks.formUnion(key.marks)
                marks.formUnion(value.marks)
                var literal = false
                if case .value = pair.key { literal = true }
                put(key, value, literal: literal)
                if result.count > RubyInterpreter.maximumElements {
                    throw failure(at, "this hash grows past \(RubyInterpreter.maximumElements) keys", kind: .limit)
                }
            }
            let kept = result.compactMap { $0 }
            try charge(kept.count, at: at)
            return try bounded(RubyValue(.hash(kept), at: at, marks: marks))
        case .name(let name, let at):
            if name.hasPrefix("@") { return (instanceVariables[name] ?? .null(at: at)).at(at) }
            if let value = scope.lookup(name) { return value.at(at) }
            return try call(
                receiver: nil, name, RubyArguments(values: [], block: nil, offset: at, isStatement: discarded),
                scope: scope)
        case .global(let name, let at):
            if let value = globals[name] { return value }
            throw failure(at, "the global variable \(name) is not supported; use a local variable")
        case .constant(let scopeNode, let name, let at):
            return try constant(scopeNode, name, at: at, scope)
        case .call(let callNode):
            return try evaluateCall(callNode, scope, discarded: discarded)
        case .assign(let target, let valueNode, _):
            let value = try evaluate(valueNode, scope)
            try assign(target, value, scope)
            return value
        case .operatorAssign(let target, let op, let valueNode, let at):
            let current = try read(target, scope)
            let result: RubyValue
            switch op {
            case "||":
                if current.isTruthy { return current }
                result = try evaluate(valueNode, scope)
            case "&&":
                if !current.isTruthy { return current }
                result = try evaluate(valueNode, scope)
            default:
                let operand = try evaluate(valueNode, scope)
                result = try builtin(
                    current, op, RubyArguments(values: [operand], block: nil, offset: at), scope: scope)
            }
            try assign(target, result, scope)
            return result
        case .and(let left, let right, _):
            let l = try evaluate(left, scope)
            return l.isTruthy ? try evaluate(right, scope) : l
        case .or(let left, let right, _):
            let l = try evaluate(left, scope)
            return l.isTruthy ? l : try evaluate(right, scope)
        case .not(let operand, let at):
            let value = try evaluate(operand, scope)
            return RubyValue(.bool(!value.isTruthy), at: at, marks: value.marks)
        case .conditional(let condition, let yes, let no, let at):
            let c = try evaluate(condition, scope)
            let branch = c.isTruthy ? yes : no
            return branch.isEmpty ? .null(at: at) : try evaluate(branch, scope, discarded: discarded)
        case .caseWhen(let subjectNode, let whens, let otherwise, let at):
            let subject = try subjectNode.map { (n) throws(RubyFailure) in try evaluate(n, scope) }
            for when in whens {
                for condition in when.conditions {
                    var candidates: [RubyValue]
                    if case .splat(let inner, let splatAt) = condition {
                        candidates = try toArray(try evaluate(inner, scope), at: splatAt)
                    } else {
                        candidates = [try evaluate(condition, scope)]
                    }
                    for candidate in candidates {
                        let matched =
                            try subject.map { (s) throws(RubyFailure) in try caseEquals(candidate, s) }
                            ?? candidate.isTruthy
                        if matched { return try evaluate(when.body, scope, discarded: discarded) }
                    }
                }
            }
            return try otherwise.map { (o) throws(RubyFailure) in try evaluate(o, scope, discarded: discarded) }
                ?? .null(at: at)
        case .loop(let condition, let body, let isUntil, let at):
            while true {
                try step(at)
                let c = try evaluate(condition, scope)
                if c.isTruthy == isUntil { break }
                _ = try evaluate(body, scope, discarded: true)
                switch loopJump() {
                case .continue: continue
                case .break(let value): return value
                case .leave: break
                }
                break
            }
            return .null(at: at)
        case .forIn(let variable, let collectionNode, let body, let at):
            let collection = try evaluate(collectionNode, scope)
            for element in try toArray(collection, at: at) {
                try step(at)
                scope.assign(variable, element)
                _ = try evaluate(body, scope, discarded: true)
                switch loopJump() {
                case .continue: continue
                case .break(let value): return value
                case .leave: break
                }
                break
            }
            return collection
        case .definition(let name, let parameters, let body, let at):
            methods[name] = (parameters, body, currentSource)
            return RubyValue(.symbol(name), at: at)
        case .begin(let body, let rescues, let ensure, let at):
            var result: RubyValue
            do {
                result = try evaluate(body, scope, discarded: discarded)
            } catch let error where error.kind == .raised && !rescues.isEmpty {
                guard let rescue = rescues.first else { throw error }
                if let variable = rescue.variable {
                    scope.assign(variable, RubyValue(.string(error.message), at: at, marks: error.marks))
                }
                result = try evaluate(rescue.body, scope, discarded: discarded)
            }
            if let ensure {
                let saved = pendingJump
                pendingJump = nil
                _ = try evaluate(ensure, scope, discarded: true)
                if pendingJump == nil { pendingJump = saved }
            }
            return result
        case .jump(let jump, let valueNode, let at):
            let value = try valueNode.map { (n) throws(RubyFailure) in try evaluate(n, scope) } ?? .null(at: at)
            pendingJump = (jump, value)
            return value
        case .range(let lowNode, let highNode, let exclusive, let at):
            let low = try evaluate(lowNode, scope)
            let high = try highNode.map { (n) throws(RubyFailure) in try evaluate(n, scope) }
            guard let lo = low.intValue, case .integer = low.kind else {
                throw failure(at, "a range takes integers (\(low.typeName) given)")
            }
            let hi =
                try high.map { (h) throws(RubyFailure) -> Int in
                    guard let v = h.intValue else { throw failure(at, "a range takes integers (\(h.typeName) given)") }
                    return v
                } ?? Int.max
            return RubyValue(
                .range(lo, hi, exclusive: exclusive), at: at, marks: low.marks.union(high?.marks ?? .none))
        case .splat(let inner, _):
            return try evaluate(inner, scope)
        case .blockArgument(_, let at):
            throw failure(at, "`&` passes a block only as the last argument of a call")
        case .yield(let argumentNodes, let at):
            guard let block = blocks.last ?? nil else {
                throw failure(at, "`yield` in a method called without a block", kind: .raised)
            }
            let arguments = try evaluateArguments(argumentNodes, scope)
            return try yield(block, arguments.values, at: at)
        case .selfReference(let at):
            return RubyValue(.object(RubyObject(id: 0, className: "main")), at: at)
        case .defined(let operand, let at):
            switch operand {
            case .name(let name, _):
                if scope.lookup(name) != nil { return .string("local-variable", at: at) }
                if methods[name] != nil { return .string("method", at: at) }
                return .null(at: at)
            case .constant(nil, let name, _):
                return constants[name] != nil || RubyBuiltinModule(rawValue: name) != nil
                    ? .string("constant", at: at) : .null(at: at)
            default:
                return .string("expression", at: at)
            }
        case .sequence(let body, _):
            return try evaluate(body, scope, discarded: discarded)
        case .refused(let what, let at):
            throw failure(
                at, "\(what) is not run: compose reads this file without running programs; write the value as a literal"
            )
        }
    }

    private enum LoopStep {
        case `continue`
        case `break`(RubyValue)
        /// A `return` stays pending for the method around the loop.
        case leave
    }

    /// What a loop does after its body: go on (nothing pending, or `next`), stop with `break`'s value,
    /// or leave with the `return` still pending.
    private func loopJump() -> LoopStep {
        guard let (jump, value) = pendingJump else { return .continue }
        switch jump {
        case .next:
            pendingJump = nil
            return .continue
        case .break:
            pendingJump = nil
            return .break(value)
        case .return:
            return .leave
        }
    }

    /// Sets `key` in pairs (in place when present). Callers charge the scan to the work budget where a
    /// file can repeat it (`h[k] = v` in a loop).
    static func store(_ pairs: inout [(key: RubyValue, value: RubyValue)], _ key: RubyValue, _ value: RubyValue) {
        let identity = key.hashIdentity
        if let i = pairs.firstIndex(where: { $0.key.hashIdentity == identity }) {
            pairs[i].value = value
        } else {
            pairs.append((key, value))
        }
    }

    /// `to_s` for interpolation: a string, number, symbol, nil, or an object with a text.
    func stringify(_ value: RubyValue, at: Int) throws(RubyFailure) -> String {
        try chargeWalk([value], at: at)
        do {
            return try value.interpolated()
        } catch {
            throw failure(at, error.message)
        }
    }

    // MARK: Variables and constants

    private func read(_ target: RubyTarget, _ scope: RubyScope) throws(RubyFailure) -> RubyValue {
        switch target {
        case .variable(let name, let at):
            if name.hasPrefix("@") { return instanceVariables[name] ?? .null(at: at) }
            return scope.lookup(name) ?? .null(at: at)
        case .global(let name, let at): return globals[name] ?? .null(at: at)
        case .constant(let name, let at): return constants[name] ?? .null(at: at)
        case .attribute(let receiverNode, let name, _, let at):
            let receiver = try evaluate(receiverNode, scope)
            return try send(receiver, name, RubyArguments(values: [], block: nil, offset: at), scope: scope)
        case .index(let receiverNode, let indexNodes, let at):
            let receiver = try evaluate(receiverNode, scope)
            let indices = try evaluateArguments(indexNodes, scope)
            return try send(receiver, "[]", RubyArguments(values: indices.values, block: nil, offset: at), scope: scope)
        case .multiple(_, let at):
            throw failure(at, "`a, b op= value` is not supported")
        }
    }

    private func assign(_ target: RubyTarget, _ value: RubyValue, _ scope: RubyScope) throws(RubyFailure) {
        switch target {
        case .variable(let name, _):
            if name.hasPrefix("@") { instanceVariables[name] = value } else { scope.assign(name, value) }
        case .global(let name, let at):
            throw failure(at, "assigning the global variable \(name) is not supported; use a local variable")
        case .constant(let name, _):
            constants[name] = value
        case .attribute(let receiverNode, _, let writer, let at):
            let receiver = try evaluate(receiverNode, scope)
            _ = try send(receiver, writer, RubyArguments(values: [value], block: nil, offset: at), scope: scope)
        case .index(let receiverNode, let indexNodes, let at):
            let receiver = try evaluate(receiverNode, scope)
            let indices = try evaluateArguments(indexNodes, scope)
            if case .object(let o) = receiver.kind, o.className == "ENV" {
                guard indices.values.count == 1, let key = indices.values[0].stringValue else {
                    throw failure(at, "ENV[…] takes one string")
                }
                if value.isNil {
                    environment[key] = nil
                } else {
                    environment[key] = try stringify(value, at: at)
                }
                environmentWrites[key] = value.marks
                return
            }
            try chargeWalk(indices.values, at: at)
            var updated = try RubyBuiltins.indexAssign(receiver, indices.values, value, at: at, interpreter: self)
            updated = updated.marked(RubyInterpreter.marks(of: indices.values).union(value.marks))
            if let writable = RubyInterpreter.target(of: receiverNode) { try assign(writable, updated, scope) }
        case .multiple(let targets, let at):
            let values = try toArray(value, at: at)
            for (i, t) in targets.enumerated() { try assign(t, i < values.count ? values[i] : .null(at: at), scope) }
        }
    }

    /// The variable a receiver was read from, so a method that changes it in place (`<<`, `merge!`)
    /// writes it back.
    static func target(of node: RubyNode) -> RubyTarget? {
        switch node {
        case .name(let name, let at): .variable(name, at)
        case .constant(nil, let name, let at): .constant(name, at)
        case .call(let call) where call.name == "[]" && call.receiver != nil:
            .index(call.receiver!, call.arguments, call.offset)
        case .call(let call) where call.receiver != nil && call.arguments.isEmpty && call.block == nil:
            .attribute(call.receiver!, call.name, writer: call.name + "=", call.offset)
        default: nil
        }
    }

    private func constant(_ scopeNode: RubyNode?, _ name: String, at: Int, _ scope: RubyScope) throws(RubyFailure)
        -> RubyValue
    {
        var path = name
        if let scopeNode {
            guard let prefix = RubyInterpreter.constantPath(scopeNode) else {
                throw failure(at, "`::\(name)` is read only on a constant (Pod::Spec)")
            }
            path = prefix + "::" + name
        } else if let value = constants[name] {
            return value.at(at)
        }
        if RubyInterpreter.unavailableConstants.contains(path) || path.hasPrefix("Net::") || path.hasPrefix("Process::")
        {
            throw failure(
                at,
                "`\(path)` is not available: compose reads the file without running commands, opening connections or writing files"
            )
        }
        if let module = RubyBuiltinModule(rawValue: path) {
            return RubyValue(.object(module.object), at: at)
        }
        if let value = host?.constant(path, at: at) { return value }
        if let value = RubyBuiltins.constant(path, at: at) { return value }
        let libraries =
            notLoaded.isEmpty
            ? ""
            : " (it may come from \(notLoaded.map { "'\($0)'" }.joined(separator: ", ")), which compose does not load)"
        throw failure(
            at,
            "the constant \(path) is not defined here\(libraries); assign it first (\(name) = '…') or write the value as a literal",
            kind: .raised)
    }

    static let unavailableConstants: Set<String> = [
        "Kernel", "IO", "Process", "Open3", "Net", "URI", "Socket", "TCPSocket", "UDPSocket", "FileUtils",
        "ObjectSpace",
        "Thread", "Fiber", "Signal", "Binding", "Marshal", "DRb", "Etc", "PTY", "Object", "Module", "BasicObject",
        "Ractor", "Tempfile", "Dir::Tmpname", "OpenURI", "Zlib", "Gem", "Bundler", "RubyVM", "TracePoint",
    ]

    static func constantPath(_ node: RubyNode) -> String? {
        switch node {
        case .constant(nil, let name, _): name
        case .constant(let scope?, let name, _): constantPath(scope).map { $0 + "::" + name }
        default: nil
        }
    }

    // MARK: Calls

    func evaluateArguments(_ nodes: [RubyNode], _ scope: RubyScope) throws(RubyFailure) -> RubyArguments {
        var values: [RubyValue] = []
        var block: RubyBlock?
        for node in nodes {
            switch node {
            case .splat(let inner, let at): values += try toArray(try evaluate(inner, scope), at: at)
            case .blockArgument(let inner, let at):
                let value = try evaluate(inner, scope)
                switch value.kind {
                case .symbol(let s):
                    block = RubyBlock(parameters: RubyParameters(), body: [], scope: nil, offset: at, symbol: s)
                case .block(let b): block = b
                case .null: break
                default: throw failure(at, "`&` takes a symbol or a block, not \(value.typeName)")
                }
            default: values.append(try evaluate(node, scope))
            }
        }
        return RubyArguments(values: values, block: block, offset: nodes.first?.offset ?? 0)
    }

    private func evaluateCall(_ node: RubyCallNode, _ scope: RubyScope, discarded: Bool) throws(RubyFailure)
        -> RubyValue
    {
        if node.isRefused, node.receiver != nil, let refusal = RubyBuiltins.refusal(node.name) {
            throw failure(node.offset, refusal)
        }
        var receiver: RubyValue?
        if let receiverNode = node.receiver {
            let value = try evaluate(receiverNode, scope)
            if node.safeNavigation, value.isNil { return value }
            receiver = value
        }
        var arguments = try evaluateArguments(node.arguments, scope)
        arguments = RubyArguments(
            values: arguments.values, block: arguments.block, offset: node.offset, isStatement: discarded)
        if let blockNode = node.block {
            noteCaptured(scope)
            arguments.block = RubyBlock(
                parameters: blockNode.parameters, body: blockNode.body, scope: scope, offset: blockNode.offset,
                opaqueLines: blockNode.opaqueLines)
        }
        guard let receiver else { return try call(receiver: nil, node.name, arguments, scope: scope) }
        let result = try send(receiver, node.name, arguments, scope: scope)
        // A method that changes its receiver in place writes the variable it came from back.
        if node.isMutating, let target = node.receiver.flatMap(RubyInterpreter.target(of:)),
            let updated = lastMutation
        {
            lastMutation = nil
            try assign(target, updated, scope)
        }
        lastMutation = nil
        return result
    }

    /// The environment variables the file read (`ENV[…]`, `ENV.fetch`, `ENV.key?`), in order.
    package internal(set) var environmentRead: [String] = []
    /// The files the file read or looked for (`File.read`, `require_relative`, `Dir.glob`, …), in order.
    package internal(set) var filesRead: [String] = []

    func noteEnvironmentRead(_ name: String) {
        if !environmentRead.contains(name) { environmentRead.append(name) }
    }

    func noteFileRead(_ path: String) {
        let full = RubyFiles.absolute(path, relativeTo: directory ?? "/")
        if !filesRead.contains(full) { filesRead.append(full) }
    }

    /// Libraries the file required that compose does not have (not loaded), in order.
    package internal(set) var notLoaded: [String] = []

    /// Scopes a block captured (weakly): a block stored in the scope it captured, or in one of that
    /// scope's parents, makes a cycle that reference counting does not free.
    private final class CapturedScope {
        weak var scope: RubyScope?
        init(_ scope: RubyScope) { self.scope = scope }
    }
    private var capturedScopes: [CapturedScope] = []
    private weak var lastCaptured: RubyScope?

    private func noteCaptured(_ scope: RubyScope) {
        guard lastCaptured !== scope else { return }
        lastCaptured = scope
        capturedScopes.append(CapturedScope(scope))
    }

    /// Empties every captured scope and its parents once the file has run: each cycle goes through a
    /// block's scope and the locals of that scope or a parent, so none is left.
    private func breakCycles() {
        for captured in capturedScopes {
            var scope = captured.scope
            while let current = scope {
                current.locals.removeAll()
                scope = current.parent
            }
        }
        capturedScopes.removeAll()
    }

    /// The receiver's new value after the last in-place method (`<<`, `merge!`, `push`).
    var lastMutation: RubyValue?

    /// A call without a receiver: a method the file defined, Ruby's own functions, then the host's words.
    func call(receiver: RubyValue?, _ name: String, _ arguments: RubyArguments, scope: RubyScope) throws(RubyFailure)
        -> RubyValue
    {
        if let method = methods[name] {
            guard definitionsAreCallable else {
                throw failure(
                    arguments.offset,
                    "`\(name)` is a method this file defines with `def`, which CocoaPods cannot call either (it evaluates a podspec inside its Pod module: undefined method `\(name)' for Pod:Module); use a lambda (\(name) = lambda { |…| … }, then \(name).call(…)) or write the values out",
                    kind: .raised)
            }
            let saved = currentSource
            currentSource = method.file
            defer { currentSource = saved }
            do {
                return try invoke(name, method.parameters, method.body, arguments)
            } catch let error where error.elsewhere == nil && method.file != saved {
                throw failure(error.offset, error.message, kind: error.kind)
            }
        }
        let given = RubyInterpreter.marks(of: arguments.values)
        let saved = (inputMarks, blockMarks)
        (inputMarks, blockMarks) = (given, .none)
        let kernelResult: RubyValue?
        do {
            kernelResult = try RubyBuiltins.kernel(name, arguments, interpreter: self, scope: scope)
        } catch {
            throw marked(error, given, restoring: saved)
        }
        if let value = finish(kernelResult, given, restoring: saved) { return value }
        let at = arguments.offset
        if let refusal = RubyBuiltins.refusal(name) { throw failure(at, refusal) }
        if let host {
            try refuseMarked(arguments.values, givenTo: name)
            if let value = try host.call(name, arguments, in: self) { return value }
        }
        if arguments.values.isEmpty && arguments.block == nil {
            throw failure(
                at, "`\(name)` is neither a variable assigned before this line nor a method compose knows",
                kind: .raised)
        }
        throw failure(
            at, "the method `\(name)` is not defined in this file and is not one compose knows", kind: .raised)
    }

    /// A method of a value.
    func send(_ receiver: RubyValue, _ name: String, _ arguments: RubyArguments, scope: RubyScope) throws(RubyFailure)
        -> RubyValue
    {
        if case .object(let object) = receiver.kind, object.id > 0 {
            switch name {
            case "respond_to?":
                let asked = try arguments.values.first.map { (v) throws(RubyFailure) in try v.keyString() } ?? ""
                return .bool(host?.responds(object, to: asked) ?? false, at: arguments.offset)
            case "nil?": return .bool(false, at: arguments.offset)
            case "freeze", "dup", "itself", "clone": return receiver
            case "==", "equal?", "eql?":
                return .bool(arguments.values.first.map { receiver.equals($0) } ?? false, at: arguments.offset)
            case "is_a?", "kind_of?", "instance_of?":
                let asked = arguments.values.first?.objectValue?.text ?? arguments.values.first?.objectValue?.className
                return .bool(asked == object.className, at: arguments.offset)
            case "class":
                return RubyValue(
                    .object(RubyObject(id: -2, className: "Class", text: object.className)), at: arguments.offset)
            default:
                guard let host else { throw failure(arguments.offset, "no host for \(object.className)") }
                try refuseMarked(arguments.values, givenTo: name.hasSuffix("=") ? String(name.dropLast()) + " =" : name)
                return try host.call(object, name, arguments, in: self)
            }
        }
        if case .object(let object) = receiver.kind, object.id == 0 {
            return try call(receiver: nil, name, arguments, scope: scope)
        }
        return try builtin(receiver, name, arguments, scope: scope)
    }

    private func builtin(_ receiver: RubyValue, _ name: String, _ arguments: RubyArguments, scope: RubyScope)
        throws(RubyFailure) -> RubyValue
    {
        let given = receiver.marks.union(RubyInterpreter.marks(of: arguments.values))
        let saved = (inputMarks, blockMarks)
        (inputMarks, blockMarks) = (given, .none)
        let result: RubyValue
        do {
            result = try RubyBuiltins.call(receiver, name, arguments, interpreter: self, scope: scope)
        } catch {
            throw marked(error, given, restoring: saved)
        }
        return finish(result, given, restoring: saved)!
    }

    // MARK: Marks

    /// While a built-in method or function runs: the marks of the values it was given, which the
    /// values it passes to a block carry, and those of its blocks' results.
    private var inputMarks = RubyMarks.none
    private var blockMarks = RubyMarks.none

    /// The end of a built-in's run (one rule for every built-in; nothing to do when nothing is
    /// marked): its result, and what it wrote back in place, carry the marks of its receiver, its
    /// arguments and its blocks' results.
    private func finish(_ result: RubyValue?, _ given: RubyMarks, restoring saved: (RubyMarks, RubyMarks))
        -> RubyValue?
    {
        let marks = given.union(blockMarks)
        (inputMarks, blockMarks) = saved
        if marks.isEmpty { return result }
        if let mutation = lastMutation { lastMutation = mutation.marked(marks) }
        return result?.marked(marks)
    }

    /// A failure a built-in raised carries the same marks (its message may hold the values).
    private func marked(_ error: RubyFailure, _ given: RubyMarks, restoring saved: (RubyMarks, RubyMarks))
        -> RubyFailure
    {
        var error = error
        error.marks.formUnion(given.union(blockMarks))
        (inputMarks, blockMarks) = saved
        return error
    }

    static func marks(of values: [RubyValue]) -> RubyMarks {
        var marks = RubyMarks.none
        for value in values where !value.marks.isEmpty { marks.formUnion(value.marks) }
        return marks
    }

    /// Refuses values marked with variables that are not allowed where they would leave the file:
    /// `word` is the host's word or the file function that takes them, named in the message; `path`,
    /// whether it takes a file's path. An option of a trailing hash (`:git => …`) is named as such, at
    /// its value.
    func refuseMarked(_ values: [RubyValue], givenTo word: @autoclosure () -> String, path: Bool = false)
        throws(RubyFailure)
    {
        for value in values {
            let marks = value.deepMarks()
            guard !marks.isEmpty else { continue }
            var place = value.offset
            var what = "the \(path ? "path" : "value") given to `\(word())`"
            if case .hash(let pairs) = value.kind,
                let pair = pairs.first(where: { !$0.key.deepMarks().isEmpty || !$0.value.deepMarks().isEmpty })
            {
                if pair.key.deepMarks().isEmpty, let key = try? pair.key.keyString() {
                    what = "the option :\(key) given to `\(word())`"
                    place = pair.value.offset
                } else {
                    what = "an option's name given to `\(word())`"
                    place = pair.key.offset
                }
            }
            let (names, more) = names(of: marks)
            throw failure(
                place,
                RubyEnvironment.refusal(names, more: more, what: what, hidden: names.filter { isHiddenVariable($0) }))
        }
    }

    /// The names of the marks' bits, in the order the file read them.
    private var markNames: [String] = []
    private var markBits: [String: UInt64] = [:]

    /// The marks of a value read from the variable `name`: none when it is allowed.
    func marks(ofVariable name: String) -> RubyMarks {
        guard !environmentPolicy.allowed.contains(name) else { return .none }
        if let bit = markBits[name] { return RubyMarks(bits: bit) }
        let bit: UInt64 = markNames.count < 63 ? 1 << UInt64(markNames.count) : 1 << 63
        if markNames.count < 63 { markNames.append(name) }
        markBits[name] = bit
        return RubyMarks(bits: bit)
    }

    /// The variables of `marks`, and whether it has more than those (past the 63 the bits name).
    package func names(of marks: RubyMarks) -> (names: [String], more: Bool) {
        var names: [String] = []
        for (i, name) in markNames.enumerated() where marks.bits & (1 << UInt64(i)) != 0 { names.append(name) }
        return (names.sorted(), marks.bits & (1 << 63) != 0)
    }

    /// The variable `name` as the file sees it: unset when its name looks secret and is not allowed
    /// (unless the file set it itself).
    func visibleVariable(_ name: String) -> String? {
        guard let value = environment[name] else { return nil }
        if environmentWrites[name] == nil && environmentPolicy.hides(name) { return nil }
        return value
    }

    /// `ENV[name]` as the file sees it, marked with the variable's name unless it is allowed.
    func environmentValue(_ name: String, at: Int) -> RubyValue? {
        guard let value = visibleVariable(name) else { return nil }
        return RubyValue(.string(value), at: at, marks: environmentWrites[name] ?? marks(ofVariable: name))
    }

    /// `ENV.to_h`: each value marked with its name, the hash with them all.
    func environmentHash(at: Int) -> RubyValue {
        var marks = RubyMarks.none
        var pairs: [(key: RubyValue, value: RubyValue)] = []
        for name in environment.keys.sorted() {
            guard let value = environmentValue(name, at: at) else { continue }
            marks.formUnion(value.marks)
            pairs.append((.string(name, at: at), value))
        }
        return RubyValue(.hash(pairs), at: at, marks: marks)
    }

    /// Whether `name` is set but hidden from the file because it looks secret.
    func isHiddenVariable(_ name: String) -> Bool { environment[name] != nil && visibleVariable(name) == nil }

    /// `ENV[name]` of a variable the file does not see: nil, marked with the name when it is set but
    /// hidden, so that a source or an option built from it is refused with the variable named rather
    /// than used without it.
    func unsetValue(_ name: String, at: Int) -> RubyValue {
        RubyValue(.null, at: at, marks: isHiddenVariable(name) ? marks(ofVariable: name) : .none)
    }

    /// Runs a method the file defined.
    private func invoke(_ name: String, _ parameters: RubyParameters, _ body: [RubyNode], _ arguments: RubyArguments)
        throws(RubyFailure) -> RubyValue
    {
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > RubyInterpreter.maximumCallDepth {
            throw failure(
                arguments.offset,
                "methods call each other deeper than \(RubyInterpreter.maximumCallDepth) levels (a recursion that does not end?)",
                kind: .limit)
        }
        let scope = RubyScope(parent: nil)
        try bind(
            parameters, arguments.values, block: arguments.block, in: scope, at: arguments.offset, strict: true,
            name: name)
        blocks.append(arguments.block)
        defer { blocks.removeLast() }
        // A method called as a statement: its last line is one too.
        let result = try evaluate(body, scope, discarded: arguments.isStatement)
        if let (jump, value) = pendingJump {
            pendingJump = nil
            if jump == .return { return value }
            throw failure(arguments.offset, "`\(jump)` outside a block or loop in `\(name)`")
        }
        return result
    }

    /// Binds arguments to parameters: a method's strictly, a block's as Ruby's blocks do (missing ones
    /// are nil, extra ones dropped, one array spread over several parameters).
    private func bind(
        _ parameters: RubyParameters, _ given: [RubyValue], block: RubyBlock?, in scope: RubyScope, at: Int,
        strict: Bool, name: String
    ) throws(RubyFailure) {
        var values = given
        let list = parameters.list
        var keywords: [(key: RubyValue, value: RubyValue)] = []
        if parameters.hasKeywords, let last = values.last, case .hash(let pairs) = last.kind {
            keywords =
                last.marks.isEmpty ? pairs : pairs.map { ($0.key.marked(last.marks), $0.value.marked(last.marks)) }
            values.removeLast()
        }
        if !strict, values.count == 1, parameters.positionalCount > 1, case .array(let spread) = values[0].kind {
            let marks = values[0].marks
            values = marks.isEmpty ? spread : spread.map { $0.marked(marks) }
        }
        let required = parameters.required
        let optional = parameters.optional
        let hasRest = parameters.hasRest
        if strict && (values.count < required || (!hasRest && values.count > required + optional)) {
            throw failure(
                at,
                "`\(name)` takes \(required)\(optional > 0 ? "–\(required + optional)" : "") arguments, \(values.count) given",
                kind: .raised)
        }
        var optionalsFilled = max(0, min(optional, values.count - required))
        var index = 0
        for parameter in list {
            switch parameter.kind {
            case .required:
                let value = index < values.count ? values[index] : .null(at: at)
                index += 1
                try bindName(parameter.name, value, in: scope, at: at)
            case .optional:
                if optionalsFilled > 0, index < values.count {
                    scope.locals[parameter.name] = values[index]
                    index += 1
                    optionalsFilled -= 1
                } else {
                    scope.locals[parameter.name] =
                        try parameter.defaultValue.map { (n) throws(RubyFailure) in try evaluate(n, scope) }
                        ?? .null(at: at)
                }
            case .rest:
                let end = max(index, values.count - parameters.requiredAfterRest)
                scope.locals[parameter.name] = RubyValue(.array(Array(values[min(index, values.count)..<end])), at: at)
                index = end
            case .keyword:
                if let pair = keywords.first(where: { (try? $0.key.keyString()) == parameter.name }) {
                    scope.locals[parameter.name] = pair.value
                } else if let defaultNode = parameter.defaultValue {
                    scope.locals[parameter.name] = try evaluate(defaultNode, scope)
                } else if strict {
                    throw failure(at, "`\(name)` needs the keyword argument \(parameter.name):", kind: .raised)
                } else {
                    scope.locals[parameter.name] = .null(at: at)
                }
            case .keywordRest:
                scope.locals[parameter.name] = RubyValue(.hash(keywords), at: at)
            case .block:
                scope.locals[parameter.name] = block.map { RubyValue(.block($0), at: at) } ?? .null(at: at)
            }
        }
    }

    private func bindName(_ name: String, _ value: RubyValue, in scope: RubyScope, at: Int) throws(RubyFailure) {
        if name.hasPrefix("(") {
            let names = name.dropFirst().dropLast().split(separator: ",").map(String.init)
            let parts = (try? toArray(value, at: at)) ?? [value]
            for (i, n) in names.enumerated() { scope.locals[n] = i < parts.count ? parts[i] : .null(at: at) }
        } else {
            scope.locals[name] = value
        }
    }

    /// Runs a block with arguments; `next` ends it with a value. A `break` stays pending for the
    /// method iterating (`RubyBuiltins` stops there).
    /// `discardingResult`: the caller does not use the block's value (a Podfile's `target` block), so
    /// its last statement is a statement of its own.
    package func yield(_ block: RubyBlock, _ values: [RubyValue], at: Int, discardingResult: Bool = false)
        throws(RubyFailure) -> RubyValue
    {
        try step(at)
        // What a built-in passes to a block carries the marks of what it was given; what the block
        // gives back marks the built-in's result.
        let given = inputMarks
        let values = given.isEmpty ? values : values.map { $0.marked(given) }
        inputMarks = .none
        defer { inputMarks = given }
        let result = try yieldUnmarked(block, values, at: at, discardingResult: discardingResult)
        blockMarks.formUnion(result.marks)
        return result
    }

    private func yieldUnmarked(_ block: RubyBlock, _ values: [RubyValue], at: Int, discardingResult: Bool = false)
        throws(RubyFailure) -> RubyValue
    {
        if let symbol = block.symbol {
            guard let receiver = values.first else { throw failure(at, "`&:\(symbol)` needs an argument") }
            return try send(
                receiver, symbol, RubyArguments(values: [], block: nil, offset: at), scope: RubyScope(parent: nil))
        }
        if let lines = block.opaqueLines {
            throw failure(block.offset, "the block on lines \(lines.lowerBound)–\(lines.upperBound) is not read")
        }
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > RubyInterpreter.maximumCallDepth {
            throw failure(at, "blocks nest deeper than \(RubyInterpreter.maximumCallDepth) levels", kind: .limit)
        }
        let scope = RubyScope(parent: block.scope)
        try bind(block.parameters, values, block: nil, in: scope, at: at, strict: false, name: "block")
        let result = try evaluate(block.body, scope, discarded: discardingResult)
        if let (jump, value) = pendingJump, jump == .next {
            pendingJump = nil
            return value
        }
        return result
    }

    /// Whether the method running now was given a block (`block_given?`).
    var hasBlock: Bool { (blocks.last ?? nil) != nil }

    /// Whether a `break` ended the last block; clears it and gives its value.
    func takeBreak() -> RubyValue? {
        if let (jump, value) = pendingJump, jump == .break {
            pendingJump = nil
            return value
        }
        return nil
    }

    /// The elements of an array (a hash's pairs, a range's numbers), each with the marks of the whole.
    func toArray(_ value: RubyValue, at: Int) throws(RubyFailure) -> [RubyValue] {
        let elements = try unmarkedElements(value, at: at)
        return value.marks.isEmpty ? elements : elements.map { $0.marked(value.marks) }
    }

    private func unmarkedElements(_ value: RubyValue, at: Int) throws(RubyFailure) -> [RubyValue] {
        switch value.kind {
        case .array(let a): return a
        case .null: return []
        case .hash(let pairs): return pairs.map { RubyValue(.array([$0.key, $0.value]), at: $0.key.offset) }
        case .range(let lo, let hi, let exclusive):
            let end = exclusive ? hi : hi == Int.max ? hi : hi + 1
            guard end - lo <= RubyInterpreter.maximumElements else {
                throw failure(at, "this range has more than \(RubyInterpreter.maximumElements) elements", kind: .limit)
            }
            return lo < end ? (lo..<end).map { .integer($0, at: at) } : []
        default: return [value]
        }
    }

    /// `===` of `case`/`when`: ranges, regular expressions and classes match; others compare with `==`.
    func caseEquals(_ pattern: RubyValue, _ value: RubyValue) throws(RubyFailure) -> Bool {
        switch pattern.kind {
        case .range(let lo, let hi, let exclusive):
            guard let v = value.intValue else { return false }
            return v >= lo && (exclusive ? v < hi : v <= hi)
        case .regex(let source, let options):
            guard let text = value.stringValue ?? value.symbolValue else { return false }
            return try RubyRegex(source, options: options, at: pattern.offset, interpreter: self).firstMatch(in: text)
                != nil
        case .object(let o) where o.className == "Class":
            return o.text == value.typeName || (o.text == "Numeric" && value.intValue != nil)
        default:
            return pattern.equals(value)
        }
    }

    // MARK: Files

    /// The file, line and column of a failure: in a file the main one required, or in the main one.
    package func place(of failure: RubyFailure) -> (file: String, line: Int, column: Int) {
        if let elsewhere = failure.elsewhere { return elsewhere }
        let (line, column) = lines.location(failure.offset)
        return (path, line, column)
    }

    /// The file, line and column of an offset of the file being evaluated now.
    package func place(of offset: Int) -> (file: String, line: Int, column: Int) {
        let source = sources[currentSource]
        let (line, column) = source.lines.location(offset)
        return (source.path, line, column)
    }

    /// The folder of the file being evaluated now.
    var directory: String? { sources[currentSource].directory }
    var currentPath: String { sources[currentSource].path }

    /// Reads a file through the sandbox, relative to the current file's folder.
    private func notFromAFolder(_ path: String, what: String, at: Int) -> RubyFailure {
        failure(
            at,
            "`\(what)('\(path)')` is looked up in the file's folder, and this file is not read from a folder (a spec repo holds only the podspec); write the value as a literal"
        )
    }

    package func readFile(_ path: String, what: String = "File.read", at: Int) throws(RubyFailure) -> [UInt8] {
        guard let files, let directory else { throw notFromAFolder(path, what: what, at: at) }
        noteFileRead(path)
        do {
            return try files.read(path, relativeTo: directory)
        } catch {
            throw failure(at, error.message)
        }
    }

    func fileExists(_ path: String, directoryOnly: Bool = false, at: Int) throws(RubyFailure) -> Bool {
        guard let files, let directory else {
            throw notFromAFolder(path, what: directoryOnly ? "File.directory?" : "File.exist?", at: at)
        }
        noteFileRead(path)
        do {
            return try files.exists(path, relativeTo: directory, directoryOnly: directoryOnly)
        } catch {
            throw failure(at, error.message)
        }
    }

    func glob(_ pattern: String, at: Int) throws(RubyFailure) -> [String] {
        guard let files, let directory else { throw notFromAFolder(pattern, what: "Dir.glob", at: at) }
        noteFileRead(pattern)
        do {
            return try files.glob(pattern, relativeTo: directory)
        } catch {
            throw failure(at, error.message)
        }
    }

    func absolutePath(_ path: String, base: String? = nil) -> String {
        RubyFiles.absolute(path, relativeTo: base ?? directory ?? "/")
    }

    /// `require_relative`: evaluates a `.rb` file of the sandbox once, with the same rules.
    func require(_ name: String, at: Int) throws(RubyFailure) -> RubyValue {
        guard let files, let directory else {
            throw failure(
                at, "`require_relative '\(name)'` needs the file's folder, and this file is not read from one")
        }
        let file = name.hasSuffix(".rb") ? name : name + ".rb"
        let full = RubyFiles.absolute(file, relativeTo: directory)
        noteFileRead(full)
        try host?.willRequire(full, at: at)
        if required.contains(full) { return .bool(false, at: at) }
        guard sources.count < 32 else { throw failure(at, "files require each other more than 32 deep", kind: .limit) }
        let bytes: [UInt8]
        do {
            bytes = RubySource.normalized(try files.read(full, relativeTo: directory))
        } catch {
            throw failure(at, error.message)
        }
        required.insert(full)
        let lines = RubyLineTable(bytes)
        let display = RubyFiles.relative(full, to: files.root)
        sources.append((display, RubyFiles.parent(of: full), lines))
        let saved = currentSource
        currentSource = sources.count - 1
        defer { currentSource = saved }
        let program: [RubyNode]
        do {
            program = try RubyParser.parse(
                bytes, range: RubySource.start(of: bytes)..<bytes.count, lines: lines,
                opaqueBlockMethods: opaqueBlockMethods)
        } catch {
            throw failure(error.offset, error.message, kind: error.kind)
        }
        // The required file's nodes point into its own bytes: failures there carry its name and line.
        do {
            _ = try evaluate(program, RubyScope(parent: nil))
        } catch let error where error.elsewhere == nil {
            throw failure(error.offset, error.message, kind: error.kind)
        }
        pendingJump = nil
        return .bool(true, at: at)
    }
}

/// The modules of Ruby the subset has.
enum RubyBuiltinModule: String {
    case env = "ENV"
    case file = "File"
    case dir = "Dir"
    case json = "JSON"
    case gemVersion = "Gem::Version"
    case pathname = "Pathname"
    case string = "String"
    case array = "Array"
    case hash = "Hash"
    case integer = "Integer"
    case symbol = "Symbol"
    case float = "Float"
    case numeric = "Numeric"
    case regexp = "Regexp"
    case nilClass = "NilClass"
    case trueClass = "TrueClass"
    case falseClass = "FalseClass"

    /// Modules are objects of their own; classes are `Class` objects named by their text.
    var object: RubyObject {
        switch self {
        case .env, .file, .dir, .json, .pathname, .gemVersion: RubyObject(id: -1, className: rawValue)
        default: RubyObject(id: -2, className: "Class", text: rawValue)
        }
    }
}
