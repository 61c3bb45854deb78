import Foundation

/// What a path is, without following a symbolic link (`lstat`).
package enum FileKind: Equatable {
    case missing, file, directory, symlink, other

    package static func of(_ path: String) -> FileKind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    /// The whole regular file at `path`, read with one buffer and no copy; nil when it cannot be read
    /// or is not a regular file. Opened without following a link and without blocking, then checked:
    /// a symbolic link, a FIFO, a socket or a device is never read through, and never blocks.
    package static func readRegularFile(_ path: String) -> [UInt8]? {
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
}

/// `path` with every symbolic link resolved (`realpath`), for the part that exists; the rest, which
/// does not exist, appended as written.
package func resolvedPath(_ path: String) -> String {
    if let real = realpath(path, nil) {
        defer { free(real) }
        return String(cString: real)
    }
    let parent = parentPath(path)
    guard !parent.isEmpty, parent != path else { return path }
    let base = resolvedPath(parent)
    return joinedPath(base == "/" ? "" : base, lastPathComponent(path))
}
