import Foundation
import Support

/// Every failure of a git operation. Messages name the operation and carry libgit2's own words;
/// URLs in them are redacted (`redact(_:)`), so a credential never reaches a terminal or a log.
/// Every case is a failure of the environment (a network, a server, credentials, the disk): exit 3.
package enum GitError: ComposeFailure, Equatable {
    /// A libgit2 call failed: `operation` names it with its argument (a path, a URL, a ref).
    case failed(operation: String, code: Int32, message: String)
    /// A push was rejected because the remote moved on (someone else pushed first).
    case nonFastForward(remote: String, reference: String, message: String)
    /// A push was rejected by the remote for another reason (a hook, a protected branch, an existing tag).
    case pushRejected(remote: String, reference: String, message: String)
    /// The remote asked for credentials and none of the ones tried were accepted.
    case authentication(url: String, message: String)
    /// The remote did not let a connection be made, or sent nothing, within the limit (`NetworkTimeouts`).
    case timedOut(url: String, message: String)
    /// A fast-forward was asked for but the branch has commits the target does not have.
    case diverged(branch: String, local: ObjectID, target: ObjectID)
    /// A revision (branch, tag, commit) does not exist in the repository.
    case revisionNotFound(revision: String, repository: String)
    /// A tag of that name exists already.
    case tagExists(name: String, target: ObjectID)
    /// A tree holds a path that must not be written into a working tree (`..`, `.git`, a name
    /// given twice…): nothing of it was written.
    case unsafePath(path: String, reason: String)
    /// Neither the environment nor git's configuration says who makes a commit or a tag.
    case noIdentity(repository: String)
    /// A file of a tree is larger than the caller's limit: its size was read from the object's
    /// header, and none of its bytes were read.
    case fileTooLarge(path: String, size: Int, limit: Int)

    /// The file, its size and the limit of a `.fileTooLarge`; nil for every other case.
    package var tooLargeFile: (path: String, size: Int, limit: Int)? {
        if case .fileTooLarge(let path, let size, let limit) = self { return (path, size, limit) }
        return nil
    }

    package var kind: FailureKind { .environment }

    package var description: String {
        switch self {
        case .failed(let operation, let code, let message):
            return "\(operation) failed (libgit2 error \(code)): \(message)"
        case .noIdentity(let repository):
            return "git does not know who you are, so nothing was committed or tagged in \(repository). Set your "
                + "identity once with `git config --global user.name \"Your Name\"` and "
                + "`git config --global user.email you@example.com` (or set GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL, or "
                + "pass --author \"Name <email>\"), then run the command again"
        case .nonFastForward(let remote, let reference, let message):
            return "push of \(reference) to \(remote) was rejected because the remote has commits this "
                + "clone does not have (\(message)); fetch and try again"
        case .pushRejected(let remote, let reference, let message):
            return "push of \(reference) to \(remote) was rejected: \(message)"
        case .authentication(let url, let message):
            return "authentication to \(url) failed: \(message). compose tries the ssh-agent, then "
                + "COMPOSE_SSH_KEY, ~/.ssh/id_ed25519 and ~/.ssh/id_rsa for ssh URLs, and the URL's "
                + "user and password, COMPOSE_GIT_USERNAME / COMPOSE_GIT_TOKEN (only over https, to the hosts of "
                + "COMPOSE_GIT_TOKEN_HOST and of the spec repos you added) or git's credential helpers for https URLs"
        case .timedOut(let url, let message):
            return "\(url) did not answer: \(message). Check the URL and the network (a VPN, a proxy, the "
                + "server's status), then run the command again; COMPOSE_NETWORK_TIMEOUT=SECONDS changes the "
                + "limit (default \(NetworkTimeouts.defaultConnect) s to connect, \(NetworkTimeouts.defaultIdle) s without data)"
        case .diverged(let branch, let local, let target):
            return "branch \(branch) at \(local.short) cannot be fast-forwarded to \(target.short): "
                + "it has commits that \(target.short) does not have"
        case .revisionNotFound(let revision, let repository):
            return "no revision '\(revision)' in \(repository)"
        case .unsafePath(let path, let reason):
            return "the repository's tree holds '\(path)', which compose does not write (\(reason)); the tree was "
                + "not checked out. Ask whoever pushed it to remove the path (git refuses such trees too: "
                + "`git fsck` names them)"
        case .tagExists(let name, let target):
            return "tag \(name) exists already (at \(target.short))"
        case .fileTooLarge(let path, let size, let limit):
            return "'\(path)' is \(byteCount(size)), over the limit of \(byteCount(limit)); it was not read"
        }
    }
}

/// `size` bytes for a message: bytes below 1 KiB, else KiB, MiB or GiB with one decimal.
package func byteCount(_ size: Int) -> String {
    if size < 1024 { return "\(size) bytes" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var value = Double(size) / 1024
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
        value /= 1024
        unit += 1
    }
    return String(format: "%.1f", value) + " " + units[unit]
}
