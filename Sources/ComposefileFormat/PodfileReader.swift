import Foundation
import Ruby
import Specs
import Yams

extension Composefile {
    /// How deep target blocks may nest. Real Podfiles stay under 10.
    package static let maxNesting = 64

    /// Reads a Composefile or a Podfile: evaluates its Ruby (variables, conditions, helpers with
    /// parameters, `ENV`, `require_relative` of a helper below its folder) in the sandboxed
    /// interpreter, with the Podfile DSL's words. Hooks (`post_install` …) are kept unread.
    /// - Parameters:
    ///   - path: the file's name in messages and locations.
    ///   - directory: its folder, for `require_relative`, `File.read`, `File.exist?`, `Dir.glob`
    ///     (only below it); nil refuses file reads.
    ///   - environment: what `ENV[…]` reads (the command's environment), less the variables whose names
    ///     look secret; `allowedEnvironment`: the variables whose values may become a source, a pod's
    ///     option or any other word's value (`--allow-env`, `COMPOSE_ALLOW_ENV`), and which are seen
    ///     even when their names look secret. Any other variable's value is refused there.
    package static func parse(
        _ text: String, path: String = "Composefile", directory: String? = nil, environment: [String: String] = [:],
        allowedEnvironment: Set<String> = []
    ) throws(ComposefileError) -> Composefile {
        if let framework = PodfileReader.framework(in: text) {
            throw .syntax(ComposefileLocation(file: path, line: framework.line, column: 1), message: framework.message)
        }
        let reader = PodfileReader(path: path)
        let files = directory.map { RubyFiles(root: $0) }
        var environment = environment
        // Run as `bundle exec pod` runs it where the project has a Gemfile: Podfiles that insist on
        // Bundler check these.
        if let directory, environment["BUNDLE_GEMFILE"] == nil,
            FileManager.default.fileExists(atPath: directory + "/Gemfile")
        {
            environment["BUNDLE_GEMFILE"] = directory + "/Gemfile"
        }
        let interpreter = RubyInterpreter(
            bytes: Array(text.utf8), path: path, directory: files?.folder, host: reader, files: files,
            environment: environment, allowedEnvironment: allowedEnvironment,
            opaqueBlockMethods: PodfileReader.hooks)
        reader.interpreter = interpreter
        do {
            try interpreter.run()
        } catch {
            if let pending = reader.pendingError { throw pending }
            throw .syntax(reader.location(of: error), message: PodfileReader.sentence(error.message))
        }
        var file = try reader.finish(environment: environment, interpreter: interpreter)
        file.environmentRead = interpreter.environmentRead
        file.filesRead = interpreter.filesRead
        return file
    }
}

/// The Podfile DSL as a host of the Ruby interpreter: `source`, `platform`, `target` blocks, `pod`,
/// the integration flags, and the words it accepts without effect (with a note).
final class PodfileReader: RubyHost {
    static let hooks: Set<String> = ["pre_install", "post_install", "pre_integrate", "post_integrate"]

    /// Words that are integration options of the Podfile: accepted, no effect on resolution.
    private static let bareFlags: Set<String> = [
        "use_frameworks!", "use_modular_headers!", "inhibit_all_warnings!", "ensure_bundler!",
        "generate_bundle_file!", "set_arc_compatibility_flag!", "supports_swift_versions",
    ]
    private static let ignoredWithNote: [String: String] = [
        "plugin": "CocoaPods plugins do not run in compose; the plugin line is ignored.",
        "link_with": "link_with is ignored; declare a target block per target instead.",
    ]
    private static let podOptions = [
        "git", "tag", "branch", "commit", "path", "subspecs", "testspecs", "source", "configurations",
        "configuration", "inhibit_warnings", "modular_headers", "project_name", "submodules", "podspec",
    ]

    let path: String
    weak var interpreter: RubyInterpreter?
    private var file: Composefile
    private var stack: [TargetDefinition]
    private var targetNames: Set<String> = []
    private var skippedHooks: [(name: String, lines: ClosedRange<Int>, location: ComposefileLocation)] = []
    /// The CocoaPods plugins the file names with `plugin 'cocoapods-…'`, in order.
    private var declaredPlugins: [String] = []
    /// A DSL error of ours, thrown through the interpreter as a failure.
    private(set) var pendingError: ComposefileError?

