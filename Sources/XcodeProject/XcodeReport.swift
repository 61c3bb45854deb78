/// Something compose removed from or added to a project, for the report.
package struct XcodeChange: Sendable, Equatable, CustomStringConvertible {
    /// The target it concerns; nil for the project as a whole.
    package let target: String?
    package let description: String

    package init(target: String?, _ description: String) {
        self.target = target
        self.description = description
    }
}

/// The rule ids of the notes an integration or deintegration gives (docs/diagnostics.md): those of a
/// project (`XcodeNote`) and those of the integration as a whole (XcodeIntegration's plan).
package enum XcodeRule {
    /// A `[CP-User]` phase (a pod's `script_phase`) was taken out of a target.
    package static let userScriptPhaseRemoved = "xcode-user-script-phase-removed"
    /// A script phase of the user's still runs something from the Pods folder.
    package static let scriptRunsPods = "xcode-script-runs-pods"
    /// A file reference points into the Pods folder, which is no longer made.
    package static let fileReferenceIntoPods = "xcode-file-reference-into-pods"
    /// A file reference names something the Pods project built.
    package static let fileReferencePodsProduct = "xcode-file-reference-pods-product"
    /// A build setting still mentions CocoaPods.
    package static let buildSettingMentionsPods = "xcode-build-setting-mentions-pods"
    /// A user xcconfig's `#include` of a Pods xcconfig was taken out.
    package static let xcconfigIncludeRemoved = "xcode-xcconfig-include-removed"
    /// A line of a user xcconfig still mentions CocoaPods.
    package static let xcconfigMentionsPods = "xcode-xcconfig-mentions-pods"
    /// A user xcconfig used as a base configuration cannot be read: not checked.
    package static let xcconfigUnreadable = "xcode-xcconfig-unreadable"
    /// A Pods `#include` of an xcconfig outside the project's folder, for the user to remove.
    package static let xcconfigOutsideFolder = "xcode-xcconfig-outside-folder"
    /// A `workspace` outside the Podfile's folder, left as it is.
    package static let workspaceOutsideFolder = "xcode-workspace-outside-folder"
    /// The Podfile could not be read: `deintegrate` took CocoaPods out of the folder's projects.
    package static let podfileUnreadable = "xcode-podfile-unreadable"
    /// There is no Podfile: `deintegrate` took CocoaPods out of the folder's projects.
    package static let podfileMissing = "xcode-podfile-missing"

    /// Every rule id above.
    package static let all = [
        userScriptPhaseRemoved, scriptRunsPods, fileReferenceIntoPods, fileReferencePodsProduct,
        buildSettingMentionsPods, xcconfigIncludeRemoved, xcconfigMentionsPods, xcconfigUnreadable,
        xcconfigOutsideFolder, workspaceOutsideFolder, podfileUnreadable, podfileMissing,
    ]
}

/// Something the user should know or do: what still mentions CocoaPods, what was taken out of a file
/// of theirs, of rule `rule` (`XcodeRule`). `file` and `line` say where when there is a place (a user
/// xcconfig); without a file, the note is about the project file.
package struct XcodeNote: Sendable, Equatable, CustomStringConvertible {
    package let rule: String
    package let file: String?
    package let line: Int?
    package let target: String?
    /// What was found or done, and what to do about it.
    package let message: String

    package init(rule: String, file: String? = nil, line: Int? = nil, target: String? = nil, _ message: String) {
        self.rule = rule
        self.file = file
        self.line = line
        self.target = target
        self.message = message
    }

    package var description: String {
        var place = ""
        if let file {
            place = file + (line.map { ":\($0)" } ?? "") + ": "
        }
        let who = target.map { "target '\($0)': " } ?? ""
        return place + who + message
    }
}

/// What an integration or deintegration did to a project.
package struct XcodeReport: Sendable, Equatable {
    package var removed: [XcodeChange] = []
    package var added: [XcodeChange] = []
    package var notes: [XcodeNote] = []
    /// The files written (none when nothing changed), in the order written.
    package var writtenFiles: [String] = []

    package init() {}

    /// True when a file was (or, for a dry run, would be) written.
    package var changed: Bool { !writtenFiles.isEmpty }
}
