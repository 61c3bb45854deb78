import Foundation
import SpecRepos
import Specs

/// What `compose deprecate` marks.
package struct DeprecationRequest: Sendable, Equatable {
    /// The pod's name (a case-insensitive match is found too).
    package var name: String
    /// The version whose spec is marked; nil: the newest (as `pod trunk deprecate` does).
    package var version: String?
    /// The pod to use instead (`deprecated_in_favor_of`).
    package var inFavorOf: String?

    package init(name: String, version: String? = nil, inFavorOf: String? = nil) {
        self.name = name
        self.version = version
        self.inFavorOf = inFavorOf
    }
}

extension Publisher {
    /// Marks a released spec as deprecated in the spec repo `repo`, in one step: the clone is brought
    /// up to date, the spec's `deprecated` (and `deprecated_in_favor_of`) set, and the change
    /// committed as `[Deprecate] Name (version)` and pushed through the same transaction as a
    /// publish (retries on a race, the clone reset on failure). A spec marked that way already is a
    /// success with a note, so a release job may run it again.
    package func deprecate(
        _ request: DeprecationRequest, repo: String, options: PublishOptions = PublishOptions(),
        events: (PublishEvent) -> Void = { _ in }, waiting: (String) -> Void = { _ in }
    ) throws(PublishError) -> PublishResult {
        let directory = try PublishError.repo { () throws(SpecRepoError) in
            _ = try store.update(repo, waiting: waiting)
            return try store.directory(of: repo)
        }
        let repository = SpecRepository(root: directory)
        let names = repository.podNames()
        guard
            let name = names.first(where: { $0 == request.name })
                ?? names.first(where: { $0.lowercased() == request.name.lowercased() })
        else {
            let suggestions = names.filter { $0.lowercased().contains(request.name.lowercased()) }.prefix(5)
            throw .repo(.podNotFound(name: request.name, repos: [repo], suggestions: Array(suggestions)))
        }
        if let other = request.inFavorOf, let problem = SafeName.problem(with: other, as: .pod) {
            throw .repo(.invalidName(other, reason: problem))
        }
        let versions = repository.versions(of: name)
        let wanted = request.version.flatMap { try? Version($0) }
        guard let version = request.version == nil ? versions.first : versions.first(where: { $0 == wanted }) else {
            throw .versionNotFound(
                name: name, version: request.version ?? "", repo: repo, versions: versions.map(\.string))
        }
        let spec = try PublishError.repo { () throws(SpecRepoError) in try repository.spec(name: name, version: version)
        }
        var members = spec.json.members.filter { $0.key != "deprecated" && $0.key != "deprecated_in_favor_of" }
        members.append(.init(key: "deprecated", value: JSONNode(.bool(true))))
        if let other = request.inFavorOf {
            members.append(.init(key: "deprecated_in_favor_of", value: JSONNode(.string(other))))
        }
        let marked: Spec
        do {
            marked = try Spec(node: JSONNode(.object(members)), label: "\(name) \(version)")
        } catch {
            throw .repo(.invalidSpec(error))
        }
        let change = PublishSpec(spec: marked)
        try refuseNonBareRemotes(nil, repo: repo, directory: directory, componentDirectory: nil, options: options)
        var options = options
        options.rerun =
            options.rerun ?? "compose deprecate \(name) \(version) \(repo)"
            + (request.inFavorOf.map { " --in-favor-of \($0)" } ?? "")
        return try store.withLock(repo, waiting: waiting, wrapping: PublishError.repo) { () throws(PublishError) in
            try commitAndPush(
                change, repo: repo, options: options, tag: nil, tagState: "no tag was involved.", tagCreated: false,
                events: events
            ) { existing, _, _, _ throws(PublishError) -> SpecRepoWrite in
                // Marked so already (by an earlier run of this job): a success that pushes nothing.
                if existing == change.canonical {
                    return .unchanged(
                        note: "\(name) \(version) is already marked deprecated in '\(repo)'; nothing to push")
                }
                return .write(message: "[Deprecate] \(name) (\(version))")
            }
        }
    }
}
