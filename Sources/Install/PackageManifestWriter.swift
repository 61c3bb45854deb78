import Foundation
import SpecRepos
import Specs
import Support

/// `compose spec package`: a Package.swift for a component that has none, from its podspec and the
/// files of its folder. CocoaPods file patterns are matched against the folder's files and turned into
/// SwiftPM `path:`/`sources:`/`exclude:`/`resources:`; what SwiftPM cannot express is said as notes
/// (and as comments in the generated file), never dropped silently. docs/spec-package.md has the rules.
package struct PackageManifestWriter: Sendable {
    /// Where a dependency's package lives: its git URL and the newest version known.
    package struct DependencyPackage: Sendable, Equatable {
        package let url: String
        package let newest: Version?

        package init(url: String, newest: Version?) {
            self.url = url
            self.newest = newest
        }
    }

    package let spec: Spec
    /// The component's folder (the podspec's), whose files the patterns are matched against.
    package let folder: URL
    /// Root pod name → its package, for the spec's dependencies on other pods.
    package let packages: [String: DependencyPackage]

    package init(spec: Spec, folder: URL, packages: [String: DependencyPackage]) {
        self.spec = spec
        self.folder = folder
        self.packages = packages
    }

    /// What `generate()` made.
    package struct Output: Sendable, Equatable {
        /// Path relative to the folder → contents: `Package.swift`, and the umbrella module's source
        /// when the component has one target per subspec.
        package let files: [String: String]
        /// What could not be expressed, one sentence each (also written as comments in Package.swift).
        package let notes: [String]
    }

    /// The pods named by `spec`'s dependencies (root names, other than the spec's own), sorted.
    package static func dependencyNames(of spec: Spec) -> [String] {
        let all = everySpec(spec).flatMap { $0.allDependencies(on: Platform.names) }.map { Spec.rootName(of: $0.name) }
        return Array(Set(all)).filter { $0 != spec.name }.sorted()
    }

    /// Looks each of `names` up in spec repository folders (a `--sources` folder, the added repos' clones),
    /// first repository first: the newest version's git source.
    package static func lookUp(_ names: [String], in repositories: [URL]) -> [String: DependencyPackage] {
        var found: [String: DependencyPackage] = [:]
        for root in repositories {
            let repository = SpecRepository(root: root)
            for name in names where found[name] == nil {
                guard let newest = repository.versions(of: name).first,
                    let url = (try? repository.spec(name: name, version: newest))?.source?.git?.url
                else { continue }
                found[name] = DependencyPackage(url: url, newest: newest)
            }
        }
        return found
    }

    static func everySpec(_ spec: Spec) -> [Spec] {
        [spec] + spec.subspecs.flatMap(everySpec)
    }

    /// One SwiftPM target being built up.
    struct Target {
        var name: String
        var owner: Spec
        var files: [String]
        var resources: [String] = []
        var dependencies: [String] = []
        var products: [(name: String, package: String)] = []
        var linker: [String] = []
        var publicHeadersPath: String?
    }

    package func generate() throws(SpecPackageError) -> Output {
        // The names become a package name, comments and file names: they pass SafeName first.
        for owner in Self.everySpec(spec) {
            do {
                try SafeName.podPath(owner.name)
            } catch {
                throw .invalidName(spec: owner.name, reason: error.description)
            }
        }
        let moduleName = try moduleName()
        let files = listFiles(folder)
        var notes: [String] = []
        let everyone = Self.everySpec(spec)

        // A pattern naming a folder means everything in it, as in CocoaPods.
        func matching(_ patterns: [String]) -> [String] {
            let compiled = patterns.flatMap { [FilePattern($0), FilePattern($0 + "/**")] }
            return files.filter { path in compiled.contains { $0.matches(path) } }
        }
        func matched(_ spec: Spec, _ key: String) -> [String] {
            let excluded = strings(spec.json["exclude_files"]).map(FilePattern.init)
            return matching(strings(spec.json[key])).filter { path in !excluded.contains { $0.matches(path) } }
        }

        // Things SwiftPM has no place for.
        for owner in everyone {
            let label = owner.name
            for key in ["prefix_header_file", "prefix_header_contents"] where owner.json[key] != nil {
                notes.append(
                    "\(label): `\(key)` has no SwiftPM equivalent: import what the prefix header imported in each file that needs it."
                )
            }
            for key in ["xcconfig", "pod_target_xcconfig", "user_target_xcconfig"] where owner.json[key] != nil {
                notes.append(
                    "\(label): `\(key)` is not translated: write the settings you need as swiftSettings/cSettings/linkerSettings."
                )
            }
            if let arc = owner.json["requires_arc"], arc.boolValue != true {
                notes.append(
                    "\(label): `requires_arc` other than true is not expressible: SwiftPM compiles every Objective-C file with ARC."
                )
            }
            for key in ["script_phases", "script_phase"] where owner.json[key] != nil {
                notes.append(
                    "\(label): `\(key)` cannot run in a SwiftPM build: use a build tool plugin or run the script before building."
                )
            }
            for key in [
                "compiler_flags", "vendored_frameworks", "vendored_libraries", "module_map", "header_mappings_dir",
                "private_header_files",
            ]
            where owner.json[key] != nil {
                notes.append("\(label): `\(key)` is not translated; add the equivalent to Package.swift by hand.")
            }
            for platform in Platform.names + ["macos"] {
                guard let block = owner.json[platform], block.isObject else { continue }
                for key in ["source_files", "resources", "resource_bundles", "exclude_files", "public_header_files"]
                where block[key] != nil {
                    notes.append(
                        "\(label): `\(platform).\(key)` (files for one platform only) is not translated: SwiftPM targets have the same files on every platform."
                    )
                }
            }
        }
        for test in spec.testSpecs + spec.appSpecs {
            notes.append("\(test.name): test and app specs are not turned into targets; add a test target by hand.")
        }

        // Targets: one per subspec with files of its own when no two of them share a file, else one.
        let sourceFiles = Dictionary(
            everyone.map { ($0.name, matched($0, "source_files")) }, uniquingKeysWith: { first, _ in first })
        let withFiles = everyone.filter { !strings($0.json["source_files"]).isEmpty }
        let perSubspec =
            spec.subspecs.isEmpty == false && withFiles.count > 1
            && Set(withFiles.flatMap { sourceFiles[$0.name] ?? [] }).count
                == withFiles.map { sourceFiles[$0.name]?.count ?? 0 }.reduce(0, +)
        if !spec.subspecs.isEmpty && withFiles.count > 1 && !perSubspec {
            notes.append(
                "The subspecs share source files, so the component is one target, \(moduleName), holding them all.")
        }
        var targets: [Target] = []
        if perSubspec {
            for owner in withFiles {
                let name =
                    owner.kind == .root
                    ? moduleName + "Base" : moduleName + identifier(owner.name.dropFirst(spec.name.count + 1))
                targets.append(Target(name: name, owner: owner, files: sourceFiles[owner.name] ?? []))
            }
        } else {
            let sources = Array(Set(everyone.flatMap { sourceFiles[$0.name] ?? [] })).sorted()
            targets.append(Target(name: moduleName, owner: spec, files: sources))
        }
        func targetName(of specName: String) -> [String] {
            guard perSubspec else { return [moduleName] }
            // A dependency on a subspec is a dependency on its target and on those of its subspecs.
            return targets.filter { $0.owner.name == specName || $0.owner.name.hasPrefix(specName + "/") }.map(\.name)
        }

        for index in targets.indices {
            let owners = perSubspec ? [targets[index].owner] : everyone
            var resources: [String] = []
            var dependencies: [String] = []
            var products: [(name: String, package: String)] = []
            var linker: [String] = []
            for owner in owners {
                resources += matched(owner, "resources")
                if let bundles = owner.json["resource_bundles"], bundles.isObject {
                    for member in bundles.members {
                        let bundle = member.key
                        resources += matching(strings(member.value))
                        notes.append(
                            "\(owner.name): the resource bundle `\(bundle)` becomes the target's own bundle: read its files through `Bundle.module`."
                        )
                    }
                }
                let ownDependencies =
                    perSubspec ? owner.allDependencies(on: Platform.names) : owner.dependencies(on: Platform.names)
                for dependency in ownDependencies {
                    let root = Spec.rootName(of: dependency.name)
                    if root == spec.name {
                        if perSubspec { dependencies += targetName(of: dependency.name) }
                    } else if let package = packages[root] {
                        products.append((root, packageIdentity(package.url)))
                    } else {
                        products.append((root, root))
                    }
                }
                for framework in strings(owner.json["frameworks"]) {
                    linker.append(".linkedFramework(\(literal(framework)))")
                }
                for library in strings(owner.json["libraries"]) { linker.append(".linkedLibrary(\(literal(library)))") }
                for platform in Platform.names + ["macos"] {
                    guard let block = owner.json[platform], block.isObject,
                        let display = Platform.displayNames[Platform.normalized(platform)]
                    else { continue }
                    for framework in strings(block["frameworks"]) {
                        linker.append(".linkedFramework(\(literal(framework)), .when(platforms: [.\(display)]))")
                    }
                    for library in strings(block["libraries"]) {
                        linker.append(".linkedLibrary(\(literal(library)), .when(platforms: [.\(display)]))")
                    }
                }
            }
            // A subspec has its parent's files too (CocoaPods): it depends on the nearest enclosing spec's target.
            if perSubspec {
                var parent = targets[index].owner.name
                while let slash = parent.lastIndex(of: "/") {
                    parent = String(parent[..<slash])
                    if let enclosing = targets.first(where: { $0.owner.name == parent }) {
                        dependencies.insert(enclosing.name, at: 0)
                        break
                    }
                }
            }
            targets[index].resources = Set(resources).subtracting(targets[index].files).sorted()
            targets[index].dependencies = unique(dependencies.filter { $0 != targets[index].name })
            targets[index].products = products.reduce(into: []) { list, product in
                if !list.contains(where: { $0.name == product.name }) { list.append(product) }
            }
            targets[index].linker = unique(linker)
        }

        let missing = Set(targets.flatMap(\.products).map(\.name)).filter { packages[$0] == nil }.sorted()
        for name in missing {
            notes.append(
                "The dependency \(name) was found in no spec repo (give --sources, or `compose repo add` the repo that has it): write its package URL in Package.swift."
            )
        }

        // Lay each target out: the deepest folder holding all its files.
        var declarations: [String] = []
        var umbrella: [String: String] = [:]
        for target in targets {
            let swift = target.files.filter { $0.hasSuffix(".swift") }
            let cFamily = target.files.filter { path in
                [".m", ".mm", ".c", ".cc", ".cpp", ".cxx"].contains { path.hasSuffix($0) }
            }
            let headers = target.files.filter { path in [".h", ".hh", ".hpp"].contains { path.hasSuffix($0) } }
            var sources = swift.isEmpty ? cFamily + headers : swift
            if !swift.isEmpty && !cFamily.isEmpty {
                notes.append(
                    "\(target.owner.name): Swift and C-family sources cannot share a SwiftPM target; only the Swift files are in \(target.name). Move the others (\(cFamily.count) files) into a target of their own."
                )
            }
            let other = Set(target.files).subtracting(swift + cFamily + headers)
            if !other.isEmpty {
                notes.append(
                    "\(target.owner.name): \(other.count) files matched by source_files are not sources (\(other.sorted().prefix(3).joined(separator: ", "))\(other.count > 3 ? ", ..." : "")): list them under resources if the code reads them."
                )
            }
            sources.sort()
            if sources.isEmpty {
                notes.append("\(target.owner.name): its source_files match no file in \(folder.path).")
                continue
            }
            let path = commonFolder(sources + target.resources)
            func relative(_ file: String) -> String { path.isEmpty ? file : String(file.dropFirst(path.count + 1)) }
            let all = files.filter { path.isEmpty || $0.hasPrefix(path + "/") }
            let headersPath =
                !cFamily.isEmpty && swift.isEmpty ? publicHeaders(target, files: files, path: path, notes: &notes) : nil
            var lines = ["        .target("]
            lines.append("            name: \(literal(target.name)),")
            let dependencyLines =
                target.dependencies.map { "                \(literal($0))," }
                + target.products.map { product in
                    // A package of unknown URL stays a comment, so that the manifest still loads.
                    (packages[product.name] == nil ? "                // " : "                ")
                        + ".product(name: \(literal(product.name)), package: \(literal(product.package))),"
                }
            if !dependencyLines.isEmpty {
                lines += ["            dependencies: ["] + dependencyLines + ["            ],"]
            }
            lines.append("            path: \(literal(path.isEmpty ? "." : path)),")
            // The files under `path` that are not the target's: excluded by their top-most folder that
            // holds none of the target's files, when that is shorter than listing the sources. C-family
            // targets list their sources (their public headers must stay visible).
            let kept = Set(sources).union(target.resources).map(relative)
            let others = Set(all).subtracting(sources).subtracting(target.resources).map(relative)
            let excluded = Set(
                others.map { file -> String in
                    let parts = file.split(separator: "/")
                    for depth in 1..<max(parts.count, 1) {
                        let prefix = parts.prefix(depth).joined(separator: "/") + "/"
                        if !kept.contains(where: { $0.hasPrefix(prefix) }) { return String(prefix.dropLast()) }
                    }
                    return file
                }
            ).sorted()
            if path.isEmpty
                || (!excluded.isEmpty && (!cFamily.isEmpty && swift.isEmpty || excluded.count >= sources.count))
            {
                lines.append("            sources: [")
                lines += sources.map { "                \(literal(relative($0)))," }
                lines.append("            ],")
            } else if !excluded.isEmpty {
                lines.append("            exclude: [")
                lines += excluded.map { "                \(literal($0))," }
                lines.append("            ],")
            }
            if !target.resources.isEmpty {
                lines.append("            resources: [")
                lines += target.resources.map { "                .process(\(literal(relative($0))))," }
                lines.append("            ],")
            }
            if let headersPath { lines.append("            publicHeadersPath: \(literal(headersPath)),") }
            if !target.linker.isEmpty {
                lines.append("            linkerSettings: [")
                lines += target.linker.map { "                \($0)," }
                lines.append("            ],")
            }
            lines[lines.count - 1].removeLast()  // the last argument's comma
            lines.append("        ),")
            declarations += lines
        }
        guard !declarations.isEmpty else {
            throw .noSources(spec: spec.name, folder: folder.path)
        }
        var productTargets = targets.map(\.name).filter { name in
            declarations.contains("            name: \(literal(name)),")
        }
        if perSubspec {
            // The module `compose install` imports, re-exporting every subspec's.
            let folderName = "Exports/\(moduleName)"
            umbrella["\(folderName)/\(moduleName).swift"] =
                "// Generated by `compose spec package`: the module \(SwiftSource.comment(moduleName)) re-exports the module of each subspec.\n"
                + productTargets.map { "@_exported import \($0)\n" }.joined()
            declarations += [
                "        .target(",
                "            name: \(literal(moduleName)),",
                "            dependencies: [" + productTargets.map(literal).joined(separator: ", ") + "],",
                "            path: \(literal(folderName))",
                "        ),",
            ]
            productTargets.insert(moduleName, at: 0)
        }

        var lines = [
            "// swift-tools-version:5.9",
            "// Generated by `compose spec package` from \(SwiftSource.comment(spec.name)) \(SwiftSource.comment(spec.version.string))'s podspec. Review it, then commit it",
            "// with the sources: `compose install` builds the component with this file.",
        ]
        let uniqueNotes = unique(notes)
        if !uniqueNotes.isEmpty {
            lines.append("//")
            lines.append("// Not expressed (do by hand where needed):")
            lines += uniqueNotes.map { "// - " + SwiftSource.comment($0) }
        }
        lines += ["import PackageDescription", "", "let package = Package(", "    name: \(literal(spec.name)),"]
        let platforms = (spec.platforms ?? []).compactMap { platform -> String? in
            guard let display = Platform.displayNames[Platform.normalized(platform.name)],
                let minimum = platform.minimum
            else { return nil }
            return "        .\(display)(\(literal(twoComponents(minimum.string)))),"
        }
        if !platforms.isEmpty { lines += ["    platforms: ["] + platforms + ["    ],"] }
        lines += [
            "    products: [",
            "        .library(name: \(literal(spec.name)), targets: [\(productTargets.map(literal).joined(separator: ", "))]),",
            "    ],",
        ]
        let used = Set(targets.flatMap(\.products).map(\.name))
        let packageLines = used.sorted().map { name -> String in
            guard let package = packages[name] else {
                return
                    "        // .package(url: \"<the git URL of \(SwiftSource.comment(name))>\", from: \"<version>\"),"
            }
            return "        .package(url: \(literal(package.url)), \(versionRequirement(for: name, package: package))),"
        }
        if !packageLines.isEmpty { lines += ["    dependencies: ["] + packageLines + ["    ],"] }
        lines += ["    targets: ["] + declarations + ["    ]", ")"]
        var output = umbrella
        output["Package.swift"] = lines.joined(separator: "\n") + "\n"
        return Output(files: output, notes: uniqueNotes)
    }

    /// The module the package's product must offer: the spec's `module_name`, else the name CocoaPods derives.
    func moduleName() throws(SpecPackageError) -> String {
        if let written = spec.json["module_name"]?.stringValue {
            guard isIdentifier(written) else {
                throw .invalidName(
                    spec: spec.name,
                    reason:
                        "its module_name \(String(reflecting: written)) is not a C99 identifier (letters, digits and '_', not starting with a digit)"
                )
            }
            return written
        }
        do {
            return try SafeName(spec.name, as: .pod).moduleName
        } catch {
            throw .invalidName(spec: spec.name, reason: error.description)
        }
    }

    /// `publicHeadersPath` when the public headers (all headers when none are listed) share one folder.
    func publicHeaders(_ target: Target, files: [String], path: String, notes: inout [String]) -> String? {
        let patterns = strings(target.owner.json["public_header_files"])
        let headers =
            patterns.isEmpty
            ? target.files.filter { $0.hasSuffix(".h") }
            : {
                let compiled = patterns.map(FilePattern.init)
                return files.filter { path in compiled.contains { $0.matches(path) } }
            }()
        guard !headers.isEmpty else { return nil }
        let folders = Set(headers.map { ($0 as NSString).deletingLastPathComponent })
        guard folders.count == 1, let only = folders.first, path.isEmpty || only == path || only.hasPrefix(path + "/")
        else {
            notes.append(
                "\(target.owner.name): its public headers are in several folders; SwiftPM wants them in one (publicHeadersPath): move them into an `include` folder."
            )
            return nil
        }
        return only == path ? "." : String(only.dropFirst(path.isEmpty ? 0 : path.count + 1))
    }

    /// The SwiftPM requirement for dependency `name`: from its requirements in the spec, else from its newest version.
    func versionRequirement(for name: String, package: DependencyPackage) -> String {
        let requirements = Self.everySpec(spec).flatMap { $0.allDependencies(on: Platform.names) }
            .filter { Spec.rootName(of: $0.name) == name }.flatMap(\.requirements.requirements)
        var lower: Version?
        var upper: Version?
        for requirement in requirements {
            switch requirement.op {
            case .equal:
                return "exact: \(literal(threeComponents(requirement.version)))"
            case .greater, .greaterOrEqual:
                if lower.map({ requirement.version > $0 }) ?? true { lower = requirement.version }
            case .less, .lessOrEqual:
                if upper.map({ requirement.version < $0 }) ?? true { upper = requirement.version }
            case .pessimistic:
                if lower.map({ requirement.version > $0 }) ?? true { lower = requirement.version }
                let bound = pessimisticBound(requirement.version)
                if upper.map({ bound < $0 }) ?? true { upper = bound }
            case .notEqual:
                continue
            }
        }
        guard let from = lower ?? package.newest else { return "branch: \"main\"" }
        guard let upper else { return "from: \(literal(threeComponents(from)))" }
        return "\(literal(threeComponents(from)))..<\(literal(threeComponents(upper)))"
    }
}

