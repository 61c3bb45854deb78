import Git
import Specs
import Support

/// Every failure of the SpecRepos module: spec repos on disk and their clones under the compose home.
package enum SpecRepoError: ComposeFailure, Equatable {
    /// A repo name that is empty, has `/`, `..`, whitespace, or starts with `.`.
    case invalidName(String, reason: String)
    case repoExists(name: String, path: String)
    /// `repo add NAME URL` where another added repo, `existing`, is a clone of the same URL.
    case urlAdded(name: String, existing: String, url: String)
    case repoNotFound(name: String, available: [String])
    /// The clone has changes to files; nothing was touched.
    case localChanges(name: String, path: String, files: [String])
    /// The clone has commits the remote does not have (or the remote was rewritten).
    case diverged(name: String, path: String, branch: String)
    /// HEAD is not on a branch.
    case detachedHead(name: String, path: String)
    /// The remote does not have the branch the clone follows.
    case remoteBranchMissing(name: String, branch: String, url: String)
    /// A git operation failed; `context` says what compose was doing and what state things are in.
    case git(GitError, context: String)
    case fileSystem(path: String, message: String)
    /// `compose info NAME` found NAME in no added repo.
    case podNotFound(name: String, repos: [String], suggestions: [String])
    /// A spec file in a spec repo is not podspec JSON compose can read.
    case invalidSpec(SpecError)

    case unreadableSpec(path: String, message: String)

    package var kind: FailureKind {
        switch self {
        case .git, .fileSystem, .remoteBranchMissing: return .environment
        default: return .input
        }
    }

    package var description: String {
        switch self {
        case .invalidName(let name, let reason):
            return
                "\(String(reflecting: name)) cannot name a spec repo: \(reason). Use ASCII letters, digits and - _ . + "
                + "(not '.' or '-' first), e.g. 'specs' or 'company-specs'"
        case .repoExists(let name, let path):
            return
                "a spec repo named '\(name)' exists already at \(path) with another URL or branch; pick another name, or run "
                + "`compose repo remove \(name)` first"
        case .urlAdded(let name, let existing, let url):
            return
                "\(redact(url)) is added already as '\(existing)'; nothing was added. Use '\(existing)' (one clone per URL, "
                + "so no pod is listed twice), or run `compose repo remove \(existing)` first to add it as '\(name)'"
        case .repoNotFound(let name, let available):
            let known =
                available.isEmpty ? "no spec repos are added yet" : "added: \(available.joined(separator: ", "))"
            if name.contains("://") || name.hasPrefix("/") || name.contains("@") {
                return "no added spec repo has the URL \(redact(name)) (\(known)); add it with "
                    + "`compose repo add NAME \(redact(name))`"
            }
            return "no spec repo named '\(name)' (\(known)); add it with `compose repo add \(name) URL`"
        case .localChanges(let name, let path, let files):
            let shown = files.prefix(5).joined(separator: ", ") + (files.count > 5 ? ", …" : "")
            return "the clone of '\(name)' at \(path) has local changes (\(shown)); nothing was changed. "
                + "Look with `git -C \(path) status`, then discard them (`git -C \(path) reset --hard && "
                + "git -C \(path) clean -fd`) or run `compose repo remove \(name)` and add it again"
        case .diverged(let name, let path, let branch):
            return "the clone of '\(name)' at \(path) has commits on \(branch) that its remote does not have "
                + "(or the remote's history was rewritten); nothing was changed. Run `compose repo remove "
                + "\(name)` and add it again, or reconcile it with git in \(path)"
        case .detachedHead(let name, let path):
            return "the clone of '\(name)' at \(path) is not on a branch; check a branch out with "
                + "`git -C \(path) checkout BRANCH`, or remove and add the repo again"
        case .remoteBranchMissing(let name, let branch, let url):
            return "the remote of '\(name)' (\(url)) has no branch '\(branch)'; check the URL and branch"
        case .git(let error, let context):
            return context.isEmpty ? error.description : "\(context): \(error.description)"
        case .fileSystem(let path, let message):
            return "\(path): \(message)"
        case .podNotFound(let name, let repos, let suggestions):
            if repos.isEmpty {
                return "no spec repos are added, so there is no '\(name)'; add one with `compose repo add NAME URL`"
            }
            // A pod in two repos (a mirror) is suggested once.
            var seen: Set<String> = []
            let names = suggestions.filter { seen.insert($0).inserted }
            let similar = names.isEmpty ? "" : " Similar: \(names.joined(separator: ", "))."
            return "no pod named '\(name)' in \(repos.joined(separator: ", ")).\(similar) If it was published "
                + "recently, run `compose repo update`"
        case .invalidSpec(let error):
            return "\(error.description); fix the spec (`compose lint` shows every problem) or remove that version"
        case .unreadableSpec(let path, let message):
            return "\(path): \(message)"
        }
    }
}
