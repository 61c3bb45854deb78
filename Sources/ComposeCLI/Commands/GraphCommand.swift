import ArgumentParser
import Foundation
import Layering
import Project
import SpecRepos
import Specs
import Support

struct GraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw a spec repository's or an app's component graph, or check its layering rules.",
        discussion: """
            Reads the newest version of every component of a spec repository (a folder, or an \
            added repository with --repo) and its Layers.yml (docs/graph.md). With --check, \
            reports dependency cycles (graph-cycle), dependencies between layers that Layers.yml \
            forbids (graph-layer-direction, naming the spec file and the line of the dependency), \
            dependencies on less stable components (graph-stable-dependencies, I = Ce / (Ca + Ce)), \
            components in no layer (graph-unlayered) and dependencies on a pod in no spec repo \
            compose knows, this one or an added one (graph-unknown-pod). Otherwise prints the graph: \
            dot and mermaid (layers as clusters, forbidden edges in red, instability on each node, \
            components with no dependency either way apart in a grid, pods missing from the spec \
            repo dashed and grey), json, or svg/png drawn by Graphviz's `dot` into --output.

            With --project, or in an app's folder (a Composefile or Podfile and no podspecs), the \
            graph is an app's: its Composefile targets (in the layer `app`) \
            and every pod of its Compose.lock (resolved without writing when there is no lock), \
            in the layers of the Layers.yml of the spec repos they come from.

            Examples:
              compose graph --check spec-repo-fixture
              compose graph --check --repo specs --format github
              compose graph spec-repo-fixture --format png --output graph.png
              compose graph spec-repo-fixture --focus Pay --depth 1 --format mermaid
              compose graph --project ShopApp --check
              compose graph --project ShopApp --format png --output app.png

            Exit codes: 0 ok, 1 a rule failed (or bad input), 3 Graphviz missing or failing, 64 usage error.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case human, json, github, dot, mermaid, svg, png
    }

    @Argument(help: "The root folder of a spec repository. (default: the current folder)", completion: .directory)
    var directory: String?

    @Option(
        help: "An added spec repository (a name from `compose repo list`) instead of a folder.",
        completion: .specRepoNames)
    var repo: String?

    @Option(
        help: ArgumentHelp(
            "An app's project folder (Composefile and Compose.lock) instead of a spec repository.", valueName: "dir"),
        completion: .directory)
    var project: String?

    @OptionGroup var environment: AllowEnvOptions

    @Flag(help: "Check the layering rules instead of drawing the graph.")
    var check = false

    @Flag(help: "Every release of every component, not only the newest.")
    var allVersions = false

    @Option(help: "Output: dot (default), mermaid, json, svg, png; with --check: human (default), json, github.")
    var format: Format?

    @Option(help: "The file svg and png are written to.")
    var output: String?

    @Option(help: "Draw only the components within --depth dependencies of this one.")
    var focus: String?

    @Option(help: "How far from --focus to draw.")
    var depth: Int = 1

    @Flag(help: "With --check: pass even when there are warnings.")
    var allowWarnings = false

    func validate() throws {
        if [repo != nil, directory != nil, project != nil].filter({ $0 }).count > 1 {
            throw ValidationError("Give one of a spec repo folder, --repo NAME or --project DIR.")
        }
        if project != nil && allVersions { throw ValidationError("--all-versions reads a spec repo, not --project.") }
        if depth < 0 { throw ValidationError("--depth must be 0 or more.") }
        let reportFormats: [Format] = [.human, .json, .github]
        if check, let format, !reportFormats.contains(format) {
            throw ValidationError("--check prints a report: --format human, json or github.")
        }
        if !check, let format, [.human, .github].contains(format) {
            throw ValidationError(
                "The graph is drawn as dot, mermaid, json, svg or png; --format \(format.rawValue) goes with --check.")
        }
        if !check, format == .svg || format == .png, output == nil {
            throw ValidationError("--format \(format!.rawValue) writes a file: give --output FILE.")
        }
    }

    func run() async throws {
        if let project = project ?? appFolder() {
            let projectGraph = try resolveService(project: project, allowing: environment.allowed).projectGraph()
            if check {
                try reportOptions.emit(projectGraph.check())
            } else {
                try draw(projectGraph.graph, layers: projectGraph.layers, shown: project)
            }
            return
        }
        let root: URL
        let shown: String
        if let repo {
            root = try Terminal.store.directory(of: repo)
            shown = root.path
        } else {
            root = Terminal.fileURL(directory)
            shown = directory ?? "."
        }
        if check {
            let report = try LayerRules.run(
                root: root, displayRoot: shown, allVersions: allVersions,
                otherPods: Terminal.store.otherPods(than: root))
            // "Linted 0 specs … Passed." would say a check happened.
            guard report.fileCount > 0 else { throw GraphError.noSpecs(shown) }
            try reportOptions.emit(report)
            return
        }
        guard FileManager.default.fileExists(atPath: root.path) else { throw GraphError.notFound(shown) }
        let graph = ComponentGraph(repository: SpecRepository(root: root), allVersions: allVersions)
        guard graph.specCount > 0 else { throw GraphError.noSpecs(shown) }
        try draw(graph, layers: LayersFile.read(repoRoot: root), shown: shown)
    }

    /// The folder given (or the current one) when it is an app's (a Composefile or Podfile) and not a
    /// spec repo: `compose graph` there draws the app.
    func appFolder() -> String? {
        guard repo == nil else { return nil }
        let root = Terminal.fileURL(directory)
        guard
            ["Composefile", "Podfile"].contains(where: { FileKind.of(root.appendingPathComponent($0).path) == .file })
        else { return nil }
        return ComponentGraph(repository: SpecRepository(root: root)).specCount == 0 ? root.path : nil
    }

    var reportOptions: ReportOptions {
        ReportOptions.parseOrExit(
            (allowWarnings ? ["--allow-warnings"] : []) + ["--format", format?.rawValue ?? "human"])
    }

    func draw(_ graph: ComponentGraph, layers: LayersFile?, shown: String) throws {
        var graph = graph
        if let focus {
            guard graph.components.contains(focus) else { throw GraphError.noComponent(focus, shown) }
            graph = graph.focused(on: focus, depth: depth)
        }
        switch format ?? .dot {
        case .mermaid: Terminal.standardOutput.write(GraphRendering.render(graph, layers: layers, as: .mermaid))
        case .json: Terminal.standardOutput.write(GraphRendering.render(graph, layers: layers, as: .json))
        case .svg, .png:
            let text = GraphRendering.render(graph, layers: layers, as: .dot)
            try GraphRendering.draw(
                text, format: (format ?? .svg).rawValue, to: Terminal.fileURL(output, isDirectory: false),
                searchPath: Terminal.environment["PATH"])
            Terminal.standardError.write(
                "Wrote \(output ?? "") (\(counted(graph.components.count, "component")), \(graph.edges.count) dependenc\(graph.edges.count == 1 ? "y" : "ies")).\n"
            )
        default: Terminal.standardOutput.write(GraphRendering.render(graph, layers: layers, as: .dot))
        }
    }
}
