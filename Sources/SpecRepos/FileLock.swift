import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on a lock file, so that two compose processes on one machine take turns
/// with a clone. Released when the lock is deinitialised (and by the kernel when a process dies).
final class FileLock {
    private let descriptor: Int32

    /// Takes the lock on `url`, creating the file if needed. When another process holds it,
    /// `waiting` is called once, then this blocks until the lock is free.
    init(_ url: URL, waiting: () -> Void) throws(SpecRepoError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(
                path: url.deletingLastPathComponent().path,
                message: "cannot create the folder: \(error.localizedDescription)")
        }
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .fileSystem(path: url.path, message: "cannot open the lock file: \(String(cString: strerror(errno)))")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                let message = String(cString: strerror(errno))
                close(descriptor)
                throw .fileSystem(path: url.path, message: "cannot lock: \(message)")
            }
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let message = String(cString: strerror(errno))
                    close(descriptor)
                    throw .fileSystem(path: url.path, message: "cannot lock: \(message)")
                }
            }
        }
        self.descriptor = descriptor
    }

    /// Takes the lock on `url` only when it is free right now; nil when another process holds it
    /// (or the file cannot be opened).
    init?(ifFree url: URL) {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
