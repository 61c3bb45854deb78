import Foundation
import Git
import Layering
import Lint
import SpecRepos
import Specs

/// One pod of the catalogue: what its page and the index show.
package struct CatalogueEntry: Sendable {
    package struct Release: Sendable, Equatable {
        package let version: String
        /// When the commit that added its spec file was made (seconds since 1970), nil when git does not say.
        package let addedAt: Int64?
    }

    package struct Dependency: Sendable, Equatable {
        /// As the spec writes it (`Root` or `Root/Sub`).
        package let name: String
        package let root: String
        package let requirement: String
    }

    package let name: String
    /// Newest first.
    package var releases: [Release]
    /// Why the newest spec could not be read; the fields below are then empty.
    package var unreadable: String?
    package var summary: String?
    package var description: String?
    package var homepage: String?
    package var license: String?
    package var authors: [(name: String, email: String?)] = []
    package var gitURL: String?
    package var tag: String?
    package var platforms: [String] = []
    package var deprecated = false
    package var inFavorOf: String?
    package var dependencies: [Dependency] = []
    /// Pods whose newest spec depends on this one, sorted.
    package var dependents: [String] = []
    package var layer: String?
    /// Layering findings about this pod's newest spec, as `repo lint` words them.
    package var findings: [String] = []
    package var readme: Readme = .notFetched
    /// The newest spec file, relative to the repo's root.
    package var specFile: String?

    package var newest: String { releases.first?.version ?? "" }
}

/// What the catalogue knows of a component's README.
package enum Readme: Sendable, Equatable {
    /// The export was not asked to fetch READMEs.
    case notFetched
    /// The spec names no git repository and tag (or commit).
    case noSource
    /// The repository could not be reached or has no such tag: why.
    case unreachable(String)
    /// The repository at the tag has no README file.
    case missing
    case text(file: String, contents: String)
}

/// A spec repo read for the catalogue.
package struct Catalogue: Sendable {
    /// Sorted by name.
    package var entries: [CatalogueEntry]
    package let graph: ComponentGraph
    package let layers: LayersFile?
    /// The number of spec files.
    package let specCount: Int
}

package enum CatalogueReader {
    /// Reads the spec repo at `root`: every pod whose name is a safe pod name, its versions, its newest
    /// spec, the component graph of the newest specs with `Layers.yml`'s findings, and, when `root`
    /// is inside a git working copy, the time each version's spec file was added.
    package static func read(_ root: URL) -> Catalogue {
        let layout = SpecRepoLayout(root: root)
        var entries: [CatalogueEntry] = []
        var edges: [ComponentGraph.Edge] = []
        var specCount = 0
        var specPaths: [String: [String]] = [:]
        for name in layout.podNames() {
            guard let safe = try? SafeName(name, as: .pod) else { continue }
            let folders = layout.versionFolders(of: name)
            guard let newestFolder = folders.first else { continue }
            specCount += folders.count
            specPaths[name] = folders.map { layout.specFile(of: safe, folder: $0.folder)?.path ?? "" }
            var entry = CatalogueEntry(
                name: name, releases: folders.map { .init(version: $0.version.string, addedAt: nil) })
            guard let (relative, format) = layout.specFile(of: safe, folder: newestFolder.folder) else { continue }
            entry.specFile = relative
            let path = layout.absolute(relative)
            if let data = FileManager.default.contents(atPath: path) {
                do {
                    let spec = try SpecRepoLayout.decode(data, format: format, path: path)
                    fill(&entry, from: spec)
                    for dependency in ComponentGraph.dependencies(of: spec) {
                        let target = Spec.rootName(of: dependency.name)
                        guard target != name, SafeName.problem(with: target, as: .pod) == nil else { continue }
                        edges.append(.init(from: name, to: target, file: relative, location: dependency.location))
                    }
                } catch {
                    // The page names the file as the repo does, not the folders of the machine writing it.
                    entry.unreadable = error.description.replacingOccurrences(of: layout.rootPath + "/", with: "")
                }
            } else {
                entry.unreadable = "\(relative): the file cannot be read"
            }
            entries.append(entry)
        }
        let graph = ComponentGraph(components: entries.map(\.name), edges: edges, specCount: specCount)
        let layers = LayersFile.read(repoRoot: root)
        var dependents: [String: Set<String>] = [:]
        for edge in graph.edges { dependents[edge.to, default: []].insert(edge.from) }
        var findings: [String: [String]] = [:]
        for finding in LayerRules.check(graph, layers: layers, displayRoot: "") {
            findings[finding.file ?? "", default: []].append(finding.message)
        }
        let dates = additionTimes(root: root, paths: specPaths)
        for index in entries.indices {
            let name = entries[index].name
            entries[index].dependents = (dependents[name] ?? []).sorted()
            entries[index].layer = layers?.layer(of: name)
            entries[index].findings = entries[index].specFile.map { findings[$0] ?? [] } ?? []
            if let times = dates[name] {
                entries[index].releases = zip(entries[index].releases, times).map {
                    .init(version: $0.version, addedAt: $1)
                }
            }
        }
        return Catalogue(
            entries: entries.sorted { $0.name < $1.name }, graph: graph, layers: layers, specCount: specCount)
    }

    private static func fill(_ entry: inout CatalogueEntry, from spec: Spec) {
        entry.summary = spec.summary
        entry.description = spec.json["description"]?.stringValue
        entry.homepage = spec.homepage
        entry.license = spec.license.map { $0.type ?? $0.file ?? "" }
        entry.authors = spec.authors.map { ($0.name, $0.email) }
        entry.gitURL = spec.source?.git?.url
        entry.tag = spec.source?.git?.tag ?? spec.source?.git?.commit
        entry.platforms = (spec.declaredPlatforms ?? []).map { platform in
            platform.minimum.map { "\(platform.name) \($0.string)" } ?? platform.name
        }
        entry.deprecated = spec.deprecated || spec.deprecatedInFavorOf != nil
        entry.inFavorOf = spec.deprecatedInFavorOf
        var seen = Set<String>()
        func visit(_ spec: Spec) {
            let declared = spec.declaredDependencies
            for dependency in declared.common
                + declared.perPlatform.keys.sorted().flatMap({ declared.perPlatform[$0]! })
            where seen.insert(dependency.name).inserted {
                entry.dependencies.append(
                    .init(
                        name: dependency.name, root: Spec.rootName(of: dependency.name),
                        requirement: dependency.requirements.description))
            }
            spec.subspecs.forEach(visit)
        }
        visit(spec)
    }

    /// Per pod, in the order of `paths` (its spec files, newest version first, relative to `root`):
    /// the time git added each, when `root` is inside a working copy.
    private static func additionTimes(root: URL, paths: [String: [String]]) -> [String: [Int64?]] {
        guard let repository = try? Repository.discover(from: root),
            let top = repository.workingDirectory.map({ realPath($0.path) })
        else { return [:] }
        let base = realPath(root.path)
        guard base == top || base.hasPrefix(top + "/") else { return [:] }
        let prefix = base == top ? "" : String(base.dropFirst(top.count + 1)) + "/"
        let wanted = Set(paths.values.joined().filter { !$0.isEmpty }.map { prefix + $0 })
        guard let times = try? repository.additionTimes(of: wanted, below: prefix.isEmpty ? nil : prefix) else {
            return [:]
        }
        return paths.mapValues { files in files.map { $0.isEmpty ? nil : times[prefix + $0] } }
    }

    private static func realPath(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}

extension CatalogueEntry {
    init(name: String, releases: [Release]) {
        self.name = name
        self.releases = releases
    }
}
