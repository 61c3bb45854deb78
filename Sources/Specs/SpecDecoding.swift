extension Spec {
    /// Decodes a podspec JSON file's bytes. `label` is how errors name the file (its path, or
    /// `Name/version/Name.podspec.json`).
    package init(json bytes: some Collection<UInt8>, label: String) throws(SpecError) {
        let node: JSONNode
        do {
            node = try JSONParser.parse(Array(bytes))
        } catch {
            throw SpecError(
                label: label, location: error.location, key: nil, spec: nil, message: "not valid JSON: \(error.message)"
            )
        }
        try self.init(node: node, label: label)
    }

    /// Decodes a parsed podspec (the file's top-level object). With `keepingJSON` false, `json`
    /// (of the spec and of each nested one) is an empty object instead of the node: for a resolve
    /// that keeps thousands of specs and reads only what is decoded.
    package init(node: JSONNode, label: String, keepingJSON: Bool = true) throws(SpecError) {
        self = try SpecDecoder(label: label, keepsJSON: keepingJSON).root(node)
    }
}

/// Reads spec objects into `Spec`s, checking the type of every key compose models.
private struct SpecDecoder {
    let label: String
    var keepsJSON = true
    static let emptyObject = JSONNode(.object([]))

    /// Attributes only the root writes; nested specs have the root's.
    struct RootAttributes {
        let summary: String?
        let homepage: String?
        let license: License?
        let authors: [Author]
        let source: SpecSource?
        let deprecated: Bool
        let deprecatedInFavorOf: String?
        let swiftVersions: [String]
        let prebuilt: Prebuilt?
    }

    /// What a nested spec takes from its parent.
    struct Inherited {
        let root: RootAttributes
        let platforms: [Platform]?
        /// Deployment targets written by the enclosing specs, nearest first wins.
        let targets: [String: Version]
        let dependencies: [SpecDependencies]
    }

    func error(_ node: JSONNode, _ key: String?, _ spec: String?, _ message: String) -> SpecError {
        SpecError(label: label, location: node.location, key: key, spec: spec, message: message)
    }

    func typeError(_ node: JSONNode, _ key: String, _ spec: String, expected: String) -> SpecError {
        error(node, key, spec, "`\(key)` of \(spec) must be \(expected), not \(article(node.typeName))")
    }

    func article(_ typeName: String) -> String {
        switch typeName {
        case "null": return "null"
        case "Array", "Object": return "an \(typeName)"
        default: return "a \(typeName)"
        }
    }

    // MARK: Spec objects

    func root(_ node: JSONNode) throws(SpecError) -> Spec {
        guard node.isObject else {
            throw error(node, nil, nil, "a podspec must be a JSON object, not \(article(node.typeName))")
        }
        let name = try specName(node, parentName: nil)
        guard let versionNode = node["version"] else {
            throw error(node, "version", name, "\(name) has no `version`; write \"version\": \"1.0.0\"")
        }
        let text = try string(versionNode, "version", name)
        let version: Version
        do {
            version = try Version(text)
        } catch {
            throw self.error(versionNode, "version", name, "`version` of \(name): \(error.description)")
        }
        return try spec(node, kind: .root, name: name, version: version, inherited: nil)
    }

    func specName(_ node: JSONNode, parentName: String?) throws(SpecError) -> String {
        let owner = parentName.map { "a spec inside \($0)" } ?? "the spec"
        guard let nameNode = node["name"] else {
            throw error(node, "name", parentName, "\(owner) has no `name`; write \"name\": \"…\"")
        }
        guard let name = nameNode.stringValue else {
            throw error(
                nameNode, "name", parentName, "`name` of \(owner) must be a String, not \(article(nameNode.typeName))")
        }
        guard !name.isEmpty else { throw error(nameNode, "name", parentName, "`name` of \(owner) is empty") }
        if parentName != nil, name.contains("/") {
            throw error(
                nameNode, "name", parentName,
                "the name \"\(name)\" of \(owner) contains '/'; write the short name (\"Core\", not \"Pay/Core\")")
        }
        return name
    }

