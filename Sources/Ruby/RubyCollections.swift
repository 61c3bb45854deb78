/// The methods of arrays and hashes the subset has, with blocks (`each`, `map`, `select`, …).
enum RubyCollections {
    static func array(
        _ elements: [RubyValue], _ receiver: RubyValue, _ name: String, _ arguments: RubyArguments,
        _ interpreter: RubyInterpreter, _ scope: RubyScope
    ) throws(RubyFailure) -> RubyValue {
        let at = arguments.offset
        let args = arguments.values
        let block = arguments.block
        func list(_ values: [RubyValue]) throws(RubyFailure) -> RubyValue {
            try interpreter.charge(values.count, at: at)
            return try interpreter.bounded(RubyValue(.array(values), at: at))
        }
        func mutated(_ values: [RubyValue]) throws(RubyFailure) -> RubyValue {
            let v = try list(values)
            interpreter.lastMutation = v
            return v
        }
        /// Yields each element; nil when a `break` ended the loop (its value is then in `broke`).
        func each(_ body: (RubyValue, RubyValue) throws(RubyFailure) -> Void) throws(RubyFailure) -> RubyValue? {
            guard let block else { throw interpreter.failure(at, "`\(name)` takes a block here", kind: .raised) }
            for (i, element) in elements.enumerated() {
                // `each` does not use what its block gives: the block's last line is a statement.
                let result = try interpreter.yield(
                    block, name.hasSuffix("with_index") ? [element, .integer(i, at: at)] : [element], at: at,
                    discardingResult: name == "each" || name == "each_with_index")
                if let value = interpreter.takeBreak() { return value }
                try body(element, result)
            }
            return nil
        }
        switch name {
        case "each", "each_with_index":
            if let broke = try each({ _, _ in }) { return broke }
            return receiver
        case "map", "collect", "flat_map", "collect_concat", "map!", "collect!", "filter_map":
            if block == nil, name == "map", elements.isEmpty { return receiver }
            var out: [RubyValue] = []
            if let broke = try each({ _, result throws(RubyFailure) in
                if name == "flat_map" || name == "collect_concat", case .array(let inner) = result.kind {
                    out += inner
                } else if name == "filter_map" {
                    if result.isTruthy { out.append(result) }
                } else {
                    out.append(result)
                }
            }) {
                return broke
            }
            return name.hasSuffix("!") ? try mutated(out) : try list(out)
        case "select", "filter", "reject", "select!", "filter!", "reject!", "delete_if", "keep_if", "partition":
            var kept: [RubyValue] = []
            var dropped: [RubyValue] = []
            let keepTruthy = !(name.hasPrefix("reject") || name == "delete_if")
            if let broke = try each({ element, result in
                if result.isTruthy == keepTruthy { kept.append(element) } else { dropped.append(element) }
            }) {
                return broke
            }
            if name == "partition" { return try list([try list(kept), try list(dropped)]) }
            return name.hasSuffix("!") || name == "delete_if" || name == "keep_if" ? try mutated(kept) : try list(kept)
        case "find", "detect":
            var found: RubyValue?
            if let broke = try each({ element, result in if found == nil, result.isTruthy { found = element } }) {
                return broke
            }
            return found ?? .null(at: at)
        case "any?", "all?", "none?",
            "count" where block != nil:
            if block == nil {
                let truthy = elements.filter(\.isTruthy).count
                switch name {
                case "any?": return .bool(truthy > 0, at: at)
                case "all?": return .bool(truthy == elements.count, at: at)
                default: return .bool(truthy == 0, at: at)
                }
            }
            var truthy = 0
            if let broke = try each({ _, result in if result.isTruthy { truthy += 1 } }) { return broke }
            switch name {
            case "any?": return .bool(truthy > 0, at: at)
            case "all?": return .bool(truthy == elements.count, at: at)
            case "none?": return .bool(truthy == 0, at: at)
            default: return .integer(truthy, at: at)
            }
        case "inject" where block == nil, "reduce" where block == nil:
            guard let op = args.last?.symbolValue else { break }
            var rest = elements[...]
            guard var memo = args.count > 1 ? args[0] : rest.popFirst() else { return .null(at: at) }
            for element in rest {
                memo = try RubyBuiltins.call(
                    memo, op, RubyArguments(values: [element], block: nil, offset: at), interpreter: interpreter,
                    scope: scope)
            }
            return memo
        case "each_with_object", "inject", "reduce",
            "sum" where block != nil:
            guard let block else { break }
            var memo = args.first ?? (name == "sum" ? .integer(0, at: at) : .null(at: at))
            var rest = elements[...]
            if args.isEmpty, name != "sum", let first = rest.first {
                memo = first
                rest = rest.dropFirst()
            }
            for element in rest {
                if name == "each_with_object" {
                    _ = try interpreter.yield(block, [element, memo], at: at)
                } else if name == "sum" {
                    let value = try interpreter.yield(block, [element], at: at)
                    memo = try RubyBuiltins.call(
                        memo, "+", RubyArguments(values: [value], block: nil, offset: at), interpreter: interpreter,
                        scope: scope)
                } else {
                    memo = try interpreter.yield(block, [memo, element], at: at)
                }
                if let value = interpreter.takeBreak() { return value }
            }
            return memo
        case "sum":
            var memo = args.first ?? .integer(0, at: at)
            for element in elements {
                memo = try RubyBuiltins.call(
                    memo, "+", RubyArguments(values: [element], block: nil, offset: at), interpreter: interpreter,
                    scope: scope)
            }
            return memo
        case "sort_by", "group_by", "min_by", "max_by",
            "uniq" where block != nil, "to_h" where block != nil:
            guard let block else { break }
            var keyed: [(RubyValue, RubyValue)] = []
            for element in elements {
                keyed.append((element, try interpreter.yield(block, [element], at: at)))
            }
            switch name {
            case "sort_by":
                return try list(try sorted(keyed, interpreter: interpreter, at: at).map(\.0))
            case "min_by", "max_by":
                let order = try sorted(keyed, interpreter: interpreter, at: at)
                return (name == "min_by" ? order.first : order.last)?.0 ?? .null(at: at)
            case "uniq":
                var seen: Set<String> = []
                return try list(keyed.filter { seen.insert($0.1.hashIdentity).inserted }.map(\.0))
            case "to_h":
                var pairs: [(key: RubyValue, value: RubyValue)] = []
                for (_, pair) in keyed {
                    guard case .array(let kv) = pair.kind, kv.count == 2 else {
                        throw interpreter.failure(at, "`to_h` needs [key, value] pairs", kind: .raised)
                    }
                    RubyInterpreter.store(&pairs, kv[0], kv[1])
                }
                return RubyValue(.hash(pairs), at: at)
            default:
                var groups: [(key: RubyValue, value: RubyValue)] = []
                for (element, key) in keyed {
                    if let i = groups.firstIndex(where: { $0.key.hashIdentity == key.hashIdentity }),
                        case .array(let existing) = groups[i].value.kind
                    {
                        groups[i].value = RubyValue(.array(existing + [element]), at: at)
                    } else {
                        groups.append((key, RubyValue(.array([element]), at: at)))
                    }
                }
                return RubyValue(.hash(groups), at: at)
            }
        case "join":
            let separator = args.first?.stringValue ?? ""
            var parts: [String] = []
            func add(_ values: [RubyValue]) throws(RubyFailure) {
                for v in values {
                    if case .array(let inner) = v.kind {
                        try add(inner)
                    } else {
                        parts.append(try interpreter.stringify(v, at: at))
                    }
                }
            }
            try add(elements)
            let joined = parts.joined(separator: separator)
            try interpreter.charge(joined.utf8.count, at: at)
            return try interpreter.bounded(.string(joined, at: at))
        case "flatten", "flatten!":
            var out: [RubyValue] = []
            func add(_ values: [RubyValue], _ depth: Int) {
                for v in values {
                    if case .array(let inner) = v.kind, depth < 100 { add(inner, depth + 1) } else { out.append(v) }
                }
            }
            add(elements, 0)
            return name == "flatten!" ? try mutated(out) : try list(out)
        case "uniq", "uniq!":
            var seen: Set<String> = []
            let out = elements.filter { seen.insert($0.hashIdentity).inserted }
            return name == "uniq!" ? try mutated(out) : try list(out)
        case "compact", "compact!":
            let out = elements.filter { !$0.isNil }
            return name == "compact!" ? try mutated(out) : try list(out)
        case "reverse", "reverse!":
            return name == "reverse!" ? try mutated(elements.reversed()) : try list(elements.reversed())
        case "sort", "sort!":
            let out = try sorted(elements.map { ($0, $0) }, interpreter: interpreter, at: at).map(\.0)
            return name == "sort!" ? try mutated(out) : try list(out)
        case "min", "max":
            let order = try sorted(elements.map { ($0, $0) }, interpreter: interpreter, at: at)
            return (name == "min" ? order.first : order.last)?.0 ?? .null(at: at)
        case "first", "last":
            if let n = args.first?.intValue {
                return try list(name == "first" ? Array(elements.prefix(max(0, n))) : Array(elements.suffix(max(0, n))))
            }
            return (name == "first" ? elements.first : elements.last) ?? .null(at: at)
        case "take", "drop":
            let n = max(0, args.first?.intValue ?? 0)
            return try list(name == "take" ? Array(elements.prefix(n)) : Array(elements.dropFirst(n)))
        case "length", "size": return .integer(elements.count, at: at)
        case "count":
            if let x = args.first { return .integer(elements.filter { $0.equals(x) }.count, at: at) }
            return .integer(elements.count, at: at)
        case "empty?": return .bool(elements.isEmpty, at: at)
        case "include?", "member?":
            guard let x = args.first else { break }
            try interpreter.charge(elements.count, at: at)
            return .bool(elements.contains { $0.equals(x) }, at: at)
        case "index", "find_index":
            if let x = args.first {
                return elements.firstIndex { $0.equals(x) }.map { .integer($0, at: at) } ?? .null(at: at)
            }
        case "+":
            guard case .array(let other)? = args.first?.kind else {
                throw interpreter.failure(
                    at, "no implicit conversion of \(args.first?.typeName ?? "nothing") into Array", kind: .raised)
            }
            return try list(elements + other)
        case "-":
            guard case .array(let other)? = args.first?.kind else { break }
            try interpreter.charge(elements.count * max(1, other.count), at: at)
            return try list(elements.filter { e in !other.contains { $0.equals(e) } })
        case "&", "|":
            guard case .array(let other)? = args.first?.kind else { break }
            try interpreter.charge(elements.count * max(1, other.count), at: at)
            var seen: Set<String> = []
            let combined = name == "&" ? elements.filter { e in other.contains { $0.equals(e) } } : elements + other
            return try list(combined.filter { seen.insert($0.hashIdentity).inserted })
        case "*":
            if let separator = args.first?.stringValue {
                return try array(
                    elements, receiver, "join",
                    RubyArguments(values: [.string(separator, at: at)], block: nil, offset: at), interpreter, scope)
            }
            guard let n = args.first?.intValue, n >= 0 else { break }
            try interpreter.charge(elements.count, times: n, at: at)
            return try list(Array([[RubyValue]](repeating: elements, count: n).joined()))
        case "<<", "push", "append":
            return try mutated(elements + args)
        case "concat":
            var out = elements
            for a in args { out += try interpreter.toArray(a, at: at) }
            return try mutated(out)
        case "unshift", "prepend": return try mutated(args + elements)
        case "insert":
            guard let i = args.first?.intValue, i >= 0, i <= elements.count else { break }
            var out = elements
            out.insert(contentsOf: args.dropFirst(), at: i)
            return try mutated(out)
        case "delete":
            guard let x = args.first else { break }
            _ = try mutated(elements.filter { !$0.equals(x) })
            return elements.contains { $0.equals(x) } ? x : .null(at: at)
        case "pop", "shift":
            guard let taken = name == "pop" ? elements.last : elements.first else { return .null(at: at) }
            _ = try mutated(name == "pop" ? Array(elements.dropLast()) : Array(elements.dropFirst()))
            return taken
        case "clear": return try mutated([])
        case "replace": return try mutated(try interpreter.toArray(args.first ?? .null(at: at), at: at))
        case "to_a", "entries", "to_ary": return receiver
        case "to_h":
            var pairs: [(key: RubyValue, value: RubyValue)] = []
            for e in elements {
                guard case .array(let kv) = e.kind, kv.count == 2 else {
                    throw interpreter.failure(at, "`to_h` needs [key, value] pairs", kind: .raised)
                }
                RubyInterpreter.store(&pairs, kv[0], kv[1])
            }
            return RubyValue(.hash(pairs), at: at)
        case "zip":
            guard case .array(let other)? = args.first?.kind else { break }
            return try list(
                elements.enumerated().map { i, e in
                    RubyValue(.array([e, i < other.count ? other[i] : .null(at: at)]), at: at)
                })
        case "each_slice":
            guard let n = args.first?.intValue, n > 0 else { break }
            let slices = stride(from: 0, to: elements.count, by: n).map {
                RubyValue(.array(Array(elements[$0..<min($0 + n, elements.count)])), at: at)
            }
            return try array(
                slices, RubyValue(.array(slices), at: at), block == nil ? "to_a" : "each",
                RubyArguments(values: [], block: block, offset: at), interpreter, scope)
        case "[]", "slice", "at", "dig":
            guard let index = args.first else { break }
            switch index.kind {
            case .integer:
                var i = index.intValue ?? 0
                if i < 0 { i += elements.count }
                if args.count > 1, name != "dig", let length = args[1].intValue {
                    guard i >= 0, i <= elements.count, length >= 0 else { return .null(at: at) }
                    return try list(Array(elements[i..<min(elements.count, i + length)]))
                }
                let found = i >= 0 && i < elements.count ? elements[i] : .null(at: at)
                if name == "dig", args.count > 1 {
                    return try RubyBuiltins.call(
                        found, "dig", RubyArguments(values: Array(args.dropFirst()), block: nil, offset: at),
                        interpreter: interpreter, scope: scope)
                }
                return found
            case .range(var lo, var hi, let exclusive):
                if lo < 0 { lo += elements.count }
                if hi < 0 { hi += elements.count }
                if hi == Int.max { hi = elements.count - 1 } else if exclusive { hi -= 1 }
                guard lo >= 0, lo <= elements.count else { return .null(at: at) }
                return try list(lo <= hi ? Array(elements[lo..<min(elements.count, hi + 1)]) : [])
            default: break
            }
        case "to_s", "inspect":
            return .string(try receiver.interpolated(), at: at)
        case "sample", "shuffle":
            throw interpreter.failure(at, "`\(name)` is random; write the value as a literal")
        default: break
        }
        throw interpreter.failure(
            at, "Array has no method `\(name)` that compose knows; write the value as a literal", kind: .raised)
    }

