import Foundation

/// Writes `files` (a path relative to `root` → its text), making the folders on the way.
package func writeFiles(_ files: [String: String], under root: URL) throws {
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// The JSON of a small podspec for a spec repo fixture: its name and version, a summary ("NAME
/// things" unless given), a homepage and a git source tagged with the version. `extra` is added
/// inside the object as written (`, "dependencies": {…}`).
package func minimalSpec(_ name: String, _ version: String, summary: String? = nil, extra: String = "") -> String {
    """
    {"name": "\(name)", "version": "\(version)", "summary": "\(summary ?? "\(name) things")", \
    "homepage": "https://example.com/\(name)", \
    "source": {"git": "https://git.example.com/\(name).git", "tag": "\(version)"}\(extra)}
    """
}