/// Why `compose spec package` wrote nothing.
package enum SpecPackageError: ComposeFailure, Equatable {
    case invalidName(spec: String, reason: String)
    case noSources(spec: String, folder: String)
    case exists(path: String)
    case writeFailed(path: String, message: String)

    package var kind: FailureKind {
        switch self {
        case .invalidName, .noSources, .exists: .input
        case .writeFailed: .environment
        }
    }

    package var description: String {
        switch self {
        case .invalidName(let spec, let reason):
            "cannot name a package after \(String(reflecting: spec)): \(reason). Nothing was written."
        case .noSources(let spec, let folder):
            "the source_files of \(spec) match no file in \(folder): nothing to build. Run `compose spec package` in the component's folder (beside its sources), or fix source_files. Nothing was written."
        case .exists(let path):
            "\(path) exists already. Nothing was written; give --force to replace it."
        case .writeFailed(let path, let message):
            "could not write \(path): \(message). Nothing else was written; check permissions and free space."
        }
    }
}

extension PackageManifestWriter {
    /// Writes `output` into `folder`, each file through a temporary file and a rename, after checking that
    /// none exists (unless `force`): nothing is written when one would be refused.
    package static func write(_ output: Output, into folder: URL, force: Bool) throws(SpecPackageError) -> [String] {
        let fileManager = FileManager.default
        for relative in output.files.keys.sorted() where !force {
            let url = folder.appendingPathComponent(relative)
            if fileManager.fileExists(atPath: url.path) { throw .exists(path: url.path) }
        }
        for (relative, text) in output.files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(relative)
            do {
                try AtomicFile.write(Data(text.utf8), to: url, createFolder: true)
            } catch {
                throw .writeFailed(path: url.path, message: error.message)
            }
        }
        return output.files.keys.sorted()
    }
}

