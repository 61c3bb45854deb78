import Foundation
import Git
import Scaffold

/// The author git would record: GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL when set.
struct GitIdentity {
    var name: String?
    var email: String?

    static func configured() -> GitIdentity {
        let environment = Terminal.environment
        return GitIdentity(name: environment["GIT_AUTHOR_NAME"], email: environment["GIT_AUTHOR_EMAIL"])
    }
}

/// The first commit of a new component, by the spec's author when an e-mail is known, else by git's
/// configured identity.
func firstCommit(author: String, email: String?) -> (@Sendable (URL, String) throws -> Void)? {
    let signature = email.flatMap { $0.isEmpty ? nil : Signature(name: author, email: $0) }
    return ComponentScaffolder.gitFirstCommit(author: signature)
}
