import Foundation
import Lint
import SpecRepos
import Specs
import Support
import Yams

/// A spec repo's layers file (`Layers.yml` at the repo's root, docs/graph.md): the layers from the
/// bottom up, the components in each (names or `*`/`?` globs), and which layers each layer may
/// depend on. Without an `allow:` section a layer may depend on every layer below it and on its
/// own layer, except a layer named `business` (business components talk through mediators).
package struct LayersFile: Sendable, Equatable {
    package struct Layer: Sendable, Equatable {
        package let name: String
        /// Names and globs, in file order.
        package let patterns: [String]
        /// 1-based line of the layer's entry.
        package let line: Int
    }

    /// The file's name at the spec repo's root.
    package static let fileName = "Layers.yml"

    /// Bottom first.
    package let layers: [Layer]
    /// Layer → the layers it may depend on.
    package let allowed: [String: Set<String>]
    /// Problems met while reading the file: errors of rule `graph-layers-file` at their line of
    /// `Layers.yml` (`LayerRules.check` shows the file where the repo is).
    package let problems: [Finding]

    package static func == (lhs: LayersFile, rhs: LayersFile) -> Bool {
        lhs.layers == rhs.layers && lhs.allowed == rhs.allowed
    }

    /// Reads the layers file of the repo at `root`; nil when it has none (or it is a symlink).
    package static func read(repoRoot root: URL) -> LayersFile? {
        let path = root.appendingPathComponent(fileName).path
        guard FileKind.of(path) == .file, let data = FileManager.default.contents(atPath: path) else { return nil }
        return LayersFile(text: String(decoding: data, as: UTF8.self))
    }

    /// Reads the format with Yams: a `layers:` mapping of `name: A, B*, C` (or `name: [A, B*]`, or a
    /// block list) entries, bottom first (a list of one-entry mappings is read too), and an optional
    /// `allow:` mapping of `layer: lower, other` entries. Lines come from Yams' marks; a file Yams
    /// cannot read (bad YAML, a key written twice) is one problem at the line Yams names.
    package init(text: String) {
        var layers: [Layer] = []
        var allowLines: [(layer: String, targets: [String], line: Int)] = []
        var problems: [(Int, String)] = []
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            root = nil
            problems.append((YAMLProblem.line(of: error), "not YAML: \(YAMLProblem.problem(of: error))"))
        }
        /// `A, B*`, `[A, B*]`, a block list, or nothing.
        func names(_ value: Node, line: Int) -> [String] {
            if let list = value.sequence {
                return list.compactMap { item in
                    guard let name = item.string else {
                        problems.append((item.mark?.line ?? line, "expected a component name or pattern"))
                        return nil
                    }
                    return name.trimmingCharacters(in: .whitespaces)
                }.filter { !$0.isEmpty }
            }
            if let text = value.string {
                // `A, "B*"`: one YAML string of names, each may be quoted.
                return text.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                }.filter { !$0.isEmpty }
            }
            if value.null == nil { problems.append((line, "expected names separated by commas, or a list")) }
            return []
        }
        /// The `name: value` entries of a section: a mapping, or a list of one-entry mappings.
        func entries(_ section: Node, line: Int) -> [(key: Node, value: Node)] {
            if let mapping = section.mapping { return mapping.map { ($0.key, $0.value) } }
            if let list = section.sequence {
                return list.flatMap { item -> [(key: Node, value: Node)] in
                    guard let mapping = item.mapping else {
                        problems.append((item.mark?.line ?? line, "expected `name: value`"))
                        return []
                    }
                    return mapping.map { ($0.key, $0.value) }
                }
            }
            if section.null == nil { problems.append((line, "expected `name: value` entries")) }
            return []
        }
        if let root {
            if let sections = root.mapping {
                for (key, value) in sections {
                    let line = key.mark?.line ?? 1
                    let name = key.string ?? ""
                    switch name {
                    case "layers":
                        for (layerKey, patterns) in entries(value, line: line) {
                            let layerLine = layerKey.mark?.line ?? line
                            let layer = layerKey.string ?? ""
                            if layers.contains(where: { $0.name == layer }) {
                                problems.append((layerLine, "the layer `\(layer)` is declared twice"))
                            } else {
                                layers.append(
                                    Layer(name: layer, patterns: names(patterns, line: layerLine), line: layerLine))
                            }
                        }
                    case "allow":
                        for (layerKey, targets) in entries(value, line: line) {
                            let layerLine = layerKey.mark?.line ?? line
                            allowLines.append((layerKey.string ?? "", names(targets, line: layerLine), layerLine))
                        }
                    default:
                        problems.append((line, "unknown section `\(name)`; the file has `layers:` and `allow:`"))
                    }
                }
            } else if root.null == nil {
                problems.append((root.mark?.line ?? 1, "expected the sections `layers:` and `allow:`"))
            }
        }
        var allowed: [String: Set<String>] = [:]
        for (index, layer) in layers.enumerated() {
            var lower = Set(layers[..<index].map(\.name))
            if layer.name != "business" { lower.insert(layer.name) }
            allowed[layer.name] = lower
        }
        let names = Set(layers.map(\.name))
        for entry in allowLines {
            for name in [entry.layer] + entry.targets where !names.contains(name) {
                problems.append((entry.line, "`\(name)` is not a layer of the `layers:` section"))
            }
            allowed[entry.layer] = Set(entry.targets)
        }
        self.layers = layers
        self.allowed = allowed
        self.problems = problems.map { line, message in
            Finding(
                severity: .error, ruleID: LayerRules.Rule.layersFile, message: "\(Self.fileName): \(message).",
                file: Self.fileName, line: line, column: 1)
        }
    }

    private init(layers: [Layer], allowed: [String: Set<String>], problems: [Finding]) {
        self.layers = layers
        self.allowed = allowed
        self.problems = problems
    }

    /// Several spec repos' layers files as one (an app's pods come from several repos): layers in
    /// the order met (a layer's patterns and allowed targets joined across files), problems dropped
    /// (each repo's own check reports them). Nil for no files.
    package static func merged(_ files: [LayersFile]) -> LayersFile? {
        guard var result = files.first else { return nil }
        for file in files.dropFirst() {
            var layers = result.layers
            for layer in file.layers {
                if let index = layers.firstIndex(where: { $0.name == layer.name }) {
                    layers[index] = Layer(
                        name: layer.name, patterns: layers[index].patterns + layer.patterns, line: layers[index].line)
                } else {
                    layers.append(layer)
                }
            }
            result = LayersFile(
                layers: layers, allowed: result.allowed.merging(file.allowed) { $0.union($1) }, problems: [])
        }
        return LayersFile(layers: result.layers, allowed: result.allowed, problems: [])
    }

    /// This file with an app's targets in the layer `app` at the top (the layer is added when the
    /// file has none), allowed to depend on every other layer.
    package func addingApp(_ targets: [String]) -> LayersFile {
        var layers = self.layers
        var allowed = self.allowed
        if let index = layers.firstIndex(where: { $0.name == "app" }) {
            layers[index] = Layer(name: "app", patterns: targets + layers[index].patterns, line: layers[index].line)
        } else {
            layers.append(Layer(name: "app", patterns: targets, line: 0))
            allowed["app"] = Set(self.layers.map(\.name))
        }
        return LayersFile(layers: layers, allowed: allowed, problems: problems)
    }

    /// The layers file in `directory` or the nearest folder above it that has one (a spec repo
    /// checkout), or nil.
    package static func nearest(from directory: URL) -> URL? {
        var folder = directory.standardizedFileURL
        while true {
            let file = folder.appendingPathComponent(fileName)
            if FileKind.of(file.path) == .file { return file }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// `text` (a layers file) with `component` added to the layer `layer`: appended to the layer's
    /// line, or a new `  layer: component` line at the end of the `layers:` section (before
    /// `allow:`; a `layers:` section is started when the file has none). Nil when the component is in
    /// that layer already (by name or glob).
    /// What `record(_:from:)` did.
    package enum Recording: Equatable {
        /// No Layers.yml in the folder or above it.
        case noLayersFile
        /// `added` (`Name → layer`) were written into `file` (none when each was placed already).
        case recorded(file: URL, added: [String])
        /// `file` could not be replaced; it is as it was.
        case unwritable(file: URL, added: [String], message: String)
    }

    /// Records each of `components` in the layer named like its kind, in the Layers.yml nearest to
    /// `directory` (`nearest(from:)`), replacing the file atomically.
    package static func record(_ components: [(name: String, layer: String)], from directory: URL) -> Recording {
        guard let file = nearest(from: directory) else { return .noLayersFile }
        var text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var added: [String] = []
        for component in components {
            guard let updated = recording(component.name, inLayer: component.layer, text: text) else { continue }
            text = updated
            added.append("\(component.name) → \(component.layer)")
        }
        guard !added.isEmpty else { return .recorded(file: file, added: []) }
        do {
            try AtomicFile.write(Data(text.utf8), to: file)
        } catch {
            return .unwritable(file: file, added: added, message: error.message)
        }
        return .recorded(file: file, added: added)
    }

    package static func recording(_ component: String, inLayer layer: String, text: String) -> String? {
        let file = LayersFile(text: text)
        if let entry = file.layers.first(where: { $0.name == layer }),
            entry.patterns.contains(where: { $0 == component || matches(component, glob: $0) })
        {
            return nil
        }
        var lines = text.components(separatedBy: "\n")
        if let entry = file.layers.first(where: { $0.name == layer }) {
            var line = lines[entry.line - 1]
            var comment = ""
            if let hash = line.firstIndex(of: "#") {
                comment = " " + String(line[hash...])
                line = String(line[..<hash])
            }
            line = line.trimmingCharacters(in: .whitespaces).hasSuffix(":") ? line + " " : line
            let trimmed = line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            let joined: String
            if trimmed.hasSuffix("]") {
                let open = String(trimmed.dropLast())
                joined = open + (open.hasSuffix("[") ? "" : ", ") + component + "]"
            } else {
                joined = trimmed + (trimmed.hasSuffix(":") ? " " : ", ") + component
            }
            var edited = lines
            edited[entry.line - 1] = joined + comment
            let updated = edited.joined(separator: "\n")
            if LayersFile(text: updated).layer(of: component) == layer,
                LayersFile(text: updated).problems.count <= file.problems.count
            {
                return updated
            }
            // The entry's value is one YAML can't take a `, Name` after (a quoted string, a block
            // list): it is written again as a flow list of its patterns, each quoted.
            let key = lines[entry.line - 1]
            let prefix = key.prefix { $0 == " " || $0 == "\t" || $0 == "-" }
            let quoted = (entry.patterns + [component]).map { "\"\($0)\"" }.joined(separator: ", ")
            var end = entry.line
            let depth = key.prefix { $0 == " " || $0 == "\t" }.count
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).isEmpty,
                lines[end].prefix(while: { $0 == " " || $0 == "\t" }).count > depth
            {
                end += 1
            }
            lines.replaceSubrange((entry.line - 1)..<end, with: ["\(prefix)\(layer): [\(quoted)]"])
            return lines.joined(separator: "\n")
        }
        guard let section = lines.firstIndex(where: { $0.hasPrefix("layers:") }) else {
            let body = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
            return body + "layers:\n  \(layer): \(component)\n"
        }
        var insert = section + 1
        var index = section + 1
        func indented(_ line: String) -> Bool { line.first == " " || line.first == "\t" }
        while index < lines.count, lines[index].isEmpty || indented(lines[index]) || lines[index].hasPrefix("#") {
            if indented(lines[index]) { insert = index + 1 }
            index += 1
        }
        lines.insert("  \(layer): \(component)", at: insert)
        return lines.joined(separator: "\n")
    }

    /// The layer `component` belongs to: the first layer (bottom up) with an exact name, else the
    /// first with a matching glob; nil when none.
    package func layer(of component: String) -> String? {
        if let exact = layers.first(where: { $0.patterns.contains(component) }) { return exact.name }
        return layers.first { $0.patterns.contains { Self.matches(component, glob: $0) } }?.name
    }

    /// Whether `from`'s layer may depend on `to`'s layer.
    package func allows(_ from: String, _ to: String) -> Bool {
        allowed[from]?.contains(to) ?? false
    }

    /// Whether `name` matches `glob`: `*` any run of characters, `?` one character, `[abc]` one of a
    /// set, `{a,b}` alternatives (Support's `FilePattern`, the glob of source patterns too).
    static func matches(_ name: String, glob: String) -> Bool {
        FilePattern(glob).matches(name)
    }
}

