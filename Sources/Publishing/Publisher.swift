import Foundation
import Git
import Lint
import SpecRepos
import Specs
import Support

/// How `publish` behaves.
package struct PublishOptions: Sendable, Equatable {
    /// Publish although lint reports warnings (errors always stop it).
    package var allowWarnings = false
    /// Do not create or push the component's tag.
    package var noTag = false
    /// A re-run of a release job: an identical spec already in the repo is a success.
    package var ci = false
    /// Replace an existing version on purpose, with a `[Fix] Name (version)` commit.
    package var overwrite = false
    /// Publish although the release breaks the spec repo's layering rules (noted in the commit message).
    package var allowLayerViolations = false
    /// How many times to re-apply on a new tip after a push lost a race, before giving up.
    package var maxAttempts = 10
    /// The pause before a retry is `retryDelay × attempt × (0.5…1.5)` seconds.
    package var retryDelay = 0.05
    /// The added spec repos a dependency is looked up in, in order; nil: the one published to, then
    /// every other added one.
    package var sources: [String]?
    /// Check everything and say what would be done, without tagging, committing or pushing.
    package var dryRun = false
    /// Lint rules whose findings do not count (`--ignore`, the component's `.compose.yml`).
    package var ignoredRules: Set<String> = []
    /// Who tags and commits; nil: git's identity (`Signature.default(for:)`).
    package var author: Signature?
    /// Do not build the component before tagging it (`--skip-build`; the report says it was skipped).
    package var skipBuild = false
    /// The command a failure tells the user to run again (the one given, with its options); nil:
    /// `compose publish REPO`.
    package var rerun: String?

    package init(allowWarnings: Bool = false, noTag: Bool = false, ci: Bool = false, overwrite: Bool = false) {
        self.allowWarnings = allowWarnings
        self.noTag = noTag
        self.ci = ci
        self.overwrite = overwrite
    }
}

/// What happened during a publish, as it happens (for progress lines on standard error).
package enum PublishEvent: Sendable, Equatable {
    case linted(spec: String, warnings: [Finding])
    /// The build of the component starts (seconds to minutes); `summary` says what is built
    /// (`Pay 1.0.0 at commit 1a2b3c4d5e of /src/Pay`).
    case building(summary: String)
    /// The build passed; `warnings` were allowed.
    case built(summary: String, warnings: [Finding])
    /// `--skip-build`: the component was not built.
    case buildSkipped
    /// This host cannot build the component (an iOS one on Linux): `message` says so and how to on macOS.
    case notBuiltHere(message: String)
    case tagCreated(tag: String, commit: ObjectID)
    case tagExists(tag: String, commit: ObjectID)
    case tagPushed(tag: String, remote: String)
    /// The remote had the tag at this commit already (a re-run of a release job).
    case tagOnRemote(tag: String, remote: String)
    case recovered(repo: String)
    case committed(message: String, commit: ObjectID)
    /// The push lost a race; the spec is re-applied on the new tip.
    case retrying(attempt: Int, reason: String)
    case pushed(repo: String, url: String)
}

/// The outcome of a publish.
package struct PublishResult: Sendable, Equatable {
    package let name: String
    package let version: String
    package let repo: String
    /// The component's tag (nil with --no-tag).
    package let tag: String?
    package let tagCreated: Bool
    /// The commit that added the spec (nil when nothing had to change).
    package let commit: ObjectID?
    package let commitMessage: String?
    /// How many times the push was overtaken by another and re-applied.
    package let retries: Int
    /// Set when the spec was already there, byte for byte (`--ci`), so nothing was pushed.
    package let note: String?
    /// With `--dry-run`: the steps a publish would take (nothing was done).
    package var plan: [String]? = nil
}

