import ComposeTestSupport
import ComposefileFormat
import Digests
import Foundation
import SpecRepos
import Specs
import Testing

@testable import Project

/// The record a resolve with nothing to do leaves (`ResolveService.recordedUpToDate`): the next
/// resolve is answered from it only while every file the answer rests on is as it was; any change
/// sends it through the full reading again, which gives what a compose home without any record or
/// index gives.
@Suite("Up-to-date record")
struct UpToDateRecordTests {
    let specs = SpecIndexTests()

    /// How the record's witnesses of the locked specs were taken.
    enum Route: String, CaseIterable {
        /// From the files (the specs were too young for the index when first read).
        case files
        /// From the stamps the index's answers were checked against.
        case index
    }

    /// App → Kit → Core in `specs`, with an empty source `private` listed first; resolved, then
    /// resolved again with nothing to do after the racy window (which records it); by `route`.
    func recordedProject(_ label: String, route: Route = .files) throws -> ProjectFixture {
        let project = try ProjectFixture(
            label,
            composefile: "source 'private'\nsource 'specs'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'App'\nend\n")
        try FileManager.default.createDirectory(
            at: project.directory.url.appendingPathComponent("private"), withIntermediateDirectories: true)
        try specs.writeRepo(project)
        _ = try project.service.resolve()
        specs.waitOutTheRacyWindow()
        #expect(try project.service.resolve().decisions.contains { $0.contains("the lock stands") })
        if route == .index {
            try FileManager.default.removeItem(at: file(project, "home/resolved"))
            #expect(try project.service.resolve().decisions.contains { $0.contains("the lock stands") })
        }
        return project
    }

    /// The lock a resolve (keeping locked versions) writes from a new compose home: no index, no record.
    func lockFromAFreshHome(_ project: ProjectFixture) throws -> String {
        let home = project.directory.url.appendingPathComponent("fresh-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let saved = try project.lockText()
        _ = try ResolveService(projectDirectory: project.path, composeHome: home, toolVersion: "0.1.0").resolve()
        let text = try project.lockText()
        try saved.write(toFile: project.path + "/Compose.lock", atomically: true, encoding: .utf8)
        return text
    }

    func file(_ project: ProjectFixture, _ path: String) -> URL { project.directory.url.appendingPathComponent(path) }

    /// A record written before notes were findings (the lines printed then) is still read: each line
    /// a finding of `resolve-note`, with its severity and the place it names.
    @Test func aRecordOfThePreviousFormatIsStillRead() throws {
        let project = try recordedProject("record-previous-format")
        defer { project.directory.remove() }
        _ = try project.service.resolve()
        let file = project.service.upToDateRecordFile
        let record = try #require(WitnessedRecord.read(file))
        var facts = record.facts
        facts["notes"] = [
            "warning: Auth 1.0.0 is deprecated in 'specs'.", "Podfile:2:1: note: skipped post_install (lines 2–4).",
            "note: https://cdn.example could not be reached.",
        ]
        WitnessedRecord(facts: facts, witnesses: record.witnesses, bases: record.bases).write(to: file)
        let recorded = try #require(project.service.recordedUpToDate())
        #expect(
            recorded.notes.map(\.description) == [
                "warning: Auth 1.0.0 is deprecated in 'specs'. [resolve-note]",
                "Podfile:2:1: note: skipped post_install (lines 2–4). [resolve-note]",
                "note: https://cdn.example could not be reached. [resolve-note]",
            ])
    }