/// The layering rules over a `ComponentGraph` (docs/graph.md): cycles, forbidden directions, the
/// Stable Dependencies Principle, unlayered components.
package enum LayerRules {
    /// The rule ids of the layering findings (Lint's catalog).
    package typealias Rule = RuleCatalog.Graph

    /// What a file path relative to the repo's root is prefixed with: `displayRoot` and a slash.
    static func displayPrefix(_ displayRoot: String) -> String {
        displayRoot.isEmpty || displayRoot == "." ? "" : (displayRoot.hasSuffix("/") ? displayRoot : displayRoot + "/")
    }

    /// Every finding of the rules over `graph` with `layers` (nil: only cycles and stability are
    /// checked); files are shown with `displayRoot` in place of the repo's root.
    package static func check(_ graph: ComponentGraph, layers: LayersFile?, displayRoot: String) -> [Finding] {
        let prefix = displayPrefix(displayRoot)
        var findings: [Finding] = []
        if let layers {
            for problem in layers.problems {
                findings.append(
                    problem.located(
                        .init(file: prefix + LayersFile.fileName, line: problem.line, column: problem.column)))
            }
            var unlayered: [String] = []
            for name in graph.components where layers.layer(of: name) == nil { unlayered.append(name) }
            if !unlayered.isEmpty {
                findings.append(
                    Finding(
                        severity: .warning, ruleID: Rule.unlayered,
                        message:
                            "\(unlayered.count) component\(unlayered.count == 1 ? " is" : "s are") in no layer: \(unlayered.prefix(50).joined(separator: ", "))\(unlayered.count > 50 ? ", …" : ""). Add \(unlayered.count == 1 ? "it" : "them") to \(LayersFile.fileName).",
                        file: prefix + LayersFile.fileName, line: 1, column: 1))
            }
            for edge in graph.edges {
                guard let from = layers.layer(of: edge.from), let to = layers.layer(of: edge.to),
                    !layers.allows(from, to)
                else { continue }
                let why =
                    from == to
                    ? "components of the `\(from)` layer do not depend on each other (go through a mediator)"
                    : "the `\(from)` layer may not depend on the `\(to)` layer"
                findings.append(
                    Finding(
                        severity: .error, ruleID: Rule.direction,
                        message:
                            "\(edge.from) (\(from)) → \(edge.to) (\(to)): \(why); allowed from `\(from)`: \(layers.allowed[from, default: []].sorted().joined(separator: ", ")).",
                        file: prefix + edge.file, at: edge.location))
            }
        }
        for cycle in graph.cycles() {
            let edge = graph.edge(from: cycle[0], to: cycle.count > 1 ? cycle[1] : cycle[0])
            findings.append(
                Finding(
                    severity: .error, ruleID: Rule.cycle,
                    message:
                        "Dependency cycle: \((cycle + [cycle[0]]).joined(separator: " → ")). Break it by moving the shared part down a layer or through a mediator.",
                    file: prefix + (edge?.file ?? ""), at: edge?.location ?? .start))
        }
        let instability = graph.instability()
        for edge in graph.edges {
            let a = instability[edge.from] ?? 0
            let b = instability[edge.to] ?? 0
            guard a < b else { continue }
            findings.append(
                Finding(
                    severity: .warning, ruleID: Rule.stableDependencies,
                    message: String(
                        format:
                            "%@ (I = %.2f) depends on the less stable %@ (I = %.2f); depend in the direction of stability.",
                        edge.from, a, edge.to, b),
                    file: prefix + edge.file, at: edge.location))
        }
        return findings
    }
}

