/// A podspec, decoded from its JSON (`Spec(json:label:)`): the root spec, or one of its subspecs,
/// test specs or app specs at any depth, each a `Spec` of its own.
///
/// Models what compose uses; every other key stays in `json`, the spec object as written, so a
/// round trip through `json.serialized(order: .preserved)` loses nothing.
///
/// Nested specs inherit as in CocoaPods (cocoapods-core `Specification`): their version is the
/// root's; their platforms are their own names when they declare any (else the parent's), each
/// with its own deployment target or else the parent's; their dependencies add to the parent's
/// (`allDependencies(on:)`).
package struct Spec: Sendable {
    package enum Kind: String, Sendable, Hashable {
        /// The file's top-level spec.
        case root
        /// A library subspec (`subspecs`).
        case subspec
        /// A test spec (`testspecs`, or a subspec with a `test_type` key, as CocoaPods 1.3 wrote them).
        case test
        /// An app spec (`appspecs`).
        case app
    }

    package let kind: Kind
    /// `Pay` for the root, `Pay/Core` for its subspec `Core`, `Pay/Core/Mock` deeper down.
    package let name: String
    /// The root's version (nested specs have none of their own).
    package let version: Version
    package let summary: String?
    package let homepage: String?
    package let license: License?
    /// In file order; empty when the spec names none.
    package let authors: [Author]
    package let source: SpecSource?
    /// The `platforms` this spec object writes (file order, `macos` read as `osx`); nil when absent.
    package let declaredPlatforms: [Platform]?
    /// The platforms the spec supports, inheritance applied; nil means every platform (nothing declared).
    package let platforms: [Platform]?
    /// The dependencies this spec object writes: top level and in its platform blocks.
    package let declaredDependencies: SpecDependencies
    /// The dependencies of the enclosing specs, outermost (the root) first.
    package let inheritedDependencies: [SpecDependencies]
    package let subspecs: [Spec]
    package let testSpecs: [Spec]
    package let appSpecs: [Spec]
    /// `default_subspecs` (or the singular `default_subspec`) of the root.
    package let defaultSubspecs: DefaultSubspecs
    package let deprecated: Bool
    package let deprecatedInFavorOf: String?
    /// `swift_versions` (a string or a list), else the legacy `swift_version`; empty when neither.
    package let swiftVersions: [String]
    /// The prebuilt artifact (docs/binary-components.md).
    package let prebuilt: Prebuilt?
    /// This spec object as written (for the root, the whole file).
    package let json: JSONNode

    /// The last part of `name`: `Core` for `Pay/Core`.
    package var shortName: String {
        name.split(separator: "/").last.map(String.init) ?? name
    }

    /// `Pay` for `Pay/Core`.
    package var rootName: String { Spec.rootName(of: name) }

    /// `Pay` for `Pay/Core/Mock` (and for `Pay`): the one root-name function.
    package static func rootName(of fullName: String) -> String {
        fullName.firstIndex(of: "/").map { String(fullName[..<$0]) } ?? fullName
    }

    /// `Pay/Core` for `Core` in `Pay`, `Pay/Core/Mock` for `Mock` in `Pay/Core`: the one join of a
    /// subspec's full name (a name, not a file path).
    package static func fullName(of subspec: String, in parent: String) -> String { "\(parent)/\(subspec)" }

    /// Dependencies written at the top level of this spec object, in file order.
    package var dependencies: [SpecDependency] { declaredDependencies.common }

    /// Dependencies written in this spec object's platform blocks, by platform (`osx` for `macos`).
    package var platformDependencies: [String: [SpecDependency]] { declaredDependencies.perPlatform }

    /// This spec object's own dependencies on `platforms`: the top-level ones, then each platform block's.
    package func dependencies(on platforms: [String]) -> [SpecDependency] {
        declaredDependencies.on(platforms)
    }

    /// Everything this spec depends on for `platforms`: the enclosing specs' dependencies (root
    /// first), then its own.
    package func allDependencies(on platforms: [String]) -> [SpecDependency] {
        inheritedDependencies.flatMap { $0.on(platforms) } + declaredDependencies.on(platforms)
    }

    /// The library subspec `Root/Sub/Leaf` of this spec (itself for its own name); nil when there
    /// is none. Test and app specs are not library subspecs.
    package func subspec(named fullName: String) -> Spec? {
        guard fullName == name || fullName.hasPrefix(name + "/") else { return nil }
        var node = self
        for part in fullName.dropFirst(name.count).split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard let child = node.subspecs.first(where: { $0.shortName == part }) else { return nil }
            node = child
        }
        return node
    }

    /// The short names of the subspecs that depending on the root means: `default_subspecs` when
    /// written, else every library subspec.
    package var defaultSubspecNames: [String] {
        switch defaultSubspecs {
        case .everySubspec: return subspecs.map(\.shortName)
        case .noSubspec: return []
        case .listed(let names): return names
        }
    }

    /// The minimum version of `platform` (`ios`, `osx`, …): `.some(nil)` when supported at any
    /// version, nil when not supported. A spec that declares no platforms supports all of them.
    package func deploymentTarget(for platform: String) -> Version?? {
        guard let platforms else { return .some(nil) }
        guard let entry = platforms.first(where: { $0.name == platform }) else { return nil }
        return .some(entry.minimum)
    }
}

