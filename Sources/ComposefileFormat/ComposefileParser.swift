import Specs

extension Composefile {
    /// Parses Composefile (or Podfile) text. `path` is used in error locations only.
    public static func parse(_ text: String, path: String = "Composefile") throws(ComposefileError) -> Composefile {
        let tokens = try ComposefileLexer.tokenize(text, path: path)
        var parser = ComposefileParser(tokens: tokens, path: path)
        return try parser.parse()
    }
}

/// A value in an argument list.
private indirect enum Value {
    case string(String)
    case symbol(String)
    case number(String)
    case bool(Bool)
    case null
    case array([Value], ComposefileLocation)
    /// `key => value` or `key: value`.
    case pair(key: String, value: Value, ComposefileLocation)

    var text: String? {
        switch self {
        case .string(let s), .symbol(let s), .number(let s): return s
        default: return nil
        }
    }
}

private struct Argument {
    let value: Value
    let location: ComposefileLocation
}

/// Recursive descent over the tokens. Each statement is `word arguments [do]`.
struct ComposefileParser {
    private let tokens: [Token]
    private let path: String
    private var position = 0
    private var file: Composefile
    /// The path from the root to the target being filled (indices into `children`).
    private var stack: [TargetDefinition] = []
    private var targetNames: Set<String> = []

    /// Words that are integration options of the Podfile: accepted, no effect on resolution.
    private static let bareFlags: Set<String> = [
        "use_frameworks!", "use_modular_headers!", "inhibit_all_warnings!", "ensure_bundler!",
        "generate_bundle_file!", "set_arc_compatibility_flag!", "supports_swift_versions",
    ]
    private static let ignoredWithNote: [String: String] = [
        "project": "compose generates a SwiftPM package; the Xcode project setting is ignored.",
        "xcodeproj": "compose generates a SwiftPM package; the Xcode project setting is ignored.",
        "workspace": "compose generates a SwiftPM package; the workspace setting is ignored.",
        "install!": "installation options of CocoaPods do not apply to compose and are ignored.",
        "plugin": "CocoaPods plugins do not run in compose; the plugin line is ignored.",
        "link_with": "link_with is ignored; declare a target block per target instead.",
    ]
    private static let rubyKeywords: [String: String] = [
        "def": "Write the pods out in each target, or share them with an abstract_target block.",
        "if": "A Composefile is declarative: list the pods without conditions (use separate targets for variants).",
        "unless": "A Composefile is declarative: list the pods without conditions (use separate targets for variants).",
        "elsif": "A Composefile is declarative: list the pods without conditions.",
        "else": "A Composefile is declarative: list the pods without conditions.",
        "case": "A Composefile is declarative: list the pods without conditions.",
        "while": "Write each pod line out instead of looping.",
        "until": "Write each pod line out instead of looping.",
        "for": "Write each pod line out instead of looping.",
        "begin": "Remove the begin/rescue block and keep only the declarations.",
        "rescue": "Remove the begin/rescue block and keep only the declarations.",
        "class": "Remove the class definition and keep only the declarations.",
        "module": "Remove the module definition and keep only the declarations.",
        "require": "Remove the require line; a Composefile cannot load Ruby files.",
        "require_relative": "Remove the require line; a Composefile cannot load Ruby files.",
        "load": "Remove the load line; a Composefile cannot load Ruby files.",
        "eval": "Write the declarations directly.",
        "instance_eval": "Write the declarations directly.",
        "puts": "Remove the output statement.",
        "print": "Remove the output statement.",
        "lambda": "Write the declarations directly.",
        "proc": "Write the declarations directly.",
        "return": "Remove the statement.",
        "yield": "Remove the statement.",
        "then": "A Composefile is declarative: list the pods without conditions.",
        "and": "A Composefile is declarative: list the pods without conditions.",
        "or": "A Composefile is declarative: list the pods without conditions.",
        "not": "A Composefile is declarative: list the pods without conditions.",
        "each": "Write each pod line out instead of looping.",
    ]
    private static let hooks: Set<String> = ["pre_install", "post_install", "pre_integrate", "post_integrate"]
    private static let podOptions = [
        "git", "tag", "branch", "commit", "path", "subspecs", "testspecs", "source", "configurations",
        "configuration", "inhibit_warnings", "modular_headers", "project_name", "submodules",
    ]

