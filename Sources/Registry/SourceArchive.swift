import Crypto
import Foundation

// Implementation only: no ZIPFoundation type appears in this module's interface, and a client that
// loaded ZIPFoundation's module would also need its C module map (CZlib), which SwiftPM does not
// hand to modules that do not name ZIPFoundation themselves.
@_implementationOnly import ZIPFoundation

/// The source archive of a registry release, as `swift package archive-source` makes it: a zip whose
/// one top-level folder holds the package (SwiftPM strips that folder when it extracts).
///
/// Deterministic: entries in path order, each with the same date (2000-01-01, UTC) and permissions,
/// compressed with deflate. The same files give the same bytes, so the same tag gives the same
/// checksum on every export, which SwiftPM's fingerprint check (trust on first use) requires.
package enum SourceArchive {
    /// The limits of one release's archive: a tree above them is not published (its reason says which).
    package static let maximumFiles = 20_000
    package static let maximumBytes = 256 * 1_048_576

    /// The zip of `files` (paths relative to the package's root → bytes) under `folder/`.
    package static func make(_ files: [(path: String, data: Data)], folder: String) throws -> Data {
        let contents = Dictionary(files.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first })
        return try make(paths: files.map { ($0.path, $0.data.count) }, folder: folder) { contents[$0] ?? Data() }
    }

    /// The zip of the files at `paths` (with their sizes) under `folder/`, each read by `read` when its
    /// entry is written and dropped after it: one file's bytes are held at a time, beside the archive.
    package static func make(
        paths: [(path: String, size: Int)], folder: String, read: (String) throws -> Data
    ) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        let date = Date(timeIntervalSince1970: 946_684_800)
        for (path, size) in paths.sorted(by: { $0.path < $1.path }) {
            var data: Data? = nil
            try archive.addEntry(
                with: folder + "/" + path, type: .file, uncompressedSize: Int64(size), modificationDate: date,
                permissions: 0o644, compressionMethod: .deflate,
                provider: { position, chunk in
                    if data == nil { data = try read(path) }
                    let bytes = data!
                    let start = Int(position)
                    guard start < bytes.count else { return Data() }
                    return bytes.subdata(in: start..<min(start + chunk, bytes.count))
                })
        }
        guard let bytes = archive.data else { throw SourceArchiveError.notWritten }
        return bytes
    }

    /// The SHA-256 of `data` in lower-case hexadecimal: the checksum SwiftPM compares
    /// (`swift package compute-checksum` prints the same).
    package static func checksum(of data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}

enum SourceArchiveError: Error, CustomStringConvertible {
    case notWritten

    var description: String { "the zip archive could not be made in memory" }
}
