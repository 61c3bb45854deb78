import Ruby

/// The podspec DSL as a host of the Ruby interpreter: `Pod::Spec.new do |s| … end`, the spec's
/// attribute writers, `dependency`, `subspec`/`test_spec`/`app_spec`, the platform proxies
/// (`s.ios.deployment_target = …`), and reading `s.name`, `s.version`, `s.module_name`. What it builds
/// is the JSON `pod ipc spec` prints for the file (cocoapods-core 1.17.0's `to_hash`).
final class RubyPodspecHost: RubyHost {
    private let bytes: [UInt8]
    private var specs: [RubySpecState] = []
    private let lines: RubyLineTable
    private var versions: [String] = []
    weak var interpreter: RubyInterpreter?

    /// Object ids: specs from 1, proxies from `proxyBase`, versions from `versionBase`.
    private static let proxyBase = 1 << 30
    private static let versionBase = 1 << 40
    private static let specClassID = 1 << 50

    init(bytes: [UInt8], lines: RubyLineTable) {
        self.bytes = bytes
        self.lines = lines
    }

    private func fail(_ offset: Int, _ message: String) -> RubyFailure {
        interpreter?.failure(offset, message) ?? RubyFailure(offset: offset, message: message)
    }

    private func loc(_ offset: Int) -> SourceLocation {
        let (line, column) = lines.location(offset)
        return SourceLocation(line: line, column: column)
    }

    /// The root spec's JSON, once the file has run.
    func result() throws(RubyFailure) -> JSONNode {
        guard !specs.isEmpty else {
            throw fail(
                max(0, bytes.count - 1), "no `Pod::Spec.new do |s| ... end` block: this file does not define a podspec")
        }
        return try hash(of: 0)
    }

    // MARK: Objects

    private func specObject(_ spec: Int) -> RubyObject {
        RubyObject(id: spec + 1, className: "Pod::Specification")
    }

    private func proxyObject(_ spec: Int, _ platform: String) -> RubyObject {
        let index = RubyPodspecAttributes.platforms.firstIndex(of: platform) ?? 0
        return RubyObject(
            id: RubyPodspecHost.proxyBase + spec * 8 + index, className: "Pod::Specification::PlatformProxy")
    }

    private enum Handle {
        case specClass
        case spec(Int)
        case proxy(Int, String)
        case version(String)
    }

    private func handle(_ object: RubyObject) -> Handle? {
        if object.id == RubyPodspecHost.specClassID { return .specClass }
        if object.id >= RubyPodspecHost.versionBase {
            let i = object.id - RubyPodspecHost.versionBase
            return i < versions.count ? .version(versions[i]) : nil
        }
        if object.id >= RubyPodspecHost.proxyBase {
            let i = object.id - RubyPodspecHost.proxyBase
            return .proxy(i / 8, RubyPodspecAttributes.platforms[i % 8])
        }
        return object.id - 1 < specs.count ? .spec(object.id - 1) : nil
    }

    private func versionValue(_ text: String, at offset: Int) -> RubyValue {
        versions.append(text)
        return RubyValue(
            .object(
                RubyObject(id: RubyPodspecHost.versionBase + versions.count - 1, className: "Pod::Version", text: text)),
            at: offset)
    }

    func constant(_ path: String, at offset: Int) -> RubyValue? {
        switch path {
        case "Pod::Spec", "Pod::Specification":
            return RubyValue(
                .object(RubyObject(id: RubyPodspecHost.specClassID, className: "Class", text: path)), at: offset)
        case "Pod::VERSION":
            return .string("1.17.0", at: offset)
        default:
            return nil
        }
    }

    func responds(_ object: RubyObject, to name: String) -> Bool {
        switch handle(object) {
        case .spec:
            let base = name.hasSuffix("=") ? String(name.dropLast()) : name
            return RubyPodspecAttributes.attribute(forWriter: base) != nil || base == "platform"
                || RubyPodspecAttributes.proxyPlatform(name) != nil
                || ["dependency", "subspec", "test_spec", "app_spec", "name", "version", "module_name", "root"]
                    .contains(name)
        case .proxy:
            let base = name.hasSuffix("=") ? String(name.dropLast()) : name
            return base == "deployment_target" || base == "dependency"
                || (RubyPodspecAttributes.attribute(forWriter: base).map {
                    !RubyPodspecAttributes.notPerPlatform.contains($0)
                } ?? false)
        case .version: return ["to_s", "version", "segments", "major", "minor", "patch"].contains(name)
        default: return name == "new"
        }
    }

