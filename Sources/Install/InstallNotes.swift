import Support

/// The notes of an install as a person reads them: notes of one kind that apply to several pods
/// become one line naming every pod (sorted), so an install of dozens of pods does not say one
/// sentence dozens of times. `InstallResult.notes` keeps every note (`--verbose`, the record of the
/// install); a generated package's header keeps its pod's notes.
package enum InstallNotes {
    /// `notes` with each kind said once. A note is `Pod: text` (a second label `Pod/Sub:` is part of its
    /// details); two notes are of one kind when their texts differ only inside backticks. A kind that
    /// applies to one pod, and a note that names no pod, is kept as it is, in its place.
    package static func grouped(_ notes: [String]) -> [String] {
        SaidOnce.grouped(
            notes.map(Parsed.init), subject: \.pod, kind: \.kind, alone: \.original,
            together: { pods, group in
                // Backticked parts the notes share stay; the others become `…`.
                var text = ""
                for (index, segment) in group[0].segments.enumerated() {
                    let shared = group.allSatisfy { $0.segments[index] == segment }
                    text += index % 2 == 0 ? segment : "`" + (shared ? segment : "…") + "`"
                }
                return "\(pods.joined(separator: ", ")): \(text) (--verbose says it for each)"
            })
    }

    private struct Parsed {
        let original: String
        /// The pod it is about: the first label, `Pod: …`.
        let pod: String?
        /// Its text without labels, split at backticks: plain text at even indices, code at odd ones.
        let segments: [String]
        /// Its plain text: what notes of one kind share.
        let kind: String

        init(_ note: String) {
            original = note
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
