import Specs

extension Composefile {
    /// How deep lists, target blocks and helper calls may nest. Real Podfiles stay under 10; the
    /// limit keeps the recursive descent far from the end of the stack.
    package static let maxNesting = 64

    /// Parses Composefile (or Podfile) text. `path` is used in error locations only.
    package static func parse(_ text: String, path: String = "Composefile") throws(ComposefileError) -> Composefile {
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
    /// `def name … end` helpers without parameters: the token index where each body starts.
    private var helpers: [String: Int] = [:]
    /// The helpers being inlined, innermost last (a helper that calls itself is refused).
    private var inlining: [String] = []
    /// Hooks skipped: the word and the lines they span.
    private var skippedHooks: [(name: String, from: Int, to: Int)] = []

    static var maxDepth: Int { Composefile.maxNesting }

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
        "configuration", "inhibit_warnings", "modular_headers", "project_name", "submodules", "podspec",
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
        case .string(let s), .interpolated(let s, _, _): return "the string '\(s)'"
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
        case .interpolated(_, let line, let column):
            return .rubyCode(
                ComposefileLocation(file: path, line: line, column: column), construct: "String interpolation '#{…}'",
                advice: "Write the value literally, for example 'https://git.example.com/ios/specs.git'.")
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
        if let first = skippedHooks.first {
            let list = skippedHooks.map { "\($0.name) (lines \($0.from)–\($0.to))" }.joined(separator: ", ")
            file.notes.append(
                Composefile.Note(
                    location: ComposefileLocation(file: path, line: first.from, column: 1),
                    message: "skipped \(list): hooks adjust the Xcode project, which a SwiftPM package does not have."))
        }
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
            case .word(let word) where helpers[word] != nil:
                _ = next()
                try inline(word, at: t)
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
            throw .rubyCode(
                here, construct: "Assigning the variable '\(word)'", advice: "Write the value where it is used.")
        }
        if word == "def" {
            return try parseHelper(at: t)
        }
        if let advice = Self.rubyKeywords[word] {
            throw .rubyCode(here, construct: "'\(word)'", advice: advice)
        }
        if Self.hooks.contains(word) {
            return try skipHook(word, at: t)
        }
        switch word {
        case "source":
            let args = try parseArguments()
            guard args.count == 1, case .string(let url) = args[0].value, !url.isEmpty else {
                throw .invalidValue(
                    here,
                    message:
                        "'source' takes one quoted URL or folder, for example source 'https://git.example.com/ios/specs.git'."
                )
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
                    here,
                    message:
                        "Unrecognized inheritance option: write inherit! :complete, inherit! :none or inherit! :search_paths."
                )
            }
            guard stack.count > 1 else {
                throw .invalidValue(here, message: "'inherit!' belongs inside a target block.")
            }
            stack[stack.count - 1].inheritance = inheritance
        case "pod":
            try parsePod(at: here)
        case "podspec":
            throw .invalidValue(
                here,
                message:
                    "'podspec' is not supported: list the pods it depends on with 'pod' lines, or use pod 'Name', :path => 'folder'."
            )
        case "pod_plugin", "source_plugin":
            throw .unknownDirective(here, name: word)
        default:
            if Self.bareFlags.contains(word) {
                _ = try parseArguments()
                file.flags.append(word)
            } else if let note = Self.ignoredWithNote[word] {
                try skipStatement()
                file.notes.append(Composefile.Note(location: here, message: "'\(word)': \(note)"))
            } else if word == "ENV" {
                throw .rubyCode(
                    here, construct: "Setting an environment variable ('ENV[…]')",
                    advice:
                        "Delete the line (set the variable in the shell instead, for example COCOAPODS_DISABLE_STATS=true)."
                )
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
            throw .invalidValue(
                here,
                message:
                    "'platform' takes a platform and an optional deployment target, for example platform :ios, '15.0'.")
        }
        if name == "macos" { name = "osx" }
        guard PlatformDeclaration.names.contains(name) else {
            throw .invalidValue(
                first.location,
                message: "Unknown platform ':\(name)': use :ios, :osx (or :macos), :tvos, :watchos or :visionos.")
        }
        var target: Version? = nil
        if args.count == 2 {
            var value = args[1].value
            if case .pair("deployment_target", let target, _) = value { value = target }
            guard let text = value.text else {
                throw .invalidValue(
                    args[1].location, message: "The deployment target is a quoted version, for example '15.0'.")
            }
            do {
                target = try Version(text)
            } catch {
                throw .invalidValue(
                    args[1].location, message: "'\(text)' is not a deployment target: write a version such as '15.0'.")
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
        var options: [Argument] = []
        if token.kind == .comma {
            _ = next()
            options = try parseArguments(inParentheses: hasParen)
        } else if hasParen {
            let close = next()
            guard close.kind == .closeParen else { throw unexpected(close, expected: "')'") }
        }
        for option in options {
            if case .pair("exclusive", _, let location) = option.value {
                throw .invalidValue(
                    location,
                    message:
                        "':exclusive' was removed in CocoaPods 1.0: delete it and write inherit! :search_paths (or inherit! :none) inside the target block."
                )
            }
            throw .invalidValue(
                option.location, message: "A target takes only its name: write \(word) '\(name)' do … end.")
        }
        guard targetNames.insert(name).inserted else {
            throw .invalidValue(
                location(nameToken), message: "The target '\(name)' is declared twice: merge the two blocks.")
        }
        guard stack.count <= Self.maxDepth else {
            throw .syntax(
                here,
                message:
                    "Target blocks are nested deeper than \(Self.maxDepth) levels: move this target out of its enclosing blocks."
            )
        }
        let definition = TargetDefinition(name: name, isAbstract: word == "abstract_target", location: here)
        switch token.kind {
        case .newline, .end:
            // `target 'X'` without a block: a target with what its parent declares.
            try expectEndOfStatement()
            stack[stack.count - 1].children.append(definition)
            return
        case .word("do"):
            _ = next()
        default:
            throw unexpected(token, expected: "'do' after the target's name (\(word) '\(name)' do … end)")
        }
        if case .other("|") = token.kind {
            throw .rubyCode(
                location(token), construct: "A block parameter '|…|'",
                advice: "Write \(word) '\(name)' do without block parameters.")
        }
        try expectEndOfStatement()
        stack.append(definition)
        try parseStatements(until: t)
        let finished = stack.removeLast()
        stack[stack.count - 1].children.append(finished)
    }

    // MARK: Helpers, hooks and ignored lines

    /// `def name … end` without parameters: remembered, inlined where called.
    private mutating func parseHelper(at t: Token) throws(ComposefileError) {
        let nameToken = next()
        guard case .word(let name) = nameToken.kind, Self.rubyKeywords[name] == nil else {
            throw unexpected(nameToken, expected: "the helper's name after 'def'")
        }
        if token.kind == .openParen, tokens[position + 1].kind == .closeParen {
            _ = next()
            _ = next()
        }
        guard token.kind == .newline else {
            throw .rubyCode(
                location(t), construct: "The method '\(name)' with parameters",
                advice:
                    "Define it without parameters (def \(name) … end) and call it by name inside the targets, or write its pods out where it is called."
            )
        }
        _ = next()
        helpers[name] = position
        _ = try skipBlock(opener: t)
        try expectEndOfStatement()
    }

    /// Parses a helper's body in the current target, as Ruby would run it there.
    private mutating func inline(_ name: String, at t: Token) throws(ComposefileError) {
        if token.kind == .openParen, tokens[position + 1].kind == .closeParen {
            _ = next()
            _ = next()
        }
        try expectEndOfStatement()
        guard !inlining.contains(name) else {
            throw .rubyCode(
                location(t), construct: "The helper '\(name)' calling itself", advice: "Write its pods out instead.")
        }
        guard inlining.count < Self.maxDepth else {
            throw .syntax(
                location(t),
                message: "Helpers calling helpers are nested deeper than \(Self.maxDepth) levels: write the pods out.")
        }
        let resume = position
        inlining.append(name)
        position = helpers[name]!
        try parseStatements(until: t)
        inlining.removeLast()
        position = resume
    }

    /// A hook (`post_install do |installer| … end`): its Ruby is skipped, one note names the lines.
    private mutating func skipHook(_ word: String, at t: Token) throws(ComposefileError) {
        while true {
            switch token.kind {
            case .word("do"), .other("{"):
                let opener = next()
                let close = try skipBlock(opener: opener)
                skippedHooks.append((word, t.line, close.line))
                try skipStatement()
                return
            case .newline, .end:
                skippedHooks.append((word, t.line, t.line))
                try expectEndOfStatement()
                return
            default:
                _ = next()
            }
        }
    }

    /// Skips the rest of a statement, `{ … }` hashes across lines included.
    private mutating func skipStatement() throws(ComposefileError) {
        var braces: [Token] = []
        while true {
            let t = token
            switch t.kind {
            case .end:
                if let open = braces.last {
                    throw .syntax(location(open), message: "This '{' is never closed: add the matching '}'.")
                }
                return
            case .newline where braces.isEmpty:
                _ = next()
                return
            case .other("{"): braces.append(t)
            case .other("}"): if !braces.isEmpty { braces.removeLast() }
            default: break
            }
            _ = next()
        }
    }

    /// Skips Ruby up to the `end` (or `}`) closing `opener`, whose body starts at the cursor; returns
    /// the closing token. Openers are counted as Ruby counts them: `do`, `def`, `class`, `module`,
    /// `begin`, `case`, and `if`/`unless`/`while`/`until`/`for` at the start of a statement.
    private mutating func skipBlock(opener: Token) throws(ComposefileError) -> Token {
        var open: [Token.Kind] = [opener.kind == .other("{") ? .other("{") : .word("end")]
        var loopAwaitingDo = false
        while true {
            let t = next()
            let previous = position >= 2 ? tokens[position - 2].kind : Token.Kind.newline
            let afterDot = previous == .other(".") || previous == .other("::")
            let statementStart: Bool
            switch previous {
            case .newline, .other("="), .other("||="), .openParen, .comma, .arrow: statementStart = true
            default: statementStart = position < 2
            }
            switch t.kind {
            case .end:
                throw .syntax(location(opener), message: "This block is never closed: add 'end' after its last line.")
            case .newline:
                loopAwaitingDo = false
            case .other("{"):
                open.append(.other("{"))
            case .other("}"):
                if open.last == .other("{") { open.removeLast() }
            case .word("do") where !afterDot:
                if loopAwaitingDo { loopAwaitingDo = false } else { open.append(.word("end")) }
            case .word("def"), .word("class"), .word("module"), .word("begin"), .word("case"):
                if !afterDot { open.append(.word("end")) }
            case .word("if"), .word("unless"):
                if statementStart && !afterDot { open.append(.word("end")) }
            case .word("while"), .word("until"), .word("for"):
                if statementStart && !afterDot {
                    open.append(.word("end"))
                    loopAwaitingDo = true
                }
            case .word("end") where !afterDot:
                if open.last == .word("end") { open.removeLast() }
            default:
                break
            }
            if open.isEmpty { return t }
        }
    }

    private mutating func parsePod(at here: ComposefileLocation) throws(ComposefileError) {
        let args = try parseArguments()
        guard let first = args.first, case .string(let name) = first.value else {
            throw .invalidValue(
                here, message: "'pod' takes the pod's name in quotes first, for example pod 'Networking', '~> 2.0'.")
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
                throw .invalidValue(
                    argument.location,
                    message: "`:head` dependencies have been removed: require a version, or use :git with :branch.")
            default:
                throw .invalidValue(
                    argument.location,
                    message:
                        "After the pod's name come requirement strings ('~> 1.2') and then options (:git => URL); this argument is neither."
                )
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
        var podspec: String?
        var configurations: [String]?
        for (key, value, location) in options {
            guard Self.podOptions.contains(key) else {
                if key == "head" {
                    throw .invalidValue(
                        location,
                        message: "`:head` dependencies have been removed: require a version, or use :git with :branch.")
                }
                throw .invalidValue(
                    location,
                    message:
                        "Unknown pod option ':\(key)': the options are \(Self.podOptions.map { ":" + $0 }.joined(separator: ", "))."
                )
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
            case "podspec": podspec = try string()
            case "configurations", "configuration":
                var names: [String] = []
                switch value {
                case .string(let s) where !s.isEmpty: names = [s]
                case .symbol(let s): names = [s]
                case .array(let items, _):
                    for item in items {
                        guard let s = item.text, !s.isEmpty else {
                            throw .invalidValue(
                                location,
                                message:
                                    "The option :\(key) takes build configuration names, for example :configurations => ['Debug', 'Beta']."
                            )
                        }
                        names.append(s)
                    }
                default:
                    throw .invalidValue(
                        location,
                        message:
                            "The option :\(key) takes build configuration names, for example :configurations => ['Debug', 'Beta']."
                    )
                }
                configurations = (configurations ?? []) + names
            case "tag", "branch", "commit":
                if reference != nil {
                    throw .invalidValue(location, message: "Give only one of :tag, :branch and :commit.")
                }
                let s = try string()
                reference = key == "tag" ? .tag(s) : key == "branch" ? .branch(s) : .commit(s)
            case "subspecs":
                guard case .array(let items, _) = value else {
                    throw .invalidValue(
                        location,
                        message: "The option :subspecs takes a list, for example :subspecs => ['Core', 'Mock'].")
                }
                var names: [String] = []
                for item in items {
                    guard case .string(let s) = item, !s.isEmpty, !s.contains("/") else {
                        throw .invalidValue(
                            location,
                            message:
                                "The option :subspecs takes a list of quoted subspec names, for example :subspecs => ['Core', 'Mock']."
                        )
                    }
                    names.append(s)
                }
                subspecs = names
            default:
                // :inhibit_warnings, :modular_headers, :project_name, :testspecs, :submodules
                break
            }
        }
        if reference != nil && git == nil {
            throw .invalidValue(here, message: "A :tag, :branch or :commit needs a :git URL beside it.")
        }
        if [git, pathOption, podspec].compactMap({ $0 }).count > 1 {
            throw .invalidValue(here, message: "Give only one of :git, :path and :podspec.")
        }
        let external: ExternalSource? =
            pathOption.map { .path($0) } ?? podspec.map { .podspec($0) }
            ?? git.map { .git(url: $0, reference: reference) }
        if external != nil && !requirements.isEmpty {
            throw .invalidValue(
                here,
                message: "A pod from :git or :path is pinned to its source's version: remove the requirement strings.")
        }
        let names = subspecs.map { $0.map { "\(name)/\($0)" } } ?? [name]
        for full in names {
            stack[stack.count - 1].dependencies.append(
                Dependency(
                    name: full, requirements: RequirementSet(requirements), external: external, source: sourceURL,
                    configurations: configurations, location: here))
        }
    }

    static func validatePodName(_ name: String, at location: ComposefileLocation) throws(ComposefileError) {
        guard SafeName.isValidPodPath(name) else {
            throw .invalidValue(
                location,
                message: "'\(name)' is not a pod name: use the spec's name, optionally with a subspec (Name/Sub).")
        }
    }

    // MARK: Arguments

    /// `a, b, :k => v, k: v` up to the end of the statement (or `do`), optionally in parentheses.
    private mutating func parseArguments(inParentheses: Bool = false) throws(ComposefileError) -> [Argument] {
        var args: [Argument] = []
        var parenthesized = inParentheses
        if !inParentheses, token.kind == .openParen {
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
            return Argument(value: .pair(key: key, value: try parseValue(depth: 0), here), location: here)
        }
        let value = try parseValue(depth: 0)
        if token.kind == .arrow {
            _ = next()
            guard let key = value.text else {
                throw .syntax(here, message: "A hash key is a symbol such as :git.")
            }
            return Argument(value: .pair(key: key, value: try parseValue(depth: 0), here), location: here)
        }
        return Argument(value: value, location: here)
    }

    private mutating func parseValue(depth: Int) throws(ComposefileError) -> Value {
        let t = next()
        switch t.kind {
        case .string(let s): return .string(s)
        case .symbol(let s): return .symbol(s)
        case .number(let n): return .number(n)
        case .word("true"): return .bool(true)
        case .word("false"): return .bool(false)
        case .word("nil"): return .null
        case .openBracket:
            guard depth < Self.maxDepth else {
                throw .syntax(
                    location(t),
                    message:
                        "This list is nested deeper than \(Self.maxDepth) levels: write a flat list such as ['Core', 'Mock']."
                )
            }
            var items: [Value] = []
            while token.kind != .closeBracket {
                items.append(try parseValue(depth: depth + 1))
                if token.kind == .comma {
                    _ = next()
                } else if token.kind != .closeBracket {
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
