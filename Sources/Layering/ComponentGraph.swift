import Foundation
import SpecRepos
import Specs
import Support

/// The dependency graph of a spec repo's components: one node per component (root name), one edge
/// per component it depends on (subspec dependencies count for their root; test and app specs do
/// not), each edge remembering the spec file and the position of its dependency key.
package struct ComponentGraph: Sendable {
    package struct Edge: Sendable, Hashable {
        package let from: String
        package let to: String
        /// The spec file declaring the dependency, relative to the repo's root.
        package let file: String
        /// The dependency's key in that file.
        package let location: SourceLocation

        package init(from: String, to: String, file: String, location: SourceLocation) {
            self.from = from
            self.to = to
            self.file = file
            self.location = location
        }
    }

    /// Sorted.
    package let components: [String]
    /// One per (from, to), sorted by from then to.
    package let edges: [Edge]
    /// Spec files that could not be read: path (relative) and why.
    package let unreadable: [(file: String, message: String)]
    /// Spec files read.
    package let specCount: Int

    package init(
        components: [String], edges: [Edge], unreadable: [(file: String, message: String)] = [], specCount: Int = 0
    ) {
        self.components = components.sorted()
        var seen = Set<String>()
        var unique: [Edge] = []
        for edge in edges.sorted(by: { ($0.from, $0.to, $0.file) < ($1.from, $1.to, $1.file) })
        where seen.insert(edge.from + "\u{0}" + edge.to).inserted {
            unique.append(edge)
        }
        self.edges = unique
        self.unreadable = unreadable
        self.specCount = specCount
    }

    /// The graph of the newest version of every component of `repository` (every version with
    /// `allVersions`). Names that are not safe pod names are skipped (repo lint reports them).
    package init(repository: SpecRepository, allVersions: Bool = false) {
        var edges: [Edge] = []
        var unreadable: [(String, String)] = []
        var components: [String] = []
        var specs = 0
        let rootPath = repository.root.path + "/"
        for name in repository.podNames() where SafeName.problem(with: name, as: .pod) == nil {
            let versions =
                allVersions ? repository.versions(of: name) : repository.newestVersion(of: name).map { [$0] } ?? []
            guard !versions.isEmpty else { continue }
            components.append(name)
            for version in versions {
                let file: (path: String, data: Data, spec: Spec)
                do {
                    file = try repository.fileAndSpec(name: name, version: version)
                } catch {
                    unreadable.append((joinedPath(name, version.string), error.description))
                    continue
                }
                let spec = file.spec
                specs += 1
                let shown = file.path.hasPrefix(rootPath) ? String(file.path.dropFirst(rootPath.count)) : file.path
                for dependency in Self.dependencies(of: spec) {
                    let target = Spec.rootName(of: dependency.name)
                    guard target != name, SafeName.problem(with: target, as: .pod) == nil else { continue }
                    edges.append(Edge(from: name, to: target, file: shown, location: dependency.location))
                }
            }
        }
        self.init(components: components, edges: edges, unreadable: unreadable, specCount: specs)
    }

    /// Every dependency key of `spec` and its library subspecs, with its position: the top-level
    /// `dependencies` and those of the platform blocks.
    package static func dependencies(of spec: Spec) -> [(name: String, location: SourceLocation)] {
        var result: [(String, SourceLocation)] = []
        func keys(_ node: JSONNode?) {
            for member in node?["dependencies"]?.members ?? [] { result.append((member.key, member.keyLocation)) }
        }
        func visit(_ spec: Spec) {
            keys(spec.json)
            for member in spec.json.members
            where member.value.isObject && ["ios", "osx", "macos", "tvos", "watchos", "visionos"].contains(member.key) {
                keys(member.value)
            }
            spec.subspecs.forEach(visit)
        }
        visit(spec)
        return result
    }

    /// The edge from `from` to `to`, if any.
    package func edge(from: String, to: String) -> Edge? {
        edges.first { $0.from == from && $0.to == to }
    }

    /// Ce (efferent: components depended on) and Ca (afferent: dependers) → I = Ce / (Ca + Ce);
    /// 0 for a component with neither.
    package func instability() -> [String: Double] {
        var out: [String: Int] = [:]
        var into: [String: Int] = [:]
        for edge in edges {
            out[edge.from, default: 0] += 1
            into[edge.to, default: 0] += 1
        }
        var result: [String: Double] = [:]
        for name in Set(components).union(edges.map(\.to)) {
            let ce = out[name] ?? 0
            let ca = into[name] ?? 0
            result[name] = ce + ca == 0 ? 0 : Double(ce) / Double(ce + ca)
        }
        return result
    }

    /// One cycle per strongly connected component of more than one component (Tarjan, iterative),
    /// each as the components along it starting from its smallest name.
    package func cycles() -> [[String]] {
        var adjacency: [String: [String]] = [:]
        for edge in edges { adjacency[edge.from, default: []].append(edge.to) }
        var index: [String: Int] = [:]
        var low: [String: Int] = [:]
        var onStack = Set<String>()
        var stack: [String] = []
        var counter = 0
        var components: [[String]] = []
        let nodes = Array(Set(self.components).union(edges.map(\.to))).sorted()
        for start in nodes where index[start] == nil {
            var work: [(node: String, next: Int)] = [(start, 0)]
            index[start] = counter
            low[start] = counter
            counter += 1
            stack.append(start)
            onStack.insert(start)
            while let top = work.last {
                let successors = adjacency[top.node] ?? []
                if top.next < successors.count {
                    work[work.count - 1].next += 1
                    let next = successors[top.next]
                    if index[next] == nil {
                        index[next] = counter
                        low[next] = counter
                        counter += 1
                        stack.append(next)
                        onStack.insert(next)
                        work.append((next, 0))
                    } else if onStack.contains(next) {
                        low[top.node] = min(low[top.node]!, index[next]!)
                    }
                } else {
                    work.removeLast()
                    if let parent = work.last { low[parent.node] = min(low[parent.node]!, low[top.node]!) }
                    if low[top.node] == index[top.node] {
                        var scc: [String] = []
                        while let popped = stack.popLast() {
                            onStack.remove(popped)
                            scc.append(popped)
                            if popped == top.node { break }
                        }
                        if scc.count > 1 { components.append(scc) }
                    }
                }
            }
        }
        return components.map { scc in cycle(within: Set(scc)) }.sorted { $0[0] < $1[0] }
    }

    /// A cycle through the smallest member of `scc` (breadth-first back to it, inside `scc`).
    private func cycle(within scc: Set<String>) -> [String] {
        let start = scc.min()!
        var adjacency: [String: [String]] = [:]
        for edge in edges where scc.contains(edge.from) && scc.contains(edge.to) {
            adjacency[edge.from, default: []].append(edge.to)
        }
        var parent: [String: String] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in adjacency[node] ?? [] {
                if next == start {
                    var path = [node]
                    while let p = parent[path[0]] { path.insert(p, at: 0) }
                    return path
                }
                if parent[next] == nil && next != start {
                    parent[next] = node
                    queue.append(next)
                }
            }
        }
        return scc.sorted()
    }

    /// The part of the graph within `depth` edges of `name` (either direction).
    package func focused(on name: String, depth: Int) -> ComponentGraph {
        var keep: Set<String> = [name]
        var frontier: Set<String> = [name]
        for _ in 0..<max(0, depth) {
            var next = Set<String>()
            for edge in edges {
                if frontier.contains(edge.from) && !keep.contains(edge.to) { next.insert(edge.to) }
                if frontier.contains(edge.to) && !keep.contains(edge.from) { next.insert(edge.from) }
            }
            keep.formUnion(next)
            frontier = next
        }
        return ComponentGraph(
            components: components.filter(keep.contains),
            edges: edges.filter { keep.contains($0.from) && keep.contains($0.to) }, specCount: specCount)
    }
}