    @Test func theNextResolveIsAnsweredFromTheRecord() throws {
        let project = try recordedProject("record-hit")
        defer { project.directory.remove() }
        let report = try project.service.resolve()
        let recorded = try #require(project.service.recordedUpToDate())
        #expect(recorded.rootCount == 3)
        #expect(recorded.notes == report.notes)
        #expect(recorded.lockPath == report.lockPath)
        #expect(recorded.decision.hasPrefix(try #require(report.decisions.first)))
        // Nothing else is needed: with the index gone the record still answers (and nothing rewrites it).
        try FileManager.default.removeItem(at: file(project, "home/index"))
        #expect(project.service.recordedUpToDate() == recorded)
        #expect(!FileManager.default.fileExists(atPath: file(project, "home/index").path))
        // Another compose, or the same project spelled another way, has no record.
        let other = ResolveService(
            projectDirectory: project.path, composeHome: file(project, "home"), toolVersion: "0.2.0")
        #expect(other.recordedUpToDate() == nil)
        let spelled = ResolveService(
            projectDirectory: project.path + "/.", composeHome: file(project, "home"), toolVersion: "0.1.0")
        #expect(spelled.recordedUpToDate() == nil)
    }

    /// The resolve that writes the lock keeps no record (the next one finds nothing to do and
    /// writes it); the record's notes are those of reading the lock it stands on (an adopted
    /// Podfile.lock's note is printed by the resolves that read it, not repeated after).
    @Test func theFirstResolveWithNothingToDoWritesTheRecord() throws {
        let project = try ProjectFixture(
            "record-after-solve",
            composefile: "source 'specs'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'App'\nend\n")
        defer { project.directory.remove() }
        try specs.writeRepo(project)
        specs.waitOutTheRacyWindow()
        #expect(try !project.service.resolve().decisions.contains { $0.contains("the lock stands") })
        #expect(project.service.recordedUpToDate() == nil)
        specs.waitOutTheRacyWindow()  // the lock, just written, is a witness like any file
        let next = try project.service.resolve()
        #expect(next.decisions.contains { $0.contains("the lock stands") })
        let recorded = try #require(project.service.recordedUpToDate())
        #expect(recorded.rootCount == 3)
        #expect(recorded.notes == next.notes)

        // A Podfile.lock as CocoaPods writes it (no COMPOSE version), and no Compose.lock.
        let podfileLock = try project.lockText().replacingOccurrences(of: "COMPOSE: 0.1.0", with: "COCOAPODS: 1.16.2")
        try podfileLock.write(to: file(project, "Podfile.lock"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: file(project, "Compose.lock"))
        #expect(project.service.recordedUpToDate() == nil)
        let adopted = try project.service.resolve()
        #expect(
            adopted.notes.map(\.message).contains {
                $0.hasPrefix("Adopted Podfile.lock: ") && $0.contains("kept at their locked versions")
            })
        #expect(try !project.service.resolve().notes.contains { $0.message.contains("Podfile.lock") })
        let after = try #require(project.service.recordedUpToDate())
        #expect(!after.notes.contains { $0.message.contains("Podfile.lock") })
    }

    /// What a user, a `git pull` or a publish does between two resolves.
    enum Change: String, CaseIterable {
        case composefileEdited, lockEditedSameSize, lockedSpecEditedInPlace, newVersionOfALockedPod
        case specFileReplacedBySymlink, earlierSourceGainsALockedPod, podfileInsteadOfComposefile
        case jsonSpecGainsARubyOneBesideIt, jsonSpecReplacedByARubyOne, sourceFolderReplaced, recordTruncated
        case recordByteFlipped
    }

