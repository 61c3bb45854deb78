import CDN
import Foundation
import Git
import SpecRepos
import Specs
import Support

/// Writes a spec repo as a static Swift package registry (SE-0292) that nginx, an object store or a
/// CDN serves (`RegistryLayout` has the files and the server rules).
///
/// Each released version whose spec names a git source with a tag (or a commit) becomes a registry
/// release: the component's git tree at that tag, fetched into the compose cache, is zipped
/// (`SourceArchive`), its SHA-256 goes into the release metadata with the spec's summary, authors,
/// license and repository URL, and its `Package.swift` (and every `Package@swift-*.swift`) is served
/// as the manifest. A version that cannot be a release (no git source, no `Package.swift` at the
/// tag, a pod name or version that is no registry name or semantic version) is skipped with its
/// reason; it stays a git release.
///
/// Incremental: the manifest of the last export (`RegistryLayout.manifestName`) records, per release,
/// the SHA-256 of the spec it was made from and the files it wrote. A release whose spec is unchanged
/// and whose files are all there is neither fetched nor written again, so a new release writes its own
/// four files and the few lists that name it. Files the last export wrote that no release needs any
/// more are removed; nothing else is. Every file is replaced atomically, the manifest last.
package enum RegistryExport {
    /// A version that is not in the registry, and why.
    package struct Skipped: Sendable, Equatable, Codable {
        package let name: String
        package let version: String
        package let reason: String
        /// The reason without what is particular to this version (its URL, tag, error): what the
        /// skipped versions of several pods share, said once for all of them.
        package let kind: String

        package init(name: String, version: String, reason: String, kind: String? = nil) {
            self.name = name
            self.version = version
            self.reason = reason
            self.kind = kind ?? reason
        }
    }

    /// What an export did.
    package struct Summary: Sendable, Equatable, FolderReporting {
        /// The skipped versions as a person reads them: a line per reason naming every pod it applies
        /// to (`Account, Pay: its source could not be fetched (6 versions; --verbose says each)`), or,
        /// `verbose`, a line per pod and reason (`Pay 1.0.0, 1.1.0: reason`).
        package func skippedLines(verbose: Bool = false) -> [String] {
            // A pod's versions skipped for one reason (verbose) or one kind of reason.
            var order: [String] = []
            var lines: [String: (name: String, versions: [String], items: [Skipped])] = [:]
            for item in skipped {
                let key = "\(item.name)\u{0}\(verbose ? item.reason : item.kind)"
                if lines[key] == nil {
                    order.append(key)
                    lines[key] = (item.name, [], [])
                }
                lines[key]!.versions.append(item.version)
                lines[key]!.items.append(item)
            }
            let pods = order.map { lines[$0]! }
            func alone(_ pod: (name: String, versions: [String], items: [Skipped])) -> String {
                let reasons = Set(pod.items.map(\.reason))
                let reason = reasons.count == 1 ? pod.items[0].reason : "\(pod.items[0].kind) (--verbose says each)"
                return "\(pod.name) \(pod.versions.joined(separator: ", ")): \(reason)"
            }
            guard !verbose else { return pods.map(alone) }
            return SaidOnce.grouped(
                pods, subject: \.name, kind: { $0.items[0].kind }, alone: alone,
                together: { names, group in
                    let versions = group.reduce(0) { $0 + $1.versions.count }
                    return
                        "\(names.joined(separator: ", ")): \(group[0].items[0].kind) (\(versions) versions; --verbose says each)"
                })
        }

        package var packages = 0
        package var releases = 0
        /// Files written (new or changed), removed (releases and lists no longer in the repo) and
        /// unchanged, relative to the output.
        package var files = FolderReport()
        /// Releases reused from the last export without fetching.
        package var unchanged = 0
        package var skipped: [Skipped] = []
    }

    /// Exports the spec repo at `source` to `output` as the registry scope `scope`. Component trees
    /// are fetched through `sources` (the compose cache); `progress` hears each release made.
    ///
    /// A release is immutable: one the last export recorded whose tag's tree now gives another
    /// checksum (a moved tag) stops the export before anything is written, naming both checksums.
    /// `retiring` (`NAME@VERSION`) withdraws releases: their files are removed and the manifest
    /// remembers them, so they never come back with other bytes. A tree whose files add up to more
    /// than `maximumArchiveBytes` (sizes read from the object headers) is skipped before it is read.
    package static func export(
        from source: URL, to output: URL, scope: String, sources: SourceCache, retiring: Set<String> = [],
        maximumArchiveBytes: Int = SourceArchive.maximumBytes, progress: (String) -> Void = { _ in }
    ) throws(RegistryExportError) -> Summary {
        guard RegistryIdentity.isValidScope(scope) else { throw .invalidScope(scope) }
        let source = resolvedPath(source.standardizedFileURL.path)
        let output = resolvedPath(output.standardizedFileURL.path)
        guard FileKind.of(source) == .directory else { throw .export(.notASpecRepo(path: source)) }
        if output == source || output.hasPrefix(source + "/") {
            throw .export(.outputInsideSource(output: output, source: source))
        }
        if source.hasPrefix(output + "/") { throw .export(.sourceInsideOutput(source: source, output: output)) }
        var folder: ManagedFolder
        do {
            folder = try ManagedFolder(root: output, manifestName: RegistryLayout.manifestName, writer: "the export")
        } catch {
            throw .export(ExportError(error))
        }
        let previous = folder.readManifest().flatMap(ExportManifest.init(bytes:))
        let sameScope = previous?.scope == scope
        var next = ExportManifest(scope: scope)
        var contents: [String: Data] = [:]
        var summary = Summary()
        var packages: [RegistryIdentity: [String: String]] = [:]
        var lookups: [String: Set<String>] = [:]
        // A source that could not be fetched is tried once per export, not once per version.
        var unreachable: [String: (reason: String, kind: String?)] = [:]
        let repository = SpecRepository(root: URL(fileURLWithPath: source))
        var changed: [ChangedRelease] = []
        var retiredNow = Set<String>()
        // Archives are written here as they are made (one file's bytes in memory at a time), then
        // moved into the output once every path is checked.
        var archives: [String: URL] = [:]
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent(
            "compose-registry-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .export(.fileSystem(path: staging.path, message: error.localizedDescription))
        }
        defer { try? FileManager.default.removeItem(at: staging) }

        for name in repository.podNames() {
            let versions = repository.versions(of: name)
            guard !versions.isEmpty else { continue }
            guard let identity = RegistryIdentity(scope: scope, name: name) else {
                let reason = RegistryIdentity.problem(withName: name) ?? "not a registry name"
                summary.skipped += versions.map {
                    Skipped(name: name, version: $0.string, reason: reason, kind: RegistryIdentity.nameProblem)
                }
                continue
            }
            for version in versions.reversed() {
                let key = "\(name)/\(version.string)"
                func skip(_ reason: String, kind: String? = nil, permanent: Bool, digest: String) {
                    summary.skipped.append(Skipped(name: name, version: version.string, reason: reason, kind: kind))
                    if permanent { next.skipped[key] = .init(spec: digest, reason: reason, kind: kind) }
                }
                let file: (path: String, data: Data, spec: Spec)
                do {
                    file = try repository.fileAndSpec(name: name, version: version)
                } catch {
                    skip(
                        "its spec cannot be read: \(error.description)", kind: "its spec cannot be read",
                        permanent: false,
                        digest: "")
                    continue
                }
                let digest = SourceArchive.checksum(of: file.data)
                guard let registryVersion = RegistryIdentity.registryVersion(of: version.string) else {
                    skip(
                        "\(version.string) is not a semantic version, which SwiftPM asks registries for",
                        kind: "the version is not a semantic version, which SwiftPM asks registries for",
                        permanent: true, digest: digest)
                    continue
                }
                let spelling = "\(name)@\(version.string)"
                let recorded = sameScope ? previous?.releases[key] : nil
                if let checksum = sameScope ? previous?.retired?[key] : nil {
                    next.retired = (next.retired ?? [:]).merging([key: checksum]) { $1 }
                    skip(
                        ExportManifest.retiredReason(checksum), kind: ExportManifest.retiredReason(""),
                        permanent: false,
                        digest: digest)
                    continue
                }
                if retiring.contains(spelling) {
                    retiredNow.insert(spelling)
                    let checksum = recorded?.checksum ?? ""
                    next.retired = (next.retired ?? [:]).merging([key: checksum]) { $1 }
                    skip(
                        ExportManifest.retiredReason(checksum), kind: ExportManifest.retiredReason(""),
                        permanent: false,
                        digest: digest)
                    continue
                }
                if sameScope, let earlier = previous?.skipped[key], earlier.spec == digest {
                    skip(earlier.reason, kind: earlier.kind, permanent: true, digest: digest)
                    continue
                }
                if sameScope, let earlier = previous?.releases[key], earlier.spec == digest,
                    earlier.files.allSatisfy({ FileKind.of(joinedPath(output, $0)) == .file })
                {
                    next.releases[key] = earlier
                    summary.unchanged += 1
                } else {
                    let made: Release
                    if let url = file.spec.source?.git?.url, let reason = unreachable[url] {
                        skip(reason.reason, kind: reason.kind, permanent: false, digest: digest)
                        continue
                    }
                    switch makeRelease(
                        of: file.spec, identity: identity, version: registryVersion, sources: sources,
                        staging: staging, maximumBytes: maximumArchiveBytes)
                    {
                    case .success(let release):
                        if let recorded, recorded.checksum != release.checksum {
                            // Immutable: the recorded release stays as it is, and the export stops below.
                            let git = file.spec.source?.git
                            changed.append(
                                ChangedRelease(
                                    name: name, version: version.string,
                                    tag: git?.tag ?? git?.commit ?? "", url: git?.url ?? "",
                                    recorded: recorded.checksum, now: release.checksum))
                            next.releases[key] = recorded
                            continue
                        }
                        made = release
                    case .failure(.permanent(let reason, let kind)):
                        skip(reason, kind: kind, permanent: true, digest: digest)
                        continue
                    case .failure(.transient(let reason, let kind)):
                        if let url = file.spec.source?.git?.url { unreachable[url] = (reason, kind) }
                        skip(reason, kind: kind, permanent: false, digest: digest)
                        continue
                    }
                    progress("\(identity) \(registryVersion)")
                    contents.merge(made.files) { $1 }
                    archives[made.archive.relative] = made.archive.staged
                    next.releases[key] = .init(
                        spec: digest, version: registryVersion, checksum: made.checksum,
                        files: (Array(made.files.keys) + [made.archive.relative]).sorted())
                }
                summary.releases += 1
                packages[identity, default: [:]][registryVersion] = next.releases[key]!.checksum
                for url in file.spec.source?.git.map({ RegistryLayout.lookupSpellings(of: $0.url) }) ?? [] {
                    lookups[url, default: []].insert(identity.description)
                }
            }
        }
        if let unknown = retiring.subtracting(retiredNow).sorted().first {
            throw .unknownRetirement(unknown)
        }
        guard changed.isEmpty else { throw .releasesChanged(changed) }
        summary.packages = packages.count
        for (identity, releases) in packages {
            contents[RegistryLayout.packageFile(identity)] = json([
                "releases": Dictionary(uniqueKeysWithValues: releases.keys.map { ($0, [String: Any]()) })
            ])
        }
        for (url, identities) in lookups {
            guard let path = RegistryLayout.identifiersFile(forURL: url) else { continue }
            contents[path] = json(["identifiers": identities.sorted()])
        }
        contents[RegistryLayout.notFoundFile] = json([
            "type": "about:blank", "status": 404, "title": "Not Found",
            "detail": "No such package, release or file in this registry.",
        ])
        next.files = Set(contents.keys).union(archives.keys).union(next.releases.values.flatMap(\.files))

        // Check every path before writing anything; then write what changed, remove what is stale.
        let stale = (previous?.files ?? []).subtracting(next.files).filter(ExportManifest.couldBeWritten)
        do {
            for relative in (Array(contents.keys) + Array(archives.keys)).sorted() + stale.sorted() {
                try folder.check(relative)
            }
            var changedArchives: [(relative: String, data: Data)] = []
            for (relative, staged) in archives.sorted(by: { $0.key < $1.key }) {
                // Mapped, not read: the pages come from the file and go to the other.
                let data = try mapped(staged)
                let existing = try? Data(
                    contentsOf: URL(fileURLWithPath: folder.path(relative)), options: .alwaysMapped)
                if existing != data { changedArchives.append((relative, data)) }
            }
            let changed = folder.changes(in: contents).changed
            let changes = !changedArchives.isEmpty || !changed.isEmpty || !stale.isEmpty
            let manifest = next.encoded()
            if changes || previous?.pending == true || !folder.holds(manifest, at: RegistryLayout.manifestName) {
                // Until this export finishes, its manifest names every file it may write.
                var pending = previous ?? ExportManifest(scope: scope)
                pending.files.formUnion(next.files)
                pending.pending = true
                try folder.begin(
                    pending: changes ? pending.encoded() : nil,
                    sweeping: previous.map { $0.pending == true } ?? true ? pending.files : nil)
            }
            for (relative, data) in changedArchives + changed.map({ (relative: $0.path, data: $0.data) }) {
                try folder.write(data, to: relative)
                summary.written.append(relative)
            }
            for relative in stale.sorted() where folder.remove(relative) { summary.removed.append(relative) }
            try folder.finish(manifest: manifest)
        } catch {
            throw .export(ExportError(error))
        }
        summary.files.unchanged = next.files.count - summary.written.count
        summary.written.sort()
        summary.skipped.sort { ($0.name, $0.version) < ($1.name, $1.version) }
        return summary
    }

    /// The bytes of the archive staged at `url`, mapped.
    private static func mapped(_ url: URL) throws(ManagedFolderFailure) -> Data {
        do {
            return try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw .fileSystem(path: url.path, message: error.localizedDescription)
        }
    }

    // MARK: One release

    struct Release {
        /// The metadata and manifests.
        var files: [String: Data]
        /// The archive's path in the registry and the file it was written to in the staging folder.
        var archive: (relative: String, staged: URL)
        var checksum: String
    }

    enum ReleaseFailure: Error {
        /// The tag's tree will not change: remembered, not fetched again. `kind`: the reason without
        /// this release's particulars (nil: the reason has none).
        case permanent(String, kind: String? = nil)
        /// The source was unreachable: tried again on the next export.
        case transient(String, kind: String? = nil)
    }

    static func makeRelease(
        of spec: Spec, identity: RegistryIdentity, version: String, sources: SourceCache, staging: URL,
        maximumBytes: Int = SourceArchive.maximumBytes
    )
        -> Result<Release, ReleaseFailure>
    {
        guard let git = spec.source?.git else {
            return .failure(.permanent("its source is not a git repository"))
        }
        let reference: SourceReference
        if let tag = git.tag {
            reference = .tag(tag)
        } else if let commit = git.commit {
            reference = .commit(commit)
        } else {
            return .failure(.permanent("its git source names no tag or commit"))
        }
        let fetch: SourceCache.Fetch
        do {
            fetch = try sources.ensure(url: git.url, reference: reference)
        } catch {
            return .failure(
                .transient(
                    "its source could not be fetched: \(error.description)", kind: "its source could not be fetched"))
        }
        let repository: Repository
        let paths: [(path: String, size: Int)]
        do {
            repository = try Repository.open(at: fetch.repository)
            paths = try repository.fileSizes(at: fetch.commit)
        } catch {
            return .failure(
                .transient(
                    "its tree at \(reference) could not be read: \(error.description)",
                    kind: "its tree could not be read"))
        }
        // Measured from the object headers before a byte of the tree is read.
        guard paths.count <= SourceArchive.maximumFiles else {
            return .failure(
                .permanent(
                    "its tree has \(paths.count) files, over \(SourceArchive.maximumFiles)",
                    kind: "its tree has over \(SourceArchive.maximumFiles) files"))
        }
        let total = paths.reduce(0) { $0 + $1.size }
        if total > maximumBytes, let largest = paths.max(by: { $0.size < $1.size }) {
            return .failure(
                .permanent(
                    "its tree at \(reference) is \(byteCount(total)), over the archive limit of \(byteCount(maximumBytes)) (largest file: \(largest.path), \(byteCount(largest.size))); none of it was read",
                    kind: "its tree is over the archive limit of \(byteCount(maximumBytes)); none of it was read"))
        }
        var manifests: [(path: String, data: Data)] = []
        do {
            for path in paths.map(\.path) where isManifestName(path) {
                manifests.append((path, try repository.readFile(path, at: fetch.commit, limit: maximumBytes) ?? Data()))
            }
        } catch {
            return .failure(
                .transient(
                    "its tree at \(reference) could not be read: \(error.description)",
                    kind: "its tree could not be read"))
        }
        guard manifests.contains(where: { $0.path == "Package.swift" }) else {
            return .failure(
                .permanent(
                    "it has no Package.swift at \(reference) (compose install makes one from the podspec; a registry serves the package's own)",
                    kind:
                        "it has no Package.swift at its tag (compose install makes one from the podspec; a registry serves the package's own)"
                ))
        }
        let archive = staging.appendingPathComponent("\(UUID().uuidString).zip")
        let checksum: String
        do {
            try SourceArchive.write(paths: paths, folder: identity.name, to: archive) { path in
                try repository.readFile(path, at: fetch.commit, limit: maximumBytes) ?? Data()
            }
            checksum = try SourceArchive.checksum(ofFile: archive)
        } catch let error as GitError {
            return .failure(
                .transient(
                    "its tree at \(reference) could not be read: \(error.description)",
                    kind: "its tree could not be read"))
        } catch {
            return .failure(
                .transient(
                    "its archive could not be written to \(staging.path): \(error)",
                    kind: "its archive could not be written to \(staging.path)"))
        }
        var out: [String: Data] = [:]
        for manifest in manifests {
            out[RegistryLayout.manifestFile(identity, version, manifest.path)] = manifest.data
        }
        out[RegistryLayout.releaseFile(identity, version)] = json(
            releaseMetadata(of: spec, identity: identity, version: version, checksum: checksum))
        return .success(
            Release(
                files: out, archive: (RegistryLayout.archiveFile(identity, version), archive), checksum: checksum))
    }

    /// `Package.swift` or `Package@swift-X(.Y(.Z)).swift` at the root of the tree.
    static func isManifestName(_ path: String) -> Bool {
        guard !path.contains("/"), path.hasSuffix(".swift") else { return false }
        if path == "Package.swift" { return true }
        guard path.hasPrefix("Package@swift-") else { return false }
        let version = path.dropFirst("Package@swift-".count).dropLast(".swift".count)
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// SE-0292 4.2's release document.
    static func releaseMetadata(of spec: Spec, identity: RegistryIdentity, version: String, checksum: String)
        -> [String: Any]
    {
        var metadata: [String: Any] = [:]
        if let summary = spec.summary { metadata["description"] = summary }
        if let author = spec.authors.first {
            var entry: [String: Any] = ["name": author.name]
            if let email = author.email { entry["email"] = email }
            metadata["author"] = entry
        }
        if let git = spec.source?.git { metadata["repositoryURLs"] = RegistryLayout.lookupSpellings(of: git.url) }
        if let license = spec.license?.type { metadata["license"] = license }
        if let homepage = spec.homepage, homepage.hasPrefix("https://") || homepage.hasPrefix("http://") {
            metadata["homepage"] = homepage
        }
        return [
            "id": identity.description,
            "version": version,
            "resources": [
                ["name": "source-archive", "type": "application/zip", "checksum": checksum] as [String: Any]
            ],
            "metadata": metadata,
        ]
    }

    static func json(_ object: Any) -> Data {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }
}

/// The manifest of a registry export (JSON): the scope, each release's spec digest, checksum and
/// files, the versions skipped for good, and every file written.
struct ExportManifest: Codable {
    struct Entry: Codable, Equatable {
        var spec: String
        var version: String
        var checksum: String
        var files: [String]
    }

    struct SkippedEntry: Codable, Equatable {
        var spec: String
        var reason: String
        /// Optional, so a manifest written before it still reads.
        var kind: String?
    }

    var format = 1
    var scope: String
    var releases: [String: Entry] = [:]
    var skipped: [String: SkippedEntry] = [:]
    /// Releases withdrawn with `--retire` (`Name/version` → the checksum they had): never made again.
    /// Optional, so a manifest written before it still reads.
    var retired: [String: String]?
    var files: Set<String> = []
    /// True while an export changes the output (its files are then those of the last export and
    /// this one's); absent when it finished, as in a manifest written before it.
    var pending: Bool?

    static func retiredReason(_ checksum: String) -> String {
        "retired with --retire" + (checksum.isEmpty ? "" : " (its checksum was \(checksum))")
            + "; a registry release never changes, publish a new version"
    }

    init(scope: String) {
        self.scope = scope
    }

    init?(bytes: [UInt8]) {
        guard let manifest = try? JSONDecoder().decode(ExportManifest.self, from: Data(bytes)) else { return nil }
        self = manifest
    }

    func encoded() -> Data {
        ((try? JSONOutput.data(self)) ?? Data()) + Data("\n".utf8)
    }

    /// A relative path an export could have written: no `..`, no absolute path, not the manifest.
    static func couldBeWritten(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return path != RegistryLayout.manifestName
            && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }
    }
}

