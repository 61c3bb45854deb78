import CDN
import ComposefileFormat
import Foundation
import SpecRepos
import Specs
import Support

/// What can go wrong turning a Composefile into a Compose.lock (beyond the Composefile's own
/// syntax, `ComposefileError`, and the solver's explanation, `ResolutionError`).
package enum ProjectError: ComposeFailure, Equatable {
    /// A `source` line names a folder that does not exist or is not a spec repository.
    case sourceNotFound(source: String, location: ComposefileLocation)
    /// A spec file in a source or external folder is not readable podspec JSON.
    case invalidSpec(path: String, message: String)
    /// `:path` points at a folder without `Name.podspec.json`.
    case podspecNotFound(pod: String, path: String, location: ComposefileLocation)
    /// The podspec found for an external pod names another pod.
    case podspecNameMismatch(pod: String, found: String, path: String)
    /// A `:podspec => URL` that compose does not fetch (not https, nor plain http to this machine).
    case podspecURLRefused(url: String, reason: String, location: ComposefileLocation)
    /// A `:podspec => URL` pod's podspec could not be fetched (nor read from the cache).
    case podspecURLFailed(pod: String, location: ComposefileLocation, error: HTTPSourceError)
    /// The podspec at a `:podspec => URL` describes another pod.
    case podspecURLNameMismatch(pod: String, found: String, url: String, location: ComposefileLocation)
    /// The podspec at a `:podspec => URL` is not the one the lock recorded for the same `pod` line
    /// (SHA-1 `locked` in SPEC CHECKSUMS, `now` fetched).
    case podspecURLChanged(
        pod: String, url: String, location: ComposefileLocation, locked: String, now: String, lockedVersion: String?,
        version: String)
    /// `compose update NAME` names a pod the project does not use.
    case unknownPod(name: String, known: [String])
    /// A pod name that `SafeName` refuses (it could escape a folder, break the lock or generated Swift).
    case invalidName(SafeNameError)
    /// A pod name that `SafeName` refuses, read from `file` (a spec file, or `Composefile:LINE:COLUMN`).
    case unsafeName(SafeNameError, in: String)
    /// A git source or `:git` pod could not be fetched.
    case git(url: String, message: String)
    /// A `:git` pod's repository has no such tag, branch or commit.
    case missingReference(pod: String, url: String, reference: String, location: ComposefileLocation)
    /// The project folder does not exist.
    case projectNotFound(path: String)
    /// A pod of the Composefile that no source it reads has; `suggestions` are the closest names they have.
    case podInNoSource(name: String, location: ComposefileLocation, suggestions: [String])
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// An HTTP spec source could not be read.
    case http(HTTPSourceError)
    /// The Composefile (or Podfile) names no `source`, so `pods` were found nowhere; `candidates` are
    /// the added spec repos that have some of them.
    case noSourceLine(location: ComposefileLocation, pods: [String], candidates: [SourceCandidate])

    package var kind: FailureKind {
        switch self {
        case .git, .unreadable, .http, .podspecURLFailed: return .environment
        default: return .input
        }
    }

    package var description: String {
        switch self {
        case .podInNoSource(let name, let location, let suggestions):
            let guess =
                suggestions.isEmpty
                ? "check the name." : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
            return
                "\(location): no spec repo the file reads has a pod named \(name): \(guess) If it was published recently, run with --repo-update."
        case .sourceNotFound(let source, let location):
            return
                "\(location): the source '\(source)' is neither a folder nor a git URL. Write the path of a spec repository folder (Name/version/Name.podspec.json) or its git URL."
        case .invalidSpec(let path, let message):
            return
                "\(path) is not a readable podspec: \(message). Fix the file (compose lint checks it) or remove that version from the source."
        case .podspecNotFound(let pod, let path, let location):
            return
                "\(location): no \(pod).podspec.json or \(pod).podspec in \(path). Point :path at the folder that holds the pod's podspec (or :podspec at the file)."
        case .podspecNameMismatch(let pod, let found, let path):
            return "\(path) describes '\(found)', not '\(pod)'. Use the name the podspec declares in the Composefile."
        case .podspecURLRefused(let url, let reason, let location):
            return
                "\(location): ':podspec => \(url)' is refused: \(reason). Give an https URL, or save the podspec beside the \(URL(fileURLWithPath: location.file).lastPathComponent) and give its path."
        case .podspecURLFailed(let pod, let location, let error):
            var cache = ""
            if case .unreachable = error {
                cache = " No copy of it is in the cache (one is kept once it has been fetched)."
            }
            return "\(location): the podspec of \(pod) could not be fetched. \(error.description)\(cache)"
        case .podspecURLNameMismatch(let pod, let found, let url, let location):
            return
                "\(location): \(url) describes '\(found)', not '\(pod)'. Name the pod as its podspec does (pod '\(found)', :podspec => …), or point :podspec at \(pod)'s podspec."
        case .podspecURLChanged(let pod, let url, let location, let locked, let now, let lockedVersion, let version):
            let versions =
                lockedVersion.map { $0 == version ? "still version \(version)" : "version \($0) -> \(version)" }
                ?? "version \(version)"
            return
                "\(location): the podspec of \(pod) at \(url) changed since Compose.lock was written (SHA-1 \(locked) in the lock, \(now) now; \(versions)). Nothing was written. Check the change, then accept it with `compose update \(pod)`; to keep the podspec from moving, point :podspec at a URL that names a tag or a commit."
        case .unknownPod(let name, let known):
            let list = known.isEmpty ? "none" : known.joined(separator: ", ")
            return "'\(name)' is not a pod of this project (its pods: \(list)). Check the spelling."
        case .invalidName(let error):
            return error.description
        case .missingReference(let pod, let url, let reference, let location):
            return
                "\(location): \(url) has no \(reference) for \(pod). Check the spelling, push it (`git push origin --tags`), or point :tag/:branch/:commit at one that exists."
        case .unsafeName(let error, let file):
            return
                "\(file): \(error.description) Nothing was written. Fix the name there (a spec in a spec repo: publish a fixed version and remove this one)."
        case .git(let url, let message):
            return "Could not fetch \(url): \(message). Check the URL, your network and your credentials."
        case .projectNotFound(let path):
            return "The project folder \(path) does not exist. Pass an existing folder with --project DIR."
        case .unreadable(let path, let reason):
            return "Cannot read \(path): \(reason)."
        case .http(let error):
            return error.description
        case .noSourceLine(let location, let pods, let candidates):
            return Self.noSourceLineDescription(location: location, pods: pods, candidates: candidates)
        }
    }
}
