import ComposeTestSupport
import Foundation
import Layering
import Lint
import Publishing
import SpecRepos
import SpecReposTestSupport
import Testing

@Suite("Component graph and layering rules")
struct ComponentGraphTests {
    /// Writes `Name/version/Name.podspec.json` with `dependencies` into `root`.
    func writeSpec(_ name: String, _ version: String, dependsOn dependencies: [String], in root: URL) throws {
        let folder = root.appendingPathComponent("\(name)/\(version)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let deps = dependencies.map { "    \"\($0)\": []" }.joined(separator: ",\n")
        let text = """
            {
              "name": "\(name)",
              "version": "\(version)",
              "summary": "\(name).",
              "source": { "git": "https://example.com/\(name).git", "tag": "\(version)" },
              "dependencies": {
            \(deps)
              }
            }

            """
        try Data(text.utf8).write(to: folder.appendingPathComponent("\(name).podspec.json"))
    }

    func plantedRepo() throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory("graph")
        try writeSpec("Logging", "1.0.0", dependsOn: [], in: repo.url)
        try writeSpec("PayMediator", "1.0.0", dependsOn: ["Logging"], in: repo.url)
        try writeSpec("Order", "1.0.0", dependsOn: ["Logging", "PayMediator"], in: repo.url)
        // Planted: business → business.
        try writeSpec("Pay", "1.0.0", dependsOn: ["Logging", "Order"], in: repo.url)
        // Planted: a cycle inside the base layer.
        try writeSpec("Cache", "1.0.0", dependsOn: ["Storage"], in: repo.url)
        try writeSpec("Storage", "1.0.0", dependsOn: ["Cache/Core"], in: repo.url)
        try writeSpec("Orphan", "1.0.0", dependsOn: [], in: repo.url)
        try Data(
            """
            layers:
              base: Logging, Cache, Storage
              mediator: "*Mediator"
              business: Order, Pay

            """.utf8
        ).write(to: repo.url.appendingPathComponent("Layers.yml"))
        return repo
    }

    @Test func namesTheForbiddenEdgeAndTheCycle() throws {
        let repo = try plantedRepo()
        defer { repo.remove() }
        let report = try LayerRules.run(root: repo.url, displayRoot: "specs")
        let direction = report.findings.filter { $0.ruleID == LayerRules.Rule.direction }
        #expect(direction.count == 1)
        #expect(direction.first?.message.hasPrefix("Pay (business) → Order (business)") == true)
        #expect(direction.first?.file == "specs/Pay/1.0.0/Pay.podspec.json")
        #expect(direction.first?.line == 8)
        #expect(direction.first?.column == 5)
        let cycles = report.findings.filter { $0.ruleID == LayerRules.Rule.cycle }
        #expect(cycles.map(\.message).first?.hasPrefix("Dependency cycle: Cache → Storage → Cache.") == true)
        let unlayered = report.findings.filter { $0.ruleID == LayerRules.Rule.unlayered }
        #expect(unlayered.first?.message.contains("Orphan") == true)
        #expect(report.errorCount == 2)
        #expect(!report.passes(allowWarnings: true))
    }

    @Test func theFixturePassesItsLayers() throws {
        let report = try LayerRules.run(
            root: repositoryRoot.appendingPathComponent("spec-repo-fixture"), displayRoot: "spec-repo-fixture")
        #expect(report.errorCount == 0)
        #expect(report.fileCount == 16)
        #expect(report.passes(allowWarnings: true))
    }

    @Test func instabilityIsEfferentOverAllCouplings() {
        let edge = { (from: String, to: String) in ComponentGraph.Edge(from: from, to: to, file: "", location: .start) }
        let graph = ComponentGraph(
            components: ["A", "B", "C"], edges: [edge("A", "B"), edge("A", "C"), edge("B", "C")])
        let instability = graph.instability()
        #expect(instability["A"] == 1)
        #expect(instability["B"] == 0.5)
        #expect(instability["C"] == 0)
        #expect(graph.cycles().isEmpty)
    }

    /// 31 pods of a repo that each use one pod from elsewhere (Alamofire from trunk) stand in a block of
    /// rows, not one row as wide as all of them: Graphviz draws the picture taller than it is wide.
    @Test func manyPodsOnOneOutsidePodStandInRowsNotOneRow() throws {
        let pods = (1...31).map { "Feature\($0)" }
        let graph = ComponentGraph(
            components: pods, edges: pods.map { .init(from: $0, to: "Alamofire", file: "", location: .start) })
        let dot = GraphRendering.render(graph, layers: nil, as: .dot)
        #expect(dot.contains("\"Feature10\" -> \"Alamofire\" [minlen=2];"), "\(dot)")
        #expect(dot.contains("\"Feature1\" -> \"Alamofire\";"))
        let folder = try TemporaryDirectory("graph-rows")
        defer { folder.remove() }
        let svg = folder.url.appendingPathComponent("graph.svg")
        try GraphRendering.draw(dot, format: "svg", to: svg, searchPath: nil)
        let text = try String(contentsOf: svg, encoding: .utf8)
        func points(_ name: String) -> Double? {
            guard let range = text.range(of: " \(name)=\"") else { return nil }
            return Double(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        let width = try #require(points("width"))
        let height = try #require(points("height"))
        #expect(width < 3 * height, "\(width) x \(height)")
    }

    @Test func namesCannotInjectDotOrMermaidSyntax() {
        let hostile = "A\"]; evil -> x [label=\"\\"
        let graph = ComponentGraph(
            components: [hostile, "B"], edges: [.init(from: hostile, to: "B", file: "", location: .start)])
        let dot = GraphRendering.render(graph, layers: nil, as: .dot)
        // Outside dot's quoted strings (honouring backslash escapes) nothing of the name is left.
        var outside = ""
        var quoted = false
        var escaped = false
        for character in dot {
            if quoted {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted = false
                }
            } else if character == "\"" {
                quoted = true
            } else {
                outside.append(character)
            }
        }
        #expect(!outside.contains("evil"))
        #expect(dot.contains("\"A\\\"]; evil -> x [label=\\\"\\\\\""))
        let mermaid = GraphRendering.render(graph, layers: nil, as: .mermaid)
        #expect(!mermaid.contains("evil -> x") && !mermaid.contains("A\""))
    }

    @Test func layersFileProblemsNameTheirLine() {
        let layers = LayersFile(text: "layers:\n  base: A\nallow:\n  base: nowhere\nextra: 1\n")
        #expect(layers.problems.compactMap(\.line).sorted() == [4, 5])
        #expect(layers.layer(of: "A") == "base")
        // A key written twice is a YAML error (Yams refuses the file), at the line Yams names.
        let twice = LayersFile(text: "layers:\n  base: A\n  base: B\n")
        #expect(twice.problems.count == 1)
        #expect(twice.problems.first?.message.contains("written twice (base)") == true, "\(twice.problems)")
        #expect(twice.problems.first.map { [2, 3].contains($0.line) } == true, "\(twice.problems)")
        // So is a layer named twice in the list form.
        let listed = LayersFile(text: "layers:\n  - base: A\n  - base: B\n")
        #expect(listed.problems.map(\.line) == [3])
    }

    /// A Layers.yml problem reaches `graph --check`'s report as a finding of its rule, at its line of
    /// the file where the repo is, in every format.
    @Test func aLayersFileProblemIsAFindingAtItsLine() {
        let edge = ComponentGraph.Edge(from: "A", to: "B", file: "A/1.0/A.podspec.json", location: .start)
        let graph = ComponentGraph(components: ["A", "B"], edges: [edge])
        let layers = LayersFile(text: "layers:\n  base: A, B\nallow:\n  base: nowhere\n")
        let findings = LayerRules.check(graph, layers: layers, displayRoot: "specs")
            .filter { $0.ruleID == LayerRules.Rule.layersFile }
        #expect(findings.map(\.location) == [.init(file: "specs/Layers.yml", line: 4, column: 1)])
        let report = LintReport(command: .graph, findings: findings, fileCount: 1)
        #expect(
            report.rendered(as: .human, allowWarnings: false).hasPrefix(
                "specs/Layers.yml:4:1: error: Layers.yml: `nowhere` is not a layer of the `layers:` section. [graph-layers-file]\n"
            ))
        #expect(
            report.rendered(as: .github, allowWarnings: false).hasPrefix(
                "::error file=specs/Layers.yml,line=4,col=1,title=graph-layers-file::Layers.yml: `nowhere`"))
        #expect(report.rendered(as: .json, allowWarnings: false).contains(#""file" : "specs/Layers.yml""#))
    }

    /// Every YAML spelling of a list is read: `A, B`, flow `[A, B]`, a block list, quoted names; and the
    /// layers as a list of one-entry mappings.
    @Test func layersFileReadsEveryYAMLSpellingOfAList() {
        let layers = LayersFile(
            text: """
                # bottom first
                layers:
                  - base: Core*, "Logging"
                  - feature:
                      - Pay
                      - 'Shop?'
                  - app: [App]
                allow:
                  app: [feature, base]
                """)
        #expect(layers.problems.isEmpty, "\(layers.problems)")
        #expect(layers.layers.map(\.name) == ["base", "feature", "app"])
        #expect(layers.layers.map(\.patterns) == [["Core*", "Logging"], ["Pay", "Shop?"], ["App"]])
        #expect(layers.layers.map(\.line) == [3, 4, 7])
        #expect(layers.allowed["app"] == ["feature", "base"])
        #expect(layers.allowed["feature"] == ["base", "feature"])
        #expect(layers.layer(of: "CoreKit") == "base" && layers.layer(of: "Shop1") == "feature")
    }
}