    func spec(_ node: JSONNode, kind: Spec.Kind, name: String, version: Version, inherited: Inherited?)
        throws(SpecError) -> Spec
    {
        let declaredPlatforms = try platforms(node["platforms"], name)
        var targets = inherited?.targets ?? [:]
        var effective = inherited?.platforms
        if let declaredPlatforms, !declaredPlatforms.isEmpty {
            effective = declaredPlatforms.map {
                Platform(name: $0.name, minimum: $0.minimum ?? inherited?.targets[$0.name])
            }
            for platform in declaredPlatforms {
                if let minimum = platform.minimum { targets[platform.name] = minimum }
            }
        }
        let declaredDependencies = SpecDependencies(
            common: try dependencies(node["dependencies"], "dependencies", name),
            perPlatform: try platformDependencies(node, name))
        let defaults = try defaultSubspecs(node, name)

        // Root-only attributes: read on the root, the same for every nested spec.
        let root: RootAttributes
        if let inherited { root = inherited.root } else { root = try rootAttributes(node, name) }
        let forChildren = Inherited(
            root: root, platforms: effective, targets: targets,
            dependencies: (inherited?.dependencies ?? []) + [declaredDependencies])
        var subspecs: [Spec] = []
        var testSpecs: [Spec] = []
        var appSpecs: [Spec] = []
        for (key, listedAs) in Spec.Kind.nestedKeys {
            guard let list = node[key], !list.isNull else { continue }
            guard let elements = list.arrayValue else {
                throw typeError(list, key, name, expected: "an Array of spec objects")
            }
            for element in elements {
                guard element.isObject else {
                    throw typeError(element, key, name, expected: "an Array of spec objects")
                }
                let childName = try specName(element, parentName: name)
                let kind = Spec.Kind.of(element, listedAs: listedAs)
                let child = try spec(
                    element, kind: kind, name: "\(name)/\(childName)", version: version, inherited: forChildren)
                switch kind {
                case .subspec, .root: subspecs.append(child)
                case .test: testSpecs.append(child)
                case .app: appSpecs.append(child)
                }
            }
        }
        return Spec(
            kind: kind, name: name, version: version, summary: root.summary, homepage: root.homepage,
            license: root.license, authors: root.authors, source: root.source, declaredPlatforms: declaredPlatforms,
            platforms: effective, declaredDependencies: declaredDependencies,
            inheritedDependencies: inherited?.dependencies ?? [], subspecs: subspecs, testSpecs: testSpecs,
            appSpecs: appSpecs, defaultSubspecs: defaults, deprecated: root.deprecated,
            deprecatedInFavorOf: root.deprecatedInFavorOf, swiftVersions: root.swiftVersions, prebuilt: root.prebuilt,
            json: keepsJSON ? node : Self.emptyObject)
    }

    func rootAttributes(_ node: JSONNode, _ name: String) throws(SpecError) -> RootAttributes {
        RootAttributes(
            summary: try optionalString(node["summary"], "summary", name),
            homepage: try optionalString(node["homepage"], "homepage", name),
            license: try license(node["license"], name),
            authors: try authors(node["authors"], name),
            source: try source(node["source"], name),
            deprecated: try bool(node["deprecated"], "deprecated", name),
            deprecatedInFavorOf: try optionalString(node["deprecated_in_favor_of"], "deprecated_in_favor_of", name),
            swiftVersions: try swiftVersions(node, name),
            prebuilt: try prebuilt(node["prebuilt"], name))
    }

    // MARK: Keys

    func string(_ node: JSONNode, _ key: String, _ spec: String) throws(SpecError) -> String {
        guard let value = node.stringValue else { throw typeError(node, key, spec, expected: "a String") }
        return value
    }

    /// A string, or nil when absent or null.
    func optionalString(_ node: JSONNode?, _ key: String, _ spec: String) throws(SpecError) -> String? {
        guard let node, !node.isNull else { return nil }
        return try string(node, key, spec)
    }

    func bool(_ node: JSONNode?, _ key: String, _ spec: String) throws(SpecError) -> Bool {
        guard let node, !node.isNull else { return false }
        guard let value = node.boolValue else { throw typeError(node, key, spec, expected: "true or false") }
        return value
    }

