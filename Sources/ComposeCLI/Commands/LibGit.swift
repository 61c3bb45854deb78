import ArgumentParser
import Foundation
import Git
import Scaffold

/// The author git would record for a commit made in the current folder: GIT_AUTHOR_NAME /
/// GIT_AUTHOR_EMAIL when set, else git's user.name / user.email, else GIT_COMMITTER_NAME / _EMAIL.
struct GitIdentity {
    var name: String?
    var email: String?

    static func configured() -> GitIdentity {
        let identity = Signature.configured(in: Terminal.currentDirectory, environment: Terminal.environment)
        return GitIdentity(name: identity.name, email: identity.email)
    }
}

/// Reads an `--author` value of git's form `Name <email>` (publish, deprecate and lib create take the
/// same grammar), or says what is expected.
func parseAuthor(_ text: String) throws -> Signature {
    guard let signature = Signature(parsing: text) else {
        throw ValidationError(
            "--author '\(text)' is not of git's form \"Name <email>\", e.g. --author \"Ada Lovelace <ada@example.com>\"."
        )
    }
    return signature
}

/// The first commit of a new component, by the spec's author when an e-mail is known, else by git's
/// configured identity.
func firstCommit(author: String, email: String?) -> (@Sendable (URL, String) throws -> Void)? {
    let signature = email.flatMap { $0.isEmpty ? nil : Signature(name: author, email: $0) }
    return ComponentScaffolder.gitFirstCommit(author: signature)
}

/// `--author "Name <email>"` for the commands that commit or tag (git's own form). Without it, the
/// GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL of the command's environment, else git's configuration.
struct CommitAuthorOptions: ParsableArguments {
    @Option(
        name: .customLong("author"),
        help: ArgumentHelp(
            "Tag and commit as this identity, in git's form. (default: git's user.name and user.email)",
            valueName: "Name <email>"))
    var author: String?

    /// The identity to pass on; nil lets git's configuration decide.
    func signature() throws -> Signature? {
        if let author { return try parseAuthor(author) }
        let environment = Terminal.environment
        guard let name = environment["GIT_AUTHOR_NAME"], let email = environment["GIT_AUTHOR_EMAIL"], !name.isEmpty,
            !email.isEmpty
        else { return nil }
        return Signature(name: name, email: email)
    }
}
