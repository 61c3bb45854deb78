import Foundation

/// The author git would record: GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL when set.
struct GitIdentity {
    var name: String?
    var email: String?

    static func configured() -> GitIdentity {
        let environment = ProcessInfo.processInfo.environment
        return GitIdentity(name: environment["GIT_AUTHOR_NAME"], email: environment["GIT_AUTHOR_EMAIL"])
    }
}

/// The first commit of a new component; nil until the Git module offers init and commit.
func firstCommit(author: String, email: String?) -> (@Sendable (URL, String) throws -> Void)? {
    nil
}
