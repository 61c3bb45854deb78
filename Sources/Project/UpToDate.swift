import ComposefileFormat
import Digests
import Foundation
import SpecRepos
import Specs
import Support

extension ResolveService {
    /// What an answer "nothing to do" rests on: per locked root from a spec source, the source it is
    /// read from, the earlier sources that must not have it, its version and checksum; per external
    /// pod, its spec file and checksum.
    struct UpToDateBasis {
        var specs: [(root: String, source: PodSource, earlier: [PodSource], version: Version, checksum: String)] = []
        var externals: [(pod: ExternalPod, checksum: String)] = []
    }

    /// The solver's one step when it does not run.
    static let nothingChanged =
        "nothing changed since Compose.lock was written (the Composefile and every locked spec are as they were): the lock stands"

    /// The report of a resolve that has nothing to do, or nil when the solver must run: the lock was
    /// written by this compose from these very Composefile bytes, every locked spec is byte for byte
    /// what the lock's checksum says, no earlier source has gained a locked pod, and every
    /// requirement (the Composefile's and each locked pod's) holds for the locked versions. Then a
    /// resolve would keep every locked version and write the same bytes, so it is not run: a second
    /// resolve with nothing changed reads the Composefile, the lock and the locked specs, nothing more.
    /// `:git` pods always go through the solver (their checkout is not re-read here).
    func upToDate(_ project: LoadedProject) -> (report: Report, basis: UpToDateBasis)? {
        // A Podfile whose Ruby reads the environment or other files may declare other pods from the
        // same bytes: the solver runs.
        guard let lock = project.previousLock, lock.composeVersion == toolVersion,
            lock.composefileChecksum == SHA1.hex(of: project.composefileBytes),
            lock.checkoutOptions.isEmpty, project.composefile.environmentRead.isEmpty,
            project.composefile.filesRead.isEmpty,
            // A platform read from the Xcode project may have changed with the same Composefile bytes.
            !project.platformFromXcodeProject
        else { return nil }
        let locked = Dictionary(lock.pods.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
        // Every requirement holds for the locked versions.
        for dependency in project.composefile.allDependencies {
            guard let version = locked[dependency.name] ?? project.externals[dependency.rootName]?.summary.version,
                dependency.requirements.isSatisfied(by: version)
            else { return nil }
        }
        // Many pods spell the same requirement (`Core (~> 2.1)`): each spelling is parsed once.
        var parsed: [String: RequirementSet?] = [:]
        for pod in lock.pods {
            for entry in pod.dependencies {
                let (name, detail) = Lockfile.splitEntry(entry)
                guard let version = locked[name] else { return nil }
                if let detail {
                    let requirements =
                        parsed[detail]
                        ?? {
                            let result = try? RequirementSet(parsingList: detail)
                            parsed[detail] = result
                            return result
                        }()
                    guard let requirements, requirements.isSatisfied(by: version) else { return nil }
                }
            }
        }
        // Every locked spec unchanged, from the source the solver would read it from.
        var basis = UpToDateBasis()
        var covered = Set<String>()
        for (name, external) in project.externals {
            guard lock.externalSources[name] != nil, let checksum = lock.specChecksums[name],
                checksum == SHA1.hex(of: external.specData)
            else { return nil }
            basis.externals.append((external, checksum))
            covered.insert(name)
        }
        for (key, roots) in lock.specRepos {
            for root in roots {
                guard let version = locked[root] ?? lock.pods.first(where: { $0.rootName == root })?.version,
                    let checksum = lock.specChecksums[root]
                else { return nil }
                let candidates = project.restrictedSources[root].map { [$0] } ?? project.sources
                guard let index = candidates.firstIndex(where: { $0.key == key }),
                    candidates[..<index].allSatisfy({ $0.versions(of: root) == nil }),
                    (try? candidates[index].specChecksum(of: root, version: version)) == checksum
                else { return nil }
                basis.specs.append((root, candidates[index], Array(candidates[..<index]), version, checksum))
                covered.insert(root)
            }
        }
        guard Set(lock.pods.map(\.rootName)).isSubset(of: covered) else { return nil }
        var origins: [String: String] = [:]
        for (key, names) in lock.specRepos { for name in names { origins[name] = key } }
        for (name, options) in lock.externalSources {
            origins[name] = options["path"] ?? options["git"] ?? options["podspec"] ?? ""
        }
        let report = Report(
            lockfile: lock, lockPath: lockPath, lockChanged: false, changes: [], decisions: [Self.nothingChanged],
            lockChanges: [], notes: notesToSay(project) + project.offlineNotes, origins: origins)
        return (report, basis)
    }
}

// MARK: The record of an answer "nothing to do"

/// What `compose resolve` prints when the record of the last resolve still holds.
package struct RecordedUpToDate: Sendable, Equatable {
    package let lockPath: String
    /// Root pods in the lock.
    package let rootCount: Int
    package let notes: [Finding]
    /// The solver's one step (for `--verbose`).
    package let decision: String
}

extension ResolveService {
    /// Whether the record is off for this process: `COMPOSE_RESOLVE_RECORD=0`, or the spec index
    /// off (`COMPOSE_SPEC_INDEX=0`: nothing kept between runs).
    package var isRecordDisabled: Bool { home.isResolveRecordDisabled }

