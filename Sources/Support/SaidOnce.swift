/// Things of one kind said once: when one kind applies to several subjects (pods, mostly), one line
/// names every subject instead of one sentence said again for each. Install's notes
/// (`InstallNotes`) and the registry's skipped releases are grouped here, so every command that
/// reports many items of one kind speaks the same way; the details stay in `--verbose` and in
/// `--format json`.
package enum SaidOnce {
    /// `items` with each kind said once. A kind that applies to several subjects is said by `together`
    /// (the subjects sorted case-insensitively, and every item of the kind) at the place of its first
    /// item; an item of a kind that applies to one subject, and one of no subject, is said by `alone`
    /// in its place.
    package static func grouped<Item, Line>(
        _ items: [Item], subject: (Item) -> String?, kind: (Item) -> String, alone: (Item) -> Line,
        together: (_ subjects: [String], _ group: [Item]) -> Line
    ) -> [Line] {
        var members: [String: [Item]] = [:]
        for item in items where subject(item) != nil { members[kind(item), default: []].append(item) }
        var said: Set<String> = []
        var lines: [Line] = []
        for item in items {
            let itemKind = kind(item)
            guard subject(item) != nil, let group = members[itemKind] else {
                lines.append(alone(item))
                continue
            }
            let subjects = Set(group.compactMap(subject)).sorted { $0.lowercased() < $1.lowercased() }
            guard subjects.count > 1 else {
                lines.append(alone(item))
                continue
            }
            guard said.insert(itemKind).inserted else { continue }
            lines.append(together(subjects, group))
        }
        return lines
    }
}
