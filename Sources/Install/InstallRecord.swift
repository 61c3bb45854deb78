import Foundation
import Project
import SpecRepos
import Specs
import Support

/// What `compose install` prints when the record of the last install still holds.
package struct RecordedInstall: Sendable, Equatable {
    /// The components as the install listed them (`InstallResult.componentLines`).
    package let componentLines: [String]
    /// The install's notes and warnings, as it printed them.
    package let notes: [Finding]
    package let warnings: [Finding]
    /// The files and folders found as they were.
    package let witnessCount: Int
}

extension ProjectInstall {
    /// Where the record of this project's last install is kept: in the compose home (never in the
    /// project), beside the resolve's record, named as it is.
    var recordFile: URL {
        service.composeHome.appendingPathComponent("installed", isDirectory: true)
            .appendingPathComponent(service.projectKey)
    }

    /// The install's options as the record keeps them: `--binary`, every `COMPOSE_*_USE_BINARY` and
    /// the compiler flags allowed.
    func options(_ binary: BinaryPreference) -> [String] {
        [binary.all ? "binary" : "source"]
            + binary.perComponent.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value ? "binary" : "source")" }
            + compilerFlags.allowed.sorted().map { "allow-compiler-flag=\($0)" }
    }

    /// An install with nothing to do, answered from the record the last install left (`record`)
    /// when every file it rests on is as it was: one `lstat` per witness, nothing read, resolved,
    /// fetched or written. Nil when there is no record, it was written by another compose, for
    /// another folder or with other binary options, or anything changed (the Composefile,
    /// Compose.lock, a locked spec, a spec repo's layout, a cached repository, a file or folder of
    /// `Composed/`): then `run` installs as usual. Off with `COMPOSE_RESOLVE_RECORD=0`.
    package func recorded(binary: BinaryPreference) -> RecordedInstall? {
        guard !service.isRecordDisabled, let record = WitnessedRecord.read(recordFile),
            record.facts["tool"] == [service.toolVersion],
            record.facts["project"] == [service.projectURL.path, service.projectDirectory],
            record.facts["options"] == options(binary), record.holds()
        else { return nil }
        service.noteIfStale(clones: record.facts["clones"] ?? [])
        return RecordedInstall(
            componentLines: record.facts["components"] ?? [],
            notes: (record.facts["notes"] ?? []).map { Finding(recorded: $0, legacyRule: InstallRule.recorded) },
            warnings: (record.facts["warnings"] ?? []).map {
                Finding(recorded: $0, legacyRule: ProjectRule.podDeprecated)
            },
            witnessCount: record.witnessCount)
    }

    /// Keeps the record of `report`, an install that succeeded, with the witnesses of everything
    /// it rests on: the files of `Composed/` it generated (each taken, then read again and compared
    /// with what was generated) and the folders it prunes (a file added there is removed by an
    /// install), the cached repositories it used, and the inputs' witnesses (`InstallInputs.witnessed`).
    /// Nothing is kept when one cannot be taken: an input the stamps cannot vouch for, a `:path`
    /// pod (its folder's files are read), a registry install (its answers come over the network), a
    /// folder changed within the last second (the next install, finding nothing to do, keeps it).
    func record(_ report: Report, inputs: InstallInputs, binary: BinaryPreference) {
        guard let witnessed = inputs.witnessed,
            !inputs.pods.contains(where: { if case .path = $0.origin { true } else { false } })
        else { return }
        let result = report.install
        let folder = result.folder
        let now = SpecIndex.now()
        var witnesses: [Witness] = []
        // The generated files, as generated.
        for (relative, data) in result.output.sorted(by: { $0.key < $1.key }) {
            let path = folder.appendingPathComponent(relative).path
            guard let witness = Witness.take(path, now: now), witness.stamp?.isFile == true,
                FileManager.default.contents(atPath: path) == data
            else { return }
            witnesses.append(witness)
        }
        for (relative, source) in result.outputBinaries.sorted(by: { $0.key < $1.key }) {
            let path = folder.appendingPathComponent(relative).path
            guard let witness = Witness.take(path, now: now), witness.stamp?.isFile == true,
                let data = FileManager.default.contents(atPath: path),
                FileManager.default.contents(atPath: source.path) == data
            else { return }
            witnesses.append(witness)
        }
        // The folders an install prunes, and every folder in them: a file added shows in its folder's stamp.
        for name in ["Targets", "Binaries", "Pods"] {
            guard let folders = Self.folderWitnesses(folder.appendingPathComponent(name).path, now: now) else { return }
            witnesses += folders
        }
        // The cached repositories (a mirror removed or fetched again shows in its folder's stamp).
        for repository in Set(result.repositories.map(\.path)).sorted() {
            guard let witness = Witness.take(repository, now: now), witness.stamp != nil, Self.isFolder(repository)
            else { return }
            witnesses.append(witness)
        }
        WitnessedRecord(
            facts: [
                "tool": [service.toolVersion], "project": [service.projectURL.path, service.projectDirectory],
                "options": options(binary), "components": result.componentLines,
                "notes": result.notes.map(\.recorded), "warnings": report.warnings.map(\.recorded),
                "clones": witnessed.clones,
            ],
            witnesses: witnesses + witnessed.witnesses,
            bases: [folder.path] + witnessed.bases + [service.composeHome.appendingPathComponent("cache/git").path]
        ).write(to: recordFile)
    }

    /// The witness of the folder at `path` (or of its absence) and of every folder below it; nil
    /// when one cannot be taken (changed within the racy window) or a symbolic link is found.
    static func folderWitnesses(_ path: String, now: Int64) -> [Witness]? {
        guard let witness = Witness.take(path, now: now) else { return nil }
        guard witness.stamp != nil else { return [witness] }
        guard isFolder(path) else { return nil }
        var result = [witness]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for entry in entries.sorted() {
            let child = joinedPath(path, entry)
            var status = stat()
            guard lstat(child, &status) == 0 else { return nil }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                guard let below = folderWitnesses(child, now: now) else { return nil }
                result += below
            case S_IFREG: continue
            default: return nil
            }
        }
        return result
    }

    /// Whether `path` is a folder itself (not a symbolic link to one).
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
