import ArgumentParser
import ComposefileFormat
import Foundation
import Install
import Specs
import Support
import XcodeIntegration
import XcodeProject

/// Options of `compose integrate` and `compose deintegrate`.
struct IntegrationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("The folder holding the Podfile (or Composefile) and the app's project.", valueName: "dir"),
        completion: .directory)
    var project: String = "."

    @Flag(help: "Say what would change without writing anything.")
    var dryRun = false

    @Option(help: "Output format: human or json.")
    var format: ProjectOutputFormat = .human

    @OptionGroup var environment: AllowEnvOptions

    /// Reads the folder's Podfile and runs `mode` on its projects, then prints what changed. To
    /// deintegrate, a Podfile that cannot be read (or none) is not needed: the folder's projects are.
    func run(_ mode: ProjectIntegration.Mode) throws {
        let folder = URL(fileURLWithPath: project, isDirectory: true).standardizedFileURL
        let composefile: Composefile
        do {
            composefile = try ProjectIntegration.readComposefile(
                in: folder, display: project, environment: Terminal.environment,
                allowedEnvironment: environment.allowed)
        } catch let error as ComposefileError where mode == .deintegrate {
            let result = try ProjectIntegration.deintegrateWithoutPodfile(folder: folder, reason: error, dryRun: dryRun)
            return printIntegration(result, format: format, dryRun: dryRun)
        }
        let result = try ProjectIntegration.run(
            mode, composefile: composefile, folder: folder, dryRun: dryRun, offers: ComposedPackage.offersProduct)
        printIntegration(result, format: format, dryRun: dryRun)
    }
}

/// The project of a `compose install` integrated after Composed/ was written, unless `--no-integrate`
/// or the Podfile's `install! 'cocoapods', :integrate_targets => false` says not to. A folder with no
/// `.xcodeproj` and no `project` line has nothing to integrate: a SwiftPM app uses Composed directly.
/// `read`: the Composefile (or Podfile) as the install read it; nil reads it (an install answered
/// from its record read none). With `--format json`, the changes go to the log and the notes are
/// returned, for install's own object; else everything is printed and nothing returned.
@discardableResult
func integrateAfterInstall(
    project: String, allowing: Set<String>, format: ProjectOutputFormat, read: Composefile? = nil
) throws -> [Finding] {
    let folder = URL(fileURLWithPath: project, isDirectory: true).standardizedFileURL
    let composefile =
        try read
        ?? ProjectIntegration.readComposefile(
            in: folder, display: project, environment: Terminal.environment, allowedEnvironment: allowing)
    let err = Terminal.standardError
    guard composefile.integratesTargets else {
        if Terminal.style.verbose {
            err.write(
                "  the Podfile says install! 'cocoapods', :integrate_targets => false: no Xcode project changed\n")
        }
        return []
    }
    if !composefile.concreteTargets.contains(where: { $0.project != nil }),
        IntegrationPlan.projectNames(in: folder).isEmpty
    {
        if Terminal.style.verbose { err.write("  no .xcodeproj beside the Podfile: no Xcode project to integrate\n") }
        return []
    }
    let result = try ProjectIntegration.run(
        .integrate, composefile: composefile, folder: folder, offers: ComposedPackage.offersProduct)
    // With --format json, install's own object is the output: the integration's changes go to the log,
    // its notes into the object.
    printIntegration(result, format: .human, dryRun: false, changesToStandardError: format == .json)
    return format == .json ? result.findings : []
}

