import Foundation

/// Ruby's own functions and the methods of strings, symbols, numbers, arrays, hashes and ranges that
/// real Podfiles and podspecs use, written to give what Ruby gives. Anything that would run a
/// process, open a connection, write a file or evaluate a string is refused by name.
enum RubyBuiltins {
    /// Methods that change their receiver in place: the variable it was read from is written back.
    static let mutating: Set<String> = [
        "<<", "push", "append", "concat", "unshift", "prepend", "insert", "delete", "merge!", "update", "store",
        "uniq!", "compact!", "flatten!", "sort!", "map!", "collect!", "select!", "filter!", "reject!", "gsub!",
        "sub!", "strip!", "chomp!", "downcase!", "upcase!", "replace", "clear", "pop", "shift", "delete_if",
        "keep_if", "squeeze!", "reverse!", "tr!", "delete_at", "lstrip!", "rstrip!",
    ]

    /// Methods that visit everything their receiver holds.
    private static let walking: Set<String> = [
        "==", "!=", "eql?", "equal?", "===", "inspect", "to_s", "flatten", "flatten!", "uniq", "uniq!", "join",
        "hash", "to_h", "group_by", "|", "&", "-", "sort", "sort!", "to_json",
    ]

    private static let refused: [String: String] = [
        "system": "running a command (`system`)", "exec": "running a command (`exec`)",
        "spawn": "running a command (`spawn`)", "fork": "`fork`", "open": "`open` (files and commands)",
        "eval": "`eval` of a string", "instance_eval": "`instance_eval`", "class_eval": "`class_eval`",
        "module_eval": "`module_eval`", "instance_exec": "`instance_exec`", "send": "`send`",
        "public_send": "`public_send`", "__send__": "`__send__`", "method": "`method`",
        "define_method": "`define_method`", "instance_variable_get": "`instance_variable_get`",
        "instance_variable_set": "`instance_variable_set`", "const_get": "`const_get`", "binding": "`binding`",
        "exit": "`exit`", "exit!": "`exit!`", "at_exit": "`at_exit`", "trap": "`trap`", "sleep": "`sleep`",
        "syscall": "`syscall`", "load": "`load` of a Ruby file", "autoload": "`autoload`", "gets": "reading input",
        "readline": "reading input", "select": "`select` of IO", "srand": "`srand`", "rand": "`rand`",
        "catch": "`catch`", "throw": "`throw`", "set_trace_func": "`set_trace_func`", "caller": "`caller`",
        "extend": "`extend`", "include": "`include`", "attr_accessor": "`attr_accessor`",
    ]

    /// Refused whatever they are called on.
    static let refusedAsMethod: Set<String> = [
        "send", "public_send", "__send__", "instance_eval", "instance_exec", "class_eval", "module_eval", "method",
        "define_method", "instance_variable_get", "instance_variable_set", "const_get", "extend", "eval", "system",
        "exec", "spawn", "binding",
    ]

    static func refusal(_ name: String) -> String? {
        refused[name].map {
            "\($0) is not run: compose reads the file without running programs, commands or other files; write the value as a literal"
        }
    }

    static func constant(_ path: String, at: Int) -> RubyValue? {
        switch path {
        case "File::SEPARATOR": .string("/", at: at)
        case "RUBY_VERSION": .string("3.3.0", at: at)
        case "RUBY_PLATFORM": .string("x86_64-linux", at: at)
        default: nil
        }
    }

    // MARK: Functions without a receiver

    static func kernel(_ name: String, _ arguments: RubyArguments, interpreter: RubyInterpreter, scope: RubyScope)
        throws(RubyFailure) -> RubyValue?
    {
        let at = arguments.offset
        let values = arguments.values
        switch name {
        case "puts", "print", "p", "pp", "warn", "printf", "putc":
            // Nothing is written: reading a file must not print its output.
            return .null(at: at)
        case "raise", "fail", "abort":
            var message = name == "abort" ? "the file aborts" : "the file raises an error"
            if let last = values.last, let text = last.stringValue {
                message += ": " + text
            } else if let first = values.first, case .object(let o) = first.kind {
                message += " (\(o.text ?? o.className))"
            }
            throw interpreter.failure(at, message, kind: .raised)
        case "require":
            try interpreter.refuseMarked(values, givenTo: "require", path: true)
            guard let library = values.first?.stringValue else {
                throw interpreter.failure(at, "`require` takes a string")
            }
            if knownLibraries.contains(library) { return .bool(true, at: at) }
            if library.hasPrefix("./") || library.hasPrefix("../") || library.hasPrefix("/") {
                return try interpreter.require(library, at: at)
            }
            // A library compose does not have is not loaded (nothing runs); what the file then uses
            // of it is refused where it is used, naming the library.
            interpreter.notLoaded.append(library)
            return .bool(false, at: at)
        case "require_relative":
            try interpreter.refuseMarked(values, givenTo: "require_relative", path: true)
            guard let file = values.first?.stringValue else {
                throw interpreter.failure(at, "`require_relative` takes a string")
            }
            return try interpreter.require(file, at: at)
        case "lambda", "proc":
            guard let block = arguments.block else { throw interpreter.failure(at, "`\(name)` takes a block") }
            return RubyValue(.block(block), at: at)
        case "loop":
            guard let block = arguments.block else { throw interpreter.failure(at, "`loop` takes a block") }
            while true {
                _ = try interpreter.yield(block, [], at: at)
                if let value = interpreter.takeBreak() { return value }
            }
        case "private", "public", "protected", "module_function", "private_constant", "frozen_string_literal":
            // Visibility has no meaning without classes: the methods stay callable.
            return .null(at: at)
        case "block_given?":
            return .bool(interpreter.hasBlock, at: at)
        case "__dir__":
            guard let directory = interpreter.directory else { return .null(at: at) }
            return .string(directory, at: at)
        case "__FILE__":
            return .string(
                interpreter.directory.map { $0 + "/" + interpreter.currentPath.split(separator: "/").last! }
                    ?? interpreter.currentPath, at: at)
        case "format", "sprintf":
            guard let template = values.first?.stringValue else {
                throw interpreter.failure(at, "`\(name)` takes a format string")
            }
            return .string(
                try RubyFormat.format(template, Array(values.dropFirst()), at: at, interpreter: interpreter), at: at)
        case "Integer":
            guard let v = values.first else { return nil }
            if let s = v.stringValue {
                guard let n = Int(RubyText.strip(s).replacingAll("_", with: "")) else {
                    throw interpreter.failure(at, "invalid value for Integer(): \"\(s)\"", kind: .raised)
                }
                return .integer(n, at: at)
            }
            return try call(
                v, "to_i", RubyArguments(values: [], block: nil, offset: at), interpreter: interpreter, scope: scope)
        case "String":
            guard let v = values.first else { return nil }
            return .string(try interpreter.stringify(v, at: at), at: at)
        case "Array":
            guard let v = values.first else { return nil }
            return RubyValue(.array(try interpreter.toArray(v, at: at)), at: at)
        case "Float":
            guard let v = values.first, let d = Double(try interpreter.stringify(v, at: at)) else { return nil }
            return RubyValue(.float(floatText(d)), at: at)
        default:
            return nil
        }
    }

