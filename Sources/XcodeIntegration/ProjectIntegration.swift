import ComposefileFormat
import Foundation
import Support
import XcodeProject

/// `compose integrate`, `compose deintegrate` and the integration step of `compose install`: the
/// projects and targets of a Podfile found as CocoaPods finds them (`IntegrationPlan`), CocoaPods
/// taken out of each, and, to integrate, the local package `Composed` linked into every Podfile
/// target with a product dependency on the Composed product named like the target.
///
/// Every project is first changed in memory (a project that does not parse, a target that is not in
/// its project stop everything before the first write); then each is written atomically by
/// `XcodeProjectUpdate.run`, which also refuses a file changed on disk meanwhile.
package enum ProjectIntegration {
    package enum Mode: String, Sendable, Equatable {
        case integrate
        case deintegrate
    }

    /// What happened to one project.
    package struct ProjectResult: Sendable, Equatable {
        /// Relative to the Podfile's folder: `App.xcodeproj`, `ios/App.xcodeproj`.
        package let path: String
        /// The workspace changed with it, when there is one.
        package let workspace: String?
        /// The Podfile targets linked to their Composed product (none to deintegrate).
        package let targets: [IntegrationPlan.Target]
        /// Where `Composed` is from the project's folder (the package reference's path).
        package let composedPath: String
        package let report: XcodeReport

        /// The project's notes as findings, each at its place from the Podfile's folder: a line of a
        /// user xcconfig (`Rocket.Chat/Config.xcconfig:5`), else the project file
        /// (`App.xcodeproj/project.pbxproj`), the target it concerns leading the message.
        package var findings: [Finding] {
            let folder = parentPath(path)
            return report.notes.map { note in
                let file = note.file.map { folder.isEmpty ? $0 : joinedPath(folder, $0) } ?? "\(path)/project.pbxproj"
                return Finding(
                    severity: .note, ruleID: note.rule,
                    message: (note.target.map { "target '\($0)': " } ?? "") + note.message,
                    location: Finding.Location(file: file, line: note.line))
            }
        }
    }

    package struct Result: Sendable, Equatable {
        package let mode: Mode
        package let projects: [ProjectResult]
        /// What was left for the user that belongs to no one project (a workspace outside the folder, a
        /// Podfile that could not be read).
        package var notes: [Finding] = []
        /// True when a file was written.
        package var changed: Bool { projects.contains { $0.report.changed } }
        /// Every note of the run, in the order said: those of no one project, then each project's.
        package var findings: [Finding] { notes + projects.flatMap(\.findings) }
    }

    /// Integrates or deintegrates the projects `composefile` (read in `folder`) names. With `dryRun`
    /// nothing is written and the result says what would be.
    /// `offers` answers, from the text of `Composed/Package.swift`, whether it offers a product of
    /// that name (Install's `ComposedPackage.offersProduct`): a target without one is refused.
    package static func run(
        _ mode: Mode, composefile: Composefile, folder: URL, dryRun: Bool = false,
        offers: (String, String) -> Bool = { _, _ in true }
    ) throws(IntegrationError) -> Result {
        var manifestText = ""
        let manifest = folder.appendingPathComponent("Composed/Package.swift")
        if mode == .integrate {
            guard let data = FileManager.default.contents(atPath: manifest.path) else {
                throw .composedMissing(path: manifest.path)
            }
            manifestText = String(decoding: data, as: UTF8.self)
        }
        let plan = try IntegrationPlan.make(for: composefile, in: folder)
        return try apply(mode, plan: plan, folder: folder, dryRun: dryRun) { () throws(IntegrationError) in
            // The targets are in their projects; Composed must offer each its product.
            guard mode == .integrate else { return }
            let missing = composefile.concreteTargets.map(\.name).filter { !offers($0, manifestText) }
            if !missing.isEmpty { throw .productsMissing(targets: missing, manifest: manifest.path) }
        }
    }

    /// `compose deintegrate` where the Podfile cannot be read (`reason`: Ruby that only CocoaPods runs,
    /// a React Native or Flutter script outside the folder, no Podfile at all): as `pod deintegrate`,
    /// which never reads the Podfile, CocoaPods is taken out of the `.xcodeproj` of the folder (every
    /// one: a project CocoaPods never integrated has nothing to take out and is left unchanged), with a
    /// note saying why the Podfile was not used. A folder with no project gets `reason` itself (or,
    /// with no Podfile either, `noProject`).
    package static func deintegrateWithoutPodfile(
        folder: URL, reason: ComposefileError, dryRun: Bool = false
    ) throws -> Result {
        guard let plan = try IntegrationPlan.folderProjects(in: folder) else {
            if case .notFound = reason { throw IntegrationError.noProject(folder: folder.path) }
            throw reason
        }
        var result = try apply(.deintegrate, plan: plan, folder: folder, dryRun: dryRun)
        result.notes.insert(podfileNote(reason, projects: plan.projects.map(\.path), dryRun: dryRun), at: 0)
        return result
    }

    /// One line: where the Podfile stopped being readable, why (the first sentence of the error), and
    /// what was done instead.
    static func podfileNote(_ reason: ComposefileError, projects: [String], dryRun: Bool) -> Finding {
        let names = projects.joined(separator: ", ")
        let done =
            "CocoaPods \(dryRun ? "would be" : "was") taken out of \(names), the .xcodeproj\(projects.count == 1 ? "" : " folders") beside it, as `pod deintegrate` does without a Podfile (`compose install` and `compose integrate` need a Podfile that reads)"
        let location: ComposefileLocation?
        switch reason {
        case .rubyCode(let at, _, _), .unknownDirective(let at, _), .syntax(let at, _), .invalidValue(let at, _):
            location = at
        case .notFound(let directory, _):
            return Finding(
                severity: .note, ruleID: XcodeRule.podfileMissing,
                message: "there is no Podfile (or Composefile) here: \(done).",
                location: Finding.Location(file: directory))
        default:
            location = nil
        }
        var why = reason.description
        if let location, why.hasPrefix("\(location): ") { why.removeFirst("\(location): ".count) }
        if let end = why.range(of: ". ") { why = String(why[..<end.lowerBound]) }
        if why.hasSuffix(".") { why.removeLast() }
        return Finding(
            severity: .note, ruleID: XcodeRule.podfileUnreadable,
            message: "the Podfile could not be read (\(why)): \(done).",
            location: Finding.Location(file: location?.file ?? "Podfile", line: location?.line))
    }

    /// Changes the projects of `plan`: all in memory first, then `validate` (what else must hold before
    /// a write), then each changed project written.
    static func apply(
        _ mode: Mode, plan: IntegrationPlan, folder: URL, dryRun: Bool,
        validate: () throws(IntegrationError) -> Void = {}
    ) throws(IntegrationError) -> Result {
        func update(_ project: IntegrationPlan.Project, workspace: String?, dryRun: Bool) throws(IntegrationError)
            -> XcodeReport
        {
            let link =
                mode == .deintegrate
                ? nil
                : LocalPackageLink(
                    path: project.composedPath,
                    targets: project.targets.map { .init(target: $0.name, product: $0.name) })
            do {
                return try XcodeProjectUpdate.run(
                    project: folder.appendingPathComponent(project.path),
                    workspace: workspace.map { folder.appendingPathComponent($0) }, link: link, dryRun: dryRun)
            } catch {
                if case .missingTarget(let name, _, let available) = error,
                    let target = project.targets.first(where: { $0.name == name })
                {
                    throw .targetNotFound(
                        target: name, project: project.path, found: available, location: target.location)
                }
                throw .xcode(error)
            }
        }
        // The workspace goes with the first project (a second pass would find nothing to change in it).
        let workspaces = plan.projects.indices.map { $0 == 0 ? plan.workspace : nil }
        // Everything read and changed in memory first: bad input in the last project writes nothing anywhere.
        var results: [ProjectResult] = []
        for (project, workspace) in zip(plan.projects, workspaces) {
            let report = try update(project, workspace: workspace, dryRun: true)
            results.append(
                ProjectResult(
                    path: project.path, workspace: workspace, targets: mode == .integrate ? project.targets : [],
                    composedPath: project.composedPath, report: report))
        }
        try validate()
        if dryRun { return Result(mode: mode, projects: results, notes: plan.notes) }
        for (index, (project, workspace)) in zip(plan.projects, workspaces).enumerated()
        where results[index].report.changed {
            let report = try update(project, workspace: workspace, dryRun: false)
            let before = results[index]
            results[index] = ProjectResult(
                path: before.path, workspace: before.workspace, targets: before.targets,
                composedPath: before.composedPath, report: report)
        }
        return Result(mode: mode, projects: results, notes: plan.notes)
    }

    /// Reads the Composefile, else the Podfile, of `folder` (for the commands that do not resolve);
    /// `display` is the folder as the user named it (`.`, `ShopApp`), for locations in messages.
    package static func readComposefile(
        in folder: URL, display: String, environment: [String: String], allowedEnvironment: Set<String> = []
    ) throws -> Composefile {
        let display = display == "." ? "" : (display.hasSuffix("/") ? String(display.dropLast()) : display)
        for name in ["Composefile", "Podfile"] {
            let url = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            guard let bytes = FileManager.default.contents(atPath: url.path) else {
                throw ComposefileError.unreadable(
                    path: url.path, reason: "permission denied or not a file")
            }
            return try Composefile.parse(
                String(decoding: bytes, as: UTF8.self), path: display.isEmpty ? name : "\(display)/\(name)",
                directory: folder.path, environment: environment, allowedEnvironment: allowedEnvironment)
        }
        throw ComposefileError.notFound(directory: display.isEmpty ? "." : display, path: folder.path)
    }
}
