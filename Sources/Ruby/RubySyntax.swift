/// The tree the parser makes of a file: every node keeps the byte offset where it was written.
indirect enum RubyNode: Sendable {
    /// A literal without interpolation (string, symbol, number, `true`, `false`, `nil`, `%w[]`).
    case value(RubyValue)
    /// A string with `#{…}` pieces.
    case string([RubyStringPiece], Int)
    case array([RubyNode], Int)
    case hash([RubyPair], Int)
    /// A local variable, an instance variable (`@name`), or a method called without arguments:
    /// which one is known only when it runs, as in Ruby.
    case name(String, Int)
    case global(String, Int)
    /// `Name` or `Scope::Name`.
    case constant(scope: RubyNode?, name: String, Int)
    case call(RubyCallNode)
    case assign(RubyTarget, RubyNode, Int)
    /// `a += 1`, `a ||= x`, `a <<= x` (the operator without `=`).
    case operatorAssign(RubyTarget, String, RubyNode, Int)
    case and(RubyNode, RubyNode, Int)
    case or(RubyNode, RubyNode, Int)
    case not(RubyNode, Int)
    case conditional(RubyNode, [RubyNode], [RubyNode], Int)
    case caseWhen(RubyNode?, [RubyWhen], [RubyNode]?, Int)
    case loop(RubyNode, [RubyNode], until: Bool, Int)
    case forIn(String, RubyNode, [RubyNode], Int)
    case definition(String, RubyParameters, [RubyNode], Int)
    case begin([RubyNode], [RubyRescue], [RubyNode]?, Int)
    case jump(RubyJump, RubyNode?, Int)
    case range(RubyNode, RubyNode?, exclusive: Bool, Int)
    case splat(RubyNode, Int)
    case blockArgument(RubyNode, Int)
    case yield([RubyNode], Int)
    case selfReference(Int)
    case defined(RubyNode, Int)
    case sequence([RubyNode], Int)
    /// Parsed, but refused wherever it is reached: a shell command, a class definition.
    case refused(String, Int)

    var offset: Int {
        switch self {
        case .value(let v): v.offset
        case .call(let c): c.offset
        case .string(_, let o), .array(_, let o), .hash(_, let o), .name(_, let o), .global(_, let o),
            .constant(_, _, let o), .assign(_, _, let o), .operatorAssign(_, _, _, let o), .and(_, _, let o),
            .or(_, _, let o), .not(_, let o), .conditional(_, _, _, let o), .caseWhen(_, _, _, let o),
            .loop(_, _, _, let o), .forIn(_, _, _, let o), .definition(_, _, _, let o), .begin(_, _, _, let o),
            .jump(_, _, let o), .range(_, _, _, let o), .splat(_, let o), .blockArgument(_, let o),
            .yield(_, let o), .selfReference(let o), .defined(_, let o), .sequence(_, let o), .refused(_, let o):
            o
        }
    }
}

enum RubyStringPiece: Sendable {
    case text(String)
    case code([RubyNode], Int)
}

struct RubyPair: Sendable {
    let key: RubyNode
    let value: RubyNode
}

struct RubyWhen: Sendable {
    let conditions: [RubyNode]
    let body: [RubyNode]
}

struct RubyRescue: Sendable {
    let classes: [RubyNode]
    let variable: String?
    let body: [RubyNode]
}

enum RubyJump: Sendable { case `return`, `break`, next }

/// A method call: `receiver.name(arguments) { block }`, or `name arguments` without a receiver.
struct RubyCallNode: Sendable {
    let receiver: RubyNode?
    let name: String
    var arguments: [RubyNode]
    var block: RubyBlockNode?
    /// Where the method's name is written.
    let offset: Int
    /// `&.`: nothing is called on nil.
    let safeNavigation: Bool
    /// Decided once, where the call is parsed: a method that changes its receiver in place (the
    /// variable it came from is written back), and a method refused on any receiver (`send`, `eval`).
    let isMutating: Bool
    let isRefused: Bool

    init(
        receiver: RubyNode?, name: String, arguments: [RubyNode], block: RubyBlockNode?, offset: Int,
        safeNavigation: Bool
    ) {
        self.receiver = receiver
        self.name = name
        self.arguments = arguments
        self.block = block
        self.offset = offset
        self.safeNavigation = safeNavigation
        isMutating = RubyBuiltins.mutating.contains(name)
        isRefused = RubyBuiltins.refusedAsMethod.contains(name)
    }
}

struct RubyBlockNode: Sendable {
    let parameters: RubyParameters
    let body: [RubyNode]
    let offset: Int
    /// Set for a block the parser kept unparsed (a Podfile hook): its first and last lines.
    let opaqueLines: ClosedRange<Int>?
}

/// What an assignment writes.
indirect enum RubyTarget: Sendable {
    case variable(String, Int)
    case global(String, Int)
    case constant(String, Int)
    /// `receiver.name = value`: calls `name=` (the reader's name and the writer's, made once).
    case attribute(RubyNode, String, writer: String, Int)
    /// `receiver[index] = value`: calls `[]=`.
    case index(RubyNode, [RubyNode], Int)
    /// `a, b = …`
    case multiple([RubyTarget], Int)
}
