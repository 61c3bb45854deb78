import Foundation
import Project
import Support

/// `compose install` for one project folder: read the project once, make sure Compose.lock is
/// current (resolving when it is missing or the Composefile changed, keeping every locked version
/// the Composefile allows), then install it into `Composed/`.
package struct ProjectInstall: Sendable {
    package let service: ResolveService
    /// The `compiler_flags` generated packages may pass beyond the harmless ones (`--allow-compiler-flag`).
    package var compilerFlags = CompilerFlagPolicy()

    package init(
        projectDirectory: String = ".", composeHome: URL? = nil, toolVersion: String,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        service = ResolveService(
            projectDirectory: projectDirectory, composeHome: composeHome, toolVersion: toolVersion, progress: progress)
    }

    /// An install of the project `service` reads (its progress, HTTP settings and clone progress).
    package init(service: ResolveService) {
        self.service = service
    }

    package struct Report: Sendable {
        /// What the install read: the Composefile (or Podfile) among it, read once for the command.
        package var inputs: InstallInputs? = nil
        /// The resolve run first, when the lock was missing or stale.
        package let resolve: ResolveService.Report?
        package let install: InstallResult
        /// Warnings about the locked pods (deprecated ones).
        package var warnings: [Finding] = []
    }

    /// Throws the errors of resolving (`ComposefileError`, `ProjectError`, `ResolutionError`) and `InstallError`.
    package func run(
        binary: BinaryPreference, repoUpdate: Bool = false, registry: InstallRegistry? = nil,
        progress: @Sendable (String) -> Void = { _ in }
    ) async throws -> Report {
        // The record of the last install goes first: an install that fails leaves none.
        unlink(recordFile.path)
        let (resolve, inputs) = try service.installInputs(repoUpdate: repoUpdate) {
            progress("Compose.lock is missing or older than the Composefile: resolving")
        }
        let result = try await Installer(composeHome: service.composeHome, http: service.http).install(
            project: URL(fileURLWithPath: service.projectDirectory, isDirectory: true).standardizedFileURL,
            inputs: inputs, binary: binary, registry: registry, compilerFlags: compilerFlags,
            progress: progress)
        let report = Report(inputs: inputs, resolve: resolve, install: result, warnings: inputs.warnings)
        if registry == nil { record(report, inputs: inputs, binary: binary) }
        return report
    }
}
