/// An error at a byte offset of the file being evaluated (or of a file it required, then `file`
/// names it and `line`/`column` point into it). Callers turn it into their own error with
/// line:column of the main file.
package struct RubyFailure: Error, Sendable {
    package enum Kind: Sendable, Equatable {
        /// Not Ruby the reader understands, or a construct it refuses (a command, `eval`, a write).
        case refused
        /// A limit of the sandbox: steps, depth, sizes.
        case limit
        /// An exception the file raised (`raise`, `ENV.fetch` of an unset name, a missing key, a
        /// method called on nil): `rescue` catches these.
        case raised
    }

    package let offset: Int
    package let message: String
    package var kind: Kind
    /// Where in another file the failure is, when it is in a file the main one required.
    package var elsewhere: (file: String, line: Int, column: Int)?
    /// The environment variables the message may hold values of (`raise ENV['X']`): a `rescue` that
    /// reads the message gets a value marked with them.
    package var marks = RubyMarks.none

    package init(offset: Int, message: String, kind: Kind = .refused) {
        self.offset = offset
        self.message = message
        self.kind = kind
    }
}

/// An object a host defines (a spec, a platform proxy, a `Pod::Version`, a target): the host
/// answers its methods.
package struct RubyObject: Sendable, Equatable {
    package let id: Int
    /// What Ruby calls its class, for messages and `is_a?`.
    package let className: String
    /// Its `to_s` (a version's text), when it has one.
    package let text: String?

    package init(id: Int, className: String, text: String? = nil) {
        self.id = id
        self.className = className
        self.text = text
    }
}

/// The environment variables (not allowed by name) a value was computed from: one bit per variable,
/// numbered by the interpreter in the order the file read them (`RubyInterpreter.names(of:)`), the
/// last bit for any beyond 63. A value carries the marks of everything it was made of, and a
/// collection those of everything in it; a plain bit set, so that an unmarked value costs nothing.
package struct RubyMarks: Sendable, Equatable {
    package var bits: UInt64

    package static let none = RubyMarks(bits: 0)
    init(bits: UInt64) { self.bits = bits }

    package var isEmpty: Bool { bits == 0 }

    package func union(_ other: RubyMarks) -> RubyMarks { RubyMarks(bits: bits | other.bits) }

    package mutating func formUnion(_ other: RubyMarks) { bits |= other.bits }
}

