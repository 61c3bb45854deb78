import Git
import Specs

/// A git failure is one of the environment (a network, a server, credentials, the disk): exit 3.
/// Declared here, the lowest module that imports both Git and Specs, so that Git depends on
/// libgit2 alone; no other module declares it.
extension GitError: ComposeFailure {
    package var kind: FailureKind { .environment }
}
