import Support

/// One version constraint, CocoaPods' `Pod::Requirement` (RubyGems' `Gem::Requirement`):
/// `OP VERSION` with `OP` one of `=`, `!=`, `>`, `<`, `>=`, `<=`, `~>` (default `=`); spacing is free
/// (`~>1.2`). Several constraints on one dependency are ANDed: see `RequirementSet`.
///
/// Prereleases are *not* filtered here (`~> 1.2` admits `1.3.0-beta.1`, as in CocoaPods); the resolver
/// decides whether a prerelease may be a candidate.
///
/// Equality is the requirement as written: the operator and the version's spelling. `~> 1.0`
/// (`>= 1.0, < 2`) and `~> 1.0.0` (`>= 1.0.0, < 1.1`) are different requirements although their
/// versions compare equal, so they are never merged in a `Set` or a dictionary. The rule is the same
/// for every operator: `>= 1.0` and `>= 1.0.0` admit the same versions but are still two requirements.
package struct Requirement: Sendable, Hashable, CustomStringConvertible {
    package enum Operator: String, Sendable, Hashable, CaseIterable {
        case equal = "="
        case notEqual = "!="
        case greater = ">"
        case less = "<"
        case greaterOrEqual = ">="
        case lessOrEqual = "<="
        case pessimistic = "~>"
    }

    package let op: Operator
    package let version: Version

    package init(_ op: Operator, _ version: Version) {
        self.op = op
        self.version = version
    }

    package enum ParseError: ComposeFailure, Equatable {
        case illformed(String)
        package var kind: FailureKind { .input }
        package var description: String {
            switch self {
            case .illformed(let text):
                return
                    "Illformed requirement \"\(text)\": write an optional operator (=, !=, >, <, >=, <=, ~>) and a version, for example \"~> 1.2\" or \">= 2.0.0-beta.1\"."
            }
        }
    }

    /// Parses `"~> 1.2"`, `">=1.0"`, `"1.0"` (meaning `= 1.0`).
    package init(parsing text: String) throws(ParseError) {
        let trimmed = text.trimmingASCIIWhitespace()
        // The operator from its first two bytes, longest first (`>=` before `>`).
        let bytes = trimmed.utf8
        let first = bytes.first
        let second = bytes.dropFirst().first
        let op: Operator
        let length: Int
        switch (first, second) {
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): (op, length) = (.notEqual, 2)
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): (op, length) = (.greaterOrEqual, 2)
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): (op, length) = (.lessOrEqual, 2)
        case (UInt8(ascii: "~"), UInt8(ascii: ">")): (op, length) = (.pessimistic, 2)
        case (UInt8(ascii: ">"), _): (op, length) = (.greater, 1)
        case (UInt8(ascii: "<"), _): (op, length) = (.less, 1)
        case (UInt8(ascii: "="), _): (op, length) = (.equal, 1)
        default: (op, length) = (.equal, 0)
        }
        let versionText = String(Substring(bytes.dropFirst(length))).trimmingASCIIWhitespace()
        guard !versionText.isEmpty, let version = try? Version(versionText) else { throw .illformed(text) }
        self.op = op
        self.version = version
    }

    /// Whether `candidate` satisfies this constraint, with CocoaPods' exact semantics.
    package func isSatisfied(by candidate: Version) -> Bool {
        switch op {
        case .equal: return candidate == version
        case .notEqual: return !(candidate == version)
        // RubyGems' equality at the exclusive bounds: `1.0.0` is not `> 1.0`, nor `< 1.0.0.0`,
        // although it sorts after `1.0` (`Version`'s string tie-break orders spellings only).
        case .greater: return candidate > version && !(candidate == version)
        case .less: return candidate < version && !(candidate == version)
        case .greaterOrEqual: return candidate >= version
        case .lessOrEqual: return candidate <= version
        case .pessimistic: return candidate >= version && candidate.release < version.bump
        }
    }

    /// `"~> 1.2"`: the operator, one space, the version as written.
    package var description: String { "\(op.rawValue) \(version.string)" }

    /// Same operator and same written version (`Version`'s own `==` ignores trailing zeros).
    package static func == (lhs: Requirement, rhs: Requirement) -> Bool {
        lhs.op == rhs.op && lhs.version.string == rhs.version.string
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(op)
        hasher.combine(version.string)
    }
}

/// A conjunction of requirements (`'>= 1.0', '< 2.0'`). Empty means any version (`>= 0`).
/// Equal when the requirements are equal as written, in the same order (see `Requirement`'s `==`).
package struct RequirementSet: Sendable, Hashable, CustomStringConvertible {
    package let requirements: [Requirement]

    package init(_ requirements: [Requirement] = []) {
        self.requirements = requirements
    }

    /// Parses each string as one requirement.
    package init(parsing strings: [String]) throws(Requirement.ParseError) {
        var parsed: [Requirement] = []
        for s in strings { parsed.append(try Requirement(parsing: s)) }
        self.requirements = parsed
    }

    /// Parses the lockfile form `"~> 1.2, < 1.5"` (requirements joined by commas).
    package init(parsingList text: String) throws(Requirement.ParseError) {
        let parts = text.split(separator: ",").map { String($0) }
        if parts.isEmpty { throw .illformed(text) }
        try self.init(parsing: parts)
    }

    package static let any = RequirementSet()

    package var isAny: Bool { requirements.isEmpty }

    package func isSatisfied(by version: Version) -> Bool {
        requirements.allSatisfy { $0.isSatisfied(by: version) }
    }

    /// Whether any constraint names a prerelease version (which lets the resolver pick prereleases).
    package var mentionsPrerelease: Bool { requirements.contains { $0.version.isPrerelease } }

    /// `"~> 1.2, < 1.5"`, or `">= 0"` when empty.
    package var description: String {
        requirements.isEmpty ? ">= 0" : requirements.map(\.description).joined(separator: ", ")
    }
}
