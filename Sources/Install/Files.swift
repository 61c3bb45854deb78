import Foundation

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
