import Specs

/// A statement about one package: "it is selected at a version in `versions`, or — when
/// `allowsAbsent` — it is not selected at all". PubGrub's positive term `P in S` is
/// `(S, allowsAbsent: false)`; its negative term `not P in S` is `(universe − S, allowsAbsent: true)`.
/// With this encoding every operation is plain set algebra over `versions ∪ {absent}`.
struct Term: Sendable {
    var package: Int
    var versions: VersionSet
    var allowsAbsent: Bool

    var isPositive: Bool { !allowsAbsent }
    /// Never satisfied by any assignment.
    var isEmpty: Bool { !allowsAbsent && versions.isEmpty }

    func intersection(_ other: Term) -> Term {
        Term(
            package: package, versions: versions.intersection(other.versions),
            allowsAbsent: allowsAbsent && other.allowsAbsent)
    }

    func negated(universe: VersionSet) -> Term {
        Term(package: package, versions: universe.subtracting(versions), allowsAbsent: !allowsAbsent)
    }

    /// Whether every assignment this term allows is allowed by `other`.
    func isSubset(of other: Term) -> Bool {
        (!allowsAbsent || other.allowsAbsent) && versions.isSubset(of: other.versions)
    }

    func isDisjoint(with other: Term) -> Bool {
        !(allowsAbsent && other.allowsAbsent) && versions.isDisjoint(with: other.versions)
    }

    /// Always satisfied: says nothing.
    func isTautology(universe: VersionSet) -> Bool {
        allowsAbsent && universe.isSubset(of: versions)
    }

    /// The versions a reader should see: the set itself for a positive term, the excluded set
    /// for a negative one ("not Networking ~> 3.0").
    func shownVersions(universe: VersionSet) -> VersionSet {
        allowsAbsent ? universe.subtracting(versions) : versions
    }
}

/// Why a dependency's requirement matches no version at all.
enum EmptyReason: Sendable, Equatable {
    /// No source has the package.
    case unknownPackage
    /// Only prereleases meet the requirement, and it names none.
    case onlyPrereleases([Version])
    /// Versions exist; none meets the requirement.
    case noMatch
}

/// A set of terms that must not all be true at once.
struct Incompatibility: Sendable {
    enum Cause: Sendable {
        /// The root must be selected.
        case root
        /// `terms[0]`'s package at those versions depends on `requirement` (the dependee's term,
        /// when it can be satisfied at all, is `terms[1]`).
        case dependency(dependee: Int, requirement: PackageRequirement, empty: EmptyReason?)
        /// Every version `v` of `terms[0]`'s package in the range depends on the dependee `= v`
        /// (a subspec and its root). Implied by the per-version dependencies; learned once for the
        /// range so that propagation and explanations need not go version by version.
        case sameVersion(dependee: Int)
        /// The packages, at the single versions of `terms` (in cycle order), depend on one another
        /// in a circle: each on the next, the last on the first. CocoaPods refuses a dependency cycle.
        case cycle
        /// Learned from two incompatibilities during conflict resolution.
        case derived(conflict: Int, other: Int)
    }

    var terms: [Term]
    var cause: Cause

    var isDerived: Bool { if case .derived = cause { true } else { false } }
    var isDependency: Bool {
        switch cause {
        case .dependency, .sameVersion: true
        default: false
        }
    }

    func term(for package: Int) -> Term? { terms.first { $0.package == package } }
}
