import Resolution
import Specs
import Support

/// An in-memory index of packages for the solver: `"foo 1.0.0": ["bar": "~> 1.0"]`.
struct InMemoryProvider: DependencyProvider {
    struct Missing: ComposeFailure, Equatable {
        var name: String
        var kind: FailureKind { .environment }
        var description: String { "the spec of \(name) cannot be read" }
    }

    /// Versions in the order added, each with its dependencies (a list, so that `1.0` and `1.0.0` can both be listed).
    var packages: [String: [(version: Version, dependencies: [PackageRequirement])]] = [:]
    /// Names whose versions cannot be listed; "name version" strings whose dependencies cannot be read.
    var broken: Set<String> = []

    init() {}

    /// `"foo 1.0.0"` → dependencies written `["bar": "~> 1.0, < 1.5"]`.
    init(_ entries: [String: [String: String]]) {
        for (key, dependencies) in entries {
            let parts = key.split(separator: " ").map(String.init)
            add(parts[0], parts[1], dependencies)
        }
    }

    mutating func add(_ name: String, _ version: String, _ dependencies: [String: String] = [:]) {
        let requirements = dependencies.sorted { $0.key < $1.key }.map { dependency in
            PackageRequirement(
                name: dependency.key,
                requirements: dependency.value.isEmpty ? .any : try! RequirementSet(parsingList: dependency.value))
        }
        packages[name, default: []].append((try! Version(version), requirements))
    }

    func availableVersions(of package: String) throws -> [Version] {
        if broken.contains(package) { throw Missing(name: package) }
        return packages[package]?.map(\.version) ?? []
    }

    func dependencies(of package: String, at version: Version) throws -> [PackageRequirement] {
        if broken.contains("\(package) \(version)") { throw Missing(name: "\(package) \(version)") }
        return packages[package]?.first { $0.version.string == version.string }?.dependencies ?? []
    }
}

/// Top-level requirements written `["foo": "~> 1.0"]`, with origins `Composefile:N` in name order.
func root(_ requirements: [String: String]) -> [PackageRequirement] {
    requirements.sorted { $0.key < $1.key }.enumerated().map { index, entry in
        PackageRequirement(
            name: entry.key, requirements: entry.value.isEmpty ? .any : try! RequirementSet(parsingList: entry.value),
            origin: "Composefile:\(index + 1)")
    }
}

extension Solution {
    /// `["foo": "1.0.0"]`, for comparisons.
    var chosen: [String: String] { versions.mapValues(\.description) }
}
