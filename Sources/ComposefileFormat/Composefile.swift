import Specs
import Support

/// A place in a Composefile (or Podfile): `path:line:column`, all 1-based.
package struct ComposefileLocation: Sendable, Hashable, CustomStringConvertible {
    package let file: String
    package let line: Int
    package let column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package var description: String { "\(file):\(line):\(column)" }
}

/// A parsed Composefile: the declarative part of the Podfile DSL.
package struct Composefile: Sendable, Equatable {
    /// The file it was read from, as given to the parser (used in locations).
    package let path: String
    /// `source` lines in order: the first source that has a pod wins.
    package internal(set) var sources: [SourceDeclaration] = []
    /// The implicit abstract target holding everything written outside `target` blocks.
    package internal(set) var root: TargetDefinition
    /// Bare integration flags seen (`use_frameworks!`, `inhibit_all_warnings!` …), in order.
    package internal(set) var flags: [String] = []
    /// Things accepted but ignored (`install!` options, `plugin` …), for the user's information:
    /// notes at their line, of the rules in `NoteRule`.
    package internal(set) var notes: [Finding] = []
    /// The `workspace` line (CocoaPods' `workspace_path`; `.xcworkspace` added when missing).
    package internal(set) var workspace: XcodePathDeclaration?
    /// False after `install! 'cocoapods', :integrate_targets => false`: the Xcode project is left alone.
    package internal(set) var integratesTargets = true
    /// What the file's Ruby read besides its own bytes: environment variables and files (absolute
    /// paths). A resolve that answers "nothing changed" from the file's bytes alone must not be
    /// trusted when these are not empty.
    package internal(set) var environmentRead: [String] = []
    package internal(set) var filesRead: [String] = []

    package init(path: String) {
        self.path = path
        self.root = TargetDefinition(
            name: "Pods", isAbstract: true, location: ComposefileLocation(file: path, line: 1, column: 1))
    }

    /// The rule ids of the Composefile's notes (docs/composefile.md).
    package enum NoteRule {
        /// `post_install` and the other hooks, skipped.
        package static let hookSkipped = "podfile-hook-skipped"
        /// `plugin` and `link_with`, read and ignored.
        package static let wordIgnored = "podfile-word-ignored"
        /// A word of a CocoaPods plugin that compose does not load, skipped.
        package static let pluginWordSkipped = "podfile-plugin-word-skipped"
        /// `install!` options other than `:integrate_targets`, ignored.
        package static let installOptionsIgnored = "podfile-install-options-ignored"
        /// An `inherit! :search_paths` target without pods of its own: an empty product.
        package static let searchPathsTargetEmpty = "podfile-search-paths-target-empty"

        /// Every rule id above.
        package static let all = [
            hookSkipped, wordIgnored, pluginWordSkipped, installOptionsIgnored, searchPathsTargetEmpty,
        ]
    }

    /// A remark of rule `rule` about a line that was accepted without effect.
    static func note(_ rule: String, at location: ComposefileLocation, _ message: String) -> Finding {
        Finding(
            severity: .note, ruleID: rule, message: message, file: location.file, line: location.line,
            column: location.column)
    }

    /// Every concrete (non-abstract) target, depth first in file order, with the pods it gets
    /// (its own plus those inherited under `inherit! :complete`), its effective platform and its
    /// project (its own `project` line, else the nearest enclosing block's, as CocoaPods reads it).
    /// These are the targets CocoaPods integrates: nested ones, `abstract_target` children and
    /// `inherit! :search_paths` or `:none` test targets alike.
    package var concreteTargets: [ConcreteTarget] {
        var result: [ConcreteTarget] = []
        func walk(
            _ target: TargetDefinition, inherited: [Dependency], platform: PlatformDeclaration?,
            project: XcodePathDeclaration?
        ) {
            let effectivePlatform = target.platform ?? platform
            let effectiveProject = target.project ?? project
            let base = target.inheritance == .complete ? inherited : []
            let dependencies = base + target.dependencies
            if !target.isAbstract {
                result.append(
                    ConcreteTarget(
                        name: target.name, platform: effectivePlatform, dependencies: dependencies,
                        location: target.location, project: effectiveProject))
            }
            for child in target.children {
                walk(child, inherited: dependencies, platform: effectivePlatform, project: effectiveProject)
            }
        }
        walk(root, inherited: [], platform: nil, project: nil)
        return result
    }

    /// Every `pod` line of the file (abstract targets included), in file order.
    package var allDependencies: [Dependency] {
        var result: [Dependency] = []
        func walk(_ target: TargetDefinition) {
            result += target.dependencies
            target.children.forEach(walk)
        }
        walk(root)
        return result
    }

    /// Every platform declared anywhere (root, abstract or concrete targets), in file order.
    package var allPlatforms: [PlatformDeclaration] {
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
package struct SourceDeclaration: Sendable, Hashable {
    package let url: String
    package let location: ComposefileLocation
}

/// `target` or `abstract_target` (or the implicit root) with what was declared directly inside it.
package struct TargetDefinition: Sendable, Equatable {
    package enum Inheritance: String, Sendable, Equatable, CaseIterable {
        case complete
        case none
        case searchPaths = "search_paths"
    }

    package let name: String
    package internal(set) var isAbstract: Bool
    package internal(set) var inheritance: Inheritance = .complete
    package internal(set) var platform: PlatformDeclaration?
    package internal(set) var dependencies: [Dependency] = []
    package internal(set) var children: [TargetDefinition] = []
    /// The block's `project` line (`xcodeproj`, its older spelling, too).
    package internal(set) var project: XcodePathDeclaration?
    package let location: ComposefileLocation

    init(name: String, isAbstract: Bool, location: ComposefileLocation) {
        self.name = name
        self.isAbstract = isAbstract
        self.location = location
    }
}

/// A concrete target as the resolver sees it.
package struct ConcreteTarget: Sendable, Equatable {
    package let name: String
    package let platform: PlatformDeclaration?
    package let dependencies: [Dependency]
    package let location: ComposefileLocation
    /// The Xcode project the target is in, when a `project` line says (else the one beside the Podfile).
    package var project: XcodePathDeclaration? = nil
}

/// A `project 'App'` or `workspace 'App'` line: the path as written with the extension CocoaPods
/// adds when it is missing (`App` → `App.xcodeproj`), relative to the Podfile's folder.
package struct XcodePathDeclaration: Sendable, Hashable {
    package let path: String
    package let location: ComposefileLocation

    package init(path: String, location: ComposefileLocation) {
        self.path = path
        self.location = location
    }
}

/// `platform :ios, '15.0'`. Names are canonical podspec keys: ios, osx, tvos, watchos, visionos.
package struct PlatformDeclaration: Sendable, Hashable {
    package static let names = Platform.names

    package let name: String
    /// The deployment target; nil means the platform's default (no minimum is enforced).
    package let deploymentTarget: Version?
    package let location: ComposefileLocation

    package init(name: String, deploymentTarget: Version?, location: ComposefileLocation) {
        self.name = name
        self.deploymentTarget = deploymentTarget
        self.location = location
    }
}

/// Where a pod comes from when not from a spec repository.
package enum ExternalSource: Sendable, Hashable {
    /// `:path => '../Dir'`: the folder holds `Name.podspec.json`.
    case path(String)
    /// `:podspec => 'path/or/URL'`: a podspec at a path or URL (read by the project, not here).
    case podspec(String)
    /// `:git => URL` with an optional `:tag`, `:branch` or `:commit`.
    case git(url: String, reference: GitReference?)
}

package enum GitReference: Sendable, Hashable {
    case tag(String)
    case branch(String)
    case commit(String)
}

/// One `pod` line (a `:subspecs => [...]` line yields one per subspec).
package struct Dependency: Sendable, Hashable, CustomStringConvertible {
    /// `Name` or `Name/Sub`.
    package let name: String
    package let requirements: RequirementSet
    package let external: ExternalSource?
    /// `:source => URL`: only this source is searched for the pod.
    package let source: String?
    /// `:configurations => ['Debug']` / `:configuration => 'Debug'`: the build configurations the pod
    /// is linked into; nil means all. Not part of `description` (CocoaPods' DEPENDENCIES omits it).
    package let configurations: [String]?
    package let location: ComposefileLocation

    package init(
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
    package var rootName: String { String(name.split(separator: "/", maxSplits: 1).first ?? Substring(name)) }

    /// The Podfile.lock spelling: `Name`, `Name (~> 1.2, < 1.5)`,
    /// ``Name (from `https://host/x.git`, tag `1.0`)``, ``Name (from `../Name`)``.
    package var description: String {
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
