import Specs

/// A place in a Composefile (or Podfile): `path:line:column`, all 1-based.
public struct ComposefileLocation: Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A parsed Composefile: the declarative part of the Podfile DSL.
public struct Composefile: Sendable, Equatable {
    /// The file it was read from, as given to the parser (used in locations).
    public let path: String
    /// `source` lines in order: the first source that has a pod wins.
    public internal(set) var sources: [SourceDeclaration] = []
    /// The implicit abstract target holding everything written outside `target` blocks.
    public internal(set) var root: TargetDefinition
    /// Bare integration flags seen (`use_frameworks!`, `inhibit_all_warnings!` …), in order.
    public internal(set) var flags: [String] = []
    /// Things accepted but ignored (`project`, `workspace`, `install!` …), for the user's information.
    public internal(set) var notes: [Note] = []

    public init(path: String) {
        self.path = path
        self.root = TargetDefinition(
            name: "Pods", isAbstract: true, location: ComposefileLocation(file: path, line: 1, column: 1))
    }

    /// A remark about a line that was accepted without effect.
    public struct Note: Sendable, Equatable, CustomStringConvertible {
        public let location: ComposefileLocation
        public let message: String
        public var description: String { "\(location): note: \(message)" }
    }

    /// Every concrete (non-abstract) target, depth first in file order, with the pods it gets
    /// (its own plus those inherited under `inherit! :complete`) and its effective platform.
    public var concreteTargets: [ConcreteTarget] {
        var result: [ConcreteTarget] = []
        func walk(_ target: TargetDefinition, inherited: [Dependency], platform: PlatformDeclaration?) {
            let effectivePlatform = target.platform ?? platform
            let base = target.inheritance == .complete ? inherited : []
            let dependencies = base + target.dependencies
            if !target.isAbstract {
                result.append(ConcreteTarget(
                    name: target.name, platform: effectivePlatform, dependencies: dependencies,
                    location: target.location))
            }
            for child in target.children {
                walk(child, inherited: dependencies, platform: effectivePlatform)
            }
        }
        walk(root, inherited: [], platform: nil)
        return result
    }

    /// Every `pod` line of the file (abstract targets included), in file order.
    public var allDependencies: [Dependency] {
        var result: [Dependency] = []
        func walk(_ target: TargetDefinition) {
            result += target.dependencies
            target.children.forEach(walk)
        }
        walk(root)
        return result
    }

    /// Every platform declared anywhere (root, abstract or concrete targets), in file order.
    public var allPlatforms: [PlatformDeclaration] {
        var result: [PlatformDeclaration] = []
        func walk(_ target: TargetDefinition) {
            if let platform = target.platform { result.append(platform) }
            target.children.forEach(walk)
        }
        walk(root)
        return result
    }
}

/// A `source 'URL-or-folder'` line.
public struct SourceDeclaration: Sendable, Hashable {
    public let url: String
    public let location: ComposefileLocation
}

/// `target` or `abstract_target` (or the implicit root) with what was declared directly inside it.
public struct TargetDefinition: Sendable, Equatable {
    public enum Inheritance: String, Sendable, Equatable, CaseIterable {
        case complete
        case none
        case searchPaths = "search_paths"
    }

    public let name: String
    public internal(set) var isAbstract: Bool
    public internal(set) var inheritance: Inheritance = .complete
    public internal(set) var platform: PlatformDeclaration?
    public internal(set) var dependencies: [Dependency] = []
    public internal(set) var children: [TargetDefinition] = []
    public let location: ComposefileLocation

    init(name: String, isAbstract: Bool, location: ComposefileLocation) {
        self.name = name
        self.isAbstract = isAbstract
        self.location = location
    }
}

/// A concrete target as the resolver sees it.
public struct ConcreteTarget: Sendable, Equatable {
    public let name: String
    public let platform: PlatformDeclaration?
    public let dependencies: [Dependency]
    public let location: ComposefileLocation
}

/// `platform :ios, '15.0'`. Names are canonical podspec keys: ios, osx, tvos, watchos, visionos.
public struct PlatformDeclaration: Sendable, Hashable {
    public static let names = Platform.names

    public let name: String
    /// The deployment target; nil means the platform's default (no minimum is enforced).
    public let deploymentTarget: Version?
    public let location: ComposefileLocation

    public init(name: String, deploymentTarget: Version?, location: ComposefileLocation) {
        self.name = name
        self.deploymentTarget = deploymentTarget
        self.location = location
    }
}

/// Where a pod comes from when not from a spec repository.
public enum ExternalSource: Sendable, Hashable {
    /// `:path => '../Dir'`: the folder holds `Name.podspec.json`.
    case path(String)
    /// `:podspec => 'path/or/URL'`: a podspec at a path or URL (read by the project, not here).
    case podspec(String)
    /// `:git => URL` with an optional `:tag`, `:branch` or `:commit`.
    case git(url: String, reference: GitReference?)
}

public enum GitReference: Sendable, Hashable {
    case tag(String)
    case branch(String)
    case commit(String)
}

/// One `pod` line (a `:subspecs => [...]` line yields one per subspec).
public struct Dependency: Sendable, Hashable, CustomStringConvertible {
    /// `Name` or `Name/Sub`.
    public let name: String
    public let requirements: RequirementSet
    public let external: ExternalSource?
    /// `:source => URL`: only this source is searched for the pod.
    public let source: String?
    /// `:configurations => ['Debug']` / `:configuration => 'Debug'`: the build configurations the pod
    /// is linked into; nil means all. Not part of `description` (CocoaPods' DEPENDENCIES omits it).
    public let configurations: [String]?
    public let location: ComposefileLocation

    public init(
        name: String, requirements: RequirementSet = .any, external: ExternalSource? = nil,
        source: String? = nil, configurations: [String]? = nil, location: ComposefileLocation
    ) {
        self.name = name
        self.requirements = requirements
        self.external = external
        self.source = source
        self.configurations = configurations
        self.location = location
    }

    /// The pod the name belongs to (`Name` of `Name/Sub`).
    public var rootName: String { String(name.split(separator: "/", maxSplits: 1).first ?? Substring(name)) }

    /// The Podfile.lock spelling: `Name`, `Name (~> 1.2, < 1.5)`,
    /// ``Name (from `https://host/x.git`, tag `1.0`)``, ``Name (from `../Name`)``.
    public var description: String {
        switch external {
        case .path(let path), .podspec(let path):
            return "\(name) (from `\(path)`)"
        case .git(let url, let reference):
            var text = "\(name) (from `\(url)`"
            switch reference {
            case .commit(let commit)?: text += ", commit `\(commit)`"
            case .branch(let branch)?: text += ", branch `\(branch)`"
            case .tag(let tag)?: text += ", tag `\(tag)`"
            case nil: break
            }
            return text + ")"
        case nil:
            return requirements.isAny ? name : "\(name) (\(requirements))"
        }
    }
}
