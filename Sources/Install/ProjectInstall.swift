import Foundation
import Project

/// `compose install` for one project folder: read the project once, make sure Compose.lock is
/// current (resolving when it is missing or the Composefile changed, keeping every locked version
/// the Composefile allows), then install it into `Composed/`.
public struct ProjectInstall: Sendable {
    public let service: ResolveService

    public init(
        projectDirectory: String = ".", composeHome: URL? = nil, toolVersion: String,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        service = ResolveService(projectDirectory: projectDirectory, composeHome: composeHome, toolVersion: toolVersion, progress: progress)
    }

    public struct Report: Sendable {
        /// The resolve run first, when the lock was missing or stale.
        public let resolve: ResolveService.Report?
        public let install: InstallResult
    }

    /// Throws the errors of resolving (`ComposefileError`, `ProjectError`, `ResolutionError`) and `InstallError`.
    public func run(binary: BinaryPreference, progress: @Sendable (String) -> Void = { _ in }) async throws -> Report {
        let (resolve, inputs) = try service.installInputs {
            progress("Compose.lock is missing or older than the Composefile: resolving")
        }
        let result = try await Installer(composeHome: service.composeHome).install(
            project: URL(fileURLWithPath: service.projectDirectory, isDirectory: true).standardizedFileURL,
            inputs: inputs, binary: binary, progress: progress)
        return Report(resolve: resolve, install: result)
    }
}
