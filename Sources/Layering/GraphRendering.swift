import Foundation
import SpecRepos
import Specs
import Support

/// The component graph as text: Graphviz dot, Mermaid, or JSON. Layers become clusters (dot) or
/// subgraphs (Mermaid), bottom layer last; forbidden edges are red; each node shows its instability.
/// Components with no dependency either way are drawn apart, in a grid; a pod that is depended on but
/// is not in the graph's spec repo (missing, or from another repo) is drawn dashed and grey.
/// Every name is quoted and escaped, so a name cannot add syntax to the output.
package enum GraphRendering {
    package enum Format: String, Sendable, CaseIterable {
        case dot, mermaid, json
    }

    package static func render(_ graph: ComponentGraph, layers: LayersFile?, as format: Format) -> String {
        switch format {
        case .dot: dot(graph, layers: layers)
        case .mermaid: mermaid(graph, layers: layers)
        case .json: json(graph, layers: layers)
        }
    }

    /// A dot string literal: `"…"` with `\` and `"` escaped and line breaks removed.
    static func dotQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n", "\r": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Mermaid label text: quotes and markup characters as entity codes.
    static func mermaidLabel(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar)
                || " .-_+=()".unicodeScalars.contains(scalar)
            {
                out.unicodeScalars.append(scalar)
            } else {
                out += "#\(scalar.value);"
            }
        }
        return "\"" + out + "\""
    }

    private static func nodes(_ graph: ComponentGraph) -> [String] {
        Array(Set(graph.components).union(graph.edges.flatMap { [$0.from, $0.to] })).sorted()
    }

    private static func forbidden(_ edge: ComponentGraph.Edge, _ layers: LayersFile?) -> Bool {
        guard let layers, let from = layers.layer(of: edge.from), let to = layers.layer(of: edge.to) else {
            return false
        }
        return !layers.allows(from, to)
    }

    /// Components with no edge in or out, sorted: drawn apart, in a grid.
    static func unconnected(_ graph: ComponentGraph) -> [String] {
        let linked = Set(graph.edges.flatMap { [$0.from, $0.to] })
        return graph.components.filter { !linked.contains($0) }
    }

    /// Pods that are depended on but are not components of the graph (not in its spec repo).
    static func external(_ graph: ComponentGraph) -> Set<String> {
        Set(graph.edges.map(\.to)).subtracting(graph.components)
    }

    /// Nodes grouped by layer, top layer first, then the unlayered.
    private static func grouped(_ nodes: [String], _ layers: LayersFile?) -> [(layer: String?, nodes: [String])] {
        guard let layers else { return [(nil, nodes)] }
        var groups: [(String?, [String])] = layers.layers.reversed().map { layer in
            (layer.name, nodes.filter { layers.layer(of: $0) == layer.name })
        }
        groups.append((nil, nodes.filter { layers.layer(of: $0) == nil }))
        return groups.filter { !$0.1.isEmpty }
    }

    /// `link` gives a node's URL (written as its `URL` attribute, opened in the top window); nil: no links.
    package static func dot(_ graph: ComponentGraph, layers: LayersFile?, link: ((String) -> String)? = nil) -> String {
        func linked(_ node: String) -> String {
            link.map { ", URL=\(dotQuoted($0(node))), target=\"_top\", tooltip=\(dotQuoted(node))" } ?? ""
        }
        let instability = graph.instability()
        let cyclic = Set(graph.cycles().flatMap { $0 })
        let alone = unconnected(graph)
        let outside = external(graph)
        var out =
            "digraph components {\n  rankdir=TB;\n  newrank=true;\n  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\"];\n"
        let staggered = staggeredLengths(graph, layers: layers)
        // Staggered edges into one pod share their way down, in one trunk per column.
        if !staggered.isEmpty { out += "  concentrate=true;\n" }
        let aloneSet = Set(alone)
        let connected = nodes(graph).filter { !aloneSet.contains($0) }
        for (index, group) in grouped(connected, layers).enumerated() {
            let indent = group.layer == nil ? "  " : "    "
            if let layer = group.layer {
                out +=
                    "  subgraph \"cluster_\(index)\" {\n    label=\(dotQuoted(layer));\n    style=dashed;\n    rank=same;\n"
            }
            for node in group.nodes {
                if outside.contains(node) {
                    out +=
                        "\(indent)\(dotQuoted(node)) [label=\(dotQuoted(node + " (not in this spec repo)")), style=\"rounded,dashed\", color=gray50, fontcolor=gray40];\n"
                    continue
                }
                let label = String(format: "%@\\nI = %.2f", node, instability[node] ?? 0)
                var attributes = "label=\(dotQuoted(label).replacingOccurrences(of: "\\\\n", with: "\\n"))"
                if cyclic.contains(node) { attributes += ", color=red" }
                attributes += linked(node)
                out += "\(indent)\(dotQuoted(node)) [\(attributes)];\n"
            }
            if group.layer != nil { out += "  }\n" }
        }
        if !alone.isEmpty {
            // Side by side they would make one long strip: a grid of about as many rows as columns,
            // held in place by invisible edges from each node to the one below it.
            let columns = Int(Double(alone.count).squareRoot().rounded(.up))
            out +=
                "  subgraph \"cluster_unconnected\" {\n    label=\(dotQuoted("\(alone.count) without dependencies either way"));\n    style=dotted;\n"
            for node in alone {
                let layer = layers?.layer(of: node).map { "\\n(\($0))" } ?? ""
                out +=
                    "    \(dotQuoted(node)) [label=\(dotQuoted(node + layer).replacingOccurrences(of: "\\\\n", with: "\\n"))\(linked(node))];\n"
            }
            for index in columns..<max(columns, alone.count) {
                out += "    \(dotQuoted(alone[index - columns])) -> \(dotQuoted(alone[index])) [style=invis];\n"
            }
            out += "  }\n"
        }
        for (index, edge) in graph.edges.enumerated() {
            let red = forbidden(edge, layers) || (cyclic.contains(edge.from) && cyclic.contains(edge.to))
            var attributes = red ? ["color=red", "penwidth=2"] : []
            if let length = staggered[index] { attributes.append("minlen=\(length)") }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            out += "  \(dotQuoted(edge.from)) -> \(dotQuoted(edge.to))\(suffix);\n"
        }
        return out + "}\n"
    }

    /// Many pods that depend only on one pod and on which nothing depends (31 pods of a repo that each
    /// use Alamofire from trunk) would stand in one row as wide as all of them: their edges get lengths
    /// 1 to about the square root of their count, as Graphviz's `unflatten -l` staggers them, so they
    /// stand in a block of rows. Only outside layers, whose rows are the layers'. By edge index.
    static func staggeredLengths(_ graph: ComponentGraph, layers: LayersFile?) -> [Int: Int] {
        var incoming: [String: Int] = [:]
        var outgoing: [String: Int] = [:]
        for edge in graph.edges {
            incoming[edge.to, default: 0] += 1
            outgoing[edge.from, default: 0] += 1
        }
        var fans: [String: [Int]] = [:]
        for (index, edge) in graph.edges.enumerated()
        where incoming[edge.from] == nil && outgoing[edge.from] == 1 && layers?.layer(of: edge.from) == nil
            && layers?.layer(of: edge.to) == nil
        {
            fans[edge.to, default: []].append(index)
        }
        var lengths: [Int: Int] = [:]
        for indexes in fans.values where indexes.count > 6 {
            let rows = Int(Double(indexes.count).squareRoot().rounded(.up))
            let sorted = indexes.sorted { graph.edges[$0].from < graph.edges[$1].from }
            for (position, index) in sorted.enumerated() where position % rows > 0 {
                lengths[index] = 1 + position % rows
            }
        }
        return lengths
    }

    static func mermaid(_ graph: ComponentGraph, layers: LayersFile?) -> String {
        let instability = graph.instability()
        let all = nodes(graph)
        var ids: [String: String] = [:]
        for (index, node) in all.enumerated() { ids[node] = "n\(index)" }
        var out = "flowchart TD\n"
        for (index, group) in grouped(all, layers).enumerated() {
            if let layer = group.layer { out += "  subgraph layer\(index)[\(mermaidLabel(layer))]\n" }
            for node in group.nodes {
                out += "    \(ids[node]!)[\(mermaidLabel(String(format: "%@ I=%.2f", node, instability[node] ?? 0)))]\n"
            }
            if group.layer != nil { out += "  end\n" }
        }
        var red: [Int] = []
        for (index, edge) in graph.edges.enumerated() {
            out += "  \(ids[edge.from]!) --> \(ids[edge.to]!)\n"
            if forbidden(edge, layers) { red.append(index) }
        }
        if !red.isEmpty {
            out += "  linkStyle \(red.map(String.init).joined(separator: ",")) stroke:red,stroke-width:2px\n"
        }
        let outside = all.filter(external(graph).contains)
        if !outside.isEmpty {
            out += "  classDef external stroke-dasharray:5 5,color:#666\n"
            out += "  class \(outside.map { ids[$0]! }.joined(separator: ",")) external\n"
        }
        return out
    }

    private struct JSONGraph: Encodable {
        struct Node: Encodable {
            let name: String
            let layer: String?
            let instability: Double
        }
        struct Link: Encodable {
            let from: String
            let to: String
            let file: String
            let line: Int
            let column: Int
            let forbidden: Bool
        }
        let schemaVersion = 1
        let layers: [String]
        let components: [Node]
        let dependencies: [Link]
        let cycles: [[String]]
    }

    static func json(_ graph: ComponentGraph, layers: LayersFile?) -> String {
        let instability = graph.instability()
        let value = JSONGraph(
            layers: layers?.layers.map(\.name) ?? [],
            components: nodes(graph).map {
                .init(
                    name: $0, layer: layers?.layer(of: $0),
                    instability: ((instability[$0] ?? 0) * 1000).rounded() / 1000)
            },
            dependencies: graph.edges.map {
                .init(
                    from: $0.from, to: $0.to, file: $0.file, line: $0.location.line, column: $0.location.column,
                    forbidden: forbidden($0, layers))
            },
            cycles: graph.cycles())
        return JSONOutput.text(value, fallback: "{}") + "\n"
    }
}