    /// A string or an array of strings, as a list.
    func stringList(_ node: JSONNode, _ key: String, _ spec: String) throws(SpecError) -> [String] {
        if let single = node.stringValue { return [single] }
        guard let elements = node.arrayValue else {
            throw typeError(node, key, spec, expected: "a String or an Array of Strings")
        }
        var result: [String] = []
        for element in elements {
            guard let value = element.stringValue else {
                throw typeError(element, key, spec, expected: "a String or an Array of Strings")
            }
            result.append(value)
        }
        return result
    }

    func platforms(_ node: JSONNode?, _ spec: String) throws(SpecError) -> [Platform]? {
        guard let node, !node.isNull else { return nil }
        guard node.isObject else {
            throw typeError(node, "platforms", spec, expected: "an Object of platform names to deployment targets")
        }
        var result: [Platform] = []
        for member in node.members {
            let name = Platform.normalized(member.key)
            let key = "platforms.\(member.key)"
            let minimum: Version?
            switch member.value.value {
            case .null:
                minimum = nil
            case .string(let text):
                do {
                    minimum = try Version(text)
                } catch {
                    throw self.error(
                        member.value, key, spec,
                        "the \(member.key) deployment target \"\(text)\" of \(spec) is not a version; write one such as \"15.0\", or null for any version"
                    )
                }
            default:
                throw typeError(member.value, key, spec, expected: "a version String (such as \"15.0\") or null")
            }
            // A later entry for the same platform replaces the earlier one (`macos` after `osx`).
            if let index = result.firstIndex(where: { $0.name == name }) {
                result[index] = Platform(name: name, minimum: minimum)
            } else {
                result.append(Platform(name: name, minimum: minimum))
            }
        }
        return result
    }

    /// `dependencies`: pod names to a requirement string, a list of them, or null (any version).
    func dependencies(_ node: JSONNode?, _ key: String, _ spec: String) throws(SpecError) -> [SpecDependency] {
        guard let node, !node.isNull else { return [] }
        guard node.isObject else {
            throw typeError(
                node, key, spec, expected: "an Object of pod names to requirements (\"Logging\": [\"~> 1.2\"])")
        }
        var result: [SpecDependency] = []
        for member in node.members {
            let strings: [(text: String, node: JSONNode)]
            switch member.value.value {
            case .null: strings = []
            case .string(let text): strings = [(text, member.value)]
            case .array(let elements):
                var list: [(text: String, node: JSONNode)] = []
                for element in elements {
                    guard let text = element.stringValue else {
                        throw error(
                            element, key, spec,
                            "the requirements of \(member.key) in `\(key)` of \(spec) must be Strings, not \(article(element.typeName))"
                        )
                    }
                    list.append((text, element))
                }
                strings = list
            default:
                throw error(
                    member.value, key, spec,
                    "the requirements of \(member.key) in `\(key)` of \(spec) must be a String, an Array of Strings or null, not \(article(member.value.typeName))"
                )
            }
            var requirements: [Requirement] = []
            for entry in strings {
                do {
                    requirements.append(try Requirement(parsing: entry.text))
                } catch {
                    throw self.error(
                        entry.node, key, spec, "\(member.key) in `\(key)` of \(spec): \(error.description)")
                }
            }
            let dependency = SpecDependency(name: member.key, requirements: RequirementSet(requirements))
            // JSON readers keep the last of duplicate keys.
            if let index = result.firstIndex(where: { $0.name == member.key }) {
                result[index] = dependency
            } else {
                result.append(dependency)
            }
        }
        return result
    }

    /// The `dependencies` of each platform block (`ios`, `osx`/`macos`, `tvos`, `watchos`, `visionos`).
    func platformDependencies(_ node: JSONNode, _ spec: String) throws(SpecError) -> [String: [SpecDependency]] {
        var result: [String: [SpecDependency]] = [:]
        for member in node.members {
            let platform = Platform.normalized(member.key)
            guard Platform.names.contains(platform) else { continue }
            guard member.value.isObject else {
                throw typeError(member.value, member.key, spec, expected: "an Object of attributes for that platform")
            }
            let found = try dependencies(member.value["dependencies"], "\(member.key).dependencies", spec)
            if !found.isEmpty { result[platform, default: []] += found }
        }
        return result
    }

