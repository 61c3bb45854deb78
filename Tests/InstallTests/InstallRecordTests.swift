import ComposeTestSupport
import Foundation
import Project
import SpecRepos
import Support
import Testing

@testable import Install

/// The record of the last install answers an install with nothing to do; what it kept is what is said.
@Suite struct InstallRecordTests {
    /// A record written before install's notes were findings (their printed text) is still read: a
    /// note comes back as a note, a `warning: …` line as a warning; a record of this version keeps
    /// each finding whole (rule, place and all).
    @Test func aRecordOfThePreviousFormatIsStillRead() throws {
        let temporary = try TemporaryDirectory("install-record-format")
        defer { temporary.remove() }
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let install = ProjectInstall(
            projectDirectory: project.path, composeHome: temporary.url.appendingPathComponent("home"),
            toolVersion: "0.1.0")
        let binary = BinaryPreference()
        func write(notes: [String], warnings: [String]) {
            WitnessedRecord(
                facts: [
                    "tool": ["0.1.0"], "project": [install.service.projectURL.path, install.service.projectDirectory],
                    "options": install.options(binary), "components": ["Pay 1.0.0"], "notes": notes,
                    "warnings": warnings, "clones": [],
                ], witnesses: []
            ).write(to: install.recordFile)
        }
        write(
            notes: ["COMPOSE_TYPO_USE_BINARY is set, but no locked component is named so."],
            warnings: ["warning: Pay 1.0.0 is deprecated in 'specs'; use Wallet instead."])
        let previous = try #require(install.recorded(binary: binary))
        #expect(previous.componentLines == ["Pay 1.0.0"])
        #expect(
            previous.notes.map(\.description) == [
                "note: COMPOSE_TYPO_USE_BINARY is set, but no locked component is named so. [install-note]"
            ])
        #expect(
            previous.warnings.map(\.description) == [
                "warning: Pay 1.0.0 is deprecated in 'specs'; use Wallet instead. [source-pod-deprecated]"
            ])

        let note = Finding(
            severity: .note, ruleID: InstallRule.targetModuleRenamed, message: "the target 'App Tests' gets …",
            location: .init(file: "Podfile", line: 3))
        let warning = Finding(
            severity: .warning, ruleID: ProjectRule.podDeprecated, message: "Pay 1.0.0 is deprecated in 'specs'.")
        write(notes: [note.recorded], warnings: [warning.recorded])
        let current = try #require(install.recorded(binary: binary))
        #expect(current.notes == [note])
        #expect(current.warnings == [warning])
        #expect(
            current.notes.first?.description
                == "Podfile:3: note: the target 'App Tests' gets … [install-target-module-renamed]")
    }
}
