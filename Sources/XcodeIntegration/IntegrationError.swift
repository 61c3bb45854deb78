import ComposefileFormat
import Specs
import Support
import XcodeProject

/// Why `compose integrate`, `compose deintegrate` or the integration step of `compose install`
/// stopped. Nothing in any project or workspace is changed when one of these is thrown.
package enum IntegrationError: ComposeFailure, Equatable {
    /// No `project` line and no `.xcodeproj` beside the Podfile.
    case noProject(folder: String)
    /// No `project` line and more than one `.xcodeproj` beside the Podfile.
    case severalProjects(folder: String, names: [String])
    /// A `project` line names a project that is not there.
    case projectNotFound(path: String, target: String, location: ComposefileLocation)
    /// A `project` line names a path outside the Podfile's folder (a `workspace` line's only gets a note).
    case pathOutsideFolder(path: String, location: ComposefileLocation)
    /// The project, its `project.pbxproj`, or the workspace is a symbolic link.
    case symbolicLink(path: String)
    /// A Podfile target has no native target of that name in its project.
    case targetNotFound(target: String, project: String, found: [String], location: ComposefileLocation)
    /// `compose integrate` before `compose install` wrote Composed/.
    case composedMissing(path: String)
    /// Composed/ offers no product for these Podfile targets (written from another Podfile).
    case productsMissing(targets: [String], manifest: String)
    /// The project could not be read, changed or written (a project file that does not parse, with
    /// file:line:column; one that changed on disk meanwhile; a failed write).
    case xcode(XcodeProjectError)

    package var kind: FailureKind {
        switch self {
        case .noProject, .severalProjects, .projectNotFound, .pathOutsideFolder, .symbolicLink, .targetNotFound,
            .composedMissing, .productsMissing:
            return .input
        case .xcode(let error):
            return error.isInputError ? .input : .environment
        }
    }

    package var description: String {
        switch self {
        case .noProject(let folder):
            return
                "there is no Xcode project (.xcodeproj) in \(folder). Run the command where the Podfile and the app's project are, or name the project in the Podfile: project 'path/to/App.xcodeproj'."
        case .severalProjects(let folder, let names):
            return
                "\(folder) holds \(names.count) Xcode projects (\(names.joined(separator: ", "))) and the Podfile names none. Say which one the targets are in: add project '\(names[0])' to the Podfile (per target block when they differ), as CocoaPods asks too. Nothing was written."
        case .projectNotFound(let path, let target, let location):
            return
                "\(location): the project \(path) of the target '\(escapedForDisplay(target))' does not exist. Fix the path of the project line (it is relative to the Podfile's folder). Nothing was written."
        case .pathOutsideFolder(let path, let location):
            return
                "\(location): \(escapedForDisplay(path)) is outside the Podfile's folder: compose writes only inside the folder it was pointed at. Run compose from a folder that holds the project, with a relative path below it. Nothing was written."
        case .symbolicLink(let path):
            return
                "\(path) is a symbolic link: compose replaces the project's files and will not write through a link to somewhere else. Point the Podfile at the real project. Nothing was written."
        case .targetNotFound(let target, let project, let found, let location):
            let names =
                found.isEmpty
                ? "it has no native target"
                : "its targets: \(found.map { "'\(escapedForDisplay($0))'" }.joined(separator: ", "))"
            return
                "\(location): the Podfile target '\(escapedForDisplay(target))' is not a target of \(project) (\(names)). Rename the Podfile target after the Xcode target, or give its block the right project line. Nothing was written."
        case .composedMissing(let path):
            return
                "\(path) does not exist: `compose integrate` links the package `compose install` writes. Run `compose install` (which integrates too). Nothing was written."
        case .productsMissing(let targets, let manifest):
            let names = targets.map { "'\(escapedForDisplay($0))'" }.joined(separator: ", ")
            return
                "\(manifest) offers no product for the Podfile target\(targets.count == 1 ? "" : "s") \(names): it was written from another Podfile. Run `compose install` (which integrates too). Nothing was written."
        case .xcode(let error):
            return error.description
        }
    }
}