    func defaultSubspecs(_ node: JSONNode, _ spec: String) throws(SpecError) -> DefaultSubspecs {
        let key = node["default_subspecs"] != nil ? "default_subspecs" : "default_subspec"
        guard let value = node[key], !value.isNull else { return .everySubspec }
        let names = try stringList(value, key, spec)
        return names == ["none"] ? .noSubspec : .listed(names)
    }

    func license(_ node: JSONNode?, _ spec: String) throws(SpecError) -> License? {
        guard let node, !node.isNull else { return nil }
        if let type = node.stringValue { return License(type: type) }
        guard node.isObject else {
            throw typeError(node, "license", spec, expected: "a String or an Object with `type`, `file`, `text`")
        }
        return License(
            type: try optionalString(node["type"], "license.type", spec),
            file: try optionalString(node["file"], "license.file", spec),
            text: try optionalString(node["text"], "license.text", spec))
    }

    func authors(_ node: JSONNode?, _ spec: String) throws(SpecError) -> [Author] {
        guard let node, !node.isNull else { return [] }
        let expected = "a String, an Array or an Object of names to emails"
        func fromObject(_ object: JSONNode) throws(SpecError) -> [Author] {
            var result: [Author] = []
            for member in object.members {
                switch member.value.value {
                case .null: result.append(Author(name: member.key))
                case .string(let email): result.append(Author(name: member.key, email: email))
                default:
                    throw typeError(member.value, "authors", spec, expected: "an email String or null for each name")
                }
            }
            return result
        }
        switch node.value {
        case .string(let name): return [Author(name: name)]
        case .object: return try fromObject(node)
        case .array(let elements):
            var result: [Author] = []
            for element in elements {
                if let name = element.stringValue {
                    result.append(Author(name: name))
                } else if element.isObject {
                    result += try fromObject(element)
                } else {
                    throw typeError(element, "authors", spec, expected: expected)
                }
            }
            return result
        default:
            throw typeError(node, "authors", spec, expected: expected)
        }
    }

    func source(_ node: JSONNode?, _ spec: String) throws(SpecError) -> SpecSource? {
        guard let node, !node.isNull else { return nil }
        guard node.isObject else {
            throw typeError(node, "source", spec, expected: "an Object such as {\"git\": URL, \"tag\": VERSION}")
        }
        if let git = node["git"] {
            return .git(
                SpecSource.Git(
                    url: try string(git, "source.git", spec),
                    tag: try optionalString(node["tag"], "source.tag", spec),
                    commit: try optionalString(node["commit"], "source.commit", spec),
                    branch: try optionalString(node["branch"], "source.branch", spec),
                    submodules: try bool(node["submodules"], "source.submodules", spec)))
        }
        var fields: [String: String] = [:]
        for member in node.members {
            switch member.value.value {
            case .string(let text): fields[member.key] = text
            case .number(let text): fields[member.key] = text
            case .bool(let flag): fields[member.key] = flag ? "true" : "false"
            case .null, .array, .object: continue
            }
        }
        return .other(fields)
    }

    func swiftVersions(_ node: JSONNode, _ spec: String) throws(SpecError) -> [String] {
        if let list = node["swift_versions"], !list.isNull { return try stringList(list, "swift_versions", spec) }
        return try optionalString(node["swift_version"], "swift_version", spec).map { [$0] } ?? []
    }

    func prebuilt(_ node: JSONNode?, _ spec: String) throws(SpecError) -> Prebuilt? {
        guard let node, !node.isNull else { return nil }
        let expected = "an Object with `url` and `sha256` Strings"
        guard node.isObject else { throw typeError(node, "prebuilt", spec, expected: expected) }
        guard let url = node["url"], let sha256 = node["sha256"] else {
            throw error(node, "prebuilt", spec, "`prebuilt` of \(spec) must have both `url` and `sha256`")
        }
        return Prebuilt(url: try string(url, "prebuilt.url", spec), sha256: try string(sha256, "prebuilt.sha256", spec))
    }
}