    func call(_ name: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter) throws(RubyFailure)
        -> RubyValue?
    {
        nil
    }

    func call(_ object: RubyObject, _ name: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter)
        throws(RubyFailure) -> RubyValue
    {
        let at = arguments.offset
        switch handle(object) {
        case .specClass:
            guard name == "new" else {
                throw fail(at, "`Pod::Spec.\(name)` is not read; a podspec is `Pod::Spec.new do |s| … end`")
            }
            guard specs.isEmpty else {
                throw fail(
                    at, "a second `Pod::Spec.new`: a podspec file defines one spec (use s.subspec for parts of it)")
            }
            guard let block = arguments.block else {
                throw fail(at, "`Pod::Spec.new` needs a block: Pod::Spec.new do |s| … end")
            }
            let root = newSpec(parent: nil, kind: .library, name: JSONNode(.null, at: loc(at)), at: at)
            _ = try interpreter.yield(block, [RubyValue(.object(specObject(root)), at: at)], at: at)
            return RubyValue(.object(specObject(root)), at: at)
        case .spec(let spec):
            return try specCall(spec, name, arguments, in: interpreter)
        case .proxy(let spec, let platform):
            return try proxyCall(spec, platform, name, arguments)
        case .version(let text):
            switch name {
            case "to_s", "to_str", "version": return .string(text, at: at)
            case "segments", "major", "minor", "patch":
                let segments = text.split(separator: ".").map {
                    Int($0).map { RubyValue.integer($0, at: at) } ?? .string(String($0), at: at)
                }
                switch name {
                case "major": return segments.first ?? .null(at: at)
                case "minor": return segments.count > 1 ? segments[1] : .integer(0, at: at)
                case "patch": return segments.count > 2 ? segments[2] : .integer(0, at: at)
                default: return RubyValue(.array(segments), at: at)
                }
            case "prerelease?": return .bool(text.contains { $0.isLetter }, at: at)
            default:
                throw fail(at, "`s.version.\(name)` is not read; write `s.version.to_s` and work on the string")
            }
        case nil:
            throw fail(at, "\(object.className) has no method `\(name)`")
        }
    }

    // MARK: Spec calls

    private func newSpec(parent: Int?, kind: RubySpecState.Kind, name: JSONNode, at offset: Int) -> Int {
        var state = RubySpecState(parent: parent, kind: kind, location: loc(offset))
        state.attributes.set("name", at: name.location, .node(name))
        if kind == .test {
            state.attributes.set("test_type", at: name.location, .node(JSONNode(.string("unit"), at: name.location)))
        }
        specs.append(state)
        if let parent { specs[parent].children.append(specs.count - 1) }
        return specs.count - 1
    }

    /// `Pod::Spec.new do |s| … end`; `current` is on `Pod`.

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

    private struct Arguments {
        var positional: [RubyValue] = []
        var options: [(key: RubyValue, value: RubyValue)] = []
    }

    private func split(_ arguments: RubyArguments) -> Arguments {
        var values = arguments.values
        var options: [(key: RubyValue, value: RubyValue)] = []
        if case .hash(let pairs)? = values.last?.kind {
            options = pairs
            values.removeLast()
        }
        return Arguments(positional: values, options: options)
    }