    init(tokens: [Token], path: String) {
        self.tokens = tokens
        self.path = path
        self.file = Composefile(path: path)
    }

    // MARK: Token helpers

    private var token: Token { tokens[position] }
    private func location(_ token: Token) -> ComposefileLocation {
        ComposefileLocation(file: path, line: token.line, column: token.column)
    }
    private mutating func next() -> Token {
        let t = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return t
    }

    private static func describe(_ kind: Token.Kind) -> String {
        switch kind {
        case .word(let w): return "'\(w)'"
        case .symbol(let s): return "':\(s)'"
        case .label(let l): return "'\(l):'"
        case .string(let s): return "the string '\(s)'"
        case .number(let n): return "the number \(n)"
        case .arrow: return "'=>'"
        case .comma: return "','"
        case .openParen: return "'('"
        case .closeParen: return "')'"
        case .openBracket: return "'['"
        case .closeBracket: return "']'"
        case .newline: return "the end of the line"
        case .other(let o): return "'\(o)'"
        case .end: return "the end of the file"
        }
    }

    /// The error for a token where it does not belong, naming Ruby constructs as such.
    private func unexpected(_ t: Token, expected: String) -> ComposefileError {
        switch t.kind {
        case .word(let w) where Self.rubyKeywords[w] != nil:
            return .rubyCode(location(t), construct: "'\(w)'", advice: Self.rubyKeywords[w]!)
        case .word(let w) where w.first?.isUppercase == true:
            return .rubyCode(
                location(t), construct: "The constant '\(w)'",
                advice: "Write the value literally (environment variables and constants are not read).")
        case .word(let w):
            return .rubyCode(
                location(t), construct: "The variable or method '\(w)'",
                advice: "Write the value literally as a quoted string, for example '~> 1.2'.")
        case .other(let o) where o.hasPrefix("@") || o.hasPrefix("$"):
            return .rubyCode(location(t), construct: "The variable '\(o)'", advice: "Write the value literally.")
        case .other(let o) where o == "{":
            return .rubyCode(
                location(t), construct: "A '{ }' block or hash",
                advice: "Use 'do … end' for targets and write options as :key => 'value' or key: 'value'.")
        case .other(let o) where o == "." || o == "::":
            return .rubyCode(
                location(t), construct: "A method call ('\(o)')", advice: "Write the value literally.")
        case .other(let o) where ["+", "<<", "==", "||", "&&", "!=", "=~", "?", "*", "-", "%", "!"].contains(o):
            return .rubyCode(
                location(t), construct: "The operator '\(o)'", advice: "Write the value literally.")
        default:
            return .syntax(location(t), message: "Expected \(expected), found \(Self.describe(t.kind)).")
        }
    }

    // MARK: Statements

    mutating func parse() throws(ComposefileError) -> Composefile {
        stack = [file.root]
        try parseStatements(until: nil)
        file.root = stack[0]
        return file
    }

    /// Parses statements until `end` (when `block` names the opening token) or the end of the file.
    private mutating func parseStatements(until block: Token?) throws(ComposefileError) {
        while true {
            let t = token
            switch t.kind {
            case .newline:
                _ = next()
            case .end:
                if let block {
                    throw .syntax(
                        location(block),
                        message: "This block is never closed: add 'end' after its last line.")
                }
                return
            case .word("end"):
                _ = next()
                guard block != nil else {
                    throw .syntax(location(t), message: "'end' without a matching 'target … do': remove it.")
                }
                try expectEndOfStatement()
                return
            case .word(let word):
                _ = next()
                try parseStatement(word, at: t)
            default:
                throw unexpected(t, expected: "a directive such as pod, target or source")
            }
        }
    }

    private mutating func expectEndOfStatement() throws(ComposefileError) {
        let t = token
        switch t.kind {
        case .newline: _ = next()
        case .end: break
        default: throw unexpected(t, expected: "the end of the line")
        }
    }

