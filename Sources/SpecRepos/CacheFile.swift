import Foundation
import Support

/// The files compose keeps in its home to save work (the spec index, the record of a resolve with
/// nothing to do, the CDN cache): read whole into one buffer, written to a temporary file that is
/// renamed over the old one, so a reader sees the old file or the new one. No `fsync`: a file lost
/// in a crash costs one slower run, and each is checked (magic, version, hash) before it is used.
/// A cache file is read with Support's `FileKind.readRegularFile`: a symbolic link, a FIFO, a socket
/// or a device at a cache file's path is a missing cache, never opened in a way that could block,
/// and is replaced by the rename.
package enum CacheFile {
    /// Writes `bytes` to `file` (its folder made when missing); whether the file now holds them.
    @discardableResult
    package static func write(_ bytes: [UInt8], to file: URL) -> Bool {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
        return replace(file.path, with: bytes, through: temporary.path) == nil
    }

    /// Writes `bytes` to `temporary` (anything already there is removed first, never opened; the new
    /// file is created with `O_EXCL | O_NOFOLLOW`) and renames it over `path`: Support's `AtomicFile`.
    /// Nil when done, else why not; on failure nothing is left at `temporary`.
    package static func replace(_ path: String, with bytes: some ContiguousBytes, through temporary: String) -> String?
    {
        do {
            try AtomicFile.write(bytes, to: URL(fileURLWithPath: path), through: temporary)
            return nil
        } catch {
            return error.message
        }
    }
}
