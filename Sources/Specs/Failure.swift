/// What kind of failure an error is, so the command line can map it to an exit code in one place:
/// `input` (the user's files or arguments are wrong: exit 1) or `environment` (git, network, file
/// system: exit 3). Usage errors are argument-parser's own (exit 64).
package enum FailureKind: Sendable, Equatable {
    case input
    case environment
}

/// An error that knows its `FailureKind`. Every module's error enum conforms; its `description`
/// says what happened, where (file:line when there is one) and what to do.
package protocol ComposeFailure: Error, Sendable, CustomStringConvertible {
    var kind: FailureKind { get }
}
