import ComposefileFormat
import Foundation

extension ResolveService {
    /// The clone of a git spec repository under `$COMPOSE_HOME/repos`, made on first use and
    /// fetched when `repoUpdate` is set.
    func cloneSpecRepository(_ url: String, repoUpdate: Bool) throws -> URL {
        throw ProjectError.git(url: url, message: "git sources are not supported by this build; use a local folder")
    }

    /// A `:git` pod: fetched into `$COMPOSE_HOME/cache`, checked out at its reference, its
    /// podspec.json read from the repository's root.
    func readGitExternal(_ dependency: Dependency, url: String, reference: GitReference?) throws -> ExternalPod {
        throw ProjectError.git(url: url, message: "git pods are not supported by this build; use :path")
    }
}
