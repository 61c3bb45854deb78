import Foundation

/// The files compose keeps in its home to save work (the spec index, the record of a resolve with
/// nothing to do): read whole into one buffer, written to a temporary file that is renamed over
/// the old one, so a reader sees the old file or the new one. No `fsync`: a file lost in a crash
/// costs one slower run, and each is checked (magic, version, hash) before it is used.
enum CacheFile {
    /// The whole regular file at `path`, read with one buffer and no copy; nil when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
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
    static func write(_ bytes: [UInt8], to file: URL) -> Bool {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        let written = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count <= 0 { break }
                offset += count
            }
            return offset
        }
        close(descriptor)
        guard written == bytes.count, rename(temporary.path, file.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }
}