@Suite("Repo lint runs the layering rules")
struct RepoLintLayersTests {
    @Test func repoLintNamesTheForbiddenEdgeAndTheCycle() async throws {
        let repo = try ComponentGraphTests().plantedRepo()
        defer { repo.remove() }
        let report = try await RepoLinter.run(root: repo.url, displayRoot: "specs")
        let rules = Set(report.findings.map(\.ruleID))
        #expect(rules.contains(LayerRules.Rule.direction))
        #expect(rules.contains(LayerRules.Rule.cycle))
        #expect(!rules.contains(LayerRules.Rule.stableDependencies))
    }
}

@Suite("Publish keeps the layering rules")
struct PublishLayersTests {
    @Test func aReleaseBreakingTheLayersIsRefusedUnlessAllowed() throws {
        let world = try PublishWorld(
            "publish-layers",
            specs: ["README.md": "specs\n", "Layers.yml": "layers:\n  base: Logging\n  business: Order, Pay\n"])
        defer { world.stop() }
        let publisher = Publisher(store: SpecRepoStore(home: try world.home()))
        _ = try publisher.publish(repo: "specs", componentDirectory: try world.component("Order", version: "1.0.0"))
        let work = try world.component("Pay", version: "1.0.0")
        let text = world.podspec("Pay", version: "1.0.0")
            .replacingOccurrences(of: "\"platforms\"", with: "\"dependencies\": {\"Order\": []},\n  \"platforms\"")
        try Data(text.utf8).write(to: work.appendingPathComponent("Pay.podspec.json"))
        try runGit(["commit", "-q", "-am", "Pay depends on Order"], in: work)
        try runGit(["push", "-q", "origin", "HEAD:main"], in: work)

        var refusal = ""
        do {
            _ = try publisher.publish(repo: "specs", componentDirectory: work)
        } catch {
            refusal = error.description
        }
        #expect(refusal.contains("Pay (business) → Order (business)"), "\(refusal)")
        #expect(try !world.remoteHasSpec("Pay", "1.0.0"))

        var options = PublishOptions()
        options.allowLayerViolations = true
        let allowed = try publisher.publish(repo: "specs", componentDirectory: work, options: options)
        #expect(allowed.commitMessage?.contains("--allow-layer-violations") == true)
        #expect(try world.remoteHasSpec("Pay", "1.0.0"))
    }
}

