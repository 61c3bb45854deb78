import ComposeTestSupport
import Foundation
import Project
import Resolution
import Specs
import Testing

/// `compose update NAME` moves what only NAME needs; a later source's higher version is reported.
@Suite("Update of a pod's own dependencies, and shadowed sources")
struct UpdateAndSourcesTests {
    /// Writes `name version` specs (with `dependencies` JSON) into the folder `source` of the project.
    func add(_ project: ProjectFixture, _ source: String, _ specs: [(String, String, String)]) throws {
        for (name, version, dependencies) in specs {
            let folder = project.directory.url.appendingPathComponent("\(source)/\(name)/\(version)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let json = #"{"name": "\#(name)", "version": "\#(version)", "dependencies": {\#(dependencies)}}"#
            try json.write(to: folder.appendingPathComponent("\(name).podspec.json"), atomically: true, encoding: .utf8)
        }
    }

    @Test func updatingAPodMovesTheDependenciesOnlyItNeeds() throws {
        let project = try ProjectFixture(
            "update-own-deps",
            composefile: "source 'specs'\nplatform :ios, '13.0'\ntarget 'App' do\n  pod 'A'\n  pod 'C'\nend\n")
        defer { project.directory.remove() }
        try add(
            project, "specs",
            [
                ("A", "1.0.0", #""B": ["~> 1.0"], "E": []"#), ("B", "1.0.0", ""),
                ("C", "1.0.0", #""D": ["~> 1.0"], "E": []"#), ("D", "1.0.0", ""), ("E", "1.0.0", ""),
            ])
        _ = try project.service.resolve()
        try add(
            project, "specs",
            [
                ("A", "1.1.0", #""B": ["~> 1.0"], "E": []"#), ("B", "1.1.0", ""), ("D", "1.1.0", ""),
                ("E", "1.1.0", ""),
            ])
        let report = try project.service.resolve(unlock: .pods(["A"]))
        // B is needed by A alone and moves with it; E is also C's, D is C's alone: both stay.
        #expect(try project.versions() == ["A": "1.1.0", "B": "1.1.0", "C": "1.0.0", "D": "1.0.0", "E": "1.0.0"])
        #expect(report.changes.map(\.name) == ["A", "B"])
    }

    @Test func aSharedDependencyStaysLockedUntilTheUpdatedPodRequiresMore() throws {
        let project = try ProjectFixture(
            "update-shared-dep", composefile: "source 'specs'\nplatform :ios, '13.0'\npod 'A'\npod 'C'\n")
        defer { project.directory.remove() }
        try add(
            project, "specs", [("A", "1.0.0", #""E": ["~> 1.0"]"#), ("C", "1.0.0", #""E": []"#), ("E", "1.0.0", "")])
        _ = try project.service.resolve()
        try add(project, "specs", [("A", "1.1.0", #""E": ["~> 1.1"]"#), ("E", "1.1.0", ""), ("E", "1.2.0", "")])
        let report = try project.service.resolve(unlock: .pods(["A"]))
        #expect(try project.versions() == ["A": "1.1.0", "C": "1.0.0", "E": "1.2.0"])
        // E is C's too, so it stays locked, and is let go only because A 1.1.0 requires more.
        #expect(
            report.lockChanges == [
                .init(
                    package: "E", locked: try Version("1.0.0"), chosen: try Version("1.2.0"),
                    reason: .required(
                        by: "A", at: try Version("1.1.0"),
                        requirement: PackageRequirement(
                            name: "E", requirements: try RequirementSet(parsingList: "~> 1.1"))))
            ])
    }

    @Test func aHigherVersionInALaterSourceIsReportedAndTheFirstSourceStillWins() throws {
        let project = try ProjectFixture(
            "shadowed", composefile: "source 'private'\nsource 'public'\nplatform :ios, '13.0'\npod 'Auth'\npod 'Log'\n"
        )
        defer { project.directory.remove() }
        try add(project, "private", [("Auth", "1.0.0", ""), ("Log", "2.0.0", "")])
        try add(project, "public", [("Auth", "9.9.9", ""), ("Log", "1.0.0", "")])
        let report = try project.service.resolve()
        #expect(try project.versions() == ["Auth": "1.0.0", "Log": "2.0.0"])
        #expect(
            report.notes.filter { $0.severity == .warning }.map(\.description) == [
                "warning: Auth comes from 'private' (newest 1.0.0), the first source that has it; the later source 'public' has 9.9.9. To use that one, add :source => 'public' to its pod line. [source-pod-shadowed]"
            ])
    }
}
