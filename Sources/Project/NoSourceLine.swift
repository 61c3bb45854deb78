import ComposefileFormat
import Foundation
import Git
import SpecRepos
import Support

/// An added spec repo that has some of the pods a Composefile without a `source` line asks for.
package struct SourceCandidate: Sendable, Equatable {
    /// The repo's name under the compose home (`compose repo list`).
    package let repo: String
    /// Its remote URL, credentials redacted: what the `source` line names.
    package let url: String
    package let pods: [String]
}

extension LoadedProject {
    /// When the Composefile names no `source` and some pod must come from one, the error that says
    /// so, naming the added spec repos that have those pods and the line to add; nil otherwise.
    /// CocoaPods reads trunk alone in that case; compose reads only the sources a file names, so
    /// without this every such pod would be "no spec repo has a pod named X".
    func missingSourceLine(home: ComposeHome) -> ProjectError? {
        guard composefile.sources.isEmpty else { return nil }
        var pods: [String] = []
        var location: ComposefileLocation?
        for dependency in composefile.allDependencies where dependency.source == nil && dependency.external == nil {
            guard !pods.contains(dependency.rootName) else { continue }
            pods.append(dependency.rootName)
            location = location ?? dependency.location
        }
        guard let location else { return nil }
        let store = SpecRepoStore(home: home)
        var candidates: [SourceCandidate] = []
        for name in store.names() {
            let layout = SpecRepoLayout(root: home.repoDirectory(name))
            let held = pods.filter { layout.newestVersionFolder(of: $0) != nil }
            guard !held.isEmpty, let repository = try? Repository.open(at: home.repoDirectory(name)),
                let remote = try? repository.remoteURL()
            else { continue }
            candidates.append(SourceCandidate(repo: name, url: redact(remote), pods: held))
        }
        return .noSourceLine(location: location, pods: pods, candidates: candidates)
    }
}

extension ProjectError {
    static func noSourceLineDescription(
        location: ComposefileLocation, pods: [String], candidates: [SourceCandidate]
    ) -> String {
        let file = lastPathComponent(location.file)
        var text =
            "\(location): the \(file) has no `source` line, so no spec repo is read for \(pods.joined(separator: ", ")) "
            + "(CocoaPods reads only its trunk then; compose reads only the sources the file names)."
        if candidates.isEmpty {
            text +=
                " No added spec repo has \(pods.count == 1 ? "it" : "them"): add a `source` line at the top of the "
                + "\(file) for the spec repo that does, for example source 'https://cdn.cocoapods.org/' for "
                + "CocoaPods' public pods."
            return text
        }
        let found = Set(candidates.flatMap(\.pods))
        for candidate in candidates {
            text += "\n  The added spec repo '\(candidate.repo)' has \(candidate.pods.joined(separator: ", ")): add "
            text += "this line at the top of the \(file):\n    source '\(candidate.url)'"
        }
        let elsewhere = pods.filter { !found.contains($0) }
        if !elsewhere.isEmpty {
            text += "\n  No added spec repo has \(elsewhere.joined(separator: ", ")): add the `source` line of "
            text += "the spec repo that does (source 'https://cdn.cocoapods.org/' for CocoaPods' public pods)."
        }
        return text
    }
}
