import Foundation
import Project
import SpecRepos
import Specs

/// How one component enters the generated package.
package enum ComponentPin: Sendable, Equatable {
    /// A git repository at an exact version (its tag is the version): `.package(url:exact:)`.
    case version(url: String, version: String)
    /// A git repository at a commit (a commit, a branch, or a tag that is not a plain version):
    /// `.package(url:revision:)`.
    case revision(url: String, commit: String)
    /// A release of a Swift package registry: `.package(id:exact:)`.
    case registry(id: String, version: String)
    /// A local folder (`:path`): `.package(path:)`.
    case path(String)
    /// A prebuilt artifact inside the generated package (`Binaries/...`): `.binaryTarget(name:path:)`.
    case binaryPath(String)
    /// A prebuilt artifact SwiftPM downloads and checks itself: `.binaryTarget(name:url:checksum:)`.
    case binaryURL(url: String, checksum: String)

    /// How SwiftPM names the package: the last path component of its URL or folder, without `.git`.
    var packageName: String? {
        switch self {
        case .version(let url, _), .revision(let url, _): return packageIdentity(of: url)
        case .registry(let id, _): return id
        case .path(let path): return packageIdentity(of: path)
        case .binaryPath, .binaryURL: return nil
        }
    }

    /// The `.package(…)` line of the pin as a manifest `pathPrefix` away from Composed/ writes it
    /// (`../../` from `Pods/<Name>/`); nil for a prebuilt artifact, which is a target, not a package.
    func packageDeclaration(pathPrefix: String = "") -> String? {
        switch self {
        case .version(let url, let version): return ".package(url: \(literal(url)), exact: \(literal(version)))"
        case .revision(let url, let commit): return ".package(url: \(literal(url)), revision: \(literal(commit)))"
        case .registry(let id, let version): return ".package(id: \(literal(id)), exact: \(literal(version)))"
        case .path(let path): return ".package(path: \(literal(path.hasPrefix("/") ? path : pathPrefix + path)))"
        case .binaryPath, .binaryURL: return nil
        }
    }

    var isBinary: Bool {
        switch self {
        case .binaryPath, .binaryURL: return true
        default: return false
        }
    }
}

/// One resolved component: its root name (the SwiftPM package identity and library product), the
/// module its library offers (a C99 identifier, checked by the installer), its pin, and the root
/// names of the components it depends on.
package struct ComposedComponent: Sendable, Equatable {
    package let name: String
    package let module: String
    /// The library product linked (`PodModule`'s rule: the module's name, else the pod's).
    package let product: String
    package let pin: ComponentPin
    package let dependencies: [String]
    /// The module CocoaPods builds for the pod, when `module` (what its product builds) differs:
    /// `import SSZipArchive` is `import ZipArchive` through Composed.
    package var podModule: String?

    /// `module` and `product` default to `name`.
    package init(
        name: String, module: String? = nil, product: String? = nil, pin: ComponentPin, dependencies: [String] = []
    ) {
        self.name = name
        self.module = module ?? name
        self.product = product ?? name
        self.pin = pin
        self.dependencies = dependencies
    }
}

