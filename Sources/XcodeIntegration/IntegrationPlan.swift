import ComposefileFormat
import Foundation
import Support
import XcodeProject

/// Which Xcode projects and targets an integration touches, found as CocoaPods finds them
/// (`TargetInspector.compute_project_path`, `UserProjectIntegrator.workspace_path`):
///
/// - each concrete Podfile target (nested ones, `abstract_target` children, `inherit! :search_paths`
///   test targets alike: CocoaPods integrates every target definition that is not abstract) is in
///   the project its block's `project` line names (the nearest enclosing one), else in the one
///   `.xcodeproj` beside the Podfile (none, or more than one, is an error);
/// - the workspace is the `workspace` line's, else the one named like the project beside the
///   Podfile, when there is one project; it is only touched when it exists.
///
/// Paths are relative to the Podfile's folder and stay below it: `..`, absolute paths and symbolic
/// links on the way are refused. A `workspace` line naming one outside the folder (`../App.xcworkspace`)
/// is the exception: the projects are still integrated, the workspace is left as it is, and a note
/// says what to remove from it by hand.
package struct IntegrationPlan: Sendable, Equatable {
    package struct Target: Sendable, Equatable {
        package let name: String
        package let location: ComposefileLocation
    }

    package struct Project: Sendable, Equatable {
        /// `App.xcodeproj`, `ios/App.xcodeproj`: relative to the Podfile's folder.
        package let path: String
        /// The Podfile targets in it, in Podfile order.
        package var targets: [Target]
        /// Where `Composed` is, seen from the project's folder (`Composed`, `../Composed`): the local
        /// package's path as Xcode stores it.
        package var composedPath: String {
            let depth = path.split(separator: "/").count - 1
            return String(repeating: "../", count: depth) + "Composed"
        }
    }

    package let projects: [Project]
    /// The workspace that lists the projects, relative to the Podfile's folder, when it exists.
    package let workspace: String?
    /// What the user should know and do by hand (a workspace outside the folder, left as it is).
    package var notes: [Finding] = []

    /// The plan of the Podfile (or Composefile) `composefile` read in `folder`.
    package static func make(for composefile: Composefile, in folder: URL) throws(IntegrationError) -> IntegrationPlan {
        var projects: [Project] = []
        var implicit: String?
        func defaultProject() throws(IntegrationError) -> String {
            if let implicit { return implicit }
            let names = projectNames(in: folder)
            guard !names.isEmpty else { throw .noProject(folder: folder.path) }
            guard names.count == 1 else { throw .severalProjects(folder: folder.path, names: names) }
            try refuseLinks(names[0], in: folder)
            implicit = names[0]
            return names[0]
        }
        for target in composefile.concreteTargets {
            let path: String
            if let declared = target.project {
                path = try safePath(declared.path, at: declared.location)
                try refuseLinks(path, in: folder)
                var isDirectory: ObjCBool = false
                guard
                    FileManager.default.fileExists(
                        atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
                    isDirectory.boolValue
                else {
                    throw .projectNotFound(path: path, target: target.name, location: declared.location)
                }
            } else {
                path = try defaultProject()
            }
            let entry = Target(name: target.name, location: target.location)
            if let index = projects.firstIndex(where: { $0.path == path }) {
                projects[index].targets.append(entry)
            } else {
                projects.append(Project(path: path, targets: [entry]))
            }
        }
        if projects.isEmpty { projects = [Project(path: try defaultProject(), targets: [])] }

        var workspace: String?
        var notes: [Finding] = []
        if let declared = composefile.workspace, leavesFolder(declared.path) {
            notes += outsideWorkspaceNote(declared.path, at: declared.location, in: folder)
        } else if let declared = composefile.workspace {
            workspace = try safePath(declared.path, at: declared.location)
        } else if projects.count == 1 {
            let name = lastPathComponent(projects[0].path)
            workspace = String(name.dropLast(".xcodeproj".count)) + ".xcworkspace"
        }
        if let path = workspace {
            try refuseLinks(path, in: folder)
            if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) { workspace = nil }
        }
        return IntegrationPlan(projects: projects, workspace: workspace, notes: notes)
    }

    /// The plan of `compose deintegrate` when there is no Podfile to read: every `.xcodeproj` of the
    /// folder (deintegration only takes out what CocoaPods put in, so a project it never integrated is
    /// left unchanged), and, with one project, the workspace named like it, as CocoaPods would find them.
    /// Nil when the folder holds no project.
    package static func folderProjects(in folder: URL) throws(IntegrationError) -> IntegrationPlan? {
        let names = projectNames(in: folder)
        guard !names.isEmpty else { return nil }
        for name in names { try refuseLinks(name, in: folder) }
        var workspace: String?
        if names.count == 1 {
            let path = String(names[0].dropLast(".xcodeproj".count)) + ".xcworkspace"
            try refuseLinks(path, in: folder)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) { workspace = path }
        }
        return IntegrationPlan(projects: names.map { Project(path: $0, targets: []) }, workspace: workspace)
    }

    /// True for a path that leaves the folder it is relative to (absolute, `~`, or with `..`).
    static func leavesFolder(_ path: String) -> Bool {
        path.hasPrefix("/") || path.hasPrefix("~") || path.split(separator: "/").contains("..")
    }

    /// The note for a workspace outside the folder: compose writes only inside the folder it was pointed
    /// at, so the workspace keeps its `Pods/Pods.xcodeproj` reference, which the note quotes (read only,
    /// from its `contents.xcworkspacedata`). None when the workspace does not exist or lists no Pods project.
    static func outsideWorkspaceNote(_ path: String, at location: ComposefileLocation, in folder: URL)
        -> [Finding]
    {
        let url = URL(fileURLWithPath: path.hasPrefix("/") ? path : joinedPath(folder.path, path)).standardizedFileURL
        let data = url.appendingPathComponent("contents.xcworkspacedata")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text = FileManager.default.contents(atPath: data.path).map { String(decoding: $0, as: UTF8.self) }
        let reference = text.flatMap { text in
            text.components(separatedBy: "location = \"").dropFirst().compactMap { part -> String? in
                guard let end = part.firstIndex(of: "\"") else { return nil }
                let value = String(part[..<end])
                return value.hasSuffix("Pods/Pods.xcodeproj") ? value : nil
            }.first
        }
        if text != nil, reference == nil { return [] }
        let what =
            reference.map { "remove its FileRef location = \"\($0)\" by hand" }
            ?? "remove its FileRef to Pods/Pods.xcodeproj by hand, if it has one"
        return [
            Finding(
                severity: .note, ruleID: XcodeRule.workspaceOutsideFolder,
                message:
                    "the workspace \(path) (\(url.path)) is outside the folder compose was pointed at, where compose writes nothing: it was left as it is. Xcode will miss Pods/Pods.xcodeproj there: \(what), or keep the Podfile in the folder that holds the workspace and run compose there.",
                location: Finding.Location(file: location.file, line: location.line))
        ]
    }

    /// The `.xcodeproj` folders (or links, refused later) directly in `folder`, sorted.
    package static func projectNames(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { name in
            guard name.hasSuffix(".xcodeproj") else { return false }
            var info = stat()
            guard lstat(folder.appendingPathComponent(name).path, &info) == 0 else { return false }
            return info.st_mode & S_IFMT == S_IFDIR || info.st_mode & S_IFMT == S_IFLNK
        }.sorted()
    }

    /// `path` without `.` components, refused when it leaves the folder.
    static func safePath(_ path: String, at location: ComposefileLocation) throws(IntegrationError) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !path.hasPrefix("/"), !path.hasPrefix("~"), !parts.isEmpty, !parts.contains("..") else {
            throw .pathOutsideFolder(path: path, location: location)
        }
        return parts.joined(separator: "/")
    }

    /// Refuses a symbolic link anywhere on the way from `folder` to `relative`.
    static func refuseLinks(_ relative: String, in folder: URL) throws(IntegrationError) {
        var url = folder
        for part in relative.split(separator: "/") {
            url.appendPathComponent(String(part))
            var info = stat()
            if lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw .symbolicLink(path: url.path)
            }
        }
    }
}
