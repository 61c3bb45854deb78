import Foundation
import Support

/// Every regular file under `root`, relative, skipping `.git` and `.build`.
func listFiles(_ root: URL) -> [String] {
    let prefix = root.standardizedFileURL.path + "/"
    guard
        let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey])
    else { return [] }
    var files: [String] = []
    for case let url as URL in enumerator {
        let name = url.lastPathComponent
        if name == ".git" || name == ".build" || name == ".swiftpm" {
            enumerator.skipDescendants()
            continue
        }
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
        let path = url.standardizedFileURL.path
        if path.hasPrefix(prefix) { files.append(String(path.dropFirst(prefix.count))) }
    }
    return files.sorted()
}

func lastLines(_ text: String, _ count: Int) -> String {
    text.split(separator: "\n").suffix(count).joined(separator: " | ")
}

/// Removes the temporary files that an interrupted or failed write of one of `urls` left beside it
/// (regular files only), so none outlives the next run: those of `AtomicFile` whose writer is gone
/// (`AtomicFile.sweep`), and the `.NAME.XXXXXXXX.partial` names earlier versions of compose wrote.
func removePartials(besides urls: [URL]) {
    for (folder, files) in Dictionary(grouping: urls, by: { $0.deletingLastPathComponent().path }) {
        AtomicFile.sweep(in: URL(fileURLWithPath: folder, isDirectory: true))
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
        let prefixes = files.map { ".\($0.lastPathComponent)." }
        for name in names where name.hasSuffix(".partial") {
            guard let prefix = prefixes.first(where: name.hasPrefix),
                name.count == prefix.count + 8 + ".partial".count
            else { continue }
            var status = stat()
            let path = joinedPath(folder, name)
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(path) }
        }
    }
}
