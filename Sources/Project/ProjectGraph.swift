import ComposefileFormat
import Foundation
import Layering
import Lint
import SpecRepos
import Specs
import Support

/// An app's component graph: its Composefile targets (layer `app`) and every locked pod, with the
/// layers of the spec repos the pods come from.
package struct ProjectGraph: Sendable {
    package let graph: ComponentGraph
    /// The spec repos' layers files merged, with the targets in the layer `app`; nil when no spec
    /// repo of the project has a layers file.
    package let layers: LayersFile?
    /// The spec repo folders whose layers file was read.
    package let layerSources: [String]
    /// How long reading the project and its specs took.
    package let seconds: Double

    /// The layering rules over the app's graph (`graph --project --check`, `--check-layers`).
    package func check() -> LintReport {
        let remarks =
            layers == nil
            ? ["No spec repo of the project has a \(LayersFile.fileName); only cycles and stability were checked."]
            : ["Layers from \(layerSources.map { joinedPath($0, LayersFile.fileName) }.joined(separator: ", "))."]
        return LintReport(
            command: .graph, findings: LayerRules.check(graph, layers: layers, displayRoot: ""),
            fileCount: graph.components.count, remarks: remarks, seconds: seconds)
    }
}

extension ResolveService {
    /// The graph of `lock` (default: the project's Compose.lock, else a resolve that writes nothing).
    /// Target → pod edges point at the Composefile line of the pod; pod → pod edges at the pod's
    /// entry in the lock.
    package func projectGraph(lock given: Lockfile? = nil) throws -> ProjectGraph {
        let start = Date()
        let project = try load(repoUpdate: false)
        let provider = project.provider()
        let lock: Lockfile
        if let given {
            lock = given
        } else if let previous = project.previousLock {
            lock = previous
        } else {
            lock = try resolve(project: project, unlock: .none, write: false).report.lockfile
        }
        let inputs = try installInputs(project: project, provider: provider, lock: lock)
        let lockLines = Self.podLines(in: lock.text)
        var edges: [ComponentGraph.Edge] = []
        for pod in inputs.pods {
            // At the dependency in the pod's spec file when the pod comes from a spec repo folder,
            // else at the pod's entry in the lock.
            let specPath = try? provider.source(for: pod.name)?.specFile(of: pod.name, version: pod.version).path
            let keys = ComponentGraph.dependencies(of: pod.spec)
            for dependency in pod.dependencies {
                if let specPath, let key = keys.first(where: { Spec.rootName(of: $0.name) == dependency }) {
                    edges.append(.init(from: pod.name, to: dependency, file: specPath, location: key.location))
                } else {
                    edges.append(
                        .init(
                            from: pod.name, to: dependency, file: display("Compose.lock"),
                            location: SourceLocation(line: lockLines[pod.name] ?? 1, column: 5)))
                }
            }
        }
        let targets = project.composefile.concreteTargets
        for target in targets {
            for dependency in target.dependencies where dependency.rootName != target.name {
                let at = dependency.location
                edges.append(
                    .init(
                        from: target.name, to: dependency.rootName, file: at.file,
                        location: SourceLocation(line: at.line, column: at.column)))
            }
        }
        var roots: [String] = []
        var files: [LayersFile] = []
        for pod in inputs.pods {
            guard case .folder(let repository)? = provider.source(for: pod.name)?.storage,
                !roots.contains(repository.root.path),
                let file = LayersFile.read(repoRoot: repository.root)
            else { continue }
            roots.append(repository.root.path)
            files.append(file)
        }
        let names = targets.map(\.name)
        let graph = ComponentGraph(
            components: names + inputs.pods.map(\.name), edges: edges, specCount: lock.pods.count)
        return ProjectGraph(
            graph: graph, layers: LayersFile.merged(files)?.addingApp(names), layerSources: roots,
            seconds: Date().timeIntervalSince(start))
    }

    /// Root pod name → the 1-based line of its first entry in the lock's PODS section.
    static func podLines(in text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("  - ") {
                let entry = line.dropFirst(4)
                let name = entry.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
                let root = Spec.rootName(of: name.hasSuffix(":") ? String(name.dropLast()) : name)
                if lines[root] == nil { lines[root] = index + 1 }
            } else if !line.hasPrefix(" ") && !line.isEmpty && !lines.isEmpty {
                break
            }
        }
        return lines
    }
}