    init(path: String) {
        self.path = path
        file = Composefile(path: path)
        stack = [file.root]
    }

    func finish(environment: [String: String], interpreter: RubyInterpreter) throws(ComposefileError) -> Composefile {
        file.root = stack[0]
        if let first = skippedHooks.first {
            let list = skippedHooks.map { "\($0.name) (lines \($0.lines.lowerBound)–\($0.lines.upperBound))" }
                .joined(separator: ", ")
            file.notes.append(
                Composefile.note(
                    Composefile.NoteRule.hookSkipped, at: first.location,
                    "skipped \(list): hooks adjust the Xcode project, which a SwiftPM package does not have."))
        }
        return file
    }

    // MARK: Locations and errors

    func location(_ offset: Int) -> ComposefileLocation {
        guard let interpreter else { return ComposefileLocation(file: path, line: 1, column: 1) }
        let place = interpreter.place(of: offset)
        return ComposefileLocation(file: place.file, line: place.line, column: place.column)
    }

    func location(of failure: RubyFailure) -> ComposefileLocation {
        guard let interpreter else { return ComposefileLocation(file: path, line: 1, column: 1) }
        let place = interpreter.place(of: failure)
        return ComposefileLocation(file: place.file, line: place.line, column: place.column)
    }

    /// A message that starts like a sentence.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        var text = first.uppercased() + message.dropFirst()
        if !text.hasSuffix(".") && !text.hasSuffix(")") && !text.hasSuffix("`") { text += "." }
        return text
    }

    private func fail(_ error: ComposefileError) -> RubyFailure {
        pendingError = error
        return RubyFailure(offset: 0, message: error.description)
    }

    private func invalid(_ offset: Int, _ message: String) -> RubyFailure {
        fail(.invalidValue(location(offset), message: message))
    }

    // MARK: The DSL

    func call(_ name: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter) throws(RubyFailure)
        -> RubyValue?
    {
        let at = arguments.offset
        let here = location(at)
        let nothing = RubyValue.null(at: at)
        if PodfileReader.hooks.contains(name) {
            if let lines = arguments.block?.opaqueLines {
                skippedHooks.append((name, lines, here))
            } else {
                skippedHooks.append((name, here.line...here.line, here))
            }
            return nothing
        }
        switch name {
        case "source":
            guard arguments.values.count == 1, let url = arguments.values[0].stringValue, !url.isEmpty else {
                throw invalid(
                    at,
                    "'source' takes one quoted URL or folder, for example source 'https://git.example.com/ios/specs.git'."
                )
            }
            file.sources.append(SourceDeclaration(url: url, location: here))
        case "platform":
            try platform(arguments, at: here)
        case "target", "abstract_target":
            try target(name, arguments, in: interpreter)
        case "abstract!":
            var flag = true
            if case .bool(let b)? = arguments.values.first?.kind { flag = b }
            guard stack.count > 1 else { throw invalid(at, "'abstract!' belongs inside a target block.") }
            stack[stack.count - 1].isAbstract = flag
        case "inherit!":
            guard arguments.values.count == 1, let mode = arguments.values[0].symbolValue,
                let inheritance = TargetDefinition.Inheritance(rawValue: mode)
            else {
                throw invalid(
                    at,
                    "Unrecognized inheritance option: write inherit! :complete, inherit! :none or inherit! :search_paths."
                )
            }
            guard stack.count > 1 else { throw invalid(at, "'inherit!' belongs inside a target block.") }
            stack[stack.count - 1].inheritance = inheritance
        case "pod":
            try pod(arguments, at: here)
        case "project", "xcodeproj", "workspace":
            try xcodePath(name, arguments, at: here)
        case "install!":
            installOptions(arguments, at: here)
        case "podspec":
            throw invalid(
                at,
                "'podspec' is not supported: list the pods it depends on with 'pod' lines, or use pod 'Name', :path => 'folder'."
            )
        case "pod_plugin", "source_plugin":
            throw fail(.unknownDirective(here, name: name))
        default:
            if PodfileReader.bareFlags.contains(name) {
                file.flags.append(name)
            } else if let note = PodfileReader.ignoredWithNote[name] {
                if name == "plugin", let plugin = arguments.values.first?.stringValue, plugin.hasPrefix("cocoapods-") {
                    declaredPlugins.append(plugin)
                }
                file.notes.append(Composefile.note(Composefile.NoteRule.wordIgnored, at: here, "'\(name)': \(note)"))
            } else if name.first?.isUppercase == true {
                return nil
            } else if let plugin = (interpreter.notLoaded + declaredPlugins).last(where: { $0.hasPrefix("cocoapods-") })
            {
                // A word of a CocoaPods plugin the file requires: the plugin is not loaded. Only a call
                // on a line of its own is skipped; a value used (an argument, an assigned value, a
                // condition, an interpolation) is CocoaPods' NameError when the word is no plugin's.
                guard arguments.isStatement else {
                    let kind =
                        arguments.values.isEmpty && arguments.block == nil ? "local variable or method" : "method"
                    throw fail(
                        .syntax(
                            here,
                            message:
                                "undefined \(kind) `\(name)` (CocoaPods stops here with NameError; compose does not load the plugin '\(plugin)', and skips its words only as statements of their own, never where their value is used): define it above, or remove it"
                        ))
                }
                file.notes.append(
                    Composefile.note(
                        Composefile.NoteRule.pluginWordSkipped, at: here,
                        "'\(name)' is not a Podfile word; it comes from the plugin '\(plugin)', which compose does not load: skipped."
                    ))
            } else if arguments.values.isEmpty && arguments.block == nil {
                throw fail(
                    .syntax(
                        here,
                        message:
                            "`\(name)` is neither a variable assigned before this line nor a word of a Podfile: assign it first (\(name) = '…') or write the value in quotes."
                    ))
            } else {
                throw fail(.unknownDirective(here, name: name))
            }
        }
        return nothing
    }

    func call(_ object: RubyObject, _ name: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter)
        throws(RubyFailure) -> RubyValue
    {
        if object == PodfileReader.yaml { return try yaml(name, arguments, in: interpreter) }
        throw interpreter.failure(arguments.offset, "\(object.className) has no method `\(name)` in a Podfile")
    }

    func constant(_ path: String, at offset: Int) -> RubyValue? {
        switch path {
        case "Pod::VERSION": .string("1.16.2", at: offset)
        case "YAML", "Psych": RubyValue(.object(PodfileReader.yaml), at: offset)
        default: nil
        }
    }

    private static let yaml = RubyObject(id: 1, className: "YAML")

    /// `YAML.load_file(path)` / `YAML.safe_load(text)`: read by Yams, into Ruby values.
    private func yaml(_ name: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter) throws(RubyFailure)
        -> RubyValue
    {
        let at = arguments.offset
        guard let argument = arguments.values.first?.stringValue else {
            throw interpreter.failure(at, "`YAML.\(name)` takes a string")
        }
        let text: String
        switch name {
        case "load_file", "safe_load_file", "unsafe_load_file":
            text = String(decoding: try interpreter.readFile(argument, what: "YAML.\(name)", at: at), as: UTF8.self)
        case "load", "safe_load":
            text = argument
        default:
            throw interpreter.failure(at, "`YAML.\(name)` is not read; use YAML.load_file or YAML.safe_load")
        }
        let node: Yams.Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw interpreter.failure(at, "`\(argument)` is not YAML compose can read: \(error)", kind: .raised)
        }
        return PodfileReader.rubyValue(node, at: at, depth: 0)
    }

    private static func rubyValue(_ node: Yams.Node?, at offset: Int, depth: Int) -> RubyValue {
        guard let node, depth < 64 else { return .null(at: offset) }
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                if let b = Bool.construct(from: scalar) { return .bool(b, at: offset) }
                if let i = Int.construct(from: scalar) { return .integer(i, at: offset) }
                if scalar.string == "~" || scalar.string == "null" || scalar.string.isEmpty { return .null(at: offset) }
                if Double.construct(from: scalar) != nil, scalar.string.contains(".") {
                    return RubyValue(.float(scalar.string), at: offset)
                }
            }
            return .string(scalar.string, at: offset)
        case .sequence(let sequence):
            return RubyValue(.array(sequence.map { rubyValue($0, at: offset, depth: depth + 1) }), at: offset)
        case .mapping(let mapping):
            return RubyValue(
                .hash(
                    mapping.map {
                        (
                            rubyValue($0.key, at: offset, depth: depth + 1),
                            rubyValue($0.value, at: offset, depth: depth + 1)
                        )
                    }),
                at: offset)
        case .alias:
            return .null(at: offset)
        }
    }

    func willRequire(_ path: String, at offset: Int) throws(RubyFailure) {
        if let framework = PodfileReader.framework(inPath: path) {
            throw fail(.syntax(location(offset), message: framework))
        }
    }

    private func platform(_ arguments: RubyArguments, at here: ComposefileLocation) throws(RubyFailure) {
        let args = arguments.values
        guard let first = args.first, var name = first.symbolValue ?? first.stringValue, args.count <= 2 else {
            throw invalid(
                arguments.offset,
                "'platform' takes a platform and an optional deployment target, for example platform :ios, '15.0'.")
        }
        if name == "macos" { name = "osx" }
        guard PlatformDeclaration.names.contains(name) else {
            throw invalid(
                first.offset, "Unknown platform ':\(name)': use :ios, :osx (or :macos), :tvos, :watchos or :visionos.")
        }
        var target: Version? = nil
        if args.count == 2 {
            var value = args[1]
            if case .hash(let pairs) = value.kind,
                let pair = pairs.first(where: { $0.key.symbolValue == "deployment_target" })
            {
                value = pair.value
            }
            let text: String
            switch value.kind {
            case .string(let s), .integer(let s), .float(let s): text = s
            case .object(let o) where o.text != nil: text = o.text!
            default:
                throw invalid(args[1].offset, "The deployment target is a quoted version, for example '15.0'.")
            }
            do {
                target = try Version(text)
            } catch {
                throw invalid(args[1].offset, "'\(text)' is not a deployment target: write a version such as '15.0'.")
            }
        }
        stack[stack.count - 1].platform = PlatformDeclaration(name: name, deploymentTarget: target, location: here)
    }

    /// `project 'App'` (per target block, inherited by the blocks inside; the build configuration
    /// pairs after it are CocoaPods' and ignored) and `workspace 'App'` (the file's).
    private func xcodePath(_ word: String, _ arguments: RubyArguments, at here: ComposefileLocation)
        throws(RubyFailure)
    {
        let isWorkspace = word == "workspace"
        let suffix = isWorkspace ? ".xcworkspace" : ".xcodeproj"
        guard let first = arguments.values.first, var path = first.stringValue ?? first.symbolValue, !path.isEmpty
        else {
            throw invalid(arguments.offset, "'\(word)' takes a quoted path, for example \(word) 'App\(suffix)'.")
        }
        if !path.hasSuffix(suffix) { path += suffix }
        let declaration = XcodePathDeclaration(path: path, location: here)
        if isWorkspace {
            file.workspace = declaration
        } else {
            stack[stack.count - 1].project = declaration
        }
    }

    /// `install! 'cocoapods', :integrate_targets => false` is kept (install leaves the Xcode project
    /// alone); CocoaPods' other installation options get a note.
    private func installOptions(_ arguments: RubyArguments, at here: ComposefileLocation) {
        var ignored: [String] = []
        for value in arguments.values.dropFirst() {
            guard case .hash(let pairs) = value.kind else { continue }
            for (key, option) in pairs {
                let name = key.symbolValue ?? key.stringValue ?? "?"
                if name == "integrate_targets", case .bool(let flag) = option.kind {
                    file.integratesTargets = flag
                } else {
                    ignored.append(":" + name)
                }
            }
        }
        if !ignored.isEmpty || arguments.values.count <= 1 {
            let list = ignored.isEmpty ? "" : " (\(ignored.joined(separator: ", ")))"
            file.notes.append(
                Composefile.note(
                    Composefile.NoteRule.installOptionsIgnored, at: here,
                    "'install!': installation options of CocoaPods\(list) do not apply to compose and are ignored; only :integrate_targets is read."
                ))
        }
    }

    private func target(_ word: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter)
        throws(RubyFailure)
    {
        let at = arguments.offset
        guard let first = arguments.values.first, let name = first.stringValue ?? first.symbolValue else {
            throw invalid(at, "A \(word) needs its name in quotes, for example \(word) 'App' do … end.")
        }
        guard !name.isEmpty else { throw invalid(first.offset, "A target needs a name, for example \(word) 'App' do.") }
        for option in arguments.values.dropFirst() {
            if case .hash(let pairs) = option.kind,
                let exclusive = pairs.first(where: { $0.key.symbolValue == "exclusive" })
            {
                throw invalid(
                    exclusive.key.offset,
                    "':exclusive' was removed in CocoaPods 1.0: delete it and write inherit! :search_paths (or inherit! :none) inside the target block."
                )
            }
            throw invalid(option.offset, "A target takes only its name: write \(word) '\(name)' do … end.")
        }
        guard targetNames.insert(name).inserted else {
            throw invalid(first.offset, "The target '\(name)' is declared twice: merge the two blocks.")
        }
        guard stack.count <= Composefile.maxNesting else {
            throw fail(
                .syntax(
                    location(at),
                    message:
                        "Target blocks are nested deeper than \(Composefile.maxNesting) levels: move this target out of its enclosing blocks."
                ))
        }
        let definition = TargetDefinition(name: name, isAbstract: word == "abstract_target", location: location(at))
        guard let block = arguments.block else {
            // `target 'X'` without a block: a target with what its parent declares.
            stack[stack.count - 1].children.append(definition)
            return
        }
        stack.append(definition)
        _ = try interpreter.yield(block, [], at: at, discardingResult: true)
        let finished = stack.removeLast()
        if finished.inheritance == .searchPaths, !finished.isAbstract, finished.dependencies.isEmpty {
            file.notes.append(
                Composefile.note(
                    Composefile.NoteRule.searchPathsTargetEmpty, at: finished.location,
                    "target '\(name)' has `inherit! :search_paths` and no pods of its own, so its product in Composed/ is empty: CocoaPods links nothing into such a target either, and its host app's pods reach it through the host."
                ))
        }
        stack[stack.count - 1].children.append(finished)
    }

    private func pod(_ arguments: RubyArguments, at here: ComposefileLocation) throws(RubyFailure) {
        let at = arguments.offset
        var args = arguments.values
        guard let first = args.first, let name = first.stringValue else {
            throw invalid(at, "'pod' takes the pod's name in quotes first, for example pod 'Networking', '~> 2.0'.")
        }
        guard SafeName.isValidPodPath(name) else {
            throw invalid(
                first.offset, "'\(name)' is not a pod name: use the spec's name, optionally with a subspec (Name/Sub).")
        }
        args.removeFirst()
        var options: [(key: RubyValue, value: RubyValue)] = []
        if case .hash(let pairs)? = args.last?.kind {
            options = pairs
            args.removeLast()
        }
        var requirements: [Requirement] = []
        for argument in args {
            switch argument.kind {
            case .string(let text):
                do {
                    requirements.append(try Requirement(parsing: text))
                } catch {
                    throw invalid(argument.offset, error.description)
                }
            case .array(let list) where list.allSatisfy({ $0.stringValue != nil }):
                for item in list {
                    do {
                        requirements.append(try Requirement(parsing: item.stringValue!))
                    } catch {
                        throw invalid(item.offset, error.description)
                    }
                }
            case .symbol("head"):
                throw invalid(
                    argument.offset,
                    "`:head` dependencies have been removed: require a version, or use :git with :branch.")
            case .null:
                continue
            default:
                throw invalid(
                    argument.offset,
                    "After the pod's name come requirement strings ('~> 1.2') and then options (:git => URL); this argument is neither."
                )
            }
        }
        var git: String?
        var pathOption: String?
        var reference: GitReference?
        var subspecs: [String]?
        var sourceURL: String?
        var podspec: String?
        var configurations: [String]?
        for (keyValue, value) in options {
            let key = keyValue.symbolValue ?? keyValue.stringValue ?? ""
            let keyAt = keyValue.offset
            guard PodfileReader.podOptions.contains(key) else {
                if key == "head" {
                    throw invalid(
                        keyAt, "`:head` dependencies have been removed: require a version, or use :git with :branch.")
                }
                throw invalid(
                    keyAt,
                    "Unknown pod option ':\(key)': the options are \(PodfileReader.podOptions.map { ":" + $0 }.joined(separator: ", "))."
                )
            }
            func string() throws(RubyFailure) -> String {
                guard let s = value.stringValue, !s.isEmpty else {
                    throw invalid(keyAt, "The option :\(key) takes a quoted, non-empty value.")
                }
                return s
            }
            switch key {
            case "git": git = try string()
            case "path": pathOption = try string()
            case "source": sourceURL = try string()
            case "podspec": podspec = try string()
            case "configurations", "configuration":
                let message =
                    "The option :\(key) takes build configuration names, for example :configurations => ['Debug', 'Beta']."
                var names: [String] = []
                switch value.kind {
                case .string(let s) where !s.isEmpty: names = [s]
                case .symbol(let s): names = [s]
                case .array(let items):
                    for item in items {
                        guard let s = item.stringValue ?? item.symbolValue, !s.isEmpty else {
                            throw invalid(keyAt, message)
                        }
                        names.append(s)
                    }
                default: throw invalid(keyAt, message)
                }
                configurations = (configurations ?? []) + names
            case "tag", "branch", "commit":
                // CocoaPods checks out the commit when one is given, else the tag, else the branch.
                let s = try string()
                let given: GitReference = key == "tag" ? .tag(s) : key == "branch" ? .branch(s) : .commit(s)
                switch (reference, given) {
                case (nil, _), (.branch?, .tag), (.branch?, .commit), (.tag?, .commit): reference = given
                default: break
                }
            case "subspecs":
                guard case .array(let items) = value.kind else {
                    throw invalid(
                        keyAt, "The option :subspecs takes a list, for example :subspecs => ['Core', 'Mock'].")
                }
                var names: [String] = []
                for item in items {
                    guard let s = item.stringValue, !s.isEmpty, !s.contains("/") else {
                        throw invalid(
                            keyAt,
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
            throw invalid(at, "A :tag, :branch or :commit needs a :git URL beside it.")
        }
        if [git, pathOption, podspec].compactMap({ $0 }).count > 1 {
            throw invalid(at, "Give only one of :git, :path and :podspec.")
        }
        let external: ExternalSource? =
            pathOption.map { .path($0) } ?? podspec.map { .podspec($0) }
            ?? git.map { .git(url: $0, reference: reference) }
        if external != nil && !requirements.isEmpty {
            throw invalid(
                at, "A pod from :git or :path is pinned to its source's version: remove the requirement strings.")
        }
        let names = subspecs.map { $0.map { "\(name)/\($0)" } } ?? [name]
        for full in names {
            stack[stack.count - 1].dependencies.append(
                Dependency(
                    name: full, requirements: RequirementSet(requirements), external: external, source: sourceURL,
                    configurations: configurations, location: here))
        }
    }

    // MARK: Frameworks that generate their pods

    /// A React Native, Flutter or Expo Podfile: its pods come from the framework's own Ruby, which
    /// compose does not evaluate. Found by the framework's words, before anything runs.
    static func framework(in text: String) -> (line: Int, message: String)? {
        let markers: [(String, String)] = [
            ("use_expo_modules!", "Expo"), ("use_react_native!", "React Native"),
            ("use_native_modules!", "React Native"),
            ("flutter_install_all_ios_pods", "Flutter"), ("flutter_install_all_macos_pods", "Flutter"),
        ]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.prefix { $0 != "#" }
            for (marker, name) in markers where code.contains(marker) {
                return (number + 1, message(for: name, word: marker))
            }
        }
        return nil
    }

    static func framework(inPath path: String) -> String? {
        if path.contains("/node_modules/expo") { return message(for: "Expo", word: "require of \(path)") }
        if path.contains("/node_modules/") { return message(for: "React Native", word: "require of \(path)") }
        if path.hasSuffix("/podhelper.rb") || path.contains("flutter_tools") {
            return message(for: "Flutter", word: "require of \(path)")
        }
        return nil
    }

    private static func message(for framework: String, word: String) -> String {
        let how: String
        switch framework {
        case "Flutter":
            how = "the pods come from the Flutter SDK's podhelper.rb and the plugins' generated files"
        case "Expo":
            how = "the pods come from the Expo modules' autolinking in node_modules"
        default:
            how = "the pods come from react-native's scripts and the packages' autolinking in node_modules"
        }
        return
            "This is a \(framework) app's Podfile (\(word)): \(how), which compose does not evaluate. Keep \(framework)'s own tooling (pod install) for this app, or list the native pods it needs with pod lines in a Composefile."
    }
}