/// One supported platform: `ios` with minimum `15.0`, or any version (`"ios": null`).
package struct Platform: Sendable, Hashable {
    /// `ios`, `osx`, `tvos`, `watchos`, `visionos` (unknown names are kept as written).
    package let name: String
    package let minimum: Version?

    package init(name: String, minimum: Version?) {
        self.name = name
        self.minimum = minimum
    }

    /// The platform names of podspecs.
    package static let names = ["ios", "osx", "tvos", "watchos", "visionos"]

    /// How people and SwiftPM write each platform: `iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`
    /// (`.iOS` in a manifest's `platforms:`). The one table: `macos` is read as `osx`.
    package static let displayNames = [
        "ios": "iOS", "osx": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
    ]

    /// `iOS` for `ios`, `macOS` for `osx` or `macos`; unknown names unchanged.
    package static func displayName(_ name: String) -> String {
        displayNames[normalized(name)] ?? name
    }

    /// `osx` for `macos` (both spellings are read), otherwise `name` unchanged.
    package static func normalized(_ name: String) -> String {
        name == "macos" ? "osx" : name
    }
}

/// A dependency of a spec: a pod or subspec name and its requirements (empty = any version).
package struct SpecDependency: Sendable, Hashable {
    package let name: String
    package let requirements: RequirementSet

    package init(name: String, requirements: RequirementSet = .any) {
        self.name = name
        self.requirements = requirements
    }
}

/// The dependencies one spec object writes.
package struct SpecDependencies: Sendable, Equatable {
    /// Top-level `dependencies`, in file order.
    package let common: [SpecDependency]
    /// `dependencies` inside platform blocks (`"ios": {"dependencies": …}`), by platform.
    package let perPlatform: [String: [SpecDependency]]

    package init(common: [SpecDependency] = [], perPlatform: [String: [SpecDependency]] = [:]) {
        self.common = common
        self.perPlatform = perPlatform
    }

    /// The common dependencies, then those of each platform in `platforms`.
    package func on(_ platforms: [String]) -> [SpecDependency] {
        common + platforms.flatMap { perPlatform[$0] ?? [] }
    }
}

/// `default_subspecs`.
package enum DefaultSubspecs: Sendable, Equatable {
    /// Not written: depending on the root means every library subspec.
    case everySubspec
    /// `"none"`: depending on the root means the root alone.
    case noSubspec
    /// A name or a list of names (short names: `Core`).
    case listed([String])
}

/// `license`: a string (`"MIT"`, read as the type) or an object with `type`, `file`, `text`.
package struct License: Sendable, Equatable {
    package let type: String?
    package let file: String?
    package let text: String?

    package init(type: String?, file: String? = nil, text: String? = nil) {
        self.type = type
        self.file = file
        self.text = text
    }
}

/// One author. `authors` may be a string, a list (of names and of `{name: email}` objects) or an
/// object of names to emails; all read as a list in file order.
package struct Author: Sendable, Equatable {
    package let name: String
    package let email: String?

    package init(name: String, email: String? = nil) {
        self.name = name
        self.email = email
    }
}

/// Where a spec's code is.
package enum SpecSource: Sendable, Equatable {
    case git(Git)
    /// `http`, `svn`, `hg`, …: every scalar sub-key as text (`"flatten": true` as `"true"`).
    case other([String: String])

    package struct Git: Sendable, Equatable {
        package let url: String
        package let tag: String?
        package let commit: String?
        package let branch: String?
        package let submodules: Bool

        package init(
            url: String, tag: String? = nil, commit: String? = nil, branch: String? = nil, submodules: Bool = false
        ) {
            self.url = url
            self.tag = tag
            self.commit = commit
            self.branch = branch
            self.submodules = submodules
        }
    }

    /// The git source, if it is one.
    package var git: Git? {
        if case .git(let git) = self { git } else { nil }
    }
}

/// `"prebuilt": {"url": …, "sha256": …}` (docs/binary-components.md). Its shape (https, .zip, 64
/// hex digits) is lint's and install's to check.
package struct Prebuilt: Sendable, Equatable {
    package let url: String
    package let sha256: String

    package init(url: String, sha256: String) {
        self.url = url
        self.sha256 = sha256
    }
}
