import Foundation
import Support

/// The files compose keeps in its home to save work (the spec index, the record of a resolve with
/// nothing to do, the CDN cache): read whole into one buffer, written to a temporary file that is
/// renamed over the old one, so a reader sees the old file or the new one. No `fsync`: a file lost
/// in a crash costs one slower run, and each is checked (magic, version, hash) before it is used.
/// Only a regular file is read: a symbolic link, a FIFO, a socket or a device at a cache file's
/// path is a missing cache, never opened in a way that could block, and is replaced by the rename.
package enum CacheFile {
    /// The whole regular file at `path`, read with one buffer and no copy; nil when it cannot be read
    /// or is not a regular file (opened without following a link and without blocking, then checked).
    package static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let n = Foundation.read(descriptor, buffer.baseAddress! + count, size - count)
                if n <= 0 {
                    failed = true
                    break
                }
                count += n
            }
        }
        return failed ? nil : bytes
    }

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
