import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file could not be replaced; nothing of it was left behind.
package struct AtomicWriteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package let path: String
    package let message: String
    package var description: String { "cannot write \(path): \(message)" }
}

/// The one way compose replaces a file a user or another process may be reading: the bytes go to a
/// temporary file beside it (`.NAME.<pid>.<random>.partial`, created with `O_EXCL | O_NOFOLLOW`, so
/// no link is followed and no other file is reused), which is renamed over the file in one step. A
/// reader sees the old file or the new one, never half of either; on any failure the temporary file
/// is removed. `sweep(in:)` removes what a killed process left.
package enum AtomicFile {
    /// The suffix of every temporary file `write` makes.
    package static let partialSuffix = ".partial"

    /// Replaces `url` with `data`, creating the folder when `createFolder`.
    package static func write(_ data: Data, to url: URL, createFolder: Bool = false, permissions: mode_t = 0o644)
        throws(AtomicWriteFailure)
    {
        let folder = url.deletingLastPathComponent()
        if createFolder {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw AtomicWriteFailure(path: url.path, message: error.localizedDescription)
            }
        }
        try write(data, to: url, through: temporaryPath(for: url), permissions: permissions)
    }

    /// A new name for a temporary file beside `url`, the one `write(_:to:)` uses (`sweep(in:)` knows it).
    package static func temporaryPath(for url: URL) -> String {
        url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: .min ... .max))\(partialSuffix)"
        ).path
    }

    /// As `write(_:to:)`, through the temporary file at `temporary` (whatever is there is removed
    /// first, never followed): for a writer that names and sweeps its temporary files itself.
    package static func write(
        _ data: some ContiguousBytes, to url: URL, through temporary: String, permissions: mode_t = 0o644
    ) throws(AtomicWriteFailure) {
        try writeTemporary(data, at: temporary, for: url, permissions: permissions)
        if rename(temporary, url.path) != 0 {
            let failure = String(cString: strerror(errno))
            unlink(temporary)
            throw AtomicWriteFailure(path: url.path, message: failure)
        }
    }

    /// The first half of `write(_:to:through:)`: `data` in a new file at `temporary` (whatever is there
    /// is removed first, never followed), removed again on failure; for a writer that checks something
    /// before it renames the file over `url` itself.
    package static func writeTemporary(
        _ data: some ContiguousBytes, at temporary: String, for url: URL, permissions: mode_t = 0o644
    ) throws(AtomicWriteFailure) {
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        guard descriptor >= 0 else {
            throw AtomicWriteFailure(path: url.path, message: String(cString: strerror(errno)))
        }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw AtomicWriteFailure(path: url.path, message: failure)
        }
    }

    /// Removes the temporary files `write` left in `folder` (not below it) by processes that are no
    /// longer running (the pid in the name; a live writer's file is left alone). Only files, never
    /// through a link; returns how many were removed.
    @discardableResult
    package static func sweep(in folder: URL) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(".") && name.hasSuffix(partialSuffix) {
            let parts = name.split(separator: ".")
            guard parts.count >= 4, let pid = pid_t(parts[parts.count - 3]) else { continue }
            if pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH { continue }
            let path = folder.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}
