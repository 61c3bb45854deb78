import Git
import Specs

/// Every failure of the SpecRepos module: managing clones under the compose home, and publishing.
package enum SpecRepoError: ComposeFailure, Equatable {
    /// A repo name that is empty, has `/`, `..`, whitespace, or starts with `.`.
    case invalidName(String, reason: String)
    case repoExists(name: String, path: String)
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
    /// The pod exists, not at that version.
    case versionNotFound(name: String, version: String, repo: String, versions: [String])
    /// `publish`'s checks beyond lint failed (dependencies, Package.swift); nothing was tagged.
    case publishChecksFailed(path: String, problems: [String])
    /// A spec file in a spec repo is not podspec JSON compose can read.
    case invalidSpec(SpecError)

    // Publish.
    case specNotFound(directory: String)
    case severalSpecs(directory: String, files: [String])
    case unreadableSpec(path: String, message: String)
    case lintFailed(path: String, findings: [String], errors: Int, warnings: Int)
    case componentNotClean(path: String, files: [String])
    case noTagInSource(path: String)
    case noComponentRepository(path: String)
    case tagElsewhere(tag: String, tagCommit: String, head: String)
    /// The component's remote has the tag at another commit: this version was released from elsewhere.
    case remoteTagElsewhere(tag: String, remote: String)
    case versionExists(name: String, version: String, repo: String, identical: Bool)
    case pushRetriesExhausted(name: String, version: String, repo: String, attempts: Int, tagState: String)
    /// Publishing would write through `path`, a symbolic link committed to the spec repo.
    case symlinkInSpecRepo(repo: String, path: String, tagState: String)
    /// The release breaks the spec repo's layering rules (docs/graph.md).
    case layerViolations(repo: String, findings: [String], tagState: String)

    package var kind: FailureKind {
        switch self {
        case .git, .fileSystem, .remoteBranchMissing, .pushRetriesExhausted: return .environment
        default: return .input
        }
    }

    package var description: String {
        switch self {
        case .invalidName(let name, let reason):
            return
                "\(String(reflecting: name)) cannot name a spec repo: \(reason). Use ASCII letters, digits and - _ . + "
                + "(not '.' or '-' first), e.g. 'specs' or 'company-specs'"
        case .layerViolations(let repo, let findings, let tagState):
            return "The release breaks the layering rules of spec repo '\(repo)' (Layers.yml):"
                + findings.map { "\n  " + $0 }.joined()
                + "\nThe spec was not added. \(tagState) The local clone of '\(repo)' "
                + "was reset to the remote's tip. Fix the dependencies, or pass --allow-layer-violations (recorded in the commit message)"
        case .symlinkInSpecRepo(let repo, let path, let tagState):
            return "\(path) in spec repo '\(repo)' is a symbolic link; compose never writes through one, so the spec "
                + "was not added. \(tagState) The local clone of '\(repo)' was reset to the remote's tip. Replace the "
                + "link with a real folder in the spec repo (`compose repo lint` lists every link), then run `compose publish \(repo)` again"
        case .repoExists(let name, let path):
            return
                "a spec repo named '\(name)' exists already at \(path) with another URL or branch; pick another name, or run "
                + "`compose repo remove \(name)` first"
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
            let similar = suggestions.isEmpty ? "" : " Similar: \(suggestions.joined(separator: ", "))."
            return "no pod named '\(name)' in \(repos.joined(separator: ", ")).\(similar) If it was published "
                + "recently, run `compose repo update`"
        case .publishChecksFailed(let path, let problems):
            return "\(path) cannot be published yet; nothing was tagged or pushed:\n"
                + problems.map { "  " + $0 }.joined(separator: "\n")
                + "\n(--ignore \(PublishCheck.dependencies) or --ignore \(PublishCheck.manifest) switches a check off)"
        case .versionNotFound(let name, let version, let repo, let versions):
            let shown = versions.prefix(10).joined(separator: ", ") + (versions.count > 10 ? ", …" : "")
            return "'\(repo)' has no version \(version) of \(name) (it has \(shown)); leave VERSION out for the newest"
        case .invalidSpec(let error):
            return "\(error.description); fix the spec (`compose lint` shows every problem) or remove that version"
        case .specNotFound(let directory):
            return
                "no Name.podspec.json or Name.podspec in \(directory); run `compose publish REPO` in a component's checkout, "
                + "or name the spec: `compose publish REPO path/to/Name.podspec.json`"
        case .severalSpecs(let directory, let files):
            return "several specs in \(directory) (\(files.joined(separator: ", "))); name the one to publish: "
                + "`compose publish REPO \(files.first ?? "Name.podspec.json")`"
        case .unreadableSpec(let path, let message):
            return "\(path): \(message)"
        case .lintFailed(let path, let findings, let errors, let warnings):
            let listed = findings.prefix(20).map { "\n  " + $0 }.joined()
            let more = findings.count > 20 ? "\n  … and \(findings.count - 20) more (see `compose lint \(path)`)" : ""
            if errors == 0 {
                return "\(path) has \(warnings) lint warning\(warnings == 1 ? "" : "s"):\(listed)\(more)\nFix them, "
                    + "or pass --allow-warnings. Nothing was tagged or pushed"
            }
            return "\(path) has \(errors) lint error\(errors == 1 ? "" : "s"):\(listed)\(more)\nFix them "
                + "(`compose lint \(path)`). Nothing was tagged or pushed"
        case .componentNotClean(let path, let files):
            let shown = files.prefix(5).joined(separator: ", ") + (files.count > 5 ? ", …" : "")
            return "the component's working tree at \(path) is not clean (\(shown)); commit or stash the "
                + "changes so the tag names exactly what is published. Nothing was tagged or pushed"
        case .noTagInSource(let path):
            return "\(path): source has no \"tag\"; set source.tag (usually the version), or pass --no-tag "
                + "to publish without tagging"
        case .noComponentRepository(let path):
            return "\(path) is not inside a git repository; publish runs in the component's git checkout"
        case .tagElsewhere(let tag, let tagCommit, let head):
            return "tag \(tag) exists at \(tagCommit), not at HEAD (\(head)); a released version must not move. "
                + "Bump the version (and source.tag), or check out \(tag) and publish from there. "
                + "Nothing was pushed"
        case .remoteTagElsewhere(let tag, let remote):
            return "\(remote) already has tag \(tag) at another commit: this version was released from "
                + "elsewhere. Nothing was published (and no local tag was left). Bump the version, or fetch "
                + "that tag (`git fetch origin tag \(tag)`) and publish from the commit it names"
        case .versionExists(let name, let version, let repo, let identical):
            if identical {
                return "\(name) \(version) is already in '\(repo)' with identical content; nothing to do "
                    + "(pass --ci to treat this as success, as a re-run release job does)"
            }
            return "\(name) \(version) is already in '\(repo)' with different content; a released version "
                + "is not changed silently. Bump the version, or pass --overwrite to replace it with a "
                + "[Fix] commit"
        case .pushRetriesExhausted(let name, let version, let repo, let attempts, let tagState):
            return "the push of \(name) \(version) to '\(repo)' was overtaken by other pushes \(attempts) times; "
                + "\(tagState) The local clone was reset to the remote's tip. Run `compose publish \(repo)` "
                + "again to finish"
        }
    }
}