    /// A method of a spec: a writer, `dependency`, `subspec`, a platform proxy or a reader.
    private func specCall(_ spec: Int, _ method: String, _ arguments: RubyArguments, in interpreter: RubyInterpreter)
        throws(RubyFailure) -> RubyValue
    {
        let at = arguments.offset
        let receiver = "s"
        if method.hasSuffix("="), method != "==" {
            guard let value = arguments.values.first else { throw fail(at, "`\(method)` needs a value") }
            try assign(spec, writer: String(method.dropLast()), value, at: at, receiver: receiver)
            return value
        }
        if let platform = RubyPodspecAttributes.proxyPlatform(method), arguments.values.isEmpty {
            return RubyValue(.object(proxyObject(spec, platform)), at: at)
        }
        switch method {
        case "dependency":
            try addDependency(spec, split(arguments), at: at)
            return .null(at: at)
        case "subspec", "test_spec", "app_spec":
            let args = split(arguments)
            let kind: RubySpecState.Kind = method == "subspec" ? .library : method == "test_spec" ? .test : .app
            let name: JSONNode
            if let first = args.positional.first {
                guard args.positional.count == 1, args.options.isEmpty else {
                    throw fail(at, "`\(receiver).\(method)` takes one argument, the name")
                }
                name = try json(first, .raw)
            } else if kind == .library {
                throw fail(at, "`\(receiver).subspec` needs a name: \(receiver).subspec 'Core' do |ss| … end")
            } else {
                name = JSONNode(.string(kind == .test ? "Tests" : "App"), at: loc(at))
            }
            let child = newSpec(parent: spec, kind: kind, name: name, at: at)
            if let block = arguments.block {
                _ = try interpreter.yield(block, [RubyValue(.object(specObject(child)), at: at)], at: at)
            }
            return RubyValue(.object(specObject(child)), at: at)
        case "name":
            guard let name = fullName(spec) else { throw fail(at, "`name` is read before it is set; set s.name first") }
            return .string(name, at: at)
        case "root":
            return RubyValue(.object(specObject(rootIndex(spec))), at: at)
        case "version":
            guard let node = specs[rootIndex(spec)].attributes.value("version"), !node.isNull else {
                throw fail(at, "`version` is read before it is set; set s.version first")
            }
            let text: String
            switch node.value {
            case .string(let s): text = RubyText.strip(s)
            case .number(let n): text = n
            default: throw fail(at, "`version` was set to \(node.typeName), not a version string")
            }
            guard Version.isValid(text) else { throw fail(at, "the version '\(text)' is not a version number") }
            return versionValue(text, at: at)
        case "module_name":
            // `Specification#module_name`: the attribute, else the C99 identifier of `header_dir`,
            // else of the spec's own name.
            let attributes = specs[spec].attributes
            if let node = attributes.value("module_name"), !node.isNull {
                guard let text = node.stringValue else {
                    throw fail(at, "`module_name` was set to \(node.typeName), not a string")
                }
                return .string(text, at: at)
            }
            let source = attributes.value("header_dir").flatMap { $0.isNull ? nil : $0 } ?? attributes.value("name")
            guard let text = source?.stringValue else {
                throw fail(at, "`module_name` is read before `name` is set; set s.name first")
            }
            guard text.unicodeScalars.allSatisfy(\.isASCII) else {
                throw fail(
                    at,
                    "reading `module_name` of the non-ASCII name '\(text)' is not supported (Ruby transliterates it); write the module name as a literal"
                )
            }
            return .string(SafeName.c99Identifier(text), at: at)
        case "deployment_target":
            // `Specification#deployment_target(platform)`: the spec's own, else its parent's.
            guard let platform = try arguments.values.first.map({ (v) throws(RubyFailure) in try v.keyString() }) else {
                throw fail(at, "`s.deployment_target` takes a platform: s.deployment_target(:ios)")
            }
            let name = RubyPodspecAttributes.proxyPlatform(platform) ?? platform
            guard let node = deploymentTarget(spec, name) else { return .null(at: at) }
            return rubyValue(node, at: at, symbolKeys: false)
        case _ where RubyPodspecAttributes.readable.contains(method) && arguments.values.isEmpty:
            // The root attribute readers of cocoapods-core (`root_attribute_accessors.rb`).
            guard let node = specs[rootIndex(spec)].attributes.value(method), !node.isNull else { return .null(at: at) }
            if method == "description" || method == "prepare_command", let text = node.stringValue {
                return .string(RubyText.chomp(RubyText.stripHeredoc(text)), at: at)
            }
            return rubyValue(node, at: at, symbolKeys: method == "source" || method == "license")
        default:
            if RubyPodspecAttributes.attribute(forWriter: method) != nil || method == "platform" {
                throw fail(
                    at,
                    "reading `\(receiver).\(method)` is not supported; only `s.name`, `s.version` and `s.module_name` are read (assign it: \(receiver).\(method) = value)"
                )
            }
            throw fail(
                at, "`\(receiver).\(method)` is not a podspec attribute or DSL method the podspec reader supports")
        }
    }

    /// A stored attribute read back as the Ruby value it was (strings, numbers, arrays; a hash with
    /// symbol keys where cocoapods-core's reader converts them).
    private func rubyValue(_ node: JSONNode, at offset: Int, symbolKeys: Bool) -> RubyValue {
        switch node.value {
        case .string(let s): return .string(s, at: offset)
        case .number(let n): return RubyValue(n.contains(".") || n.contains("e") ? .float(n) : .integer(n), at: offset)
        case .bool(let b): return .bool(b, at: offset)
        case .null: return .null(at: offset)
        case .array(let elements):
            return RubyValue(.array(elements.map { rubyValue($0, at: offset, symbolKeys: false) }), at: offset)
        case .object(let members):
            return RubyValue(
                .hash(
                    members.map {
                        (
                            RubyValue(symbolKeys ? .symbol($0.key) : .string($0.key), at: offset),
                            rubyValue($0.value, at: offset, symbolKeys: false)
                        )
                    }), at: offset)
        }
    }

