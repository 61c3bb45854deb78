import Foundation
import Support

/// The lock a project folder has: its Compose.lock, else (a project coming from CocoaPods) its
/// Podfile.lock, read the same way so every version it pins is kept.
package struct ProjectLock: Sendable, Equatable {
    package let lockfile: Lockfile
    /// The file read.
    package let path: String
    /// True when the lock is the project's Podfile.lock (there is no Compose.lock yet).
    package let adoptedFromPodfileLock: Bool
    /// Sections skipped, one warning each, and (for an adopted Podfile.lock) one note saying so.
    package let messages: [Finding]
    /// The file's bytes as read.
    package let data: Data
}

/// The rule ids of what reading a lock says (docs/diagnostics.md).
package enum LockRule {
    /// A section of the lock compose does not read, skipped.
    package static let sectionSkipped = "lock-section-skipped"
    /// The project's Podfile.lock read in place of a missing Compose.lock.
    package static let podfileLockAdopted = "lock-podfile-lock-adopted"

    /// Every rule id above.
    package static let all = [sectionSkipped, podfileLockAdopted]
}

extension Lockfile {
    /// Finds and reads the lock of the project in `directory`: `Compose.lock` if it exists, else
    /// `Podfile.lock`; nil when there is neither. `display` names files in messages (defaults to
    /// their file names).
    package static func readProjectLock(in directory: URL, display: (String) -> String = { $0 })
        throws(ComposefileError) -> ProjectLock?
    {
        for name in ["Compose.lock", "Podfile.lock"] {
            let path = directory.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .unreadable(path: display(name), reason: "permission denied or not a file")
            }
            let (lockfile, warnings) = try parseWithWarnings(String(decoding: data, as: UTF8.self), path: display(name))
            let adopted = name == "Podfile.lock"
            var messages = warnings
            if adopted {
                let count = Set(lockfile.pods.map(\.rootName)).count
                messages.append(
                    Finding(
                        severity: .note, ruleID: LockRule.podfileLockAdopted,
                        message:
                            "Adopted Podfile.lock: \(count) \(count == 1 ? "pod" : "pods") kept at \(count == 1 ? "its locked version" : "their locked versions") (there is no Compose.lock; resolving writes one from it)."
                    ))
            }
            return ProjectLock(
                lockfile: lockfile, path: path, adoptedFromPodfileLock: adopted, messages: messages, data: data)
        }
        return nil
    }
}