    private static let knownLibraries: Set<String> = [
        "json", "fileutils", "pathname", "set", "cocoapods", "xcodeproj", "rubygems", "yaml", "erb", "uri",
        "shellwords",
        "digest", "cocoapods-core", "open3", "date", "time", "English", "optparse", "ostruct", "tmpdir", "securerandom",
    ]

    // MARK: Methods of values

    static func call(
        _ receiver: RubyValue, _ name: String, _ arguments: RubyArguments, interpreter: RubyInterpreter,
        scope: RubyScope
    ) throws(RubyFailure) -> RubyValue {
        let at = arguments.offset
        let args = arguments.values
        // A walk of a collection (comparing, printing, flattening, a key) is charged by what it visits.
        try interpreter.chargeWalk(args, at: at)
        if walking.contains(name) { try interpreter.chargeWalk([receiver], at: at) }
        // What every value answers.
        switch name {
        case "nil?": return .bool(receiver.isNil, at: at)
        case "freeze", "dup", "clone", "itself":
            return receiver
        case "frozen?": return .bool(true, at: at)
        case "==", "eql?", "equal?":
            return .bool(args.first.map { receiver.equals($0) } ?? false, at: at)
        case "!=":
            return .bool(!(args.first.map { receiver.equals($0) } ?? false), at: at)
        case "===":
            guard let other = args.first else { return .bool(false, at: at) }
            return .bool(try interpreter.caseEquals(receiver, other), at: at)
        case "is_a?", "kind_of?", "instance_of?":
            guard let asked = args.first?.objectValue?.text else { return .bool(false, at: at) }
            return .bool(
                asked == receiver.typeName || (asked == "Numeric" && receiver.intValue != nil) || asked == "Object",
                at: at)
        case "class":
            return RubyValue(.object(RubyObject(id: -2, className: "Class", text: receiver.typeName)), at: at)
        case "respond_to?":
            let asked = try args.first.map { (v) throws(RubyFailure) in try v.keyString() } ?? ""
            return .bool(["to_s", "nil?", "==", "class"].contains(asked), at: at)
        case "tap":
            if let block = arguments.block { _ = try interpreter.yield(block, [receiver], at: at) }
            return receiver
        case "then", "yield_self":
            guard let block = arguments.block else { return receiver }
            return try interpreter.yield(block, [receiver], at: at)
        case "inspect":
            return .string(try receiver.inspected(), at: at)
        case "instance_variable_get", "send", "public_send", "__send__", "method", "instance_eval", "instance_exec",
            "class_eval", "define_method", "instance_variable_set", "const_get", "extend":
            throw interpreter.failure(at, refusal(name)!)
        default: break
        }
        switch receiver.kind {
        case .string(let s): return try string(s, receiver, name, arguments, interpreter, scope)
        case .symbol(let s):
            switch name {
            case "to_s", "id2name", "name": return .string(s, at: at)
            case "to_sym": return receiver
            case "to_proc":
                return RubyValue(
                    .block(RubyBlock(parameters: RubyParameters(), body: [], scope: nil, offset: at, symbol: s)), at: at
                )
            case "length", "size": return .integer(s.count, at: at)
            case "<=>", "<", ">", "<=", ">=":
                guard let other = args.first?.symbolValue else { break }
                return compare(s, other, name, at: at)
            default:
                // A symbol answers String's methods through its text (`:ios.to_s.upcase`, `sym.start_with?`).
                if ["start_with?", "end_with?", "upcase", "downcase", "capitalize", "empty?", "include?"].contains(name)
                {
                    let result = try string(s, .string(s, at: receiver.offset), name, arguments, interpreter, scope)
                    if case .string(let t) = result.kind, name != "include?" { return RubyValue(.symbol(t), at: at) }
                    return result
                }
            }
        case .integer, .float: return try number(receiver, name, arguments, interpreter)
        case .null:
            switch name {
            case "to_s": return .string("", at: at)
            case "to_a": return RubyValue(.array([]), at: at)
            case "to_i": return .integer(0, at: at)
            case "to_h": return RubyValue(.hash([]), at: at)
            case "&": return .bool(false, at: at)
            case "empty?", "blank?": if name == "blank?" { return .bool(true, at: at) }
            default: break
            }
            throw interpreter.failure(at, "undefined method `\(name)' for nil", kind: .raised)
        case .bool(let b):
            switch name {
            case "to_s": return .string(b ? "true" : "false", at: at)
            case "&": return .bool(b && (args.first?.isTruthy ?? false), at: at)
            case "|": return .bool(b || (args.first?.isTruthy ?? false), at: at)
            case "^": return .bool(b != (args.first?.isTruthy ?? false), at: at)
            default: break
            }
        case .array(let elements):
            return try RubyCollections.array(elements, receiver, name, arguments, interpreter, scope)
        case .hash(let pairs): return try RubyCollections.hash(pairs, receiver, name, arguments, interpreter, scope)
        case .range:
            let elements = try interpreter.toArray(receiver, at: at)
            if name == "to_a" || name == "entries" { return RubyValue(.array(elements), at: at) }
            if name == "include?" || name == "member?" || name == "cover?" {
                return .bool(
                    try args.first.map { (v) throws(RubyFailure) in try interpreter.caseEquals(receiver, v) } ?? false,
                    at: at)
            }
            return try RubyCollections.array(
                elements, RubyValue(.array(elements), at: receiver.offset), name, arguments, interpreter, scope)
        case .regex(let source, let options):
            switch name {
            case "source": return .string(source, at: at)
            case "=~", "match", "match?":
                guard let text = args.first?.stringValue else { return .null(at: at) }
                let match = try RubyRegex(source, options: options, at: receiver.offset, interpreter: interpreter)
                    .firstMatch(in: text)
                if name == "match?" { return .bool(match != nil, at: at) }
                if name == "=~" { return match.map { .integer($0.start, at: at) } ?? .null(at: at) }
                return match.map {
                    RubyValue(.array($0.groups.map { g in g.map { .string($0, at: at) } ?? .null(at: at) }), at: at)
                } ?? .null(at: at)
            default: break
            }
        case .object(let o): return try module(o, receiver, name, arguments, interpreter, scope)
        case .block(let block):
            switch name {
            case "call", "()", "yield", "[]": return try interpreter.yield(block, args, at: at)
            case "to_proc": return receiver
            default: break
            }
        }
        if name == "to_s" { return .string(try interpreter.stringify(receiver, at: at), at: at) }
        throw interpreter.failure(
            at, "\(receiver.typeName) has no method `\(name)` that compose knows; write the value as a literal",
            kind: .raised)
    }