    /// A method of a platform proxy: `deployment_target=`, `dependency`, or a per-platform writer.
    private func proxyCall(_ spec: Int, _ platform: String, _ method: String, _ arguments: RubyArguments)
        throws(RubyFailure) -> RubyValue
    {
        let at = arguments.offset
        let receiver = "s.\(platform)"
        if method == "dependency" {
            let args = split(arguments)
            guard let name = args.positional.first else { throw fail(at, "`\(receiver).dependency` needs a pod name") }
            let key = try name.keyString()
            var requirements = Array(args.positional.dropFirst())
            if !args.options.isEmpty {
                requirements.append(RubyValue(.hash(args.options), at: args.options[0].key.offset))
            }
            let list = try json(RubyValue(.array(requirements), at: requirements.first?.offset ?? name.offset), .raw)
            let location = loc(at)
            let keyLocation = loc(name.offset)
            try update(spec, platform, at: at) { (object: inout RubyOrderedObject) throws(RubyFailure) in
                var dependencies: RubyOrderedObject
                var dependenciesLocation = location
                switch object["dependencies"] {
                case nil: dependencies = RubyOrderedObject()
                case .object(let d, let at)?:
                    dependencies = d
                    dependenciesLocation = at
                case .node(let n)?:
                    guard n.isObject || n.isNull else {
                        throw RubyFailure(
                            offset: at,
                            message:
                                "`\(platform).dependencies` was set to a \(n.typeName) earlier, so no dependency can be added to it"
                        )
                    }
                    dependencies = n.isObject ? RubyOrderedObject(n) : RubyOrderedObject()
                }
                dependencies.set(key, at: keyLocation, .node(list))
                object.set("dependencies", at: location, .object(dependencies, dependenciesLocation))
            }
            return .null(at: at)
        }
        guard method.hasSuffix("="), let value = arguments.values.first else {
            throw fail(at, "`\(receiver).\(method)` must be assigned: \(receiver).\(method) = value")
        }
        let writer = String(method.dropLast())
        if writer == "deployment_target" {
            let target = try deploymentTarget(value)
            let keyLocation = loc(at)
            try update(spec, "platforms", at: at) { (object: inout RubyOrderedObject) in
                object.set(platform, at: keyLocation, .node(target))
            }
            return value
        }
        guard let attribute = RubyPodspecAttributes.attribute(forWriter: writer) else {
            throw fail(at, "`\(receiver).\(writer)` is not a podspec attribute")
        }
        if RubyPodspecAttributes.notPerPlatform.contains(attribute) {
            throw fail(at, "`\(attribute)` cannot be set per platform (`\(receiver).\(writer)`); set it on the spec")
        }
        try store(spec, attribute, value, platform: platform, at: at)
        return value
    }

    private func assign(_ spec: Int, writer: String, _ value: RubyValue, at offset: Int, receiver: String)
        throws(RubyFailure)
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
            let location = loc(value.offset)
            if let name, !isFalsy(name) {
                var key = try name.keyString()
                if key == "macos" { key = "osx" }
                let targetNode =
                    try target.map { v throws(RubyFailure) in try deploymentTarget(v) }
                    ?? JSONNode(.null, at: location)
                platforms.set(key, at: loc(name.offset), .node(targetNode))
            }
            specs[spec].attributes.set("platforms", at: loc(offset), .object(platforms, location))
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

    private func deploymentTarget(_ value: RubyValue) throws(RubyFailure) -> JSONNode {
        switch value.kind {
        case .string, .symbol, .integer, .float, .null: return try json(value, .raw)
        case .object(let o) where o.className == "Pod::Version": return try json(value, .raw)
        default:
            throw fail(
                value.offset, "a deployment target must be a version string such as '12.0', not \(value.typeName)")
        }
    }

    /// `Specification#store_attribute`: strings lose their common indentation and surrounding white
    /// space; hash keys become strings.
    private func store(_ spec: Int, _ attribute: String, _ value: RubyValue, platform: String?, at offset: Int)
        throws(RubyFailure)
    {
        let node = try json(value, .attribute)
        let location = loc(offset)
        if let platform {
            try update(spec, platform, at: offset) { (object: inout RubyOrderedObject) in
                object.set(attribute, at: location, .node(node))
            }
        } else {
            specs[spec].attributes.set(attribute, at: location, .node(node))
        }
    }