/// The SwiftPM package `compose install` writes into `<project>/Composed/`:
///
/// - `Package.swift`: one library product per Composefile target; every component pinned exactly
///   (`exact:` a version, or `revision:` a commit) by the URL of its spec's `source.git`;
/// - `Targets/<Target>/Exports.swift`: `@_exported import` of the target's pods, so `import ShoppingApp`
///   in the app gives them all;
/// - `.swiftpm/configuration/mirrors.json`: each URL mirrored to the bare clone in `$COMPOSE_HOME/cache/git`,
///   so SwiftPM reads the sources compose fetched and needs no network.
///
/// Why URLs and not paths to the cached checkouts: components name each other by URL in their own
/// Package.swift, and SwiftPM identifies a package by its URL or folder name. A path pin of a package
/// that another component names by URL gives SwiftPM two locations for one identity ("conflicting
/// identity", to become an error); a URL pin with a mirror keeps one location and still builds offline.
package struct ComposedPackage: Sendable, Equatable {
    package var targets: [InstallInputs.Target]
    package var components: [ComposedComponent]
    /// Minimum deployment targets: `ios` → `13.0`, `osx` → `10.15` (CocoaPods platform names).
    package var platforms: [String: String]
    /// Original URL → mirror location (a folder holding a git repository).
    package var mirrors: [String: String]
    /// The registry of the `.registry` pins, written to `.swiftpm/configuration/registries.json`.
    package var registry: InstallRegistry?

    package init(
        targets: [InstallInputs.Target], components: [ComposedComponent], platforms: [String: String] = [:],
        mirrors: [String: String] = [:], registry: InstallRegistry? = nil
    ) {
        self.targets = targets
        self.components = components
        self.platforms = platforms
        self.mirrors = mirrors
        self.registry = registry
    }

    /// The generated files, path relative to the Composed folder → contents.
    package func files() throws(InstallError) -> [String: String] {
        var files: [String: String] = [:]
        files["Package.swift"] = try manifest()
        let podModules = Dictionary(components.map { ($0.name, $0.module) }, uniquingKeysWith: { first, _ in first })
        let modules = targetModules.modules
        for target in targets {
            let module = modules[target.name]!
            // Every pod the target links, its pods' dependencies included, as CocoaPods offers them;
            // pods limited by `:configurations` (and what only they need) behind `#if DEBUG`.
            func exports(_ pods: [String]) throws(InstallError) -> [String] {
                let names = Array(Set(closure(ofPods: pods).compactMap { podModules[$0] })).sorted()
                for name in names where !isIdentifier(name) { throw .invalidModuleName(name) }
                return names
            }
            let everywhere = try exports(target.pods.filter { target.configuration(of: $0) == .any })
            let debug = try exports(target.pods.filter { target.configuration(of: $0) != .release })
                .filter { !everywhere.contains($0) }
            let release = try exports(target.pods.filter { target.configuration(of: $0) != .debug })
                .filter { !everywhere.contains($0) }
            var text =
                "// Generated by `compose install`: the pods of the Composefile target '\(SwiftSource.comment(target.name))' and their dependencies.\n"
                + renamedImports(everywhere + debug + release)
                + everywhere.map { "@_exported import \($0)\n" }.joined()
            for (condition, names) in [("DEBUG", debug), ("!DEBUG", release)] where !names.isEmpty {
                text += "#if \(condition)\n" + names.map { "@_exported import \($0)\n" }.joined() + "#endif\n"
            }
            files["Targets/\(module)/Exports.swift"] = text
        }
        files[".swiftpm/configuration/mirrors.json"] = mirrorsJSON()
        if let registry { files[".swiftpm/configuration/registries.json"] = registry.configurationJSON() }
        files[".gitignore"] = "# Generated by `compose install`.\n/.build\n/Package.resolved\n"
        return files
    }

    /// `// import SSZipArchive is import ZipArchive here (...)` for the exported modules a pod's own
    /// manifest names unlike CocoaPods.
    func renamedImports(_ modules: [String]) -> String {
        components.filter { $0.podModule != nil && modules.contains($0.module) }.sorted { $0.name < $1.name }
            .map {
                "// `import \($0.podModule!)` is `import \($0.module)` here: \(SwiftSource.comment($0.name))'s Package.swift offers its library as the product \(SwiftSource.comment($0.product)).\n"
            }.joined()
    }

    /// The SwiftPM module behind each Composefile target's product (`TargetModules`), clear of the
    /// components' modules and of each other.
    package var targetModules: TargetModules {
        var reserved: [String: String] = [:]
        for component in components {
            reserved[component.module] = "the module of \(component.name)"
            if component.pin.isBinary { reserved[component.name] = "the prebuilt \(component.name)" }
        }
        return TargetModules(targets: targets, reserved: reserved)
    }

    /// Every component a target needs: its pods and, transitively, their dependencies.
    func closure(of target: InstallInputs.Target) -> [String] { closure(ofPods: target.pods) }

    /// `pods` (names or `Name/Sub`) and, transitively, their dependencies: root names, sorted.
    func closure(ofPods pods: [String]) -> [String] {
        let byName = Dictionary(components.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: [String] = []
        var stack = pods.map(Spec.rootName(of:))
        while let name = stack.popLast() {
            guard !seen.contains(name) else { continue }
            seen.append(name)
            stack.append(contentsOf: (byName[name]?.dependencies ?? []).map(Spec.rootName(of:)))
        }
        return seen.filter { byName[$0] != nil }.sorted()
    }

    func manifest() throws(InstallError) -> String {
        // A prebuilt component cannot also be named (by URL) by a component built from source.
        for binary in components where binary.pin.isBinary {
            let dependents = components.filter {
                !$0.pin.isBinary && $0.dependencies.map(Spec.rootName(of:)).contains(binary.name)
            }.map(\.name)
            if !dependents.isEmpty {
                throw .binaryDependedOnBySource(name: binary.name, dependents: dependents.sorted())
            }
        }
        let sorted = components.sorted { $0.name < $1.name }
        var lines: [String] = [
            "// swift-tools-version:5.9",
            "// Generated by `compose install` from Compose.lock. Do not edit: change the Composefile and run",
            "// `compose install` again. Add this package to the app and link the product named after your target.",
            "import PackageDescription",
            "",
            "let package = Package(",
            "    name: \"Composed\",",
        ]
        let platformLines = platforms.keys.sorted().compactMap { key -> String? in
            guard let swiftName = Platform.displayNames[Platform.normalized(key)], let version = platforms[key] else {
                return nil
            }
            return "        .\(swiftName)(\(literal(version))),"
        }
        if !platformLines.isEmpty {
            lines.append("    platforms: [")
            lines.append(contentsOf: platformLines)
            lines.append("    ],")
        }
        let modules = targetModules.modules
        lines.append("    products: [")
        for target in targets {
            let module = modules[target.name]!
            lines.append("        .library(name: \(literal(target.name)), targets: [\(literal(module))]),")
        }
        lines.append("    ],")
        lines.append("    dependencies: [")
        // Pods of one tree share a package: it is declared once.
        var declared: Set<String> = []
        for component in sorted {
            if let declaration = component.pin.packageDeclaration(), declared.insert(declaration).inserted {
                lines.append("        \(declaration),")
            }
        }
        lines.append("    ],")
        lines.append("    targets: [")
        for target in targets {
            let module = modules[target.name]!
            lines.append("        .target(")
            lines.append("            name: \(literal(module)),")
            lines.append("            dependencies: [")
            for name in closure(of: target) {
                let component = sorted.first { $0.name == name }!
                if component.pin.isBinary {
                    lines.append("                \(literal(name)),")
                } else {
                    lines.append(
                        "                .product(name: \(literal(component.product)), package: \(literal(component.pin.packageName ?? name))),"
                    )
                }
            }
            lines.append("            ],")
            lines.append("            path: \(literal("Targets/\(module)"))")
            lines.append("        ),")
        }
        for component in sorted {
            switch component.pin {
            case .binaryPath(let path):
                lines.append("        .binaryTarget(name: \(literal(component.name)), path: \(literal(path))),")
            case .binaryURL(let url, let checksum):
                lines.append(
                    "        .binaryTarget(name: \(literal(component.name)), url: \(literal(url)), checksum: \(literal(checksum))),"
                )
            default:
                continue
            }
        }
        lines.append("    ]")
        lines.append(")")
        return lines.joined(separator: "\n") + "\n"
    }

    func mirrorsJSON() -> String {
        let entries = mirrors.keys.sorted().map { original in
            "    {\n      \"mirror\" : \(jsonLiteral(mirrors[original]!)),\n      \"original\" : \(jsonLiteral(original))\n    }"
        }
        return "{\n  \"object\" : [\n" + entries.joined(separator: ",\n") + (entries.isEmpty ? "" : "\n")
            + "  ],\n  \"version\" : 1\n}\n"
    }
}