    private mutating func parseStatement(_ word: String, at t: Token) throws(ComposefileError) {
        let here = location(t)
        if case .other("=") = token.kind {
            throw .rubyCode(
                here, construct: "Assigning the variable '\(word)'",
                advice: "Write the value where it is used (a Composefile has no variables).")
        }
        if case .other("+=") = token.kind {
            throw .rubyCode(here, construct: "Assigning the variable '\(word)'", advice: "Write the value where it is used.")
        }
        if let advice = Self.rubyKeywords[word] {
            throw .rubyCode(here, construct: "'\(word)'", advice: advice)
        }
        if Self.hooks.contains(word) {
            throw .rubyCode(
                here, construct: "The '\(word)' hook",
                advice: "Remove the hook: compose generates a SwiftPM package, there is no Xcode project to adjust.")
        }
        switch word {
        case "source":
            let args = try parseArguments()
            guard args.count == 1, case .string(let url) = args[0].value, !url.isEmpty else {
                throw .invalidValue(here, message: "'source' takes one quoted URL or folder, for example source 'https://git.example.com/ios/specs.git'.")
            }
            file.sources.append(SourceDeclaration(url: url, location: here))
        case "platform":
            try parsePlatform(at: here)
        case "target", "abstract_target":
            try parseTarget(word, at: t)
        case "abstract!":
            let args = try parseArguments()
            var flag = true
            if let first = args.first, case .bool(let b) = first.value { flag = b }
            guard stack.count > 1 else {
                throw .invalidValue(here, message: "'abstract!' belongs inside a target block.")
            }
            stack[stack.count - 1].isAbstract = flag
        case "inherit!":
            let args = try parseArguments()
            guard args.count == 1, case .symbol(let mode) = args[0].value,
                let inheritance = TargetDefinition.Inheritance(rawValue: mode)
            else {
                throw .invalidValue(
                    here, message: "Unrecognized inheritance option: write inherit! :complete, inherit! :none or inherit! :search_paths.")
            }
            guard stack.count > 1 else {
                throw .invalidValue(here, message: "'inherit!' belongs inside a target block.")
            }
            stack[stack.count - 1].inheritance = inheritance
        case "pod":
            try parsePod(at: here)
        case "podspec":
            throw .invalidValue(
                here, message: "'podspec' is not supported: list the pods it depends on with 'pod' lines, or use pod 'Name', :path => 'folder'.")
        case "pod_plugin", "source_plugin":
            throw .unknownDirective(here, name: word)
        default:
            if Self.bareFlags.contains(word) {
                _ = try parseArguments()
                file.flags.append(word)
            } else if let note = Self.ignoredWithNote[word] {
                _ = try parseArguments()
                file.notes.append(Composefile.Note(location: here, message: "'\(word)': \(note)"))
            } else if word.first?.isUppercase == true {
                throw .rubyCode(
                    here, construct: "The constant '\(word)'",
                    advice: "Write the value literally (environment variables and constants are not read).")
            } else {
                throw .unknownDirective(here, name: word)
            }
        }
    }

    private mutating func parsePlatform(at here: ComposefileLocation) throws(ComposefileError) {
        let args = try parseArguments()
        guard let first = args.first, case .symbol(var name) = first.value, args.count <= 2 else {
            throw .invalidValue(here, message: "'platform' takes a platform and an optional deployment target, for example platform :ios, '15.0'.")
        }
        if name == "macos" { name = "osx" }
        guard PlatformDeclaration.names.contains(name) else {
            throw .invalidValue(
                first.location,
                message: "Unknown platform ':\(name)': use :ios, :osx (or :macos), :tvos, :watchos or :visionos.")
        }
        var target: Version? = nil
        if args.count == 2 {
            guard let text = args[1].value.text else {
                throw .invalidValue(args[1].location, message: "The deployment target is a quoted version, for example '15.0'.")
            }
            do {
                target = try Version(text)
            } catch {
                throw .invalidValue(args[1].location, message: "'\(text)' is not a deployment target: write a version such as '15.0'.")
            }
        }
        stack[stack.count - 1].platform = PlatformDeclaration(name: name, deploymentTarget: target, location: here)
    }