@Suite struct LayersFileRecordingTests {
    @Test func aComponentIsAddedToItsLayerOnceAndANewLayerLineGoesInTheLayersSection() throws {
        let text = "# layers\nlayers:\n  base: Logging  # the bottom\n  business: [Pay]\nallow:\n  business: base\n"
        let added = try #require(LayersFile.recording("Kit", inLayer: "base", text: text))
        #expect(
            added
                == "# layers\nlayers:\n  base: Logging, Kit # the bottom\n  business: [Pay]\nallow:\n  business: base\n"
        )
        #expect(LayersFile.recording("Kit", inLayer: "base", text: added) == nil)
        let bracket = try #require(LayersFile.recording("Order", inLayer: "business", text: text))
        #expect(bracket.contains("  business: [Pay, Order]\n"))
        let newLayer = try #require(LayersFile.recording("Router", inLayer: "core", text: text))
        #expect(newLayer.contains("  business: [Pay]\n  core: Router\nallow:"))
        #expect(LayersFile(text: newLayer).layer(of: "Router") == "core")
        #expect(LayersFile.recording("Kit", inLayer: "base", text: "") == "layers:\n  base: Kit\n")
    }

    /// A quoted glob or a block list takes no `, Name` after it: the entry becomes a flow list, and the
    /// file stays YAML that reads back with the component in its layer.
    @Test func aQuotedOrBlockListEntryBecomesAFlowList() throws {
        let quoted = "layers:\n  mediator: \"*Mediator\"\n  business: Pay\n"
        let added = try #require(LayersFile.recording("Router", inLayer: "mediator", text: quoted))
        #expect(added == "layers:\n  mediator: [\"*Mediator\", \"Router\"]\n  business: Pay\n")
        #expect(LayersFile(text: added).problems.isEmpty)
        let block = "layers:\n  - base:\n      - Logging\n      - Core*\n  - app: App\n"
        let list = try #require(LayersFile.recording("Kit", inLayer: "base", text: block))
        #expect(list == "layers:\n  - base: [\"Logging\", \"Core*\", \"Kit\"]\n  - app: App\n")
        #expect(LayersFile(text: list).layer(of: "Kit") == "base" && LayersFile(text: list).layer(of: "App") == "app")
    }
}
