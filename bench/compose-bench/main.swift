// compose-bench: generates synthetic spec-repo graphs and times compose's solver in-process.
//
//   compose-bench generate layered|adversarial|unsatisfiable --components N --versions V --top T [--seed S]
//       [--dependencies LO-HI --leaves PERCENT]   (layered: dependencies per component, default 2-5;
//                                                 the share of components without any, default 10)
//       writes a graph to standard output, one tab-separated line per top-level requirement or version:
//       T <tab> Name <tab> ~> 1.0,< 1.5
//       V <tab> Name <tab> 1.0.0 <tab> Dep=~> 1.2,< 2.0|Other=>= 1.0
//   compose-bench solve GRAPH.txt [--runs R] [--explain FILE]
//       resolves it R times and prints one JSON line with the median and minimum wall time.

import Foundation
import Resolution
import Specs

struct Graph {
    /// Name → versions (ascending) with their dependencies.
    var packages: [String: [(version: String, dependencies: [(String, [String])])]] = [:]
    var top: [(String, [String])] = []

    func text() -> String {
        var lines: [String] = []
        for (name, requirements) in top { lines.append("T\t\(name)\t\(requirements.joined(separator: ","))") }
        for name in packages.keys.sorted() {
            for entry in packages[name]! {
                let dependencies = entry.dependencies.map { "\($0.0)=\($0.1.joined(separator: ","))" }.joined(
                    separator: "|")
                lines.append("V\t\(name)\t\(entry.version)\t\(dependencies)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Versions `1.0.0, 1.1.0, 1.2.0, 1.3.0, 2.0.0, …`: four minors per major.
func versionString(_ index: Int) -> String { "\(index / 4 + 1).\(index % 4).0" }
func pessimistic(_ index: Int) -> String { "~> \(index / 4 + 1).\(index % 4)" }

struct Generator {
    var rng: SeededGenerator

    /// Components in layers (base, services, business, mediators); each depends on 2–5 components
    /// of lower layers with `~> M.m` requirements. A hidden witness selection is consistent, so the
    /// graph is satisfiable; other versions' requirements drift, so choices interact.
    mutating func layered(
        components: Int, versions: Int, top: Int, prefix: String = "C", dependencies: ClosedRange<Int> = 2...5,
        leavesPercent: Int = 10
    ) -> Graph {
        var graph = Graph()
        let names = (0..<components).map { "\(prefix)\($0)" }
        let witness = names.map { _ in versions - 1 - Int.random(in: 0...min(2, versions - 1), using: &rng) }
        for (i, name) in names.enumerated() {
            // Layer boundaries: the first tenth are leaves.
            let lower = i < max(1, components * leavesPercent / 100) ? 0 : i
            var list: [(String, [(String, [String])])] = []
            let dependencyCount = lower == 0 ? 0 : Int.random(in: dependencies, using: &rng)
            let dependees = (0..<dependencyCount).map { _ in Int.random(in: 0..<lower, using: &rng) }
            let unique = Array(Set(dependees)).sorted()
            for v in 0..<versions {
                var dependencies: [(String, [String])] = []
                for d in unique {
                    let target: Int
                    if v == witness[i] {
                        target = witness[d] - witness[d] % 4 + Int.random(in: 0...(witness[d] % 4), using: &rng)
                        dependencies.append((names[d], [pessimistic(min(target, witness[d]))]))
                        continue
                    }
                    target = max(0, min(versions - 1, v + Int.random(in: -3...1, using: &rng)))
                    dependencies.append((names[d], [pessimistic(target)]))
                }
                list.append((versionString(v), dependencies))
            }
            graph.packages[name] = list
        }
        let chosen = Array(names.indices.shuffled(using: &rng).prefix(top)).sorted()
        graph.top = chosen.map { (names[$0], ["~> \(witness[$0] / 4 + 1).0"]) }
        return graph
    }

    /// Components with 0–4 dependencies each on any earlier component (no layers, no hidden
    /// solution), every version requiring `>= M.0` (three in four) or `~> M.0` of a random major of
    /// each: what a graph looks like when nobody planned it. It may have no solution; both
    /// resolvers must agree.
    mutating func random(components: Int, versions: Int, top: Int) -> Graph {
        var graph = Graph()
        let names = (0..<components).map { "C\($0)" }
        for (i, name) in names.enumerated() {
            let count = i == 0 ? 0 : Int.random(in: 0...4, using: &rng)
            let dependees = Array(Set((0..<count).map { _ in Int.random(in: 0..<i, using: &rng) })).sorted()
            var list: [(String, [(String, [String])])] = []
            for v in 0..<versions {
                let dependencies = dependees.map { d -> (String, [String]) in
                    let target = Int.random(in: 0..<versions, using: &rng)
                    let form =
                        Int.random(in: 0..<4, using: &rng) == 0
                        ? "~> \(target / 4 + 1).0" : ">= \(target / 8 + 1).0"
                    return (names[d], [form])
                }
                list.append((versionString(v), dependencies))
            }
            graph.packages[name] = list
        }
        let chosen = Array(names.indices.shuffled(using: &rng).prefix(top)).sorted()
        graph.top = chosen.map { (names[$0], [">= 1.0"]) }
        return graph
    }

    /// A conflict discovered far from its cause: the top level needs `Anchor` and `k` independent
    /// pods `Filler0…`, and `Late`, whose every version depends on `Deep`, whose every version
    /// needs the oldest `Anchor`. Chronological backtracking retries every combination of the
    /// fillers (versions^k) before it reconsiders `Anchor`.
    /// With `solvable: false`, `Deep` needs an `Anchor` older than any there is: no solution.
    mutating func adversarial(fillers: Int, versions: Int, solvable: Bool = true) -> Graph {
        var graph = Graph()
        graph.packages["Anchor"] = (0..<versions).map { (versionString($0), []) }
        for f in 0..<fillers {
            graph.packages["Filler\(f)"] = (0..<versions).map { v in
                (versionString(v), f + 1 < fillers ? [("Filler\(f + 1)", [">= 1.0"])] : [])
            }
        }
        graph.packages["Late"] = (0..<versions).map { (versionString($0), [("Deep", [">= 1.0"])]) }
        graph.packages["Deep"] = (0..<versions).map {
            (versionString($0), [("Anchor", [solvable ? "= 1.0.0" : "< 1.0"])])
        }
        graph.top =
            [("Anchor", [">= 1.0"])] + (0..<fillers).map { ("Filler\($0)", [">= 1.0"]) } + [("Zlate", [">= 1.0"])]
        graph.packages["Zlate"] = (0..<versions).map { (versionString($0), [("Late", [">= 1.0"])]) }
        return graph
    }

    /// Random 3-SAT near the hardness threshold (4.26 clauses per variable), written as pods: each
    /// variable is a pod `X<i>` with versions 1.0.0 (false) and 2.0.0 (true); each clause is a
    /// top-level pod whose three versions each make one of its literals true. Solvable exactly when
    /// the formula is; hard for search without learning.
    mutating func satisfiability(variables: Int) -> Graph {
        var graph = Graph()
        for v in 0..<variables { graph.packages["X\(v)"] = [("1.0.0", []), ("2.0.0", [])] }
        let clauses = Int((Double(variables) * 4.26).rounded())
        for c in 0..<clauses {
            var chosen: [Int] = []
            while chosen.count < 3 {
                let v = Int.random(in: 0..<variables, using: &rng)
                if !chosen.contains(v) { chosen.append(v) }
            }
            graph.packages["Clause\(c)"] = chosen.enumerated().map { i, v in
                ("\(i + 1).0.0", [("X\(v)", [Bool.random(using: &rng) ? "= 2.0.0" : "= 1.0.0"])])
            }
            graph.top.append(("Clause\(c)", [">= 1.0"]))
        }
        return graph
    }

    /// A layered graph with two top-level pods whose every version needs, through a middle
    /// layer, incompatible majors of one base pod.
    mutating func unsatisfiable(components: Int, versions: Int, top: Int) -> Graph {
        var graph = layered(components: components, versions: versions, top: top)
        graph.packages["Base"] = (0..<versions).map { (versionString($0), []) }
        graph.packages["MiddleNew"] = (0..<versions).map { (versionString($0), [("Base", ["~> 2.0"])]) }
        graph.packages["MiddleOld"] = (0..<versions).map { (versionString($0), [("Base", ["~> 1.0"])]) }
        let first = graph.top[0].0
        let second = graph.top[graph.top.count / 2].0
        graph.packages[first] = graph.packages[first]!.map {
            ($0.version, $0.dependencies + [("MiddleNew", [">= 1.0"])])
        }
        graph.packages[second] = graph.packages[second]!.map {
            ($0.version, $0.dependencies + [("MiddleOld", [">= 1.0"])])
        }
        return graph
    }
}

struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The graph file as a provider that reads lazily, as a spec repo is read: a name's versions are
/// parsed when the solver first asks for the name, a version's dependencies when it asks for them.
final class GraphProvider: DependencyProvider {
    var raw: [Substring: [(version: Substring, dependencies: Substring)]] = [:]
    var top: [PackageRequirement] = []

    init(_ text: String) throws {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields[0] == "T" {
                let requirements = try RequirementSet(parsing: fields[2].split(separator: ",").map(String.init))
                top.append(
                    PackageRequirement(
                        name: String(fields[1]), requirements: requirements, origin: "Composefile:\(top.count + 1)"))
            } else {
                raw[fields[1], default: []].append((fields[2], fields[3]))
            }
        }
    }

    func availableVersions(of package: String) throws -> [Version] {
        try (raw[Substring(package)] ?? []).map { try Version(String($0.version)) }
    }

    func dependencies(of package: String, at version: Version) throws -> [PackageRequirement] {
        guard let entry = raw[Substring(package)]?.first(where: { $0.version == version.string }) else { return [] }
        return try entry.dependencies.split(separator: "|").map { dependency in
            let parts = dependency.split(separator: "=", maxSplits: 1)
            return PackageRequirement(
                name: String(parts[0]),
                requirements: try RequirementSet(parsing: parts[1].split(separator: ",").map(String.init)))
        }
    }
}

func option(_ name: String, _ arguments: [String], default value: Int) -> Int {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count, let n = Int(arguments[i + 1]) else {
        return value
    }
    return n
}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "generate":
    let kind = arguments.count > 1 ? arguments[1] : "layered"
    let components = option("--components", arguments, default: 50)
    let versions = option("--versions", arguments, default: 5)
    let top = option("--top", arguments, default: 10)
    var generator = Generator(rng: SeededGenerator(state: UInt64(option("--seed", arguments, default: 1))))
    let graph: Graph
    switch kind {
    case "adversarial": graph = generator.adversarial(fillers: components, versions: versions)
    case "sat": graph = generator.satisfiability(variables: components)
    case "adversarial-unsatisfiable":
        graph = generator.adversarial(fillers: components, versions: versions, solvable: false)
    case "unsatisfiable": graph = generator.unsatisfiable(components: components, versions: versions, top: top)
    case "random": graph = generator.random(components: components, versions: versions, top: top)
    default:
        // `--dependencies 0-5 --leaves 40`: each non-leaf component depends on 0 to 5 others, and the
        // first 40 % are leaves (default 2-5 and 10 %).
        let range = arguments.firstIndex(of: "--dependencies").flatMap { i in
            i + 1 < arguments.count ? arguments[i + 1].split(separator: "-").compactMap { Int($0) } : nil
        }
        graph = generator.layered(
            components: components, versions: versions, top: top,
            dependencies: range.flatMap { $0.count == 2 && $0[0] <= $0[1] ? $0[0]...$0[1] : nil } ?? 2...5,
            leavesPercent: option("--leaves", arguments, default: 10))
    }
    print(graph.text())
case "solve":
    let path = arguments[1]
    let runs = option("--runs", arguments, default: 5)
    let provider = try GraphProvider(String(contentsOfFile: path, encoding: .utf8))
    let top = provider.top
    var times: [Double] = []
    var result = ""
    var packages = 0
    var explanation = ""
    for _ in 0..<max(1, runs) {
        let start = now()
        do {
            let solution = try Resolver(provider: provider).resolve(top)
            result = "solved"
            packages = solution.versions.count
        } catch .unsatisfiable(let text) {
            result = "unsatisfiable"
            explanation = text
        } catch {
            result = "error: \(error)"
        }
        times.append(now() - start)
    }
    times.sort()
    if let i = arguments.firstIndex(of: "--explain"), i + 1 < arguments.count {
        try explanation.write(toFile: arguments[i + 1], atomically: true, encoding: .utf8)
    }
    let median = times[times.count / 2] * 1000
    let minimum = times[0] * 1000
    print(
        String(
            format: "{\"result\": \"%@\", \"packages\": %d, \"median_ms\": %.3f, \"min_ms\": %.3f, \"runs\": %d}",
            result, packages, median, minimum, times.count))
case "podspecs":
    // In-process Ruby podspec throughput: every *.podspec of a folder read and converted to JSON text
    // (what `spec convert` prints), `--runs` times; the best run.
    let folder = arguments[1]
    let runs = option("--runs", arguments, default: 5)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".podspec") }.sorted()
    let files = try names.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))) }
    var best = Double.infinity
    var converted = 0
    for _ in 0..<max(1, runs) {
        let start = now()
        converted = 0
        for (name, bytes) in zip(names, files) {
            if let node = try? PodspecReader.readRuby(bytes: bytes, label: name, directory: folder) {
                converted += node.serialized().utf8.count > 0 ? 1 : 0
            }
        }
        best = min(best, now() - start)
    }
    print(
        String(
            format: "{\"podspecs\": %d, \"converted\": %d, \"best_s\": %.4f, \"per_second\": %.0f}", files.count,
            converted, best, Double(files.count) / best))
default:
    FileHandle.standardError.write(
        Data(
            "usage: compose-bench generate KIND [--components N --versions V --top T --seed S] | solve GRAPH.txt [--runs R] [--explain FILE] | podspecs FOLDER [--runs R]\n"
                .utf8))
    exit(64)
}