    private mutating func parseTarget(_ word: String, at t: Token) throws(ComposefileError) {
        let here = location(t)
        let hasParen = token.kind == .openParen
        if hasParen { _ = next() }
        let nameToken = next()
        let name: String
        switch nameToken.kind {
        case .string(let s), .symbol(let s): name = s
        default:
            throw unexpected(nameToken, expected: "the target's name in quotes, for example \(word) 'App' do")
        }
        guard !name.isEmpty else {
            throw .invalidValue(location(nameToken), message: "A target needs a name, for example \(word) 'App' do.")
        }
        if hasParen {
            let close = next()
            guard close.kind == .closeParen else { throw unexpected(close, expected: "')'") }
        }
        guard case .word("do") = token.kind else {
            if case .other("{") = token.kind {
                throw unexpected(token, expected: "do")
            }
            throw unexpected(token, expected: "'do' after the target's name (\(word) '\(name)' do … end)")
        }
        _ = next()
        if case .other("|") = token.kind {
            throw .rubyCode(location(token), construct: "A block parameter '|…|'", advice: "Write \(word) '\(name)' do without block parameters.")
        }
        try expectEndOfStatement()
        guard targetNames.insert(name).inserted else {
            throw .invalidValue(location(nameToken), message: "The target '\(name)' is declared twice: merge the two blocks.")
        }
        stack.append(TargetDefinition(name: name, isAbstract: word == "abstract_target", location: here))
        try parseStatements(until: t)
        let finished = stack.removeLast()
        stack[stack.count - 1].children.append(finished)
    }

    private mutating func parsePod(at here: ComposefileLocation) throws(ComposefileError) {
        let args = try parseArguments()
        guard let first = args.first, case .string(let name) = first.value else {
            throw .invalidValue(here, message: "'pod' takes the pod's name in quotes first, for example pod 'Networking', '~> 2.0'.")
        }
        try Self.validatePodName(name, at: first.location)
        var requirementStrings: [(String, ComposefileLocation)] = []
        var options: [(String, Value, ComposefileLocation)] = []
        for argument in args.dropFirst() {
            switch argument.value {
            case .string(let s) where options.isEmpty:
                requirementStrings.append((s, argument.location))
            case .pair(let key, let value, let location):
                options.append((key, value, location))
            case .symbol("head"):
                throw .invalidValue(argument.location, message: "`:head` dependencies have been removed: require a version, or use :git with :branch.")
            default:
                throw .invalidValue(
                    argument.location,
                    message: "After the pod's name come requirement strings ('~> 1.2') and then options (:git => URL); this argument is neither.")
            }
        }
        var requirements: [Requirement] = []
        for (text, location) in requirementStrings {
            do {
                requirements.append(try Requirement(parsing: text))
            } catch {
                throw .invalidValue(location, message: error.description)
            }
        }
        var git: String?
        var pathOption: String?
        var reference: GitReference?
        var subspecs: [String]?
        var sourceURL: String?
        for (key, value, location) in options {
            guard Self.podOptions.contains(key) else {
                if key == "podspec" {
                    throw .invalidValue(location, message: "The :podspec option is not supported: use :path => 'folder with the podspec' or :git => URL.")
                }
                if key == "head" {
                    throw .invalidValue(location, message: "`:head` dependencies have been removed: require a version, or use :git with :branch.")
                }
                throw .invalidValue(
                    location,
                    message: "Unknown pod option ':\(key)': the options are \(Self.podOptions.map { ":" + $0 }.joined(separator: ", ")).")
            }
            func string() throws(ComposefileError) -> String {
                guard case .string(let s) = value, !s.isEmpty else {
                    throw .invalidValue(location, message: "The option :\(key) takes a quoted, non-empty value.")
                }
                return s
            }
            switch key {
            case "git": git = try string()
            case "path": pathOption = try string()
            case "source": sourceURL = try string()
            case "tag", "branch", "commit":
                if reference != nil {
                    throw .invalidValue(location, message: "Give only one of :tag, :branch and :commit.")
                }
                let s = try string()
                reference = key == "tag" ? .tag(s) : key == "branch" ? .branch(s) : .commit(s)
            case "subspecs":
                guard case .array(let items, _) = value else {
                    throw .invalidValue(location, message: "The option :subspecs takes a list, for example :subspecs => ['Core', 'Mock'].")
                }
                var names: [String] = []
                for item in items {
                    guard case .string(let s) = item, !s.isEmpty, !s.contains("/") else {
                        throw .invalidValue(location, message: "The option :subspecs takes a list of quoted subspec names, for example :subspecs => ['Core', 'Mock'].")
                    }
                    names.append(s)
                }
                subspecs = names
            default:
                // :configurations, :inhibit_warnings, :modular_headers, :project_name, :testspecs, :submodules
                break
            }
        }
        if reference != nil && git == nil {
            throw .invalidValue(here, message: "A :tag, :branch or :commit needs a :git URL beside it.")
        }
        if git != nil && pathOption != nil {
            throw .invalidValue(here, message: "Give either :git or :path, not both.")
        }
        let external: ExternalSource? = pathOption.map { .path($0) } ?? git.map { .git(url: $0, reference: reference) }
        if external != nil && !requirements.isEmpty {
            throw .invalidValue(here, message: "A pod from :git or :path is pinned to its source's version: remove the requirement strings.")
        }
        let names = subspecs.map { $0.map { "\(name)/\($0)" } } ?? [name]
        for full in names {
            stack[stack.count - 1].dependencies.append(Dependency(
                name: full, requirements: RequirementSet(requirements), external: external, source: sourceURL,
                location: here))
        }
    }

