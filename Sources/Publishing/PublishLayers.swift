import Foundation
import Layering
import Lint
import SpecRepos
import Specs

extension Publisher {
    /// The layering rules over the spec repo at `directory` with `spec` as its component's newest
    /// release: the forbidden edges of `spec` and the cycles through it. Throws when there are any,
    /// unless `options.allowLayerViolations`; then returns the note for the commit message (else "").
    func checkLayers(
        of spec: PublishSpec, file: String, in directory: URL, repo: String, options: PublishOptions, tagState: String
    ) throws(PublishError) -> String {
        guard let layers = LayersFile.read(repoRoot: directory) else { return "" }
        let base = ComponentGraph(repository: SpecRepository(root: directory))
        let added = ComponentGraph.dependencies(of: spec.spec).compactMap { dependency -> ComponentGraph.Edge? in
            let target = Spec.rootName(of: dependency.name)
            guard target != spec.name else { return nil }
            return ComponentGraph.Edge(from: spec.name, to: target, file: file, location: dependency.location)
        }
        let graph = ComponentGraph(
            components: Set(base.components).union([spec.name]).sorted(),
            edges: base.edges.filter { $0.from != spec.name } + added)
        let violations = LayerRules.check(graph, layers: layers, displayRoot: "").filter { finding in
            finding.severity == .error
                && (finding.ruleID == LayerRules.Rule.direction && finding.message.hasPrefix("\(spec.name) (")
                    || finding.ruleID == LayerRules.Rule.cycle && finding.message.contains(" \(spec.name) ")
                    || finding.ruleID == LayerRules.Rule.cycle && finding.message.contains(": \(spec.name) "))
        }
        guard !violations.isEmpty else { return "" }
        guard options.allowLayerViolations else {
            throw .layerViolations(repo: repo, findings: violations.map(\.message), tagState: tagState)
        }
        return "\n\nLayer violations allowed (--allow-layer-violations):\n"
            + violations.map { "- " + $0.message }.joined(separator: "\n")
    }
}