/// A value while a file is evaluated, with the byte offset where it was written.
package struct RubyValue: Sendable {
    package indirect enum Kind: Sendable {
        case string(String)
        case symbol(String)
        /// The literal's digits (`1_000` as `1000`), kept as written so JSON can carry them.
        case integer(String)
        case float(String)
        case bool(Bool)
        case null
        case array([RubyValue])
        case hash([(key: RubyValue, value: RubyValue)])
        case range(Int, Int, exclusive: Bool)
        case regex(String, options: String)
        case object(RubyObject)
        case block(RubyBlock)
    }

    package let kind: Kind
    package let offset: Int
    /// The environment variables it was computed from (none for most values).
    package private(set) var marks = RubyMarks.none
    /// What walking the whole value visits: one per value, with every element of a collection counted
    /// each time it is held (a structure that shares itself, `a = [a, a]`, doubles at each step), plus
    /// the bytes of its strings. Kept with the value, so that a walk (`flatten`, `inspect`, `==`, a hash
    /// key) is charged before it starts and a value too large to walk is refused where it is built.
    package let weight: Int

    package init(_ kind: Kind, at offset: Int) {
        self.init(kind, at: offset, marks: .none)
    }

    init(_ kind: Kind, at offset: Int, marks: RubyMarks) {
        self.kind = kind
        self.offset = offset
        self.marks = marks
        weight = RubyValue.weight(of: kind)
    }

    private init(_ kind: Kind, at offset: Int, marks: RubyMarks, weight: Int) {
        self.kind = kind
        self.offset = offset
        self.marks = marks
        self.weight = weight
    }

    /// The sum saturates far below overflow: a value of 2^40 is refused as surely as one of 2^60.
    private static func weight(of kind: Kind) -> Int {
        let ceiling = 1 << 40
        switch kind {
        case .string(let s): return 1 + s.utf8.count
        case .array(let elements):
            var total = 1
            for e in elements { total = min(ceiling, total + e.weight) }
            return total
        case .hash(let pairs):
            var total = 1
            for p in pairs { total = min(ceiling, total + p.key.weight + p.value.weight) }
            return total
        default: return 1
        }
    }

    /// The same value, marked besides with `more`.
    package func marked(_ more: RubyMarks) -> RubyValue {
        if more.isEmpty { return self }
        return RubyValue(kind, at: offset, marks: marks.union(more), weight: weight)
    }

    /// The marks of this value and of everything inside it, as far as `budget` values (a check of
    /// what leaves the file that does not rely on a collection's own marks alone; a shared structure
    /// is not walked without end).
    package func deepMarks(budget: Int = 10_000) -> RubyMarks {
        var left = budget
        return deepMarks(&left)
    }

    private func deepMarks(_ left: inout Int) -> RubyMarks {
        var all = marks
        left -= 1
        guard left > 0 else { return all }
        switch kind {
        case .array(let elements):
            for e in elements where left > 0 { all.formUnion(e.deepMarks(&left)) }
        case .hash(let pairs):
            for p in pairs where left > 0 {
                all.formUnion(p.key.deepMarks(&left))
                all.formUnion(p.value.deepMarks(&left))
            }
        default: break
        }
        return all
    }

    package static func null(at offset: Int) -> RubyValue { RubyValue(.null, at: offset) }
    package static func string(_ s: String, at offset: Int) -> RubyValue { RubyValue(.string(s), at: offset) }
    package static func bool(_ b: Bool, at offset: Int) -> RubyValue { RubyValue(.bool(b), at: offset) }
    package static func integer(_ n: Int, at offset: Int) -> RubyValue { RubyValue(.integer(String(n)), at: offset) }

    /// The same value written at another place.
    package func at(_ offset: Int) -> RubyValue { RubyValue(kind, at: offset, marks: marks, weight: weight) }

    /// What Ruby calls the value's class, for messages.
    package var typeName: String {
        switch kind {
        case .string: "String"
        case .symbol: "Symbol"
        case .integer: "Integer"
        case .float: "Float"
        case .bool(let b): b ? "true" : "false"
        case .null: "nil"
        case .array: "Array"
        case .hash: "Hash"
        case .range: "Range"
        case .regex: "Regexp"
        case .object(let o): o.className
        case .block: "Proc"
        }
    }

    package var stringValue: String? { if case .string(let s) = kind { s } else { nil } }
    package var symbolValue: String? { if case .symbol(let s) = kind { s } else { nil } }
    package var objectValue: RubyObject? { if case .object(let o) = kind { o } else { nil } }
    package var arrayValue: [RubyValue]? { if case .array(let a) = kind { a } else { nil } }
    package var intValue: Int? {
        switch kind {
        case .integer(let n): Int(n)
        case .float(let f): Double(f).map { Int($0) }
        default: nil
        }
    }
    package var isNil: Bool { if case .null = kind { true } else { false } }

    /// Ruby's truth: everything but `nil` and `false`.
    package var isTruthy: Bool {
        switch kind {
        case .null, .bool(false): false
        default: true
        }
    }

    /// The key a hash or JSON object gets for this value (`to_s` of a string, symbol or number).
    package func keyString() throws(RubyFailure) -> String {
        switch kind {
        case .string(let s), .symbol(let s), .integer(let s), .float(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .null: return ""
        case .object(let o) where o.text != nil: return o.text!
        default:
            throw RubyFailure(offset: offset, message: "a hash key must be a string or a symbol, not \(typeName)")
        }
    }

    /// The text `"#{value}"` and `to_s` give.
    package func interpolated() throws(RubyFailure) -> String {
        switch kind {
        case .string, .symbol, .integer, .float, .bool, .null: return try keyString()
        case .object(let o) where o.text != nil: return o.text!
        case .array(let elements):
            var parts: [String] = []
            for e in elements { parts.append(try e.inspected()) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .range(let lo, let hi, let exclusive): return "\(lo)\(exclusive ? "..." : "..")\(hi)"
        default:
            throw RubyFailure(
                offset: offset,
                message:
                    "interpolating \(typeName) into a string is not supported; interpolate a string, a symbol, a number or an array"
            )
        }
    }

    /// `inspect`, for the values whose text is plain.
    package func inspected() throws(RubyFailure) -> String {
        switch kind {
        case .string(let s):
            return "\""
                + s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"").replacingAll("\n", with: "\\n")
                .replacingAll("\t", with: "\\t") + "\""
        case .symbol(let s): return ":" + s
        case .null: return "nil"
        default: return try interpolated()
        }
    }

    /// Ruby's `==` for the values of the subset (objects by identity).
    package func equals(_ other: RubyValue) -> Bool {
        switch (kind, other.kind) {
        case (.string(let a), .string(let b)), (.symbol(let a), .symbol(let b)): return a == b
        case (.integer, .integer), (.integer, .float), (.float, .integer), (.float, .float):
            return Double(numericText) == Double(other.numericText)
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.equals($1) }
        case (.hash(let a), .hash(let b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.key.equals($1.key) && $0.value.equals($1.value) }
        case (.range(let a, let b, let c), .range(let d, let e, let f)): return a == d && b == e && c == f
        case (.regex(let a, let b), .regex(let c, let d)): return a == c && b == d
        case (.object(let a), .object(let b)): return a.id == b.id && a.className == b.className
        case (.object(let a), .string(let b)), (.string(let b), .object(let a)): return a.text != nil && a.text == b
        default: return false
        }
    }

    private var numericText: String {
        switch kind {
        case .integer(let n), .float(let n): n
        default: ""
        }
    }

    /// A key that identifies a hash key as Ruby's `eql?` does.
    package var hashIdentity: String {
        switch kind {
        case .string(let s): "s" + s
        case .symbol(let s): "y" + s
        case .integer(let n): "i" + n
        case .float(let n): "f" + n
        case .bool(let b): b ? "true" : "false"
        case .null: "nil"
        case .object(let o): "o\(o.id)"
        case .array(let a): "a[" + a.map(\.hashIdentity).joined(separator: ",") + "]"
        default: "?" + typeName
        }
    }
}

/// A block (`do |a, b| … end`, `{ |x| … }`) or a method's body: its parameters, its statements and the
/// scope it was written in. An opaque block was not parsed (a Podfile hook): only its lines are known.
package final class RubyBlock: @unchecked Sendable {
    package let parameters: RubyParameters
    let body: [RubyNode]
    let scope: RubyScope?
    package let offset: Int
    /// The lines of a block kept unparsed (`post_install do … end`).
    package let opaqueLines: ClosedRange<Int>?
    /// `&:name`: a block that calls `name` on its argument.
    let symbol: String?

    init(
        parameters: RubyParameters, body: [RubyNode], scope: RubyScope?, offset: Int,
        opaqueLines: ClosedRange<Int>? = nil, symbol: String? = nil
    ) {
        self.parameters = parameters
        self.body = body
        self.scope = scope
        self.offset = offset
        self.opaqueLines = opaqueLines
        self.symbol = symbol
    }
}

/// Parameters of a method or a block.
package struct RubyParameters: Sendable {
    package struct Parameter: Sendable {
        package enum Kind: Sendable { case required, optional, rest, keyword, keywordRest, block }
        package let name: String
        package let kind: Kind
        let defaultValue: RubyNode?
    }

    package private(set) var list: [Parameter] = []
    /// Counted once: what binding arguments needs on every call.
    private(set) var required = 0
    private(set) var optional = 0
    private(set) var hasRest = false
    private(set) var hasKeywords = false
    /// Required parameters after the rest parameter.
    private(set) var requiredAfterRest = 0

    package init() {}
    init(_ list: [Parameter]) {
        self.list = list
        for parameter in list {
            switch parameter.kind {
            case .required:
                required += 1
                if hasRest { requiredAfterRest += 1 }
            case .optional: optional += 1
            case .rest: hasRest = true
            case .keyword, .keywordRest: hasKeywords = true
            case .block: break
            }
        }
    }

    /// Parameters that take positional arguments.
    var positionalCount: Int { required + optional + (hasRest ? 1 : 0) }
}

/// Local variables: a method's or the file's, with blocks seeing and updating their outer scope.
final class RubyScope: @unchecked Sendable {
    var locals: [String: RubyValue] = [:]
    let parent: RubyScope?

    init(parent: RubyScope?) { self.parent = parent }

    func lookup(_ name: String) -> RubyValue? {
        var scope: RubyScope? = self
        while let s = scope {
            if let v = s.locals[name] { return v }
            scope = s.parent
        }
        return nil
    }

    /// Assigns where the name already lives, else here.
    func assign(_ name: String, _ value: RubyValue) {
        var scope: RubyScope? = self
        while let s = scope {
            if s.locals[name] != nil {
                s.locals[name] = value
                return
            }
            scope = s.parent
        }
        locals[name] = value
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