    private static func sorted(_ keyed: [(RubyValue, RubyValue)], interpreter: RubyInterpreter, at: Int)
        throws(RubyFailure)
        -> [(RubyValue, RubyValue)]
    {
        var failure: RubyFailure?
        let result = keyed.sorted { a, b in
            switch (a.1.kind, b.1.kind) {
            case (.string(let x), .string(let y)), (.symbol(let x), .symbol(let y)): return x < y
            case (.integer, .integer), (.float, .float), (.integer, .float), (.float, .integer):
                return (Double(a.1.intValue.map(String.init) ?? "") ?? 0)
                    < (Double(b.1.intValue.map(String.init) ?? "") ?? 0)
            default:
                failure =
                    failure
                    ?? interpreter.failure(
                        at, "comparison of \(a.1.typeName) with \(b.1.typeName) failed", kind: .raised)
                return false
            }
        }
        if let failure { throw failure }
        return result
    }

    static func hash(
        _ pairs: [(key: RubyValue, value: RubyValue)], _ receiver: RubyValue, _ name: String,
        _ arguments: RubyArguments, _ interpreter: RubyInterpreter, _ scope: RubyScope
    ) throws(RubyFailure) -> RubyValue {
        let at = arguments.offset
        let args = arguments.values
        func dictionary(_ values: [(key: RubyValue, value: RubyValue)]) throws(RubyFailure) -> RubyValue {
            try interpreter.charge(values.count, at: at)
            return try interpreter.bounded(RubyValue(.hash(values), at: at))
        }
        func mutated(_ values: [(key: RubyValue, value: RubyValue)]) throws(RubyFailure) -> RubyValue {
            let v = try dictionary(values)
            interpreter.lastMutation = v
            return v
        }
        // A scan of the pairs: charged, so lookups in a loop over a large hash stop at the budget.
        func lookup(_ key: RubyValue) throws(RubyFailure) -> RubyValue? {
            try interpreter.charge(pairs.count, at: at)
            let identity = key.hashIdentity
            return pairs.first { $0.key.hashIdentity == identity }?.value
        }
        switch name {
        case "[]":
            guard let key = args.first else { break }
            return try lookup(key) ?? .null(at: at)
        case "fetch":
            guard let key = args.first else { break }
            if let v = try lookup(key) { return v }
            if args.count > 1 { return args[1] }
            if let block = arguments.block { return try interpreter.yield(block, [key], at: at) }
            throw interpreter.failure(at, "key not found: \(try key.inspected())", kind: .raised)
        case "dig":
            guard let key = args.first else { break }
            let found = try lookup(key) ?? .null(at: at)
            if args.count > 1, !found.isNil {
                return try RubyBuiltins.call(
                    found, "dig", RubyArguments(values: Array(args.dropFirst()), block: nil, offset: at),
                    interpreter: interpreter, scope: scope)
            }
            return found
        case "key?", "has_key?", "include?", "member?":
            guard let key = args.first else { break }
            return .bool(try lookup(key) != nil, at: at)
        case "value?", "has_value?":
            guard let v = args.first else { break }
            return .bool(pairs.contains { $0.value.equals(v) }, at: at)
        case "keys": return RubyValue(.array(pairs.map(\.key)), at: at)
        case "values": return RubyValue(.array(pairs.map(\.value)), at: at)
        case "length", "size",
            "count" where arguments.block == nil:
            return .integer(pairs.count, at: at)
        case "empty?": return .bool(pairs.isEmpty, at: at)
        case "merge", "merge!", "update":
            var out = pairs
            for other in args {
                guard case .hash(let more) = other.kind else {
                    throw interpreter.failure(at, "`\(name)` takes a hash, not \(other.typeName)", kind: .raised)
                }
                for p in more {
                    if let block = arguments.block,
                        let existing = out.first(where: { $0.key.hashIdentity == p.key.hashIdentity })
                    {
                        RubyInterpreter.store(
                            &out, p.key, try interpreter.yield(block, [p.key, existing.value, p.value], at: at))
                    } else {
                        RubyInterpreter.store(&out, p.key, p.value)
                    }
                }
            }
            return name == "merge" ? try dictionary(out) : try mutated(out)
        case "store":
            guard args.count == 2 else { break }
            var out = pairs
            RubyInterpreter.store(&out, args[0], args[1])
            _ = try mutated(out)
            return args[1]
        case "delete":
            guard let key = args.first else { break }
            let found = try lookup(key)
            _ = try mutated(pairs.filter { $0.key.hashIdentity != key.hashIdentity })
            return found ?? .null(at: at)
        case "to_h", "to_hash": return receiver
        case "to_a": return RubyValue(.array(pairs.map { RubyValue(.array([$0.key, $0.value]), at: at) }), at: at)
        case "invert": return try dictionary(pairs.map { ($0.value, $0.key) })
        case "transform_values", "transform_keys":
            guard let block = arguments.block else { break }
            var out: [(key: RubyValue, value: RubyValue)] = []
            for p in pairs {
                if name == "transform_values" {
                    out.append((p.key, try interpreter.yield(block, [p.value], at: at)))
                } else {
                    RubyInterpreter.store(&out, try interpreter.yield(block, [p.key], at: at), p.value)
                }
            }
            return try dictionary(out)
        case "each", "each_pair", "map", "collect", "flat_map", "select", "filter", "reject", "any?", "all?", "find",
            "detect", "each_with_index", "each_with_object", "sort_by", "min_by", "max_by", "count", "sum", "inject",
            "reduce", "group_by", "partition",
            "to_h" where arguments.block != nil, "filter_map", "none?":
            let entries = pairs.map { RubyValue(.array([$0.key, $0.value]), at: at) }
            let result = try array(
                entries, RubyValue(.array(entries), at: at), name == "each_pair" ? "each" : name, arguments,
                interpreter, scope)
            switch name {
            case "each", "each_pair": return receiver
            case "select", "filter", "reject":
                // A hash's select gives a hash.
                guard case .array(let kept) = result.kind else { return result }
                var out: [(key: RubyValue, value: RubyValue)] = []
                for e in kept { if case .array(let kv) = e.kind, kv.count == 2 { out.append((kv[0], kv[1])) } }
                return try dictionary(out)
            default: return result
            }
        case "each_key", "each_value":
            guard let block = arguments.block else { break }
            for p in pairs {
                _ = try interpreter.yield(
                    block, [name == "each_key" ? p.key : p.value], at: at, discardingResult: true)
                if let value = interpreter.takeBreak() { return value }
            }
            return receiver
        case "to_s", "inspect":
            var parts: [String] = []
            for p in pairs { parts.append("\(try p.key.inspected())=>\(try p.value.inspected())") }
            return .string("{" + parts.joined(separator: ", ") + "}", at: at)
        case "slice":
            return try dictionary(pairs.filter { p in args.contains { $0.hashIdentity == p.key.hashIdentity } })
        case "except":
            return try dictionary(pairs.filter { p in !args.contains { $0.hashIdentity == p.key.hashIdentity } })
        case "compact":
            return try dictionary(pairs.filter { !$0.value.isNil })
        case "clear": return try mutated([])
        default: break
        }
        throw interpreter.failure(
            at, "Hash has no method `\(name)` that compose knows; write the value as a literal", kind: .raised)
    }
}