extension GraphRendering {
    /// Runs Graphviz's `dot -T<format>` over `text` (dot from `searchPath`, a PATH value) and
    /// replaces `file` with the picture only when dot succeeds.
    package static func draw(_ text: String, format: String, to file: URL, searchPath: String?) throws(GraphError) {
        guard let dot = ProcessRunner.find("dot", path: searchPath) else { throw .noGraphviz }
        let result: ProcessResult
        do {
            result = try ProcessRunner.run(dot, ["-T\(format)"], input: Data(text.utf8), timeout: 300)
        } catch {
            throw .graphviz(error.description)
        }
        guard result.succeeded else {
            throw .graphviz(
                result.timedOut
                    ? "no picture within 300 s"
                    : String(result.errorText.prefix(2000)).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        do {
            try AtomicFile.write(result.output, to: file)
        } catch {
            throw .graphviz(error.description)
        }
    }
}

/// What `compose graph` could not do.
package enum GraphError: ComposeFailure, Equatable {
    /// The spec repo folder does not exist.
    case notFound(String)
    case noComponent(String, String)
    /// The folder holds no podspec (and is not an app's folder).
    case noSpecs(String)
    case noGraphviz
    case graphviz(String)

    package var kind: FailureKind {
        switch self {
        case .notFound, .noComponent, .noSpecs: .input
        case .noGraphviz, .graphviz: .environment
        }
    }

    package var description: String {
        switch self {
        case .notFound(let path): "\(path): no such folder; give the root folder of a spec repository."
        case .noSpecs(let path):
            "\(path) holds no podspec and no Composefile or Podfile: nothing to draw or check. Give a spec repo folder (compose graph SPECS), an added one (--repo NAME) or an app's folder (--project DIR)."
        case .noComponent(let name, let repo): "\(repo) has no component `\(name)`; --focus takes a component's name."
        case .noGraphviz:
            "svg and png are drawn by Graphviz's `dot`, which is not on PATH; install it (Debian/Ubuntu: `apt-get install graphviz`) or use --format dot or mermaid."
        case .graphviz(let message): "Graphviz's dot failed: \(message)"
        }
    }
}
