import Specs
import Support

/// Where the solver learns what exists. Names are opaque strings (a subspec `Root/Sub` may be its
/// own package whose every version `v` depends on `Root (= v)`); platforms and sources are the
/// provider's concern. Both calls may throw (a spec that cannot be read): the solver stops and
/// reports `ResolutionError.provider`.
package protocol DependencyProvider {
    /// Every candidate version of `package`, in any order; the solver sorts them and keeps one
    /// spelling of versions that compare equal (`1.0` and `1.0.0`: the one that sorts last).
    /// An empty list means no source has a package of that name. Called at most once per package.
    func availableVersions(of package: String) throws -> [Version]
    /// The dependencies of `package` at `version`. Called at most once per package and version.
    func dependencies(of package: String, at version: Version) throws -> [PackageRequirement]

    /// How explanations name `package`. By default the name itself; a provider's bookkeeping
    /// packages read as what they stand for (the package pinning a pod's subspecs reads as the pod).
    func displayName(of package: String) -> String
    /// How explanations word a dependency on `package`: a verb and its object ("requires" "iOS 16.0
    /// or later"), or nil for the default "depends on NAME REQUIREMENTS". `requirements` is nil for
    /// "at the depender's own version". The object replaces the name, the requirements and the note
    /// on why nothing matches; a top-level requirement's origin is still added.
    func describe(dependencyOn package: String, requirements: RequirementSet?) -> DependencyWording?

    /// Whether reading the dependencies of `package` at `version` is cheap (a local file, or read
    /// already). The solver reads the neighbours of a version it decides to state its dependencies
    /// for a range of versions at once; a neighbour that is not cheap (a request to an HTTP source)
    /// is not read for that, only the versions the solver tries. By default every read is cheap.
    func isCheapToRead(_ package: String, at version: Version) -> Bool
}

extension DependencyProvider {
    package func isCheapToRead(_ package: String, at version: Version) -> Bool { true }
    package func displayName(of package: String) -> String { package }
    package func describe(dependencyOn package: String, requirements: RequirementSet?) -> DependencyWording? { nil }
}

/// A dependency in an explanation's words: "Charts 2.0.0 " + verb + " " + object.
package struct DependencyWording: Sendable, Equatable {
    /// "requires", "does not support", "uses".
    package var verb: String
    /// "iOS 16.0 or later", "iOS", "the Kit 1.2.0 spec".
    package var object: String
    /// Another way out when a failure rests on this dependency, completing "To resolve it, …; or
    /// HINT." ("raise the iOS deployment target to 16.0 (Composefile:2)"); nil for none.
    package var hint: String?

    package init(verb: String, object: String, hint: String? = nil) {
        self.verb = verb
        self.object = object
        self.hint = hint
    }
}

/// A dependency: a package name and the requirements its version must meet.
package struct PackageRequirement: Sendable, Hashable, CustomStringConvertible {
    package var name: String
    package var requirements: RequirementSet
    /// Where the requirement comes from, shown in explanations for top-level requirements
    /// (for example `Composefile:12`).
    package var origin: String?

    package init(name: String, requirements: RequirementSet = .any, origin: String? = nil) {
        self.name = name
        self.requirements = requirements
        self.origin = origin
    }

    /// `Networking (~> 3.0)`, or `Networking` when any version will do.
    package var description: String {
        requirements.isAny ? name : "\(name) (\(requirements))"
    }
}

package struct ResolverOptions: Sendable {
    /// How explanations name the top-level requirements' owner: "Because the Composefile depends on …".
    package var rootName: String
    /// Learn one dependency fact for every run of adjacent versions that share it ("Order >= 2.0
    /// depends on Networking ~> 3.0") rather than one per version. Reads the dependencies of the
    /// neighbouring versions of each chosen version; makes conflicts far cheaper and explanations shorter.
    package var mergesVersionRanges: Bool

    /// Root names the user asked to update (`compose update NAME`): decided before everything else,
    /// newest first, so that an update moves what it names even where keeping a locked version of
    /// another pod would have been possible with the old version.
    package var updating: Set<String>

    package init(rootName: String = "the Composefile", mergesVersionRanges: Bool = true, updating: Set<String> = []) {
        self.rootName = rootName
        self.mergesVersionRanges = mergesVersionRanges
        self.updating = updating
    }
}

