import ComposeTestSupport
import Foundation
import Testing

/// docs/DESIGN.md draws the import graph of compose's modules; Package.swift declares it. A newcomer
/// reads the drawing, so it must be the declaration: every arrow, no more, no fewer.
@Suite struct DocumentedGraphTests {
    /// `Module ──> A, B, [External]` lines of the drawing, as module → dependencies (external packages
    /// and the CGit2 system library left out: the drawing names products, the manifest packages).
    static func drawnGraph() throws -> [String: Set<String>] {
        let design = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/DESIGN.md"), encoding: .utf8)
        let start = try #require(design.range(of: "The import graph as Package.swift declares it"))
        let block = design[start.upperBound...].components(separatedBy: "```")[1]
        var graph: [String: Set<String>] = [:]
        for line in block.split(separator: "\n") where line.contains("──>") {
            let parts = line.components(separatedBy: "──>").map { $0.trimmingCharacters(in: .whitespaces) }
            // `compose ──> ComposeCLI ──> …`: each arrow is one edge set of the module before it.
            for index in 0..<(parts.count - 1) {
                let from = parts[index]
                let names = parts[index + 1].components(separatedBy: "[")[0].split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                let edges = index + 2 < parts.count ? [names.first].compactMap { $0 } : names
                graph[from, default: []].formUnion(edges.filter { $0 != "CGit2" })
            }
        }
        return graph
    }

    /// Each library and executable target of the manifest → the targets of this package it depends on.
    static func declaredGraph() throws -> [String: Set<String>] {
        // A scratch folder of its own: the running `swift test` holds the lock of `.build`.
        let scratch = try TemporaryDirectory("dump-package")
        defer { scratch.remove() }
        let dump = try runTool(
            "swift", ["package", "--scratch-path", scratch.url.path, "dump-package"], in: repositoryRoot)
        let start = try #require(dump.firstIndex(of: "{"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump[start...].utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        let own = Set(targets.compactMap { $0["name"] as? String })
        var graph: [String: Set<String>] = [:]
        for target in targets {
            guard let name = target["name"] as? String, let type = target["type"] as? String,
                type == "regular" || type == "executable", !name.hasSuffix("TestSupport"),
                !name.hasPrefix("compose-")
            else { continue }
            var edges: Set<String> = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                for key in ["byName", "target"] {
                    if let value = dependency[key] as? [Any], let dependencyName = value.first as? String,
                        own.contains(dependencyName), dependencyName != "CGit2"
                    {
                        edges.insert(dependencyName)
                    }
                }
            }
            graph[name] = edges
        }
        return graph
    }

    @Test func theDrawingInDesignIsWhatPackageSwiftDeclares() throws {
        let drawn = try Self.drawnGraph()
        let declared = try Self.declaredGraph()
        for module in Set(drawn.keys).union(declared.keys).sorted() {
            #expect(
                drawn[module, default: []] == declared[module, default: []],
                "\(module): drawn \(drawn[module, default: []].sorted()), declared \(declared[module, default: []].sorted())"
            )
        }
    }
}
