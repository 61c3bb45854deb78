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
/// from its record read none).
func integrateAfterInstall(
    project: String, allowing: Set<String>, format: ProjectOutputFormat, read: Composefile? = nil
) throws {
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
        return
    }
    if !composefile.concreteTargets.contains(where: { $0.project != nil }),
        IntegrationPlan.projectNames(in: folder).isEmpty
    {
        if Terminal.style.verbose { err.write("  no .xcodeproj beside the Podfile: no Xcode project to integrate\n") }
        return
    }
    let result = try ProjectIntegration.run(
        .integrate, composefile: composefile, folder: folder, offers: ComposedPackage.offersProduct)
    // With --format json, install's own object is the output: the integration's changes go to the log.
    printIntegration(result, format: .human, dryRun: false, changesToStandardError: format == .json)
}

/// What an integration or deintegration did, per project and per target: changes on standard output
/// (`-` removed, `+` added), notes on standard error, or one JSON object. `changesToStandardError`: the
/// changes go to standard error too (when another JSON object is the command's output).
func printIntegration(
    _ result: ProjectIntegration.Result, format: ProjectOutputFormat, dryRun: Bool, changesToStandardError: Bool = false
) {
    let out = Terminal.standardOutput
    let err = Terminal.standardError
    switch format {
    case .json:
        out.write(encodeJSON(IntegrationJSON(result, dryRun: dryRun)) + "\n")
    case .human:
        for note in result.notes { err.write("note: \(escapedForDisplay("\(note.place): \(note.message)"))\n") }
        var text = ""
        for project in result.projects {
            let report = project.report
            let shown = escapedForDisplay(project.path)
            // Names and scripts come from the project file, which anyone may have written: no terminal sequence gets through.
            for note in report.notes { err.write("note: \(escapedForDisplay(noteText(note, in: project)))\n") }
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

/// A note with its place: a file of the project's folder and its line, else the project file.
private func noteText(_ note: XcodeNote, in project: ProjectIntegration.ProjectResult) -> String {
    let folder = parentPath(project.path)
    let file = note.file.map { folder.isEmpty ? $0 : joinedPath(folder, $0) } ?? "\(project.path)/project.pbxproj"
    let place = file + (note.line.map { ":\($0)" } ?? "")
    return "\(place): " + (note.target.map { "target '\($0)': " } ?? "") + note.message
}

/// `--format json` of integrate and deintegrate.
private struct IntegrationJSON: Encodable {
    struct Change: Encodable {
        let target: String?
        let change: String
    }
    struct Note: Encodable {
        let file: String
        let line: Int?
        let target: String?
        let message: String
    }
    struct PlaceNote: Encodable {
        let place: String
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
    let notes: [PlaceNote]

    init(_ result: ProjectIntegration.Result, dryRun: Bool) {
        mode = result.mode.rawValue
        self.dryRun = dryRun
        changed = result.changed
        notes = result.notes.map { PlaceNote(place: $0.place, message: $0.message) }
        projects = result.projects.map { project in
            let folder = parentPath(project.path)
            return Project(
                path: project.path, workspace: project.workspace,
                composedPath: result.mode == .integrate ? project.composedPath : nil,
                targets: project.targets.map {
                    Target(name: $0.name, product: $0.name, podfileLocation: $0.location.description)
                },
                removed: project.report.removed.map { Change(target: $0.target, change: $0.description) },
                added: project.report.added.map { Change(target: $0.target, change: $0.description) },
                notes: project.report.notes.map { note in
                    Note(
                        file: note.file.map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
                            ?? "\(project.path)/project.pbxproj",
                        line: note.line, target: note.target, message: note.message)
                },
                writtenFiles: project.report.writtenFiles)
        }
    }
}