    @Test(arguments: Change.allCases, Route.allCases)
    func everyChangeIsSeen(_ change: Change, route: Route) throws {
        let project = try recordedProject("record-\(change.rawValue)-\(route.rawValue)", route: route)
        defer { project.directory.remove() }
        #expect(project.service.recordedUpToDate() != nil)
        let kit = file(project, "specs/Kit/2.1.0/Kit.podspec.json")
        let ruby = "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.version = '2.1.0'\n  s.dependency 'Core'\nend\n"
        let record = try #require(
            try FileManager.default.contentsOfDirectory(
                at: file(project, "home/resolved"), includingPropertiesForKeys: nil
            ).first)
        switch change {
        case .composefileEdited:
            try FileManager.default.removeItem(at: file(project, "Composefile"))
            try project.write("source 'specs'\nplatform :ios, '15.0'\ntarget 'App' do\n  pod 'App', '1.0.0'\nend\n")
        case .lockEditedSameSize:
            try specs.editInPlace(file(project, "Compose.lock"), "Kit (2.1.0)", "Kit (2.0.0)")
        case .lockedSpecEditedInPlace:
            try specs.editInPlace(kit, "Kit.", "KIT.")
        case .newVersionOfALockedPod:
            try specs.write(project, "Kit", "2.2.0", #""Core": []"#)
        case .specFileReplacedBySymlink:
            let outside = file(project, "Kit.podspec.json")
            try FileManager.default.moveItem(at: kit, to: outside)
            try FileManager.default.createSymbolicLink(at: kit, withDestinationURL: outside)
        case .earlierSourceGainsALockedPod:
            let folder = file(project, "private/Core/0.1.0")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try #"{"name": "Core", "version": "0.1.0"}"#.write(
                to: folder.appendingPathComponent("Core.podspec.json"), atomically: true, encoding: .utf8)
        case .podfileInsteadOfComposefile:
            try FileManager.default.moveItem(at: file(project, "Composefile"), to: file(project, "Podfile"))
        case .jsonSpecGainsARubyOneBesideIt:
            // `Name.podspec.json` wins over `Name.podspec`: the answer stands, and so does the record.
            try ruby.write(to: file(project, "specs/Kit/2.1.0/Kit.podspec"), atomically: true, encoding: .utf8)
            #expect(project.service.recordedUpToDate() != nil)
            #expect(try project.service.resolve().decisions.contains { $0.contains("the lock stands") })
            return
        case .jsonSpecReplacedByARubyOne:
            try FileManager.default.removeItem(at: kit)
            try ruby.write(to: file(project, "specs/Kit/2.1.0/Kit.podspec"), atomically: true, encoding: .utf8)
        case .sourceFolderReplaced:
            try FileManager.default.moveItem(at: file(project, "specs"), to: file(project, "old-specs"))
            try FileManager.default.copyItem(at: file(project, "old-specs"), to: file(project, "specs"))
        case .recordTruncated:
            let data = try Data(contentsOf: record)
            try data.prefix(data.count / 2).write(to: record)
        case .recordByteFlipped:
            var data = try Data(contentsOf: record)
            data[data.count / 2] ^= 0x20
            try data.write(to: record)
        }
        #expect(project.service.recordedUpToDate() == nil)
        let expected = try lockFromAFreshHome(project)
        _ = try project.service.resolve()
        #expect(try project.lockText() == expected)
    }

    /// A witness of a file younger than the racy window checks the bytes too; one of a folder that
    /// young is not taken at all; an older stamp vouches alone.
    @Test func aWitnessVouchesOnlyForWhatItSaw() throws {
        let folder = try TemporaryDirectory("witness")
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("file").path
        let absent = try #require(Witness.take(path))
        #expect(absent.state == .absent && absent.holds())
        try "one".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(!absent.holds())

        let young = try #require(Witness.take(path))
        guard case .stampedAndHashed(let stamp, _) = young.state else {
            Issue.record("a file written just now is witnessed with its bytes: \(young.state)")
            return
        }
        // The same stamp with other bytes behind it (a change within one timestamp tick) does not hold.
        #expect(!Witness(path: path, state: .stampedAndHashed(stamp, checksum: SHA1.hex(of: Data("two".utf8)))).holds())
        #expect(young.holds())
        #expect(Witness.take(folder.path) == nil)  // a folder changed just now

        Thread.sleep(forTimeInterval: 1.1)
        let old = try #require(Witness.take(path))
        guard case .stamped = old.state else {
            Issue.record("an old file is witnessed by its stamp: \(old.state)")
            return
        }
        #expect(old.holds())
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("One".utf8))
        try handle.close()
        #expect(!old.holds())
        #expect(Witness(path: folder.path, state: .folder).holds())
        #expect(!Witness(path: path, state: .folder).holds())
    }

    /// A record reads back as written and is checked where it lies in the bytes read: paths below
    /// a base from the base's open folder, others whole, a young file by its bytes too.
    @Test func aRecordReadsBackAsWrittenAndIsCheckedInPlace() throws {
        let folder = try TemporaryDirectory("witness-record")
        defer { folder.remove() }
        let base = folder.url.appendingPathComponent("base")
        try FileManager.default.createDirectory(at: base.appendingPathComponent("a"), withIntermediateDirectories: true)
        let old = base.appendingPathComponent("a/old")
        try "old".write(to: old, atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: 1.1)
        let young = folder.url.appendingPathComponent("young")
        try "young".write(to: young, atomically: true, encoding: .utf8)
        let missing = base.appendingPathComponent("a/missing")
        let witnesses = [
            try #require(Witness.take(old.path)), try #require(Witness.take(missing.path)),
            Witness(path: base.path, state: .folder), try #require(Witness.take(young.path)),
        ]
        guard case .stampedAndHashed = witnesses[3].state else {
            Issue.record("a young file is witnessed with its bytes: \(witnesses[3].state)")
            return
        }
        let stored = folder.url.appendingPathComponent("record")
        WitnessedRecord(facts: ["k": ["v", "w"], "empty": []], witnesses: witnesses, bases: [base.path]).write(
            to: stored)
        let read = try #require(WitnessedRecord.read(stored))
        #expect(read.facts == ["k": ["v", "w"], "empty": []])
        #expect(read.witnesses == witnesses)
        #expect(read.witnessCount == 4)
        #expect(read.holds())

        try "now".write(to: missing, atomically: true, encoding: .utf8)
        #expect(!read.holds())
        try FileManager.default.removeItem(at: missing)
        #expect(read.holds())
        // The base moved away: nothing below it is where it was.
        try FileManager.default.moveItem(at: base, to: folder.url.appendingPathComponent("moved"))
        #expect(!read.holds())
    }

    /// A git spec repo: the record holds until `repo update` brings a version of a locked pod.
    @Test func aRepoUpdateOfALockedPodVoidsTheRecord() throws {
        let temporary = try TemporaryDirectory("record-git")
        defer { temporary.remove() }
        let spec = { (name: String, version: String) in #"{"name": "\#(name)", "version": "\#(version)"}"# }
        let (remote, app, service) = try specs.gitProject(
            in: temporary,
            files: [
                "Kit/1.0.0/Kit.podspec.json": spec("Kit", "1.0.0"),
                "Other/1.0.0/Other.podspec.json": spec("Other", "1.0.0"),
            ], pod: "Kit")
        specs.waitOutTheRacyWindow()
        #expect(try service.resolve().decisions.contains { $0.contains("the lock stands") })
        #expect(service.recordedUpToDate()?.rootCount == 1)

        func publish(_ name: String, _ version: String) throws {
            try specs.publish(spec(name, version), as: name, version, to: remote, from: temporary)
            _ = try SpecRepoStore(home: ComposeHome(url: temporary.url.appendingPathComponent("home"))).update(nil)
        }
        try publish("Other", "1.1.0")  // a pod the project does not use
        #expect(service.recordedUpToDate() != nil)
        try publish("Kit", "1.1.0")
        #expect(service.recordedUpToDate() == nil)
        let report = try service.resolve()  // the lock stands: Kit 1.0.0 is still allowed and unchanged
        #expect(report.decisions.contains { $0.contains("the lock stands") })
        #expect(
            try String(contentsOf: app.appendingPathComponent("Compose.lock"), encoding: .utf8).contains("Kit (1.0.0)"))
    }
}
