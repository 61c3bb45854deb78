/// The one way compose joins the parts of a file path held as text: the parts with one `/` between
/// each two, as written. Nothing is resolved or normalized (`..`, an empty part and a `/` at either end
/// stay what they were), so it is `parent + "/" + child` said once. A URL is joined by its own rules
/// (`URL.appendingPathComponent`), never by this.
package func joinedPath(_ parent: String, _ child: String, _ more: String...) -> String {
    ([parent, child] + more).joined(separator: "/")
}

/// The folder of a file path held as text, as `NSString.deletingLastPathComponent` means it, for every
/// path (that one traps on Linux for a one-character name with no folder: `a`, `a/`, `.`): `a/b/c` →
/// `a/b`, `a/b/` → `a`, `a//b` → `a`, `/a` → `/`, `/` → `/`, `a` → "", "" → "".
package func parentPath(_ path: String) -> String {
    let trimmed = path.trimmingTrailingSlashes
    guard !trimmed.isEmpty else { return path.isEmpty ? "" : "/" }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let folder = trimmed[..<slash].trimmingTrailingSlashes
    return folder.isEmpty ? "/" : String(folder)
}

/// The last part of a file path held as text, as `NSString.lastPathComponent` means it: `a/b` → `b`,
/// `a/b/` → `b`, `a` → `a`, `/` → `/`, "" → "".
package func lastPathComponent(_ path: String) -> String {
    let trimmed = path.trimmingTrailingSlashes
    guard !trimmed.isEmpty else { return path.isEmpty ? "" : "/" }
    return String(trimmed[(trimmed.lastIndex(of: "/").map(trimmed.index(after:)) ?? trimmed.startIndex)...])
}

extension StringProtocol {
    /// Without the `/`s at its end.
    fileprivate var trimmingTrailingSlashes: SubSequence {
        self[..<(lastIndex { $0 != "/" }.map(index(after:)) ?? startIndex)]
    }
}
