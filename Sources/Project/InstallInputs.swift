import ComposefileFormat
import Foundation
import Specs

/// What `compose install` needs of a project beyond its lock: the Composefile's targets and
/// platforms, and the spec of every locked pod, read from where the resolve read it.
public struct InstallInputs: Sendable {
    public struct Target: Sendable, Equatable {
        public let name: String
        /// Pod names (`Name` or `Name/Sub`) of the target, inherited ones included.
        public let pods: [String]
    }

    public struct Pod: Sendable, Equatable {
        public enum Origin: Sendable, Equatable {
            /// From a spec source: the spec file's bytes.
            case spec(Data)
            /// `:path`, as written in the Composefile (relative to the project folder, or absolute).
            case path(String)
            /// `:git`, checked out at `commit`; `spec` is the podspec.json found there.
            case git(url: String, commit: String, spec: Data?)
        }

        /// The root name.
        public let name: String
        public let version: String
        /// Root names of the pods it depends on (its subspecs' dependencies included).
        public let dependencies: [String]
        public let origin: Origin
    }

    public let targets: [Target]
    /// Targeted platforms with a deployment target (`ios` → `15.0`).
    public let platforms: [String: String]
    public let pods: [Pod]
}

extension ResolveService {
    /// Whether Compose.lock exists and was written from the Composefile (or Podfile) as it is now.
    public func lockIsCurrent() throws -> Bool {
        guard let lock = try Lockfile.read(at: lockPath) else { return false }
        for name in ["Composefile", "Podfile"] {
            let path = projectURL.appendingPathComponent(name).path
            if let bytes = FileManager.default.contents(atPath: path) {
                return lock.composefileChecksum == SHA1.hex(of: bytes)
            }
        }
        return false
    }

    /// The targets, platforms and locked pods (with their specs) of the project for `lock`.
    public func installInputs(lock: Lockfile) throws -> InstallInputs {
        let project = try load(repoUpdate: false)
        let provider = project.provider()
        let targets = project.composefile.concreteTargets.map { target in
            InstallInputs.Target(name: target.name, pods: target.dependencies.map(\.name))
        }
        var platforms: [String: String] = [:]
        for platform in project.platforms {
            if let version = platform.deploymentTarget { platforms[platform.name] = version.string }
        }
        var roots: [String: (version: Version, dependencies: Set<String>)] = [:]
        for pod in lock.pods {
            var entry = roots[pod.rootName] ?? (pod.version, [])
            for dependency in pod.dependencies {
                let root = ProjectProvider.rootName(of: Lockfile.splitEntry(dependency).name)
                if root != pod.rootName { entry.dependencies.insert(root) }
            }
            roots[pod.rootName] = entry
        }
        var pods: [InstallInputs.Pod] = []
        for (name, entry) in roots.sorted(by: { $0.key < $1.key }) {
            let origin: InstallInputs.Pod.Origin
            if let options = lock.externalSources[name] {
                if let path = options["path"] {
                    origin = .path(path)
                } else if let url = options["git"], let commit = lock.checkoutOptions[name]?["commit"] {
                    let spec = project.externals[name]?.specData
                    origin = .git(url: url, commit: commit, spec: spec)
                } else {
                    throw ProjectError.unreadable(path: lockPath, reason: "\(name) has an external source without a path or a checked-out commit")
                }
            } else {
                guard let source = provider.source(for: name) else {
                    throw ProjectError.unreadable(path: name, reason: "no source of the Composefile has this pod any more")
                }
                origin = .spec(try source.specFile(of: name, version: entry.version).data)
            }
            pods.append(InstallInputs.Pod(name: name, version: entry.version.string, dependencies: entry.dependencies.sorted(), origin: origin))
        }
        return InstallInputs(targets: targets, platforms: platforms, pods: pods)
    }
}