    static func validatePodName(_ name: String, at location: ComposefileLocation) throws(ComposefileError) {
        guard SafeName.isValidPodPath(name) else {
            throw .invalidValue(location, message: "'\(name)' is not a pod name: use the spec's name, optionally with a subspec (Name/Sub).")
        }
    }

    // MARK: Arguments

    /// `a, b, :k => v, k: v` up to the end of the statement (or `do`), optionally in parentheses.
    private mutating func parseArguments() throws(ComposefileError) -> [Argument] {
        var args: [Argument] = []
        var parenthesized = false
        if token.kind == .openParen {
            parenthesized = true
            _ = next()
        }
        func atEnd(_ kind: Token.Kind) -> Bool {
            if parenthesized { return kind == .closeParen }
            switch kind {
            case .newline, .end, .word("do"): return true
            default: return false
            }
        }
        if !atEnd(token.kind) {
            while true {
                args.append(try parseArgument())
                if token.kind == .comma {
                    _ = next()
                    continue
                }
                if atEnd(token.kind) { break }
                throw unexpected(token, expected: parenthesized ? "',' or ')'" : "',' or the end of the line")
            }
        }
        if parenthesized { _ = next() }
        if case .word("do") = token.kind { return args }
        try expectEndOfStatement()
        return args
    }

    private mutating func parseArgument() throws(ComposefileError) -> Argument {
        let t = token
        let here = location(t)
        if case .label(let key) = t.kind {
            _ = next()
            return Argument(value: .pair(key: key, value: try parseValue(), here), location: here)
        }
        let value = try parseValue()
        if token.kind == .arrow {
            _ = next()
            guard let key = value.text else {
                throw .syntax(here, message: "A hash key is a symbol such as :git.")
            }
            return Argument(value: .pair(key: key, value: try parseValue(), here), location: here)
        }
        return Argument(value: value, location: here)
    }

    private mutating func parseValue() throws(ComposefileError) -> Value {
        let t = next()
        switch t.kind {
        case .string(let s): return .string(s)
        case .symbol(let s): return .symbol(s)
        case .number(let n): return .number(n)
        case .word("true"): return .bool(true)
        case .word("false"): return .bool(false)
        case .word("nil"): return .null
        case .openBracket:
            var items: [Value] = []
            while token.kind != .closeBracket {
                items.append(try parseValue())
                if token.kind == .comma { _ = next() } else if token.kind != .closeBracket {
                    throw unexpected(token, expected: "',' or ']'")
                }
            }
            _ = next()
            return .array(items, location(t))
        case .other("%"):
            throw .rubyCode(location(t), construct: "A '%' literal", advice: "Write the list as ['A', 'B'].")
        default:
            throw unexpected(t, expected: "a quoted string, a :symbol, a number, true, false or a [list]")
        }
    }
}
