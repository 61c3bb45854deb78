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

    /// The zip of `files` (paths relative to the package's root → bytes) under `folder/`, in memory.
    package static func make(_ files: [(path: String, data: Data)], folder: String) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, data) in files.sorted(by: { $0.path < $1.path }) {
            try add(path, size: data.count, folder: folder, to: archive) { data }
        }
        guard let bytes = archive.data else { throw SourceArchiveError.notWritten }
        return bytes
    }

    /// Writes the zip of the files at `paths` (with their sizes) under `folder/` to `file` (which must
    /// not exist), each read by `read` when its entry is written and dropped after it: one file's
    /// bytes are held at a time, and the archive is on disk, never in memory. The same bytes as `make`.
    package static func write(
        paths: [(path: String, size: Int)], folder: String, to file: URL, read: (String) throws -> Data
    ) throws {
        let archive = try Archive(url: file, accessMode: .create)
        for (path, size) in paths.sorted(by: { $0.path < $1.path }) {
            try add(path, size: size, folder: folder, to: archive) { try read(path) }
        }
    }

    /// Adds one entry, reading its bytes once, when its first chunk is asked for.
    private static func add(
        _ path: String, size: Int, folder: String, to archive: Archive, read: () throws -> Data
    ) throws {
        var data: Data? = nil
        try archive.addEntry(
            with: folder + "/" + path, type: .file, uncompressedSize: Int64(size), modificationDate: date,
            permissions: 0o644, compressionMethod: .deflate,
            provider: { position, chunk in
                if data == nil { data = try read() }
                let bytes = data!
                guard bytes.count == size else { throw SourceArchiveError.sizeChanged(path: path) }
                let start = Int(position)
                return bytes.subdata(in: start..<min(start + chunk, bytes.count))
            })
    }

    /// The one date of every entry: 2000-01-01, UTC.
    private static let date = Date(timeIntervalSince1970: 946_684_800)

    /// The SHA-256 of the file at `file`, read a MiB at a time.
    package static func checksum(ofFile file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var digest = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { digest.update(data: chunk) }
        return digest.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The SHA-256 of `data` in lower-case hexadecimal: the checksum SwiftPM compares
    /// (`swift package compute-checksum` prints the same).
    package static func checksum(of data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}

enum SourceArchiveError: Error, CustomStringConvertible {
    case notWritten
    case sizeChanged(path: String)

    var description: String {
        switch self {
        case .notWritten: "the zip archive could not be made in memory"
        case .sizeChanged(let path): "\(path) did not have the size its object header gave"
        }
    }
}