/// A version for every package the top-level requirements need, directly or not.
package struct Solution: Sendable, Equatable {
    /// The chosen version of each package.
    package let versions: [String: Version]
    /// The dependencies of each chosen version, as the provider gave them (duplicates merged).
    package let dependencies: [String: [PackageRequirement]]
    /// The solver's steps in order, one line each ("decide Networking 3.0.2", "conflict: …"), for `--verbose`.
    package let decisions: [String]
    /// Locked versions that could not be kept, with the reason (by package name).
    package let lockChanges: [LockChange]
}

/// A locked version the solver could not keep: which package, the locked and the chosen version,
/// and why. A value, not a sentence: the caller words it.
package struct LockChange: Sendable, Equatable {
    package enum Reason: Sendable, Equatable {
        /// No source offers the locked version any more.
        case unavailable
        /// `requirement` excludes it; it comes from package `by` at version `at`, or from the
        /// top-level requirements when `by` is nil.
        case required(by: String?, at: Version?, requirement: PackageRequirement)
        /// It conflicts with other requirements (no single requirement excludes it).
        case conflict
    }

    package let package: String
    package let locked: Version
    package let chosen: Version
    package let reason: Reason

    package init(package: String, locked: Version, chosen: Version, reason: Reason) {
        self.package = package
        self.locked = locked
        self.chosen = chosen
        self.reason = reason
    }
}

/// Why resolution failed.
package enum ResolutionError: ComposeFailure, Equatable {
    /// No set of versions satisfies the requirements. `explanation` is the derivation in plain
    /// words, ending with what could be changed.
    case unsatisfiable(explanation: String)
    /// The provider failed while reading `package` (at `version`, when one was being read).
    case provider(package: String, version: Version?, message: String, kind: FailureKind)

    package var kind: FailureKind {
        switch self {
        case .unsatisfiable: return .input
        case .provider(_, _, _, let kind): return kind
        }
    }

    package var description: String {
        switch self {
        case .unsatisfiable(let explanation):
            return explanation
        case .provider(let package, let version, let message, _):
            let what = version.map { "\(package) \($0)" } ?? package
            return "Could not read \(what) while resolving dependencies: \(message)"
        }
    }
}

/// PubGrub version solving over a `DependencyProvider`.
///
/// Exact CocoaPods semantics: every requirement is evaluated with `Requirement.isSatisfied(by:)`
/// against the provider's candidate versions, so `!=`, `~>` and string tie-breaks mean exactly
/// what they mean in CocoaPods. A prerelease version is a candidate for a requirement only when
/// that requirement names a prerelease, or another requirement on the same root pod (`Kit` for
/// `Kit/Rx`; top-level, or from another pod's spec) names one, or it is the locked version, as in
/// CocoaPods' `valid_possibility_version_for_root_name?`. Locked versions are tried first;
/// otherwise the newest version is.
package struct Resolver {
    let provider: any DependencyProvider
    let locked: [String: Version]
    let options: ResolverOptions

    package init(provider: some DependencyProvider, locked: [String: Version] = [:], options: ResolverOptions = .init())
    {
        self.provider = provider
        self.locked = locked
        self.options = options
    }

    /// Chooses a version of every package `root` needs, directly or not, or explains why none exists.
    ///
    /// A run starts with the prereleases the top-level requirements name. When it fails after
    /// reading a spec whose dependency names a prerelease of another root pod, it runs again with
    /// that root's prereleases as candidates (each run's facts hold for its own candidates).
    package func resolve(_ root: [PackageRequirement]) throws(ResolutionError) -> Solution {
        var prereleaseRoots: Set<String> = []
        while true {
            let solver = Solver(
                provider: provider, locked: locked, options: options, root: root, prereleaseRoots: prereleaseRoots)
            do {
                return try solver.solve()
            } catch let error as ResolutionError {
                guard case .unsatisfiable = error, !solver.namedPrereleaseRoots.isSubset(of: solver.prereleaseRoots)
                else {
                    throw error
                }
                prereleaseRoots = solver.prereleaseRoots.union(solver.namedPrereleaseRoots)
            } catch {
                throw .provider(package: "?", version: nil, message: "\(error)", kind: .environment)
            }
        }
    }
}
