import ArgumentParser
import SpecRepos

extension CompletionKind {
    /// Podspec files (`Name.podspec.json`, `Name.podspec`) and folders.
    static var podspecs: CompletionKind { .file(extensions: ["json", "podspec"]) }

    /// The names of the added spec repos (`compose repo list`).
    static var specRepoNames: CompletionKind {
        .custom { _, _, _ in Terminal.store.names() }
    }
}
