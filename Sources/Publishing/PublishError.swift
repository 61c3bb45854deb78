import Git
import Lint
import SpecRepos
import Specs
import Support

/// Every failure of the Publishing module: what refused or stopped a release, a deprecation or a
/// conversion. A failure of the spec repo's clone met on the way is `repo`, as SpecRepos said it.
package enum PublishError: ComposeFailure, Equatable {
    /// The spec repo or its clone failed (SpecRepos' own words).
    case repo(SpecRepoError)
    /// The pod exists, not at that version.
    case versionNotFound(name: String, version: String, repo: String, versions: [String])
    /// `publish`'s checks beyond lint failed (dependencies, Package.swift); nothing was tagged.
    case publishChecksFailed(path: String, findings: [Finding])
    case specNotFound(directory: String)
    case severalSpecs(directory: String, files: [String])
    case lintFailed(path: String, findings: [Finding], errors: Int, warnings: Int)
    case componentNotClean(path: String, files: [String])
    case noTagInSource(path: String)
    case noComponentRepository(path: String)
    case tagElsewhere(tag: String, tagCommit: String, head: String)
    /// The component's remote has the tag at another commit: this version was released from elsewhere.
    case remoteTagElsewhere(tag: String, remote: String)
    case versionExists(name: String, version: String, repo: String, identical: Bool)
    case pushRetriesExhausted(
        name: String, version: String, repo: String, attempts: Int, tagState: String, rerun: String)
    /// Publishing would write through `path`, a symbolic link committed to the spec repo.
    case symlinkInSpecRepo(repo: String, path: String, tagState: String, rerun: String)
    /// The full lint's build of the component failed (compiler errors, or warnings without
    /// --allow-warnings); nothing was tagged. `summary` says what was built (`Pay 1.0.0 at commit …`).
    case buildFailed(path: String, summary: String, findings: [Finding], errors: Int, warnings: Int)
    /// HEAD of the component moved while the build ran: what was built is not what would be tagged.
    case headMovedDuringBuild(path: String, built: String, head: String, rerun: String)
    /// A remote to push to is a local repository with a working tree, which libgit2 cannot push to.
    /// `remote` says whose (`spec repo 'specs'`, `the component's remote origin`), `fix` what to do.
    case nonBareRemote(remote: String, path: String, fix: String)
    /// The release breaks the spec repo's layering rules (docs/graph.md).
    case layerViolations(repo: String, findings: [String], tagState: String)

    package var kind: FailureKind {
        switch self {
        case .repo(let error): return error.kind
        case .pushRetriesExhausted: return .environment
        case .buildFailed(_, _, let findings, _, _):
            return findings.contains { $0.ruleID == RuleCatalog.Build.fetch } ? .environment : .input
        default: return .input
        }
    }

    package var description: String {
        switch self {
        case .repo(let error):
            return error.description
        case .layerViolations(let repo, let findings, let tagState):
            return "The release breaks the layering rules of spec repo '\(repo)' (Layers.yml):"
                + findings.map { "\n  " + $0 }.joined()
                + "\nThe spec was not added. \(tagState) The local clone of '\(repo)' "
                + "was reset to the remote's tip. Fix the dependencies, or pass --allow-layer-violations (recorded in the commit message)"
        case .symlinkInSpecRepo(let repo, let path, let tagState, let rerun):
            return "\(path) in spec repo '\(repo)' is a symbolic link; compose never writes through one, so the spec "
                + "was not added. \(tagState) The local clone of '\(repo)' was reset to the remote's tip. Replace the "
                + "link with a real folder in the spec repo (`compose repo lint` lists every link), then run `\(rerun)` again"
        case .buildFailed(let path, let summary, let findings, let errors, let warnings):
            let listed = findings.prefix(20).map { "\n  " + $0.description }.joined()
            let more = findings.count > 20 ? "\n  … and \(findings.count - 20) more" : ""
            let counted =
                errors == 0
                ? "\(warnings) warning\(warnings == 1 ? "" : "s")" : "\(errors) error\(errors == 1 ? "" : "s")"
            let fix =
                errors == 0
                ? "Fix them, or pass --allow-warnings" : "Fix them and commit (`compose lint` builds the same way)"
            return "\(summary) does not build (\(counted) in a clean clone), so \(path) cannot be published; "
                + "nothing was tagged or pushed:\(listed)\(more)\n\(fix); --skip-build publishes without building"
        case .headMovedDuringBuild(let path, let built, let head, let rerun):
            return "HEAD of \(path) moved from \(built) to \(head) while publish built \(built), so the tag would "
                + "not name what was built; nothing was tagged or pushed. Run `\(rerun)` again to build and publish \(head)"
        case .nonBareRemote(let remote, let path, let fix):
            return "\(remote) is \(path), a git repository with a working tree: compose cannot push to one (libgit2 "
                + "pushes over a path only to a bare repository), so nothing was tagged or pushed. \(fix)"
        case .publishChecksFailed(let path, let findings):
            return "\(path) cannot be published yet; nothing was tagged or pushed:\n"
                + findings.map { "  " + $0.description }.joined(separator: "\n")
                + "\n(--ignore \(PublishCheck.dependencies) or --ignore \(PublishCheck.manifest) switches a check off)"
        case .versionNotFound(let name, let version, let repo, let versions):
            let shown = versions.prefix(10).joined(separator: ", ") + (versions.count > 10 ? ", …" : "")
            return "'\(repo)' has no version \(version) of \(name) (it has \(shown)); leave VERSION out for the newest"
        case .specNotFound(let directory):
            return
                "no Name.podspec.json or Name.podspec in \(directory); run `compose publish REPO` in a component's checkout, "
                + "or name the spec: `compose publish REPO path/to/Name.podspec.json`"
        case .severalSpecs(let directory, let files):
            return "several specs in \(directory) (\(files.joined(separator: ", "))); name the one to publish: "
                + "`compose publish REPO \(files.first ?? "Name.podspec.json")`"
        case .lintFailed(let path, let findings, let errors, let warnings):
            let listed = findings.prefix(20).map { "\n  " + $0.description }.joined()
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
        case .pushRetriesExhausted(let name, let version, let repo, let attempts, let tagState, let rerun):
            return "the push of \(name) \(version) to '\(repo)' was overtaken by other pushes \(attempts) times; "
                + "\(tagState) The local clone was reset to the remote's tip. Run `\(rerun)` again to finish"
        }
    }
}

extension PublishError {
    /// `body`'s spec repo failure as a publish failure.
    static func repo<T>(_ body: () throws(SpecRepoError) -> T) throws(PublishError) -> T {
        do {
            return try body()
        } catch {
            throw .repo(error)
        }
    }
}