extension LayerRules {
    /// "in no spec repo compose knows: …": said of a pod depended on that neither the spec repo nor the
    /// added `otherRepos` hold (repo lint's `repo-unknown-dependency`, `graph-unknown-pod`).
    package static func unknownPodMessage(otherRepos: [String]) -> String {
        let elsewhere =
            otherRepos.isEmpty
            ? "no other spec repo is added" : "nor in the added \(otherRepos.joined(separator: ", "))"
        return
            "in no spec repo compose knows: not in this one, \(elsewhere). Publish it, add the spec repo that has it (`compose repo add`), or fix the name."
    }

    /// `compose graph --check`: the rules over the spec repo at `root` (shown as `displayRoot`),
    /// over the newest version of every component, or every release with `allVersions`. `otherPods`:
    /// the pods of the other spec repos compose knows; a dependency on a pod in neither is
    /// `graph-unknown-pod`.
    package static func run(
        root: URL, displayRoot: String, allVersions: Bool = false,
        otherPods: (repos: [String], names: Set<String>) = ([], [])
    ) throws(LintError) -> LintReport {
        let start = Date()
        guard FileKind.of(root.path) == .directory else {
            throw FileKind.of(root.path) == .missing ? .notFound(path: displayRoot) : .notADirectory(path: displayRoot)
        }
        let graph = ComponentGraph(repository: SpecRepository(root: root), allVersions: allVersions)
        let layers = LayersFile.read(repoRoot: root)
        var remarks: [String] = []
        if layers == nil {
            remarks.append(
                "\(displayRoot) has no \(LayersFile.fileName); only cycles and stability were checked (docs/graph.md).")
        }
        for problem in graph.unreadable {
            remarks.append("\(problem.file) was skipped: \(problem.message)")
        }
        let prefix = displayPrefix(displayRoot)
        let components = Set(graph.components)
        var unknown: [Finding] = []
        for edge in graph.edges where !components.contains(edge.to) && !otherPods.names.contains(edge.to) {
            unknown.append(
                Finding(
                    severity: .warning, ruleID: Rule.unknownPod,
                    message: "\(edge.from) depends on `\(edge.to)`, which is "
                        + unknownPodMessage(otherRepos: otherPods.repos),
                    file: prefix + edge.file, at: edge.location))
        }
        return LintReport(
            command: .graph, findings: check(graph, layers: layers, displayRoot: displayRoot) + unknown,
            fileCount: graph.specCount,
            remarks: remarks, seconds: Date().timeIntervalSince(start))
    }
}
