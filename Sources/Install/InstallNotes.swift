import Support

/// The rule ids of install's notes (docs/install.md).
package enum InstallRule {
    /// `COMPOSE_<NAME>_USE_BINARY` names a component without a prebuilt artifact: built from source.
    package static let binaryUnavailable = "install-binary-unavailable"
    /// `COMPOSE_<NAME>_USE_BINARY` names no locked component.
    package static let binaryUnknown = "install-binary-unknown"
    /// A pod of the same source tree as another becomes a target of that pod's package.
    package static let sameTree = "install-same-tree"
    /// A target's module got a suffix, to keep it apart from another module of that name.
    package static let targetModuleRenamed = "install-target-module-renamed"
    /// A manifest's products cannot all be read without running it: the module's name is linked.
    package static let productUnread = "install-product-unread"
    /// A manifest offers no product named like the module: another library product is linked.
    package static let productRenamed = "install-product-renamed"
    /// A component whose Package.swift uses unsafeFlags is pinned by its commit, not its version.
    package static let unsafeFlagsPinned = "install-unsafe-flags-pinned"
    /// A component depending on one that uses unsafeFlags is pinned by its commit.
    package static let unsafeFlagsDependency = "install-unsafe-flags-dependency"
    /// A pod that cannot be a registry release is installed from git.
    package static let registryNotARelease = "install-registry-not-a-release"
    /// A release missing from the registry is installed from git.
    package static let registryMissing = "install-registry-missing"
    /// A release whose Package.swift uses unsafeFlags is installed from git, not the registry.
    package static let registryUnsafeFlags = "install-registry-unsafe-flags"
    /// A note an install recorded before notes were findings (read back from its record).
    package static let recorded = "install-note"

    /// Every rule id above.
    package static let all = [
        binaryUnavailable, binaryUnknown, sameTree, targetModuleRenamed, productUnread, productRenamed,
        unsafeFlagsPinned, unsafeFlagsDependency, registryNotARelease, registryMissing, registryUnsafeFlags, recorded,
    ]
}

extension Finding {
    /// A note of install's rule `rule` (`InstallRule`, or `PackageRule` for a generated package),
    /// about no place in a file.
    static func installNote(_ rule: String, _ message: String) -> Finding {
        Finding(severity: .note, ruleID: rule, message: message)
    }
}

/// The notes of an install as a person reads them: notes of one kind that apply to several pods
/// become one line naming every pod (sorted), so an install of dozens of pods does not say one
/// sentence dozens of times. `InstallResult.notes` keeps every note (`--verbose`, the record of the
/// install); a generated package's header keeps its pod's notes.
package enum InstallNotes {
    /// `notes` with each kind said once. A note is `Pod: text` (a second label `Pod/Sub:` is part of its
    /// details); two notes are of one kind when they are of one rule and their texts differ only
    /// inside backticks. A kind that applies to one pod, and a note that names no pod, is kept as it
    /// is, in its place.
    package static func grouped(_ notes: [Finding]) -> [Finding] {
        SaidOnce.grouped(
            notes.map(Parsed.init), subject: \.pod, kind: { $0.finding.ruleID + " " + $0.kind }, alone: \.finding,
            together: { pods, group in
                // Backticked parts the notes share stay; the others become `…`.
                var text = ""
                for (index, segment) in group[0].segments.enumerated() {
                    let shared = group.allSatisfy { $0.segments[index] == segment }
                    text += index % 2 == 0 ? segment : "`" + (shared ? segment : "…") + "`"
                }
                let first = group[0].finding
                return Finding(
                    severity: first.severity, ruleID: first.ruleID,
                    message: "\(pods.joined(separator: ", ")): \(text) (--verbose says it for each)")
            })
    }

    private struct Parsed {
        let finding: Finding
        /// The pod it is about: the first label, `Pod: …`.
        let pod: String?
        /// Its text without labels, split at backticks: plain text at even indices, code at odd ones.
        let segments: [String]
        /// Its plain text: what notes of one kind share.
        let kind: String

        init(_ finding: Finding) {
            self.finding = finding
            let note = finding.message
            var rest = Substring(note)
            var pod: String?
            if let colon = rest.range(of: ": "), !rest[..<colon.lowerBound].contains(" "),
                !rest[..<colon.lowerBound].isEmpty
            {
                let label = String(rest[..<colon.lowerBound])
                pod = label
                rest = rest[colon.upperBound...]
                // `Pay: Pay/Core: …`: the subspec's label is a detail.
                if let second = rest.range(of: ": "),
                    rest[..<second.lowerBound] == label || rest[..<second.lowerBound].hasPrefix(label + "/")
                {
                    rest = rest[second.upperBound...]
                }
            }
            self.pod = pod
            segments = rest.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
            kind =
                "\(segments.count):"
                + segments.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "`…`")
        }
    }
}