    /// Applies `body` to the object at `key` of a spec's attributes (`attributes_hash[key] ||= {}`).
    private func update(
        _ spec: Int, _ key: String, at offset: Int, _ body: (inout RubyOrderedObject) throws(RubyFailure) -> Void
    ) throws(RubyFailure) {
        var object: RubyOrderedObject
        var location = loc(offset)
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

    /// `Specification#dependency` (dsl.rb): checks, `:configurations`, then `dependencies[name] = requirements`.
    private func addDependency(_ spec: Int, _ args: Arguments, at offset: Int) throws(RubyFailure) {
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
            .array(requirements.map { JSONNode(.string($0.stringValue!), at: loc($0.offset)) }),
            at: loc(requirements.first?.offset ?? nameValue.offset))
        let keyLocation = loc(nameValue.offset)
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

    private func json(_ value: RubyValue, _ mode: JSONMode) throws(RubyFailure) -> JSONNode {
        let location = loc(value.offset)
        switch value.kind {
        case .string(let s):
            return JSONNode(.string(mode == .attribute ? RubyText.strip(RubyText.stripHeredoc(s)) : s), at: location)
        case .symbol(let s):
            return JSONNode(.string(s), at: location)
        case .object(let o) where o.className == "Pod::Version" && o.text != nil:
            return JSONNode(.string(o.text!), at: location)
        case .integer(let n):
            return JSONNode(.number(n), at: location)
        case .float(let n):
            let negative = n.hasPrefix("-")
            guard let text = RubyText.floatText(negative ? String(n.dropFirst()) : n) else {
                throw fail(
                    value.offset, "the number \(n) has more digits than a Ruby Float keeps; write it as a string")
            }
            return JSONNode(.number((negative ? "-" : "") + text), at: location)
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
                            key: try pair.key.keyString(), keyLocation: loc(pair.key.offset),
                            value: try json(pair.value, .raw)))
                }
                return JSONNode(.object(members), at: location)
            }
            var object = RubyOrderedObject()
            for pair in pairs {
                object.set(
                    try pair.key.keyString(), at: loc(pair.key.offset),
                    .node(try json(pair.value, .converted)))
            }
            return object.node(at: location)
        case .object:
            throw fail(value.offset, "a spec object cannot be an attribute's value")
        case .range, .regex, .block:
            throw fail(
                value.offset, "\(value.typeName) cannot be an attribute's value; write a string, an array or a hash")
        }
    }

    // MARK: to_hash

    private struct Platform {
        let name: String
        let target: Version?
    }

    /// Each spec's platforms, read once when `to_hash` needs them (the file has run by then).
    private var platformHashes: [Int: [(key: String, value: JSONNode?)]] = [:]

    private func platformHash(_ spec: Int) -> [(key: String, value: JSONNode?)] {
        if let known = platformHashes[spec] { return known }
        let result: [(key: String, value: JSONNode?)]
        switch specs[spec].attributes.value("platforms")?.value {
        case .string(let s)?: result = [(s, nil)]
        case .array(let elements)?: result = elements.map { (($0.stringValue ?? ""), nil) }
        case .object(let members)?:
            // A key written twice keeps its first place and its last value, as a Ruby hash does.
            var ordered: [(key: String, value: JSONNode?)] = []
            var place: [String: Int] = [:]
            for member in members {
                if let i = place[member.key] {
                    ordered[i].value = member.value
                } else {
                    place[member.key] = ordered.count
                    ordered.append((member.key, member.value))
                }
            }
            result = ordered
        default: result = []
        }
        platformHashes[spec] = result
        return result
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

    private func availablePlatforms(_ spec: Int) throws(RubyFailure) -> [Platform] {
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
                    throw RubyFailure(
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
    private func hash(of spec: Int) throws(RubyFailure) -> JSONNode {
        let state = specs[spec]
        var attributes = state.attributes
        let platforms = try availablePlatforms(spec)
        var differs = true
        if let parent = state.parent {
            differs = !RubyPodspecHost.samePlatforms(platforms, try availablePlatforms(parent))
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
    private func swiftVersion(_ state: RubySpecState) throws(RubyFailure) -> JSONNode? {
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
                throw RubyFailure(
                    offset: offset(of: node.location),
                    message: "a Swift version must be a version string, not \(node.typeName)")
            }
            let version: Version
            do {
                version = try Version(text)
            } catch {
                throw RubyFailure(
                    offset: offset(of: node.location), message: "the Swift version '\(text)' is not a version number")
            }
            if let current = best {
                let order = version.compareSegments(current.version)
                if order == 0, version.string != current.version.string {
                    throw RubyFailure(
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