/// Why `compose registry export` wrote nothing (or, for a file system error, stopped).
package enum RegistryExportError: ComposeFailure, Equatable {
    case invalidScope(String)
    /// Releases the last export recorded whose tag's tree now gives another archive.
    case releasesChanged([ChangedRelease])
    /// `--retire NAME@VERSION` names no version of the spec repo.
    case unknownRetirement(String)
    /// What the CDN export also refuses: no spec repo, overlapping folders, links in the output.
    case export(ExportError)

    package var kind: FailureKind {
        switch self {
        case .invalidScope, .releasesChanged, .unknownRetirement: .input
        case .export(let error): error.kind
        }
    }

    package var description: String {
        switch self {
        case .invalidScope(let scope):
            return
                "'\(escapedForDisplay(scope))' is not a registry scope: 1 to 39 letters, digits and -, a - only between two of them (--scope ios). Nothing was written."
        case .releasesChanged(let releases):
            let lines = releases.map { release in
                "\(release.name) \(release.version): tag \(release.tag) of \(redact(release.url)) now gives checksum \(release.now); the registry recorded \(release.recorded)"
            }
            let retire = releases.map { "--retire \($0.name)@\($0.version)" }.joined(separator: " ")
            return
                "a registry release never changes (SwiftPM refuses a release whose checksum differs from the one it recorded), and the tree of \(releases.count == 1 ? "this release has" : "these releases have") changed:\n"
                + lines.map { "  " + $0 }.joined(separator: "\n")
                + "\nNothing was written; the recorded archives stay. Move the tag back, or publish a new version; to withdraw a release, export with \(retire)."
        case .unknownRetirement(let spelling):
            return
                "--retire \(escapedForDisplay(spelling)) names no version of the spec repo (NAME@VERSION, e.g. Pay@1.0.0). Nothing was written."
        case .export(let error):
            return error.description
        }
    }
}

/// A recorded release whose tag's tree gives another archive now.
package struct ChangedRelease: Sendable, Equatable {
    package let name: String
    package let version: String
    package let tag: String
    package let url: String
    package let recorded: String
    package let now: String
}