    /// Where the record of this project's last answer "nothing to do" is kept: in the compose home
    /// (never in the project), named after the project's folder and how it was spelled (which the
    /// notes' paths follow).
    var upToDateRecordFile: URL {
        composeHome.appendingPathComponent("resolved", isDirectory: true).appendingPathComponent(projectKey)
    }

    /// The name of this project's files in the compose home: a digest of its folder as given and as found.
    package var projectKey: String { SHA1.hex(of: Data((projectURL.path + "\u{0}" + projectDirectory).utf8)) }

    /// A resolve with nothing to do, answered from the record the last such resolve left
    /// (`recordUpToDate`) when every file it rests on is as it was: one `lstat` per witness (about
    /// two per locked pod), no Composefile, lock or spec read, nothing solved. Nil when there is no
    /// record, it was written by another compose or for another folder, or anything changed: then
    /// `resolve` reads everything as usual. Off with `COMPOSE_RESOLVE_RECORD=0` (and with
    /// `COMPOSE_SPEC_INDEX=0`, as the index is).
    package func recordedUpToDate() -> RecordedUpToDate? {
        guard !isRecordDisabled, let record = WitnessedRecord.read(upToDateRecordFile),
            record.facts["tool"] == [toolVersion], record.facts["project"] == [projectURL.path, projectDirectory],
            let roots = record.facts["roots"]?.first.flatMap({ Int($0) }), record.holds()
        else { return nil }
        noteIfStale(clones: record.facts["clones"] ?? [])
        return RecordedUpToDate(
            lockPath: lockPath, rootCount: roots,
            notes: (record.facts["notes"] ?? []).map { Finding(recorded: $0, legacyRule: ProjectRule.recorded) },
            decision: Self.nothingChanged
                + " (answered from the record of the last such resolve: \(record.witnessCount) files and folders as they were)"
        )
    }

    /// Says (through `progress`) which of the clones `names` were not fetched for a day, as
    /// reading them does.
    package func noteIfStale(clones names: [String]) {
        let store = SpecRepoStore(home: home)
        for name in names { noteIfStale(name, in: store) }
    }

    /// Keeps `report` (an answer "nothing to do") with the witnesses of everything it rests on, for
    /// `recordedUpToDate`. Each witness is taken first and then what it vouches for is read again
    /// and compared with what the answer came from, so a change at any moment shows next time. Not
    /// kept (and any older record removed) when something cannot be vouched for by its stamps: an
    /// HTTP source, notes about being offline, a symbolic link where a file is read, an adopted
    /// Podfile.lock, a folder changed within the last second.
    func recordUpToDate(_ project: LoadedProject, report: Report, basis: UpToDateBasis) {
        guard !isRecordDisabled else { return }
        let file = upToDateRecordFile
        guard let (witnesses, clones) = upToDateWitnesses(project, basis: basis) else {
            unlink(file.path)
            return
        }
        let roots = Set(report.lockfile.pods.map(\.rootName)).count
        WitnessedRecord(
            facts: [
                "tool": [toolVersion], "project": [projectURL.path, projectDirectory], "roots": [String(roots)],
                "notes": notesToRecord(report.notes, of: project).map(\.recorded), "clones": clones,
            ],
            witnesses: witnesses,
            bases: recordBases(project)
        ).write(to: file)
    }

    /// The folders most of a record's witnesses lie in: the project's and each folder source's.
    func recordBases(_ project: LoadedProject) -> [String] {
        [projectURL.path]
            + (project.sources + project.restrictedSources.values).compactMap { source in
                guard case .folder(let repository) = source.storage else { return nil }
                return repository.root.path
            }
    }

