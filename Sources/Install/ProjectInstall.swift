import ComposefileFormat
import Foundation
import Project

/// `compose install` for one project folder: make sure Compose.lock is current (resolving when it is
/// missing or the Composefile changed, keeping every locked version the Composefile allows), then
/// install it into `Composed/`.
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
        var resolve: ResolveService.Report?
        if !(try service.lockIsCurrent()) {
            progress("Compose.lock is missing or older than the Composefile: resolving")
            resolve = try service.resolve()
        }
        guard let lock = try Lockfile.read(at: service.lockPath) else {
            throw InstallError.missingSpec(name: "Compose.lock", version: "-", reason: "the lock could not be read after resolving")
        }
        let inputs = try service.installInputs(lock: lock)
        let components = inputs.pods.map { pod in
            let origin: LockedComponent.Origin
            switch pod.origin {
            case .spec(let data): origin = .spec(data)
            case .path(let path): origin = .path(path)
            case .git(let url, let commit, let spec): origin = .git(url: url, commit: commit, spec: spec)
            }
            return LockedComponent(name: pod.name, version: pod.version, dependencies: pod.dependencies, origin: origin)
        }
        let installer = Installer(composeHome: service.composeHome)
        let result = try await installer.install(
            project: URL(fileURLWithPath: service.projectDirectory, isDirectory: true).standardizedFileURL,
            targets: inputs.targets.map { ComposedTarget(name: $0.name, pods: $0.pods) },
            components: components, platforms: inputs.platforms, binary: binary, progress: progress)
        return Report(resolve: resolve, install: result)
    }
}
