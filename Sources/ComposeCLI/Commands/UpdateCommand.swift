import ArgumentParser
import Foundation
import Project
import Specs

struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Re-resolve, unlocking all or the named pods.",
        discussion: """
            Without names, ignores Compose.lock and chooses the newest versions the requirements \
            allow. With names, only those pods (with their subspecs) are unlocked; every other \
            locked version is kept where possible; a name matches whatever its case.

            As `pod update` does, the spec sources (and `:podspec => URL` podspecs) are fetched \
            first (--no-repo-update to skip); a named pod's podspec from a URL is taken as it now \
            is. When the project has a Composed/ package (made by `compose install`), it is \
            installed again from the new lock (--no-install to skip).

            Examples:
              compose update
              compose update Networking Storage
              compose update --project ShopApp --no-repo-update --no-install
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @OptionGroup var options: ProjectOptions

    @Argument(help: "Pods to unlock (all when none is given).")
    var pods: [String] = []

    func validate() throws {
        for pod in pods {
            do {
                try SafeName.podPath(pod)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    @Flag(name: .customLong("no-install"), help: "Do not install Composed/ again after the update.")
    var noInstall = false

    func run() async throws {
        let report = try options.service.resolve(
            unlock: pods.isEmpty ? .all : .pods(pods), repoUpdate: options.repoUpdate ?? true)
        printResolveReport(report, options: options, verbose: global.verbose)
        let composed = URL(fileURLWithPath: options.project, isDirectory: true).appendingPathComponent("Composed")
        guard !noInstall, FileManager.default.fileExists(atPath: composed.path) else { return }
        Terminal.standardError.write("Composed/ exists: installing the new lock (--no-install skips this).\n")
        try await InstallCommand.install(
            project: options.project, binary: false, checkLayers: false, repoUpdate: false,
            allowing: options.environment.allowed)
    }
}