    /// The witnesses, and the clones the project's git URLs name (for the stale-clone note).
    func upToDateWitnesses(_ project: LoadedProject, basis: UpToDateBasis) -> (
        witnesses: [Witness], clones: [String]
    )? {
        guard let lock = project.lockRead, !lock.adoptedFromPodfileLock, project.offlineNotes.isEmpty else {
            return nil
        }
        var set = WitnessSet()
        // The Composefile (the Podfile only while there is no Composefile) and the lock.
        let composefile = projectURL.appendingPathComponent("Composefile").path
        if project.composefilePath != composefile { set.add(Witness.take(composefile)) }
        set.addFile(project.composefilePath, holding: project.composefileBytes)
        set.addFile(lock.path, holding: lock.data)
        // Without a platform line, the Xcode project the platform was read from (or its absence).
        for path in project.platformWitnessPaths { set.add(Witness.take(path)) }
        // External pods read from a folder or a podspec path.
        for (pod, checksum) in basis.externals {
            // A podspec named by URL may change on its server: the next resolve asks (as its cache
            // age says) rather than answering from files here.
            if pod.options["podspec"].map(Self.isPodspecURL) == true { return nil }
            let folder = URL(fileURLWithPath: pod.specPath).deletingLastPathComponent()
            if pod.options["path"] != nil, !pod.specPath.hasSuffix(".json") {
                set.add(
                    Witness.take(
                        folder.appendingPathComponent(PodspecFormat.json.fileName(for: pod.dependency.rootName)).path))
            }
            set.addFile(pod.specPath, checksum: checksum)
        }
        // Which clone a git URL names: the clones listed before it, their remotes, git's own settings.
        let store = SpecRepoStore(home: home)
        var clones: [String] = []
        var named: Set<String> = []
        for source in project.sources + project.restrictedSources.values where !named.contains(source.key) {
            named.insert(source.key)
            guard case .folder(let repository) = source.storage else { return nil }
            set.add(repository.layoutWitnesses())
            guard Self.isGitURL(source.key) else { continue }
            set.add(Witness.take(home.reposDirectory.path))
            for configuration in gitConfigurationFiles() { set.add(Witness.take(configuration)) }
            // The clone `name(forURL:)` chooses: the first listed whose remote is the URL.
            var found: String?
            for name in store.names() where found == nil {
                // The remote is in `.git/config` (a fetch rewrites other files there, not this one).
                set.add(Witness.take(home.repoDirectory(name).appendingPathComponent(".git/config").path))
                if store.isClone(named: name, of: source.key) { found = name }
            }
            guard let name = found,
                (try? store.directory(of: name))?.standardizedFileURL.path == repository.root.standardizedFileURL.path
            else { return nil }
            if !clones.contains(name) { clones.append(name) }
        }
        // Every locked spec, and its absence from the sources before its own.
        for spec in basis.specs {
            guard case .folder(let repository) = spec.source.storage else { return nil }
            set.add(repository.witnesses(ofSpec: spec.root, version: spec.version, checksum: spec.checksum))
            for earlier in spec.earlier {
                guard case .folder(let other) = earlier.storage else { return nil }
                set.add(other.witnesses(ofAbsence: spec.root))
            }
        }
        return set.witnesses.map { ($0, clones) }
    }

    /// The git configuration files read besides a repository's own (`url.*.insteadOf` there can
    /// change what a remote is).
    func gitConfigurationFiles() -> [String] {
        let environment = home.environment
        var files = ["/etc/gitconfig"]
        if let home = environment["HOME"], !home.isEmpty {
            files.append(home + "/.gitconfig")
            files.append(home + "/.config/git/config")
        }
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { files.append(config + "/git/config") }
        return files
    }
}

/// Witnesses gathered once per path; a path seen in two states (it changed while they were taken)
/// or one that could not be taken spoils the set.
private struct WitnessSet {
    private var byPath: [String: Witness.State] = [:]
    private(set) var ordered: [Witness] = []
    private var spoiled = false

    var witnesses: [Witness]? { spoiled ? nil : ordered }

    mutating func add(_ witness: Witness?) {
        guard let witness else {
            spoiled = true
            return
        }
        if let known = byPath[witness.path] {
            if known != witness.state { spoiled = true }
            return
        }
        byPath[witness.path] = witness.state
        ordered.append(witness)
    }

    mutating func add(_ witnesses: [Witness]?) {
        guard let witnesses else {
            spoiled = true
            return
        }
        for witness in witnesses { add(witness) }
    }

    /// A regular file's witness, then its bytes read again and compared with `bytes`.
    mutating func addFile(_ path: String, holding bytes: Data) {
        addFile(path) { $0 == bytes }
    }

    /// A regular file's witness, then its bytes read again and their SHA-1 compared with `checksum`.
    mutating func addFile(_ path: String, checksum: String) {
        addFile(path) { SHA1.hex(of: $0) == checksum }
    }

    private mutating func addFile(_ path: String, matches: (Data) -> Bool) {
        guard let witness = Witness.take(path), witness.stamp?.isFile == true,
            let data = FileManager.default.contents(atPath: path), matches(data)
        else {
            spoiled = true
            return
        }
        add(witness)
    }
}
