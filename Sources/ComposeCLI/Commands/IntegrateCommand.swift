import ArgumentParser
import XcodeIntegration

struct IntegrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "integrate",
        abstract: "Link Composed into the app's Xcode project, taking CocoaPods out.",
        discussion: """
            `compose install` does this after writing Composed/; run it alone for a Composed/ \
            already written. The project is found as CocoaPods finds it: the Podfile's `project` \
            line (per target block, inherited by the blocks inside), else the one .xcodeproj \
            beside the Podfile; the workspace is the `workspace` line's, else the one named like \
            the project (one outside the folder is left as it is, with a note). First CocoaPods is taken out, as `compose deintegrate` does; then the \
            local package Composed (its path relative to the project's folder) is added, and \
            every concrete Podfile target (nested ones, abstract_target children, \
            inherit! :search_paths test targets) gets a product dependency on the Composed \
            product named exactly like it, linked in its Frameworks phase.

            Files are replaced atomically, only when something changed: a second run writes \
            nothing. Notes (on standard error) name what still mentions Pods, with the file, the \
            line and the fix. docs/xcode.md says what changes and how to undo it (git).

            Examples:
              compose integrate
              compose integrate --dry-run   # what would change; nothing written
              compose integrate --project ios --format json

            Exit codes: 0 integrated (or nothing to change), 1 wrong input (a project file that \
            does not parse, a Podfile target missing from its project, no project or several \
            and no `project` line, a symbolic link, no Composed/), 3 environment (a file changed \
            while compose worked, a failed write), 64 usage error.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @OptionGroup var options: IntegrationOptions

    func run() throws { try options.run(.integrate) }
}

struct DeintegrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deintegrate",
        abstract: "Take CocoaPods out of the app's Xcode project, as `pod deintegrate` does.",
        discussion: """
            Removes from every target the [CP] and [CP-User] script phases, the Pods frameworks \
            and libraries with their build files, the Pods base configurations; from the project \
            stale Pods product references, the Pods group and its xcconfig references; from the \
            workspace Pods/Pods.xcodeproj; and from a user xcconfig the #include of a Pods \
            xcconfig. Whatever still mentions Pods (a script calling ${PODS_ROOT}/..., a build \
            setting with $(PODS_...)) is left as it is and named in a note with the fix. \
            Nothing else changes, and Composed is not linked (`compose integrate` does that). \
            The project is found as `compose integrate` finds it; when the Podfile cannot be \
            read (a React Native, Expo or Flutter Podfile running scripts compose does not) or \
            there is none, every .xcodeproj of the folder is deintegrated, as `pod deintegrate` \
            does, with a note saying why.

            Examples:
              compose deintegrate
              compose deintegrate --dry-run
              compose deintegrate --project ios --format json

            Exit codes: 0 done (or nothing to change), 1 wrong input, 3 environment, 64 usage error.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @OptionGroup var options: IntegrationOptions

    func run() throws { try options.run(.deintegrate) }
}