/// What an integration or deintegration did, per project and per target: changes on standard output
/// (`-` removed, `+` added), notes (findings) on standard error, or one JSON object.
/// `changesToStandardError`: the changes go to standard error too, and the notes are left to the
/// caller (when another JSON object is the command's output).
func printIntegration(
    _ result: ProjectIntegration.Result, format: ProjectOutputFormat, dryRun: Bool, changesToStandardError: Bool = false
) {
    let out = Terminal.standardOutput
    let err = Terminal.standardError
    switch format {
    case .json:
        out.write(encodeJSON(IntegrationJSON(result, dryRun: dryRun)) + "\n")
    case .human:
        // Names and scripts come from the project file, which anyone may have written: the renderer escapes them.
        if !changesToStandardError { err.write(Finding.rendered(result.findings, as: .human)) }
        var text = ""
        for project in result.projects {
            let report = project.report
            let shown = escapedForDisplay(project.path)
            let changes = report.removed.map { ("-", $0) } + report.added.map { ("+", $0) }
            let verb = result.mode == .integrate ? "Integrated" : "Deintegrated"
            guard !changes.isEmpty else {
                text +=
                    result.mode == .integrate
                    ? "\(shown) is up to date (\(counted(project.targets.count, "target")) linked to Composed).\n"
                    : "\(shown) has nothing of CocoaPods left to take out.\n"
                continue
            }
            text += "\(shown)\n"
            var groups: [(String, [(String, XcodeChange)])] = []
            for (sign, change) in changes {
                let key = change.target.map { "target '\($0)'" } ?? "project"
                if let index = groups.firstIndex(where: { $0.0 == key }) {
                    groups[index].1.append((sign, change))
                } else {
                    groups.append((key, [(sign, change)]))
                }
            }
            // Targets first, in the order met; what concerns the project as a whole last.
            groups = groups.filter { $0.0 != "project" } + groups.filter { $0.0 == "project" }
            for (key, entries) in groups {
                text += "  \(escapedForDisplay(key))\n"
                for (sign, change) in entries { text += "    \(sign) \(escapedForDisplay(change.description))\n" }
            }
            let written = report.writtenFiles.count
            let place = project.composedPath == "Composed" ? "" : " (at \(escapedForDisplay(project.composedPath)))"
            let what =
                result.mode == .integrate
                ? "Composed\(place) linked into \(counted(project.targets.count, "target"))"
                : "CocoaPods taken out"
            text +=
                dryRun
                ? "Would write \(counted(written, "file")): \(what) of \(shown) (dry run, nothing written).\n"
                : "\(verb) \(shown): \(what); wrote \(counted(written, "file")).\n"
        }
        (changesToStandardError ? err : out).write(text)
    }
}

/// `--format json` of integrate and deintegrate: what changed per project, and every note as every
/// JSON report writes findings (`findings`, also split as `notes` of no one project and each project's
/// `notes`, those with the target they concern).
private struct IntegrationJSON: Encodable {
    struct Change: Encodable {
        let target: String?
        let change: String
    }
    struct Note: Encodable {
        let file: String?
        let line: Int?
        let target: String?
        let rule: String
        let message: String
    }
    struct Target: Encodable {
        let name: String
        let product: String
        let podfileLocation: String
    }
    struct Project: Encodable {
        let path: String
        let workspace: String?
        let composedPath: String?
        let targets: [Target]
        let removed: [Change]
        let added: [Change]
        let notes: [Note]
        let writtenFiles: [String]
    }
    let mode: String
    let dryRun: Bool
    let changed: Bool
    let projects: [Project]
    /// The notes of no one project: a workspace outside the folder, a Podfile that could not be read.
    let notes: [Finding.JSONItem]
    /// Every note of the run, as the findings of every JSON report.
    let findings: [Finding.JSONItem]

    init(_ result: ProjectIntegration.Result, dryRun: Bool) {
        mode = result.mode.rawValue
        self.dryRun = dryRun
        changed = result.changed
        notes = result.notes.map(Finding.JSONItem.init)
        findings = result.findings.map(Finding.JSONItem.init)
        projects = result.projects.map { project in
            Project(
                path: project.path, workspace: project.workspace,
                composedPath: result.mode == .integrate ? project.composedPath : nil,
                targets: project.targets.map {
                    Target(name: $0.name, product: $0.name, podfileLocation: $0.location.description)
                },
                removed: project.report.removed.map { Change(target: $0.target, change: $0.description) },
                added: project.report.added.map { Change(target: $0.target, change: $0.description) },
                notes: zip(project.report.notes, project.findings).map { note, finding in
                    Note(
                        file: finding.file, line: note.line, target: note.target, rule: note.rule,
                        message: note.message)
                },
                writtenFiles: project.report.writtenFiles)
        }
    }
}