/// The publish transaction: lint, tag the component, push the tag, add the spec to a spec repo
/// and push it, re-applying on a new tip when another publisher got there first. On a failure
/// the spec repo's clone is reset to the remote's tip, so nothing half-written is left behind.
package struct Publisher: Sendable {
    package let store: SpecRepoStore
    /// Builds the component before it is tagged (the full lint's build); nil: no build step.
    package let builder: (any ComponentBuilder)?

    package init(store: SpecRepoStore, builder: (any ComponentBuilder)? = nil) {
        self.store = store
        self.builder = builder
    }

    package func publish(
        repo: String,
        spec specPath: String? = nil,
        componentDirectory: URL,
        options: PublishOptions = PublishOptions(),
        events: (PublishEvent) -> Void = { _ in },
        waiting: (String) -> Void = { _ in }
    ) throws(PublishError) -> PublishResult {
        let specURL = try Self.locateSpec(specPath, in: componentDirectory)
        // Read once: the bytes linted are the bytes published, whatever happens to the file meanwhile.
        let bytes = try PublishSpec.read(specURL)
        let findings = lint(bytes, at: specURL, ignoring: options.ignoredRules)
        if !findings.errors.isEmpty || (!findings.warnings.isEmpty && !options.allowWarnings) {
            throw .lintFailed(
                path: specURL.path, findings: findings.errors + (options.allowWarnings ? [] : findings.warnings),
                errors: findings.errors.count, warnings: findings.warnings.count)
        }
        events(.linted(spec: specURL.lastPathComponent, warnings: findings.warnings))
        let spec = try PublishSpec.load(bytes, from: specURL)
        try SpecRepoName.validateSpecName(spec.name, version: spec.version, path: specURL.path)

        // Check the spec repo exists before anything is tagged, so a typo leaves no trace.
        let (directory, searched) = try PublishError.repo { () throws(SpecRepoError) in
            let directory = try store.directory(of: repo)
            let searched = try (options.sources ?? [repo] + store.names().filter { $0 != repo }).map {
                (name) throws(SpecRepoError) -> String in
                _ = try store.directory(of: name)
                return name
            }
            return (directory, searched)
        }
        let problems = publishProblems(
            spec, specURL: specURL, shown: specURL.lastPathComponent,
            componentDirectory: specURL.deletingLastPathComponent(), searched: searched,
            ignoring: options.ignoredRules)
        if !problems.isEmpty { throw .publishChecksFailed(path: specURL.path, findings: problems) }
        // Nothing is pushed anywhere compose cannot push to: refused before the build and the tag.
        try refuseNonBareRemotes(
            spec, repo: repo, directory: directory, componentDirectory: componentDirectory, options: options)
        var buildLine = "build skipped (--skip-build)"
        let built = try buildComponent(
            spec, specURL: specURL, componentDirectory: componentDirectory, options: options
        ) { event in
            if case .built(let summary, _) = event { buildLine = "built \(summary): passed" }
            if case .notBuiltHere(let message) = event { buildLine = message }
            events(event)
        }
        if options.dryRun {
            var result = try dryRun(spec, specURL: specURL, repo: repo, directory: directory, options: options)
            if builder != nil { result.plan?.insert(buildLine, at: 1) }
            return result
        }
        let rerun = options.rerun ?? "compose publish \(repo)"

        // The clone's lock is taken before anything is tagged: a publish that cannot have it leaves no tag
        // behind, and once the tag is pushed every failure says so ("tag X is pushed, the spec is not").
        return try store.withLock(repo, waiting: waiting, wrapping: PublishError.repo) { () throws(PublishError) in
            var tagCreated = false
            var tagState = "no tag was involved."
            if !options.noTag {
                tagCreated = try tagComponent(
                    spec, specURL: specURL, componentDirectory: componentDirectory, tagger: options.author,
                    built: built, rerun: rerun, events: events)
                tagState = "tag \(spec.tag ?? "") is pushed, the spec is not."
            }
            return try addToSpecRepo(
                spec, repo: repo, options: options, tagState: tagState, tagCreated: tagCreated, events: events)
        }
    }

    // MARK: Steps

    static func locateSpec(_ specPath: String?, in directory: URL) throws(PublishError) -> URL {
        if let specPath {
            let url =
                specPath.hasPrefix("/")
                ? URL(fileURLWithPath: specPath) : directory.appendingPathComponent(specPath)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw .repo(.unreadableSpec(path: url.path, message: "no such file"))
            }
            return url.standardizedFileURL
        }
        let names = LintDriver.podspecFiles(
            in: (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        guard let first = names.first else { throw .specNotFound(directory: directory.path) }
        guard names.count == 1 else { throw .severalSpecs(directory: directory.path, files: names) }
        return directory.appendingPathComponent(first).standardizedFileURL
    }

    /// The Lint module's checks of the spec alone (the quick lint), as compiler-style lines.
    func lint(_ bytes: Data, at url: URL, ignoring ignored: Set<String> = []) -> (
        errors: [Finding], warnings: [Finding]
    ) {
        let findings = Linter().lint(
            contents: [UInt8](bytes), path: url.lastPathComponent, directory: url.deletingLastPathComponent().path
        ).findings
            .filter { !ignored.contains($0.ruleID) }.sorted(by: Finding.reportOrder)
        return (findings.filter { $0.severity == .error }, findings.filter { $0.severity == .warning })
    }

    /// Creates the annotated tag `source.tag` at HEAD unless it exists there, and pushes it.
    /// Returns whether the tag was created.
    /// `built`: the commit the build checked, which HEAD must still be.
    func tagComponent(
        _ spec: PublishSpec, specURL: URL, componentDirectory: URL, tagger: Signature? = nil, built: ObjectID? = nil,
        rerun: String, events: (PublishEvent) -> Void
    ) throws(PublishError) -> Bool {
        guard let tag = spec.tag, !tag.isEmpty else { throw .noTagInSource(path: specURL.path) }
        let (component, head) = try releasableHead(tag: tag, componentDirectory: componentDirectory)
        let location = component.location.path
        if let built, built != head {
            throw .headMovedDuringBuild(path: location, built: built.short, head: head.short, rerun: rerun)
        }
        do {
            var created = false
            if try component.tagCommit(tag) != nil {
                events(.tagExists(tag: tag, commit: head))
            } else {
                // A publish killed while git wrote this tag leaves `refs/tags/TAG.lock` behind, and
                // every later attempt would fail on it. Under the spec repo's lock (held here) no other
                // publish writes this tag, so the leftover is removed. Git refuses `..` in ref names;
                // a tag with one is left to fail as git says.
                if !tag.split(separator: "/").contains(".."), !tag.hasPrefix("/") {
                    try? FileManager.default.removeItem(
                        at: component.gitDirectory.appendingPathComponent("refs/tags/\(tag).lock"))
                }
                try component.createAnnotatedTag(
                    tag, at: head, message: "\(spec.name) \(spec.version)", tagger: tagger)
                created = true
                events(.tagCreated(tag: tag, commit: head))
            }
            let remote = try remoteName(for: spec.gitURL, in: component)
            var pushed = true
            do throws(GitError) {
                let credentials =
                    ((try? component.remoteURL(remote)) ?? nil).map { store.credentials.trusting($0) }
                    ?? store.credentials
                pushed = try component.push(
                    remote: remote, refspecs: ["refs/tags/\(tag):refs/tags/\(tag)"], credentials: credentials)
            } catch {
                if case .pushRejected(let url, let reference, _) = error, reference == "refs/tags/\(tag)" {
                    if created { try? component.deleteTag(tag) }
                    throw PublishError.remoteTagElsewhere(tag: tag, remote: url)
                }
                throw PublishError.repo(
                    .git(
                        error,
                        context:
                            "tag \(tag) \(created ? "was created" : "exists") at HEAD in \(location) but could not "
                            + "be pushed to \(remote); nothing was published. Fix the cause, then run `\(rerun)` again"
                    ))
            }
            let shown = redact(try component.remoteURL(remote) ?? remote)
            events(pushed ? .tagPushed(tag: tag, remote: shown) : .tagOnRemote(tag: tag, remote: shown))
            return created
        } catch let error as PublishError {
            throw error
        } catch let error as GitError {
            throw .repo(.git(error, context: "cannot tag the component in \(location); nothing was published"))
        } catch {
            throw .repo(.fileSystem(path: location, message: "\(error)"))
        }
    }

    /// libgit2 pushes over a path (`/srv/specs`, `file:///srv/specs`) only to a bare repository: a spec
    /// repo (or, unless `noTag`, a component remote) that is a local repository with a working tree is
    /// refused before anything is pushed, with what to do, instead of failing after the tag is pushed.
    func refuseNonBareRemotes(
        _ spec: PublishSpec?, repo: String, directory: URL, componentDirectory: URL?, options: PublishOptions
    ) throws(PublishError) {
        if let url = (try? Repository.open(at: directory).remoteURL()) ?? nil, let path = Self.nonBareFolder(url) {
            throw .nonBareRemote(
                remote: "The remote of spec repo '\(repo)'", path: path,
                fix: "Make a bare copy and publish to it: `git clone --bare \(path) \(path).git`, then "
                    + "`compose repo remove \(repo)` and `compose repo add \(repo) \(path).git` (or serve the repo "
                    + "over ssh or https); `git -C \(path) pull \(path).git` brings what is published into \(path)")
        }
        guard let spec, let componentDirectory, !options.noTag,
            let component = try? Repository.discover(from: componentDirectory),
            let remote = try? remoteName(for: spec.gitURL, in: component),
            let url = (try? component.remoteURL(remote)) ?? nil, let path = Self.nonBareFolder(url)
        else { return }
        throw .nonBareRemote(
            remote: "The component's remote \(remote)", path: path,
            fix: "Make it bare: `git clone --bare \(path) \(path).git` and `git remote set-url \(remote) \(path).git` "
                + "(and source.git in the spec), or push through a git server (ssh or https)")
    }

    /// The folder of `url` when it is a local repository with a working tree; nil otherwise (a network
    /// URL, a bare repository, or nothing there: the push then says what it meets).
    static func nonBareFolder(_ url: String) -> String? {
        guard var path = Repository.localFolder(ofRemote: url), !path.isEmpty,
            let repository = try? Repository.open(at: URL(fileURLWithPath: path)), !repository.isBare
        else { return nil }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The remote whose URL is the spec's `source.git`, else `origin`.
    func remoteName(for url: String?, in repository: Repository) throws(GitError) -> String {
        if let url {
            for name in try repository.remoteNames() where try repository.remoteURL(name) == url { return name }
        }
        return "origin"
    }

    /// Under the clone's lock, a release: an existing version is refused unless identical and `ci`
    /// (then nothing is pushed), or replaced on purpose with `overwrite` (`[Fix]`); a new one is
    /// `[Add]` or `[Update]`; the layering rules are checked on the tip it lands on.
    func addToSpecRepo(
        _ spec: PublishSpec, repo: String, options: PublishOptions, tagState: String, tagCreated: Bool,
        events: (PublishEvent) -> Void
    ) throws(PublishError) -> PublishResult {
        try commitAndPush(
            spec, repo: repo, options: options, tag: options.noTag ? nil : spec.tag, tagState: tagState,
            tagCreated: tagCreated, events: events
        ) { (existing, file, directory, layout) throws(PublishError) -> SpecRepoWrite in
            let message: String
            if let existing {
                let identical = existing == spec.canonical
                if identical && (options.ci || options.overwrite) {
                    return .unchanged(
                        note:
                            "\(spec.name) \(spec.version) is already in '\(repo)' with identical content; nothing to push"
                    )
                }
                guard options.overwrite else {
                    throw .versionExists(name: spec.name, version: spec.version, repo: repo, identical: identical)
                }
                message = "[Fix] \(spec.name) (\(spec.version))"
            } else {
                let others = layout.versionFolders(of: spec.name).contains { $0.folder != spec.version }
                message = others ? "[Update] \(spec.name) (\(spec.version))" : "[Add] \(spec.name) (\(spec.version))"
            }
            // Layering rules (docs/graph.md, PublishLayers.swift): a forbidden edge or a cycle is refused.
            let layerNote = try checkLayers(
                of: spec, file: file, in: directory, repo: repo, options: options, tagState: tagState)
            return .write(message: message + layerNote)
        }
    }

    /// What a change of the spec repo does with the spec file as the tip holds it (nil: none).
    enum SpecRepoWrite {
        /// Nothing to commit: the tip already holds what was wanted (`note` says so).
        case unchanged(note: String)
        /// Write the spec and commit it with `message`.
        case write(message: String)
    }

    /// The one commit-and-push step below publish and deprecate, under the clone's lock: fetch,
    /// fast-forward, ask `decide` what to do with the spec file as the tip holds it, write, commit
    /// and push, re-applying on the new tip (and asking again) when the push loses a race; success
    /// only once the spec is on the remote branch; on any failure the clone is reset to the remote's
    /// tip (the journal).
    func commitAndPush(
        _ spec: PublishSpec, repo: String, options: PublishOptions, tag: String?, tagState: String, tagCreated: Bool,
        events: (PublishEvent) -> Void,
        decide: (_ existing: Data?, _ file: String, _ directory: URL, _ layout: SpecRepoLayout) throws(PublishError)
            -> SpecRepoWrite
    ) throws(PublishError) -> PublishResult {
        let directory = try PublishError.repo { () throws(SpecRepoError) in try store.directory(of: repo) }
        let rerun = options.rerun ?? "compose publish \(repo)"
        let repository: Repository
        do {
            repository = try Repository.open(at: directory)
            if try PublishJournal.recoverIfInterrupted(repository) {
                events(.recovered(repo: repo))
            }
        } catch {
            throw .repo(
                .git(
                    error,
                    context:
                        "cannot open the clone of '\(repo)' at \(directory.path); \(tagState) `compose repo remove \(repo)` "
                        + "and `compose repo add \(repo) URL` make a new clone; then run `\(rerun)` again"))
        }
        let failureState =
            "\(tagState) The local clone of '\(repo)' was reset to the remote's tip. "
            + "Fix what follows, then run `\(rerun)` again to finish"

        let credentials = store.credentials(for: repository)
        var journalStarted = false
        let podName: SafeName
        do {
            podName = try SafeName(spec.name, as: .pod)
        } catch {
            throw .repo(.unreadableSpec(path: spec.name, message: error.description))
        }
        var layout = SpecRepoLayout(root: directory)
        var podFolder = layout.podPath(podName)
        func fail(_ error: PublishError) -> PublishError {
            if journalStarted {
                try? PublishJournal.resetToRemoteTip(repository, folder: podFolder)
                PublishJournal.end(repository)
            }
            switch error {
            case .repo(.git(.diverged(let branch, _, _), _)):
                return .repo(.diverged(name: repo, path: directory.path, branch: branch))
            case .repo(.git(let gitError, let context)) where context.isEmpty:
                return .repo(
                    .git(
                        gitError,
                        context: "publishing \(spec.name) \(spec.version) to '\(repo)' failed. \(failureState)"))
            default:
                return error
            }
        }

        do throws(PublishError) {
            guard let branch = try wrap({ () throws(GitError) in try repository.currentBranch() }) else {
                throw PublishError.repo(.detachedHead(name: repo, path: directory.path))
            }
            // Only the pod's folder is looked at: a clone of 100,000 specs is not scanned on every publish.
            let changes = try wrap { () throws(GitError) in try repository.status(limitedTo: [podFolder]) }
            if !changes.isEmpty {
                throw PublishError.repo(.localChanges(name: repo, path: directory.path, files: changes.map(\.path)))
            }
            try PublishError.repo { () throws(SpecRepoError) in try PublishJournal.begin(repository, folder: podFolder)
            }
            journalStarted = true

            var file = layout.specPath(podName, version: spec.version)
            var retries = 0
            for attempt in 1...max(1, options.maxAttempts) {
                let tip: ObjectID? = try wrap { () throws(GitError) in
                    try repository.fetch(credentials: credentials)
                    return try repository.resolveCommit("refs/remotes/origin/\(branch)")
                }
                try wrap { () throws(GitError) in
                    let head = try repository.headCommit()
                    guard let tip, head != tip else { return }
                    if let head, try !repository.isAncestor(head, of: tip) {
                        guard attempt > 1 else {
                            // Nothing was changed yet (a fetch only moves remote-tracking refs): refuse as is.
                            journalStarted = false
                            PublishJournal.end(repository)
                            throw GitError.diverged(branch: branch, local: head, target: tip)
                        }
                        try repository.resetHard(to: tip, limitedTo: [podFolder])
                    } else {
                        try repository.fastForward(to: tip)
                    }
                }
                // The tip decides the layout: a repo that moved its specs under Specs/ or sharded them
                // since the clone was last updated is written the new way.
                let current = SpecRepoLayout(root: directory)
                if current != layout {
                    layout = current
                    file = layout.specPath(podName, version: spec.version)
                    if layout.podPath(podName) != podFolder {
                        podFolder = layout.podPath(podName)
                        try PublishError.repo { () throws(SpecRepoError) in
                            try PublishJournal.begin(repository, folder: podFolder)
                        }
                    }
                }

                let existing = try wrap { () throws(GitError) -> Data? in
                    guard let tip else { return nil }
                    return try repository.readFile(file, at: tip.hex)
                }
                let message: String
                switch try decide(existing, file, directory, layout) {
                case .unchanged(let note):
                    PublishJournal.end(repository)
                    return PublishResult(
                        name: spec.name, version: spec.version, repo: repo, tag: tag, tagCreated: tagCreated,
                        commit: nil, commitMessage: nil, retries: retries, note: note)
                case .write(let chosen):
                    message = chosen
                }
                // Never through a symlink committed to the repo: it could point anywhere.
                if let link = layout.firstSymlink(along: file) {
                    throw PublishError.symlinkInSpecRepo(repo: repo, path: link, tagState: tagState, rerun: rerun)
                }
                try write(spec.canonical, to: directory.appendingPathComponent(file))
                let commit = try wrap { () throws(GitError) in
                    try repository.commit(files: [file], message: message, author: options.author)
                }
                events(.committed(message: message, commit: commit))
                do throws(GitError) {
                    try repository.push(
                        refspecs: ["refs/heads/\(branch):refs/heads/\(branch)"], credentials: credentials)
                } catch {
                    guard case .nonFastForward = error, attempt < options.maxAttempts else {
                        if case .nonFastForward = error {
                            throw PublishError.pushRetriesExhausted(
                                name: spec.name, version: spec.version, repo: repo, attempts: attempt,
                                tagState: tagState, rerun: rerun)
                        }
                        throw PublishError.repo(.git(error, context: ""))
                    }
                    retries += 1
                    events(.retrying(attempt: attempt + 1, reason: "another publish reached '\(repo)' first"))
                    let jitter = Double.random(in: 0.5...1.5)
                    usleep(UInt32(options.retryDelay * Double(attempt) * jitter * 1_000_000))
                    continue
                }
                // Never report success on the push's word alone: the spec must be on the remote branch.
                let landed = try wrap { () throws(GitError) -> Bool in
                    try repository.fetch(credentials: credentials)
                    guard let tip = try repository.resolveCommit("refs/remotes/origin/\(branch)") else { return false }
                    guard try repository.isAncestor(commit, of: tip) else { return false }
                    return try repository.readFile(file, at: tip.hex) != nil
                }
                guard landed else {
                    retries += 1
                    events(.retrying(attempt: attempt + 1, reason: "the spec was not on '\(repo)' after the push"))
                    continue
                }
                PublishJournal.end(repository)
                let url = (try? repository.remoteURL()).flatMap { $0 } ?? repo
                events(.pushed(repo: repo, url: redact(url)))
                return PublishResult(
                    name: spec.name, version: spec.version, repo: repo, tag: tag, tagCreated: tagCreated,
                    commit: commit, commitMessage: message, retries: retries, note: nil)
            }
            throw PublishError.pushRetriesExhausted(
                name: spec.name, version: spec.version, repo: repo, attempts: options.maxAttempts, tagState: tagState,
                rerun: rerun)
        } catch {
            throw fail(error)
        }
    }

    private func wrap<T>(_ body: () throws(GitError) -> T) throws(PublishError) -> T {
        do {
            return try body()
        } catch {
            throw .repo(.git(error, context: ""))
        }
    }

    private func write(_ data: Data, to url: URL) throws(PublishError) {
        do {
            try AtomicFile.write(data, to: url, createFolder: true)
        } catch {
            throw .repo(.fileSystem(path: url.path, message: "cannot write the spec: \(error.message)"))
        }
    }
}

extension SpecRepoName {
    /// A spec's name and version become folder names in the spec repo: the name must be a
    /// `SafeName` pod name, the version a version that is also a plain folder name.
    static func validateSpecName(_ name: String, version: String, path: String) throws(PublishError) {
        if let reason = SafeName.problem(with: name, as: .pod) {
            throw .repo(
                .unreadableSpec(
                    path: path, message: "name '\(name)' cannot be a folder name in a spec repo: \(reason)"))
        }
        if let reason = SafeName.problem(with: version, as: .pod)
            ?? (Version.isValid(version) ? nil : "it is not a version")
        {
            throw .repo(
                .unreadableSpec(
                    path: path, message: "version '\(version)' cannot be a folder name in a spec repo: \(reason)"))
        }
    }
}