    static func compare<T: Comparable>(_ a: T, _ b: T, _ op: String, at: Int) -> RubyValue {
        switch op {
        case "<": .bool(a < b, at: at)
        case ">": .bool(a > b, at: at)
        case "<=": .bool(a <= b, at: at)
        case ">=": .bool(a >= b, at: at)
        default: .integer(a < b ? -1 : a == b ? 0 : 1, at: at)
        }
    }

    static func floatText(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(format: "%.1f", d) }
        return String(d)
    }

    // MARK: Numbers

    private static func number(
        _ receiver: RubyValue, _ name: String, _ arguments: RubyArguments, _ interpreter: RubyInterpreter
    )
        throws(RubyFailure) -> RubyValue
    {
        let at = arguments.offset
        let isFloat: Bool
        if case .float = receiver.kind { isFloat = true } else { isFloat = false }
        let text: String
        switch receiver.kind {
        case .integer(let n), .float(let n): text = n
        default: text = ""
        }
        switch name {
        case "to_s":
            if isFloat { return .string(RubyText.floatText(text) ?? text, at: at) }
            return .string(Int(text).map(String.init) ?? text, at: at)
        case "to_i", "to_int", "floor", "truncate": return .integer(receiver.intValue ?? 0, at: at)
        case "to_f": return RubyValue(.float(isFloat ? text : text + ".0"), at: at)
        case "zero?": return .bool((Double(text) ?? 1) == 0, at: at)
        case "positive?": return .bool((Double(text) ?? 0) > 0, at: at)
        case "negative?": return .bool((Double(text) ?? 0) < 0, at: at)
        case "even?": return .bool((receiver.intValue ?? 1) % 2 == 0, at: at)
        case "odd?": return .bool((receiver.intValue ?? 0) % 2 != 0, at: at)
        case "-@":
            if isFloat { return RubyValue(.float(text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text), at: at) }
            return .integer(-(receiver.intValue ?? 0), at: at)
        case "times":
            guard let block = arguments.block, let n = receiver.intValue else { break }
            guard n <= RubyInterpreter.maximumElements else {
                throw interpreter.failure(
                    at, "`\(n).times` loops more than \(RubyInterpreter.maximumElements) times", kind: .limit)
            }
            for i in 0..<max(0, n) {
                _ = try interpreter.yield(block, [.integer(i, at: at)], at: at, discardingResult: true)
                if let value = interpreter.takeBreak() { return value }
            }
            return receiver
        case "+", "-", "*", "/", "%", "**", "<", ">", "<=", ">=", "<=>":
            guard let other = arguments.values.first else { break }
            var otherFloat = false
            let otherText: String
            switch other.kind {
            case .integer(let n): otherText = n
            case .float(let n):
                otherText = n
                otherFloat = true
            default:
                throw interpreter.failure(
                    at, "\(receiver.typeName) \(name) \(other.typeName) is not supported", kind: .raised)
            }
            if isFloat || otherFloat {
                let a = Double(text) ?? 0
                let b = Double(otherText) ?? 0
                switch name {
                case "+": return RubyValue(.float(floatText(a + b)), at: at)
                case "-": return RubyValue(.float(floatText(a - b)), at: at)
                case "*": return RubyValue(.float(floatText(a * b)), at: at)
                case "/": return RubyValue(.float(floatText(a / b)), at: at)
                case "**": return RubyValue(.float(floatText(Foundation.pow(a, b))), at: at)
                case "%": return RubyValue(.float(floatText(a.truncatingRemainder(dividingBy: b))), at: at)
                default: return compare(a, b, name, at: at)
                }
            }
            guard let a = Int(text), let b = Int(otherText) else { break }
            var result: (partialValue: Int, overflow: Bool)
            switch name {
            case "+": result = a.addingReportingOverflow(b)
            case "-": result = a.subtractingReportingOverflow(b)
            case "*": result = a.multipliedReportingOverflow(by: b)
            case "/", "%":
                guard b != 0 else { throw interpreter.failure(at, "divided by 0", kind: .raised) }
                // Ruby rounds toward negative infinity.
                var q = a / b
                if (a % b != 0) && ((a < 0) != (b < 0)) { q -= 1 }
                result = name == "/" ? (q, false) : (a - q * b, false)
            case "**":
                guard b >= 0, b < 64 else { throw interpreter.failure(at, "this power is out of range", kind: .limit) }
                var p = 1
                var overflow = false
                for _ in 0..<b {
                    let r = p.multipliedReportingOverflow(by: a)
                    p = r.partialValue
                    overflow = overflow || r.overflow
                }
                result = (p, overflow)
            default: return compare(a, b, name, at: at)
            }
            guard !result.overflow else {
                throw interpreter.failure(at, "this number is larger than 64 bits", kind: .limit)
            }
            return .integer(result.partialValue, at: at)
        default: break
        }
        if name == "to_s" { return .string(text, at: at) }
        throw interpreter.failure(at, "\(receiver.typeName) has no method `\(name)` that compose knows", kind: .raised)
    }

    // MARK: Strings

    private static func string(
        _ s: String, _ receiver: RubyValue, _ name: String, _ arguments: RubyArguments,
        _ interpreter: RubyInterpreter, _ scope: RubyScope
    ) throws(RubyFailure) -> RubyValue {
        let at = arguments.offset
        let args = arguments.values
        func text(_ value: String) throws(RubyFailure) -> RubyValue {
            try interpreter.charge(value.utf8.count, at: at)
            return try interpreter.bounded(.string(value, at: at))
        }
        func mutated(_ value: String) throws(RubyFailure) -> RubyValue {
            let v = try text(value)
            interpreter.lastMutation = v
            return v
        }
        func argumentString(_ i: Int = 0) throws(RubyFailure) -> String {
            guard i < args.count else {
                throw interpreter.failure(at, "`\(name)` takes \(i + 1) argument(s)", kind: .raised)
            }
            switch args[i].kind {
            case .string(let t): return t
            default: throw interpreter.failure(at, "`\(name)` takes a string, not \(args[i].typeName)", kind: .raised)
            }
        }
        switch name {
        case "to_s", "to_str": return receiver
        case "to_sym", "intern": return RubyValue(.symbol(s), at: at)
        case "to_i":
            var digits = ""
            for c in RubyText.lstrip(s) {
                if c.isASCII && c.isNumber || (digits.isEmpty && (c == "-" || c == "+"))
                    || (c == "_" && !digits.isEmpty)
                {
                    if c != "_" { digits.append(c) }
                } else {
                    break
                }
            }
            return .integer(Int(digits) ?? 0, at: at)
        case "to_f":
            let prefix = RubyText.lstrip(s).prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" }
            return RubyValue(.float(floatText(Double(prefix) ?? 0)), at: at)
        case "strip": return try text(RubyText.strip(s))
        case "lstrip": return try text(RubyText.lstrip(s))
        case "rstrip": return try text(RubyText.rstrip(s))
        case "chomp":
            if let suffix = args.first?.stringValue {
                return try text(s.hasSuffix(suffix) ? String(s.dropLast(suffix.count)) : s)
            }
            return try text(RubyText.chomp(s))
        case "chop": return try text(String(s.dropLast()))
        case "squish": return try text(RubyText.squish(s))
        case "strip_heredoc": return try text(RubyText.stripHeredoc(s))
        case "downcase": return try text(s.lowercased())
        case "upcase": return try text(s.uppercased())
        case "capitalize": return try text(s.prefix(1).uppercased() + s.dropFirst().lowercased())
        case "swapcase":
            return try text(String(s.map { $0.isUppercase ? Character($0.lowercased()) : Character($0.uppercased()) }))
        case "reverse": return try text(String(s.reversed()))
        case "length", "size": return .integer(s.count, at: at)
        case "bytesize": return .integer(s.utf8.count, at: at)
        case "empty?": return .bool(s.isEmpty, at: at)
        case "blank?": return .bool(RubyText.strip(s).isEmpty, at: at)
        case "present?": return .bool(!RubyText.strip(s).isEmpty, at: at)
        case "start_with?":
            for a in args { if let p = a.stringValue, s.hasPrefix(p) { return .bool(true, at: at) } }
            for a in args {
                if case .regex(let source, let options) = a.kind,
                    let m = try RubyRegex(source, options: options, at: a.offset, interpreter: interpreter).firstMatch(
                        in: s),
                    m.start == 0
                {
                    return .bool(true, at: at)
                }
            }
            return .bool(false, at: at)
        case "end_with?":
            for a in args { if let p = a.stringValue, s.hasSuffix(p) { return .bool(true, at: at) } }
            return .bool(false, at: at)
        case "include?": return .bool(s.contains(try argumentString()), at: at)
        case "+":
            guard let other = args.first else { break }
            guard case .string(let t) = other.kind else {
                throw interpreter.failure(
                    at, "no implicit conversion of \(other.typeName) into String (write `.to_s` after it)",
                    kind: .raised)
            }
            return try text(s + t)
        case "*":
            guard let n = args.first?.intValue, n >= 0 else { break }
            let (bytes, overflow) = s.utf8.count.multipliedReportingOverflow(by: n)
            try interpreter.refuseString(ofAtLeast: overflow ? Int.max : bytes, at: at)
            try interpreter.charge(s.utf8.count, times: n, at: at)
            return try text(String(repeating: s, count: n))
        case "%":
            let values: [RubyValue]
            if case .array(let a)? = args.first?.kind { values = a } else { values = args }
            return try text(try RubyFormat.format(s, values, at: at, interpreter: interpreter))
        case "<<", "concat":
            guard let other = args.first else { break }
            return try mutated(s + (try interpreter.stringify(other, at: at)))
        case "<=>", "<", ">", "<=", ">=":
            return compare(s, try argumentString(), name, at: at)
        case "=~", "match", "match?":
            guard let pattern = args.first else { break }
            let regex = try RubyRegex(pattern, interpreter: interpreter)
            let match = try regex.firstMatch(in: s)
            if name == "match?" { return .bool(match != nil, at: at) }
            if name == "=~" { return match.map { .integer($0.start, at: at) } ?? .null(at: at) }
            return match.map {
                RubyValue(.array($0.groups.map { g in g.map { .string($0, at: at) } ?? .null(at: at) }), at: at)
            } ?? .null(at: at)
        case "scan":
            guard let pattern = args.first else { break }
            // One match past the bound of an array is enough to refuse it.
            let matches = try RubyRegex(pattern, interpreter: interpreter).matches(
                in: s, limit: RubyInterpreter.maximumElements + 1)
            return try interpreter.bounded(
                RubyValue(
                    .array(
                        matches.map { m in
                            m.groups.count > 1
                                ? RubyValue(
                                    .array(
                                        m.groups.dropFirst().map { g in g.map { .string($0, at: at) } ?? .null(at: at) }
                                    ),
                                    at: at)
                                : .string(m.groups[0] ?? "", at: at)
                        }), at: at))
        case "gsub", "sub", "gsub!", "sub!":
            guard let pattern = args.first else { break }
            let regex = try RubyRegex(pattern, interpreter: interpreter)
            let all = name.hasPrefix("gsub")
            let result = try regex.replace(
                in: s, all: all, with: args.count > 1 ? args[1] : nil, block: arguments.block, at: at)
            return name.hasSuffix("!") ? try mutated(result) : try text(result)
        case "tr", "delete":
            let from = Array(try argumentString())
            let to = name == "tr" ? Array(try argumentString(1)) : []
            let fromSet = expandRange(from)
            let toSet = expandRange(to)
            var out = ""
            for c in s {
                if let i = fromSet.firstIndex(of: c) {
                    if name == "tr", !toSet.isEmpty { out.append(toSet[min(i, toSet.count - 1)]) }
                } else {
                    out.append(c)
                }
            }
            return try text(out)
        case "split":
            return RubyValue(
                .array(try split(s, args.first, interpreter: interpreter, at: at).map { .string($0, at: at) }), at: at)
        case "lines", "each_line":
            var lines: [String] = []
            var current = ""
            for c in s {
                current.append(c)
                if c == "\n" {
                    lines.append(current)
                    current = ""
                }
            }
            if !current.isEmpty { lines.append(current) }
            let values = lines.map { RubyValue.string($0, at: at) }
            if name == "each_line", let block = arguments.block {
                for v in values {
                    _ = try interpreter.yield(block, [v], at: at)
                    if let value = interpreter.takeBreak() { return value }
                }
                return receiver
            }
            return RubyValue(.array(values), at: at)
        case "chars": return RubyValue(.array(s.map { .string(String($0), at: at) }), at: at)
        case "[]", "slice":
            guard let index = args.first else { break }
            let chars = Array(s)
            switch index.kind {
            case .integer:
                var i = index.intValue ?? 0
                if i < 0 { i += chars.count }
                if args.count > 1, let length = args[1].intValue {
                    guard i >= 0, i <= chars.count, length >= 0 else { return .null(at: at) }
                    return .string(String(chars[i..<min(chars.count, i + length)]), at: at)
                }
                return i >= 0 && i < chars.count ? .string(String(chars[i]), at: at) : .null(at: at)
            case .range(var lo, var hi, let exclusive):
                if lo < 0 { lo += chars.count }
                if hi < 0 { hi += chars.count }
                if hi == Int.max { hi = chars.count - 1 } else if exclusive { hi -= 1 }
                guard lo >= 0, lo <= chars.count else { return .null(at: at) }
                return .string(lo <= hi ? String(chars[lo..<min(chars.count, hi + 1)]) : "", at: at)
            case .string(let t): return s.contains(t) ? .string(t, at: at) : .null(at: at)
            case .regex:
                // `s[/re/, n]`: group n of the first match.
                let group = args.count > 1 ? (args[1].intValue ?? 0) : 0
                guard let match = try RubyRegex(index, interpreter: interpreter).firstMatch(in: s),
                    group >= 0, group < match.groups.count, let text = match.groups[group]
                else { return .null(at: at) }
                return .string(text, at: at)
            default: break
            }
        case "center", "ljust", "rjust":
            guard let width = args.first?.intValue else { break }
            let pad = args.count > 1 ? (args[1].stringValue ?? " ") : " "
            // Every character is a byte at least: a width past the bound is refused before padding.
            try interpreter.refuseString(ofAtLeast: width, at: at)
            let missing = max(0, width - s.count)
            guard missing > 0, !pad.isEmpty else { return receiver }
            func padding(_ n: Int) -> String { String(String(repeating: pad, count: n / pad.count + 1).prefix(n)) }
            switch name {
            case "ljust": return try text(s + padding(missing))
            case "rjust": return try text(padding(missing) + s)
            default: return try text(padding(missing / 2) + s + padding(missing - missing / 2))
            }
        case "casecmp?": return .bool(s.lowercased() == (try argumentString()).lowercased(), at: at)
        case "casecmp": return compare(s.lowercased(), (try argumentString()).lowercased(), "<=>", at: at)
        case "strip!": return try mutated(RubyText.strip(s))
        case "chomp!": return try mutated(RubyText.chomp(s))
        case "downcase!": return try mutated(s.lowercased())
        case "upcase!": return try mutated(s.uppercased())
        case "replace": return try mutated(try argumentString())
        case "prepend": return try mutated((try argumentString()) + s)
        case "count":
            let set = expandRange(Array(try argumentString()))
            return .integer(s.filter { set.contains($0) }.count, at: at)
        case "index":
            guard let t = args.first?.stringValue, let r = s.range(of: t) else { return .null(at: at) }
            return .integer(s.distance(from: s.startIndex, to: r.lowerBound), at: at)
        case "ord": return .integer(Int(s.unicodeScalars.first?.value ?? 0), at: at)
        case "hash": return .integer(s.hashValue, at: at)
        case "unpack", "unpack1", "encode", "force_encoding", "unicode_normalize", "b", "scrub":
            if ["encode", "force_encoding", "unicode_normalize", "scrub"].contains(name) { return receiver }
        case "each_char":
            guard let block = arguments.block else { break }
            for c in s {
                _ = try interpreter.yield(block, [.string(String(c), at: at)], at: at)
                if let value = interpreter.takeBreak() { return value }
            }
            return receiver
        default: break
        }
        throw interpreter.failure(
            at, "String has no method `\(name)` that compose knows; write the value as a literal", kind: .raised)
    }

    private static func expandRange(_ chars: [Character]) -> [Character] {
        var out: [Character] = []
        var i = 0
        while i < chars.count {
            if i + 2 < chars.count, chars[i + 1] == "-", let a = chars[i].unicodeScalars.first?.value,
                let b = chars[i + 2].unicodeScalars.first?.value, a <= b, b - a < 1024
            {
                for v in a...b { if let u = Unicode.Scalar(v) { out.append(Character(u)) } }
                i += 3
            } else {
                out.append(chars[i])
                i += 1
            }
        }
        return out
    }

    /// `String#split` as Ruby does it: on white space (runs, leading ones dropped) with no argument or
    /// `' '`, on a string, or on a regular expression; trailing empty fields are dropped.
    private static func split(_ s: String, _ separator: RubyValue?, interpreter: RubyInterpreter, at: Int)
        throws(RubyFailure) -> [String]
    {
        var fields: [String]
        switch separator?.kind {
        case nil, .string(" ")?, .null?:
            fields = s.split(whereSeparator: { $0.unicodeScalars.allSatisfy(RubyText.isSpace) }).map(String.init)
            return fields
        case .string(let sep)?:
            if sep.isEmpty { return s.map { String($0) } }
            fields = s.components(separatedBy: sep)
        case .regex?:
            let regex = try RubyRegex(separator!, interpreter: interpreter)
            fields = []
            var last = s.startIndex
            try regex.forEachMatch(in: s) { m in
                guard m.range.lowerBound != m.range.upperBound else { return }
                fields.append(String(s[last..<m.range.lowerBound]))
                last = m.range.upperBound
            }
            fields.append(String(s[last...]))
        default:
            throw interpreter.failure(at, "`split` takes a string or a regular expression", kind: .raised)
        }
        while fields.last == "" { fields.removeLast() }
        return fields
    }

    // MARK: Modules: ENV, File, Dir, JSON, Gem::Version, classes

    /// The functions that read a file or look for one: a path built from the environment is refused.
    static let fileReads: Set<String> = [
        "File.read", "File.readlines", "IO.read", "IO.readlines", "File.exist?", "File.exists?", "File.file?",
        "File.readable?", "File.directory?", "Dir.exist?", "Dir.exists?", "Dir.glob", "Dir.[]", "JSON.load_file",
    ]

    private static func module(
        _ object: RubyObject, _ receiver: RubyValue, _ name: String, _ arguments: RubyArguments,
        _ interpreter: RubyInterpreter, _ scope: RubyScope
    ) throws(RubyFailure) -> RubyValue {
        let at = arguments.offset
        let args = arguments.values
        func stringArgument(_ i: Int = 0) throws(RubyFailure) -> String {
            guard i < args.count else {
                throw interpreter.failure(at, "`\(object.className).\(name)` takes \(i + 1) argument(s)", kind: .raised)
            }
            return try interpreter.stringify(args[i], at: at)
        }
        if object.className == "ENV", let key = args.first?.stringValue { interpreter.noteEnvironmentRead(key) }
        if object.className == "File" || object.className == "Dir" || object.className == "JSON",
            RubyBuiltins.fileReads.contains("\(object.className).\(name)")
        {
            try interpreter.refuseMarked(args, givenTo: "\(object.className).\(name)", path: true)
        }
        if object.className == "ENV", ["to_h", "to_hash", "each", "keys"].contains(name) {
            interpreter.noteEnvironmentRead("*")
        }
        switch (object.className, name) {
        case ("ENV", "[]"):
            let key = try stringArgument()
            return interpreter.environmentValue(key, at: at) ?? interpreter.unsetValue(key, at: at)
        case ("ENV", "fetch"):
            let key = try stringArgument()
            if let value = interpreter.environmentValue(key, at: at) { return value }
            if args.count > 1 { return args[1] }
            if let block = arguments.block { return try interpreter.yield(block, [.string(key, at: at)], at: at) }
            let hidden =
                interpreter.isHiddenVariable(key)
                ? "; its name looks like a credential's, so compose shows it to no Podfile or podspec unless it is allowed with --allow-env \(key) or COMPOSE_ALLOW_ENV=\(key)"
                : ""
            throw interpreter.failure(
                at, "key not found: \"\(key)\" (ENV.fetch of a variable that is not set\(hidden))", kind: .raised)
        case ("ENV", "key?"), ("ENV", "has_key?"), ("ENV", "include?"), ("ENV", "member?"):
            return .bool(interpreter.visibleVariable(try stringArgument()) != nil, at: at)
        case ("ENV", "to_h"), ("ENV", "to_hash"):
            return interpreter.environmentHash(at: at)
        case ("File", "read"), ("File", "readlines"), ("IO", "read"):
            let bytes = try interpreter.readFile(try stringArgument(), at: at)
            guard let content = String(validating: bytes, as: UTF8.self) else {
                throw interpreter.failure(at, "`\(try stringArgument())` is not UTF-8 text")
            }
            if name == "readlines" {
                return try call(
                    .string(content, at: at), "lines", RubyArguments(values: [], block: nil, offset: at),
                    interpreter: interpreter, scope: scope)
            }
            return try interpreter.bounded(.string(content, at: at))
        case ("File", "exist?"), ("File", "exists?"), ("File", "file?"), ("File", "readable?"):
            return .bool(try interpreter.fileExists(try stringArgument(), at: at), at: at)
        case ("File", "directory?"), ("Dir", "exist?"), ("Dir", "exists?"):
            return .bool(try interpreter.fileExists(try stringArgument(), directoryOnly: true, at: at), at: at)
        case ("File", "join"):
            var parts: [String] = []
            for a in args {
                if case .array(let inner) = a.kind {
                    for i in inner { parts.append(try interpreter.stringify(i, at: at)) }
                } else {
                    parts.append(try interpreter.stringify(a, at: at))
                }
            }
            var joined = ""
            for (i, p) in parts.enumerated() {
                if i == 0 {
                    joined = p
                    continue
                }
                if joined.hasSuffix("/") && p.hasPrefix("/") {
                    joined += p.dropFirst()
                } else if joined.hasSuffix("/") || p.hasPrefix("/") {
                    joined += p
                } else {
                    joined += "/" + p
                }
            }
            return .string(joined, at: at)
        case ("File", "expand_path"), ("File", "absolute_path"), ("File", "realpath"):
            let base = args.count > 1 ? try stringArgument(1) : nil
            return .string(
                interpreter.absolutePath(try stringArgument(), base: base.map { interpreter.absolutePath($0) }), at: at)
        case ("File", "basename"):
            var base = String((try stringArgument()).split(separator: "/").last ?? "")
            if args.count > 1, let ext = args[1].stringValue {
                if ext == ".*" {
                    if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
                } else if base.hasSuffix(ext) {
                    base = String(base.dropLast(ext.count))
                }
            }
            return .string(base, at: at)
        case ("File", "dirname"):
            let p = try stringArgument()
            guard let slash = p.lastIndex(of: "/") else { return .string(".", at: at) }
            return .string(slash == p.startIndex ? "/" : String(p[..<slash]), at: at)
        case ("File", "extname"):
            let base = String((try stringArgument()).split(separator: "/").last ?? "")
            guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return .string("", at: at) }
            return .string(String(base[dot...]), at: at)
        case ("Dir", "glob"), ("Dir", "[]"):
            var found: [RubyValue] = []
            for a in args where a.stringValue != nil || a.arrayValue != nil {
                let patterns = a.arrayValue ?? [a]
                for p in patterns {
                    let pattern = try interpreter.stringify(p, at: at)
                    let absolute = pattern.hasPrefix("/")
                    for path in try interpreter.glob(pattern, at: at) {
                        let shown = absolute ? path : RubyFiles.relative(path, to: interpreter.directory ?? "")
                        found.append(.string(shown, at: at))
                    }
                }
            }
            return RubyValue(.array(found), at: at)
        case ("Dir", "pwd"), ("Dir", "getwd"):
            return .string(interpreter.directory ?? ".", at: at)
        case ("JSON", "parse"):
            let symbolize =
                arguments.options?.contains { (try? $0.key.keyString()) == "symbolize_names" && $0.value.isTruthy }
                ?? false
            return try RubyJSON.parse(try stringArgument(), symbolizeNames: symbolize, at: at, interpreter: interpreter)
        case ("JSON", "load_file"):
            let bytes = try interpreter.readFile(try stringArgument(), at: at)
            return try RubyJSON.parse(
                String(decoding: bytes, as: UTF8.self), symbolizeNames: false, at: at, interpreter: interpreter)
        case ("Gem::Version", "new"), ("Gem::Version", "create"):
            return RubyValue(.object(RubyObject(id: -3, className: "Gem::Version", text: try stringArgument())), at: at)
        case ("Gem::Version", "<=>"), ("Gem::Version", "<"), ("Gem::Version", ">"), ("Gem::Version", "<="),
            ("Gem::Version", ">="), ("Gem::Version", "=="):
            guard let mine = object.text, let other = args.first.flatMap({ $0.objectValue?.text ?? $0.stringValue })
            else { break }
            let order = RubyBuiltins.versionOrder(mine, other)
            return name == "==" ? .bool(order == 0, at: at) : compare(order, 0, name, at: at)
        case ("Gem::Version", "to_s"), ("Gem::Version", "version"):
            return .string(object.text ?? "", at: at)
        case ("Gem::Version", "segments"):
            return RubyValue(
                .array(
                    (object.text ?? "").split(separator: ".").map {
                        Int($0).map { .integer($0, at: at) } ?? .string(String($0), at: at)
                    }), at: at)
        case ("Class", "new") where object.text == "String":
            return .string(args.first?.stringValue ?? "", at: at)
        case ("Class", "new") where object.text == "Array":
            if let n = args.first?.intValue {
                guard n <= RubyInterpreter.maximumElements else {
                    throw interpreter.failure(at, "Array.new(\(n)) is too large", kind: .limit)
                }
                return RubyValue(
                    .array(Array(repeating: args.count > 1 ? args[1] : .null(at: at), count: max(0, n))), at: at)
            }
            return RubyValue(.array([]), at: at)
        case ("Class", "new") where object.text == "Hash":
            return RubyValue(.hash([]), at: at)
        case ("Class", "to_s"), ("Class", "name"):
            return .string(object.text ?? "", at: at)
        case ("Pathname", "new"):
            return .string(try stringArgument(), at: at)
        case ("File", _), ("Dir", _), ("IO", _), ("ENV", _):
            if [
                "write", "open", "new", "delete", "unlink", "rename", "symlink", "chmod", "mkdir", "rmdir", "binwrite",
                "popen", "foreach", "copy", "[]=", "store", "delete", "clear", "replace", "update",
            ].contains(name) {
                throw interpreter.failure(
                    at,
                    "`\(object.className).\(name)` is not run: compose reads files without writing, opening or changing anything; write the value as a literal"
                )
            }
        default: break
        }
        throw interpreter.failure(
            at,
            "`\(object.text ?? object.className).\(name)` is not something compose knows; write the value as a literal",
            kind: .raised)
    }

    /// Compares dotted versions as RubyGems does for numeric segments.
    static func versionOrder(_ a: String, _ b: String) -> Int {
        let x = a.split(separator: ".").map { Int($0) ?? 0 }
        let y = b.split(separator: ".").map { Int($0) ?? 0 }
        for i in 0..<max(x.count, y.count) {
            let p = i < x.count ? x[i] : 0
            let q = i < y.count ? y[i] : 0
            if p != q { return p < q ? -1 : 1 }
        }
        return 0
    }

    /// `receiver[index] = value` on an array or a hash: the new collection.
    static func indexAssign(
        _ receiver: RubyValue, _ indices: [RubyValue], _ value: RubyValue, at: Int, interpreter: RubyInterpreter
    )
        throws(RubyFailure) -> RubyValue
    {
        switch receiver.kind {
        case .hash(var pairs):
            guard let key = indices.first else { break }
            try interpreter.charge(pairs.count, at: at)
            RubyInterpreter.store(&pairs, key, value)
            return try interpreter.bounded(RubyValue(.hash(pairs), at: receiver.offset))
        case .array(var elements):
            guard var i = indices.first?.intValue else { break }
            try interpreter.charge(elements.count, at: at)
            if i < 0 { i += elements.count }
            guard i >= 0, i <= RubyInterpreter.maximumElements else { break }
            while elements.count <= i { elements.append(.null(at: at)) }
            elements[i] = value
            return try interpreter.bounded(RubyValue(.array(elements), at: receiver.offset))
        case .object(let o) where o.id > 0:
            throw interpreter.failure(at, "`[]=` on \(o.className) is not supported")
        default: break
        }
        throw interpreter.failure(at, "\(receiver.typeName)[…] = … is not supported", kind: .raised)
    }
}
