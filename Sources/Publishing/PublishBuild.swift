import Foundation
import Git
import Lint
import Specs

/// How `publish` builds a component before it tags it: the full lint's build (Install's `ComponentLint`,
/// a clean clone at the commit in a temporary folder, `swift build`). Publishing must not import Install,
/// which sits above it, so the command passes the builder down (docs/DESIGN.md).
package protocol ComponentBuilder: Sendable {
    /// Builds the component of `spec` at `revision` (a commit id or a tag) of the git repository
    /// `repository` (a folder or a URL). Findings name the spec `display`, compiler diagnostics the
    /// component's files (`build-*` rules and the compiler's diagnostics); `reference` is what is built,
    /// as messages say it (`commit 1a2b3c4d5e`).
    func build(_ spec: Spec, display: String, repository: String, revision: String, reference: String) -> [Finding]
}

extension Publisher {
    /// The full lint's build of what is about to be released, before anything is tagged: the commit
    /// the tag will name (HEAD of the component's clean checkout), or with `--no-tag` the tag itself
    /// (in the checkout when it has it, else from `source.git`). Errors refuse the release, warnings
    /// too unless `allowWarnings`; a component this host cannot build (an iOS one on Linux) is said so
    /// in one line. Returns the commit built, which the tag must then name (nil: none built or `--no-tag`).
    func buildComponent(
        _ spec: PublishSpec, specURL: URL, componentDirectory: URL, options: PublishOptions,
        events: (PublishEvent) -> Void
    ) throws(PublishError) -> ObjectID? {
        guard let builder else { return nil }
        if options.skipBuild {
            events(.buildSkipped)
            return nil
        }
        let repository: String
        let revision: String
        let reference: String
        var head: ObjectID?
        if options.noTag {
            let local = try? Repository.discover(from: componentDirectory)
            if let tag = spec.tag, let local, let folder = local.workingDirectory, (try? local.tagCommit(tag)) != nil {
                (repository, revision, reference) = (folder.path, tag, "tag \(tag)")
            } else if let url = spec.gitURL, let tag = spec.tag ?? spec.spec.source?.git?.commit {
                (repository, revision, reference) = (url, tag, spec.tag != nil ? "tag \(tag)" : "commit \(tag)")
            } else {
                throw .noTagInSource(path: specURL.path)
            }
        } else {
            guard let tag = spec.tag, !tag.isEmpty else { throw .noTagInSource(path: specURL.path) }
            let (component, commit) = try releasableHead(tag: tag, componentDirectory: componentDirectory)
            head = commit
            (repository, revision, reference) = (component.location.path, commit.hex, "commit \(commit.short)")
        }
        let summary = "\(spec.name) \(spec.version) at \(reference) of \(redact(repository))"
        events(.building(summary: summary))
        let findings = builder.build(
            spec.spec, display: specURL.lastPathComponent, repository: repository, revision: revision,
            reference: reference
        ).filter { !options.ignoredRules.contains($0.ruleID) }
            .sorted(by: Finding.reportOrder)
        let errors = findings.filter { $0.severity == .error }
        let warnings = findings.filter { $0.severity == .warning }
        if !errors.isEmpty || (!warnings.isEmpty && !options.allowWarnings) {
            throw .buildFailed(
                path: specURL.path, summary: summary,
                findings: errors + (options.allowWarnings ? [] : warnings), errors: errors.count,
                warnings: warnings.count)
        }
        if let note = findings.first(where: { $0.ruleID == RuleCatalog.Build.host }) {
            events(.notBuiltHere(message: note.message))
        } else {
            events(.built(summary: summary, warnings: warnings))
        }
        return head
    }

    /// The component's repository and HEAD, as a release takes them: the working tree clean (the tag
    /// must name exactly what is published) and `tag` nowhere but at HEAD.
    func releasableHead(tag: String, componentDirectory: URL) throws(PublishError) -> (Repository, ObjectID) {
        let component: Repository
        do {
            component = try Repository.discover(from: componentDirectory)
        } catch {
            throw .noComponentRepository(path: componentDirectory.path)
        }
        let location = component.location.path
        do {
            let changes = try component.status()
            if !changes.isEmpty { throw PublishError.componentNotClean(path: location, files: changes.map(\.path)) }
            guard let head = try component.headCommit() else {
                throw PublishError.componentNotClean(path: location, files: ["(no commits yet)"])
            }
            if let existing = try component.tagCommit(tag), existing != head {
                throw PublishError.tagElsewhere(tag: tag, tagCommit: existing.short, head: head.short)
            }
            return (component, head)
        } catch let error as PublishError {
            throw error
        } catch let error as GitError {
            throw .repo(.git(error, context: "cannot tag the component in \(location); nothing was published"))
        } catch {
            throw .repo(.fileSystem(path: location, message: "\(error)"))
        }
    }
}