/// The strings of a value written as a string or a list of strings.
private func strings(_ node: JSONNode?) -> [String] {
    guard let node else { return [] }
    return node.stringValue.map { [$0] } ?? node.arrayValue?.compactMap(\.stringValue) ?? []
}

private func unique(_ items: [String]) -> [String] {
    var seen: Set<String> = []
    return items.filter { seen.insert($0).inserted }
}

/// `Core/Mock` → `CoreMock`, other characters dropped: a target name part.
private func identifier(_ text: Substring) -> String {
    String(
        text.unicodeScalars.filter {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }.map(Character.init))
}

/// The deepest folder that holds every one of `files` ("" for the package root).
private func commonFolder(_ files: [String]) -> String {
    var common: [Substring]?
    for file in files {
        let folders = file.split(separator: "/").dropLast()
        guard let current = common else {
            common = Array(folders)
            continue
        }
        common = Array(zip(current, folders).prefix { $0 == $1 }.map(\.0))
    }
    return (common ?? []).joined(separator: "/")
}

/// SwiftPM's identity of a package URL: its last path component without `.git`.
private func packageIdentity(_ url: String) -> String {
    var last = url.split(separator: "/").last.map(String.init) ?? url
    if last.hasSuffix(".git") { last.removeLast(4) }
    return last.lowercased()
}

/// `13` → `13.0`: SwiftPM's platform versions have at least two components.
private func twoComponents(_ version: String) -> String {
    version.contains(".") ? version : version + ".0"
}

/// `1.2` → `1.2.0`: SwiftPM versions have three.
private func threeComponents(_ version: Version) -> String {
    let core = version.string.split(separator: "-", maxSplits: 1)
    var parts = core.first.map { $0.split(separator: ".").map(String.init) } ?? []
    while parts.count < 3 { parts.append("0") }
    return parts.prefix(3).joined(separator: ".") + (core.count > 1 ? "-" + core[1] : "")
}

/// The upper bound of `~> version`: `~> 1.2` is below 2.0, `~> 1.2.3` below 1.3.
private func pessimisticBound(_ version: Version) -> Version {
    let numbers =
        version.string.split(separator: "-").first.map { $0.split(separator: ".").compactMap { Int($0) } } ?? []
    guard numbers.count >= 2 else { return (try? Version("\((numbers.first ?? 0) + 1)")) ?? version }
    var kept = Array(numbers.prefix(numbers.count - 1))
    kept[kept.count - 1] += 1
    return (try? Version(kept.map(String.init).joined(separator: "."))) ?? version
}
