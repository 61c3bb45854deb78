import Foundation

/// A fresh directory under the system's temporary folder, removed by `remove()`.
package struct TemporaryDirectory: Sendable {
    package let url: URL
    package var path: String { url.path }

    package init(_ label: String = "compose-test") throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        let safe = label.map { $0.isLetter || $0.isNumber ? $0 : "-" }
        url = base.appendingPathComponent("\(String(safe))-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The repository's root folder, found from this file's path.
package let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
