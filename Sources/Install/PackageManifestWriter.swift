import Foundation
import SpecRepos
import Specs
import Support

/// A Package.swift from a podspec and a list of the pod's files, as CocoaPods builds a pod from its
/// podspec: **one module** (named by `PodModule`) holding the files of the subspecs in use: the
/// root spec's and those of the subspecs asked for, else `default_subspecs`, else every subspec, with
/// the subspecs they depend on. CocoaPods file patterns are matched against the files and become
/// SwiftPM's `path:`, `sources:`/`exclude:`, `resources:`, `publicHeadersPath:` and header search
/// paths; what SwiftPM cannot express is said as notes (and as comments in the manifest), never
/// dropped silently. Two users, one generator: `compose spec package` (a manifest the component's
/// authors commit, `Purpose.component`) and `compose install` (the package of a locked pod that has
/// no Package.swift of its own, `Purpose.install`). docs/spec-package.md has the rules.
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

    /// How another pod is named in the generated manifest: its `.package(...)` line, SwiftPM identity and product.
    package struct PodPackage: Sendable, Equatable {
        /// A `.package(...)` expression (already Swift, its strings escaped).
        package let declaration: String
        package let identity: String
        package let product: String

        package init(declaration: String, identity: String, product: String) {
            self.declaration = declaration
            self.identity = identity
            self.product = product
        }
    }

    package enum Purpose: Sendable, Equatable {
        /// `compose spec package`: the default product is the module of the root spec and its default
        /// subspecs; each other subspec whose dependencies are known becomes a product of its own.
        case component
        /// `compose install`: exactly the subspecs the lock uses (full names; none means the root with
        /// its default subspecs), one product, and settings only a local package may carry (`unsafeFlags`).
        case install(subspecs: [String])
    }

    package let spec: Spec
    /// Every file of the pod, relative to its root (the podspec's folder, or the repository at the tag).
    package let files: [String]
    /// The pod's root as messages name it.
    package let folderName: String
    /// Root pod name → how the manifest names it, for the spec's dependencies on other pods.
    package let dependencies: [String: PodPackage]
    package let purpose: Purpose
    /// Root pod name → podspec of the other pods whose podspecs sit in the same tree (same source):
    /// those the spec depends on become targets of this package, as the authors' manifests make them.
    package var siblings: [String: Spec] = [:]

    package init(
        spec: Spec, files: [String], folderName: String, dependencies: [String: PodPackage], purpose: Purpose
    ) {
        self.spec = spec
        self.files = files
        self.folderName = folderName
        self.dependencies = dependencies
        self.purpose = purpose
    }

    /// `compose spec package` over a component's folder: dependencies by their spec repos' git URL.
    package init(spec: Spec, folder: URL, packages: [String: DependencyPackage]) {
        var named: [String: PodPackage] = [:]
        for (name, package) in packages {
            named[name] = PodPackage(
                declaration:
                    ".package(url: \(literal(package.url)), \(Self.versionRequirement(for: name, in: spec, package: package)))",
                identity: packageIdentity(of: package.url).lowercased(), product: name)
        }
        self.init(
            spec: spec, files: listFiles(folder), folderName: folder.path, dependencies: named, purpose: .component)
    }

    /// What `generate()` made.
    package struct Output: Sendable, Equatable {
        /// Path relative to the folder → contents: `Package.swift`.
        package let files: [String: String]
        /// What could not be expressed, one note each, of the rules in `PackageRule` (their messages
        /// are also written as comments in Package.swift).
        package let notes: [Finding]
        /// The pod's files the manifest uses (sources, headers, resources, binaries), sorted: what
        /// install copies beside the manifest.
        package var usedFiles: [String] = []
        /// The module and product of the default library.
        package var module: String = ""
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

    /// The pods `spec` depends on whose podspecs (`Name.podspec`, `Name.podspec.json`) sit in `folder`
    /// beside it, with the same git source when both name one: pods of one repository, read. One that
    /// cannot be read is left out (it stays a dependency on another package).
    package static func siblingSpecs(of spec: Spec, in folder: URL) -> [String: Spec] {
        var found: [String: Spec] = [:]
        var pending = dependencyNames(of: spec)
        while !pending.isEmpty {
            let name = pending.removeFirst()
            guard found[name] == nil, name != spec.name, (try? SafeName.podPath(name)) != nil else { continue }
            for file in PodspecFormat.fileNames(for: name) {
                let url = folder.appendingPathComponent(file)
                guard let data = try? Data(contentsOf: url), data.count <= 1_048_576,
                    let node = try? PodspecReader.read(bytes: Array(data), path: url.path, directory: folder.path),
                    let sibling = try? Spec(node: node, label: file), sibling.name == name
                else { continue }
                if let own = spec.source?.git?.url, let other = sibling.source?.git?.url, own != other { continue }
                found[name] = sibling
                pending += dependencyNames(of: sibling)
                break
            }
        }
        return found
    }

    static func everySpec(_ spec: Spec) -> [Spec] {
        [spec] + spec.subspecs.flatMap(everySpec)
    }

    /// The specs one module is made of when `requested` (full names) are asked for: each with the
    /// specs enclosing it, its default subspecs (the root's `default_subspecs`, else all of them) and
    /// the subspecs of this pod it depends on. In the pod's order.
    func closure(of requested: [String]) -> [Spec] {
        var chosen: Set<String> = []
        func add(_ member: Spec) {
            guard chosen.insert(member.name).inserted else { return }
            var parent = member.name
            while let slash = parent.lastIndex(of: "/") {
                parent = String(parent[..<slash])
                if let enclosing = spec.subspec(named: parent) { add(enclosing) }
            }
            for dependency in member.dependencies(on: Platform.names)
            where Spec.rootName(of: dependency.name) == spec.name {
                if let target = spec.subspec(named: dependency.name) { request(target) }
            }
        }
        func request(_ member: Spec) {
            add(member)
            let defaults = member.kind == .root ? member.defaultSubspecNames : member.subspecs.map(\.shortName)
            for name in defaults {
                if let child = member.subspecs.first(where: { $0.shortName == name }) { request(child) }
            }
        }
        if requested.isEmpty { request(spec) }
        for name in requested {
            if let member = spec.subspec(named: name) { request(member) }
        }
        add(spec)
        return Self.everySpec(spec).filter { chosen.contains($0.name) }
    }

    /// One SwiftPM target being built up.
    struct Target {
        var name: String
        var specs: [Spec]
        var files: [String]
        var resources: [String] = []
        var dependencies: [String] = []
        var products: [String] = []
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
        let naming: PodModule
        do {
            naming = try PodModule(spec: spec)
        } catch {
            throw .invalidName(spec: spec.name, reason: error.reason)
        }
        let moduleName = naming.module
        var notes: [Finding] = []
        let installing: Bool
        let requested: [String]
        switch purpose {
        case .component:
            installing = false
            requested = []
        case .install(let subspecs):
            installing = true
            requested = subspecs.filter { $0 != spec.name }
            for name in requested where spec.subspec(named: name) == nil {
                notes.append(
                    .installNote(
                        PackageRule.subspecUnknown,
                        "\(name) is not a subspec of \(spec.name) \(spec.version.string); it is left out."))
            }
        }
        let main = closure(of: requested)
        var targets = [Target(name: moduleName, specs: main, files: sourceFiles(of: main))]
        if !installing {
            // The subspecs outside the default module: a module of their own on top of it, when what
            // they need is known and their files are theirs alone.
            var taken = Set(targets[0].files)
            for subspec in spec.subspecs where !main.contains(where: { $0.name == subspec.name }) {
                let extra = closure(of: [subspec.name]).filter { member in !main.contains { $0.name == member.name } }
                let extraFiles = sourceFiles(of: extra).filter { !targets[0].files.contains($0) }
                let name = moduleName + identifier(subspec.shortName[...])
                let unknown = externalDependencies(of: extra).filter { dependencies[$0] == nil }
                if extraFiles.isEmpty { continue }
                if !unknown.isEmpty {
                    notes.append(
                        .installNote(
                            PackageRule.subspecDependencyUnknown,
                            "\(subspec.name) is not offered as a product: its dependencies \(unknown.joined(separator: ", ")) are in no spec repo searched (give --sources)."
                        ))
                    continue
                }
                if extraFiles.contains(where: taken.contains) {
                    notes.append(
                        .installNote(
                            PackageRule.subspecFilesShared,
                            "\(subspec.name) is not offered as a product: it shares files with another subspec outside the default ones."
                        ))
                    continue
                }
                taken.formUnion(extraFiles)
                var target = Target(name: name, specs: extra, files: extraFiles)
                target.dependencies = [moduleName]
                targets.append(target)
                notes.append(
                    .installNote(
                        PackageRule.subspecModule,
                        "\(subspec.name) becomes the module \(name) (product \(name)) on top of \(moduleName): its Swift files need `#if !COCOAPODS` `import \(moduleName)` `#endif` (CocoaPods compiles one module)."
                    ))
            }
        }

        // Pods of the same tree the targets depend on (and those they depend on): targets of this package.
        var siblingModules: [String: String] = [:]
        var pending = targets.flatMap { externalDependencies(of: $0.specs) }
        var siblingTargets: [Target] = []
        while !pending.isEmpty {
            let name = pending.removeFirst()
            guard siblingModules[name] == nil, name != spec.name, let sibling = siblings[name],
                let module = try? PodModule(spec: sibling).module,
                !targets.contains(where: { $0.name == module })
                    && !siblingTargets.contains(where: { $0.name == module })
            else { continue }
            let writer = PackageManifestWriter(
                spec: sibling, files: files, folderName: folderName, dependencies: dependencies,
                purpose: .install(subspecs: []))
            let members = writer.closure(of: [])
            siblingModules[name] = module
            siblingTargets.append(Target(name: module, specs: members, files: sourceFiles(of: members)))
            pending += writer.externalDependencies(of: members)
            notes.append(
                .installNote(
                    PackageRule.sameTree,
                    "\(name), a pod of the same tree, becomes the target \(module) of this package."))
        }
        targets += siblingTargets

        // Things SwiftPM has no place for, said once per spec in use.
        let used = targets.flatMap(\.specs)
        notes += unexpressed(used, installing: installing)
        // Test and app specs are no part of an installed pod, as in CocoaPods; a component's author hears of them.
        if !installing {
            for test in spec.testSpecs + spec.appSpecs {
                notes.append(
                    .installNote(
                        PackageRule.testSpecsSkipped,
                        "\(test.name): test and app specs are not turned into targets; add a test target by hand."))
            }
        }

        for index in targets.indices {
            let own = targets[index].specs.first.map { Spec.rootName(of: $0.name) } ?? spec.name
            let others = externalDependencies(of: targets[index].specs).filter { $0 != own }
            targets[index].products = others.filter { siblingModules[$0] == nil }
            targets[index].dependencies += others.compactMap { siblingModules[$0] }
        }
        /// The targets' declarations; an exclude names only `present` files when given.
        func declareTargets(present: Set<String>?) -> DeclaredTargets {
            var declared = DeclaredTargets()
            for var target in targets {
                for owner in target.specs {
                    target.resources += matched(owner, "resources")
                    let blocks = [owner.json] + (Platform.names + ["macos"]).compactMap { owner.json[$0] }
                    for bundles in blocks.compactMap({ $0["resource_bundles"] }) where bundles.isObject {
                        for member in bundles.members {
                            target.resources += matching(strings(member.value))
                            declared.notes.append(
                                .installNote(
                                    PackageRule.resourceBundle,
                                    "\(owner.name): the resource bundle `\(member.key)` becomes the target's own bundle: read its files through `Bundle.module`."
                                ))
                        }
                    }
                }
                target.resources = Set(target.resources).subtracting(target.files).sorted()
                // `.process` puts resources side by side in one bundle: two files of one name cannot both go.
                var seen: [String: String] = [:]
                target.resources = target.resources.filter { file in
                    let parts = file.split(separator: "/")
                    if parts.contains(where: { $0.hasSuffix(".bundle") }) { return true }
                    let key = (parts.last { $0.hasSuffix(".lproj") }.map { $0 + "/" } ?? "") + (parts.last ?? "")
                    if let first = seen[key] {
                        declared.notes.append(
                            .installNote(
                                PackageRule.resourceNameTaken,
                                "\(file) is left out: the resource \(first) has the same name, and SwiftPM keeps one."))
                        return false
                    }
                    seen[key] = file
                    return true
                }
                guard
                    let lines = declaration(
                        of: target, moduleName: moduleName, installing: installing, notes: &declared.notes,
                        used: &declared.used, binaries: &declared.binaries, extraFiles: &declared.extraFiles,
                        present: present)
                else { continue }
                declared.lines += lines
                declared.targets.append(target.name)
            }
            return declared
        }
        var declared = declareTargets(present: nil)
        if installing {
            // Install copies only the files the manifest uses: declared again, an exclude names none of
            // the others, which SwiftPM would warn of at every load ("Invalid Exclude … File not found").
            declared = declareTargets(present: declared.used)
        }
        notes += declared.notes
        let usedFiles = declared.used
        var declarations = declared.lines
        let declaredTargets = declared.targets
        let binaryDeclarations = declared.binaries
        let extraFiles = declared.extraFiles
        declarations += binaryDeclarations
        guard declaredTargets.contains(moduleName) else {
            throw .noSources(spec: spec.name, folder: folderName)
        }
        for name in Set(targets.flatMap(\.products)).sorted() where dependencies[name] == nil {
            notes.append(
                .installNote(
                    PackageRule.dependencyUnknown,
                    installing
                        ? "The dependency \(name) is not a locked pod: it is left out, and the build fails where the code imports it."
                        : "The dependency \(name) was found in no spec repo (give --sources, or `compose repo add` the repo that has it): write its package URL in Package.swift."
                ))
        }

        var lines = [
            "// swift-tools-version:5.9",
            installing
                ? "// Generated by `compose install` from \(SwiftSource.comment(spec.name)) \(SwiftSource.comment(spec.version.string))'s podspec, which has no Package.swift at its tag. Do not edit."
                : "// Generated by `compose spec package` from \(SwiftSource.comment(spec.name)) \(SwiftSource.comment(spec.version.string))'s podspec. Review it, then commit it",
            installing
                ? "// Subspecs: \(SwiftSource.comment(main.map(\.name).joined(separator: ", ")))."
                : "// with the sources: `compose install` builds the component with this file.",
        ]
        let uniqueNotes = unique(notes)
        if !uniqueNotes.isEmpty {
            lines.append("//")
            lines.append("// Not expressed (do by hand where needed):")
            lines += uniqueNotes.map { "// - " + SwiftSource.comment($0.message) }
        }
        lines += ["import PackageDescription", "", "let package = Package(", "    name: \(literal(spec.name)),"]
        // Localized resources (`en.lproj/...`) need the package's default localization.
        let resourceFolders = targets.flatMap(\.specs).flatMap { matched($0, "resources") }
        if usedFiles.contains(where: { $0.contains(".lproj/") })
            || resourceFolders.contains(where: { $0.contains(".lproj/") })
        {
            let names = usedFiles.compactMap { path in
                path.split(separator: "/").first { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }
            }
            let language =
                names.contains("en") || names.isEmpty ? "en" : names.filter { $0 != "Base" }.sorted().first ?? "en"
            lines.append("    defaultLocalization: \(literal(language)),")
        }
        let platforms = (spec.platforms ?? []).compactMap { platform -> String? in
            guard let display = Platform.displayNames[Platform.normalized(platform.name)],
                let minimum = platform.minimum
            else { return nil }
            return "        .\(display)(\(literal(twoComponents(minimum.string)))),"
        }
        if !platforms.isEmpty { lines += ["    platforms: ["] + platforms + ["    ],"] }
        lines.append("    products: [")
        for name in declaredTargets {
            lines.append("        .library(name: \(literal(name)), targets: [\(literal(name))]),")
        }
        lines.append("    ],")
        let packageLines = Set(targets.flatMap(\.products)).sorted().map { name -> String in
            guard let package = dependencies[name] else {
                return
                    "        // .package(url: \"<the git URL of \(SwiftSource.comment(name))>\", from: \"<version>\"),"
            }
            return "        \(package.declaration),"
        }
        if !packageLines.isEmpty { lines += ["    dependencies: ["] + unique(packageLines) + ["    ],"] }
        lines += ["    targets: ["] + declarations + ["    ]", ")"]
        var written = extraFiles
        written["Package.swift"] = lines.joined(separator: "\n") + "\n"
        return Output(
            files: written, notes: uniqueNotes,
            usedFiles: usedFiles.sorted(), module: moduleName)
    }

    // MARK: Files

    /// A pattern naming a folder means everything in it, as in CocoaPods.
    func matching(_ patterns: [String]) -> [String] {
        let compiled = patterns.flatMap { [FilePattern($0), FilePattern($0 + "/**")] }
        return files.filter { path in compiled.contains { $0.matches(path) } }
    }

    /// The files of `spec`'s `key` patterns, minus its `exclude_files`; those of its platform blocks
    /// too (`ios.source_files`): a SwiftPM target has the same files on every platform, so a pod's
    /// files for each of its platforms are all built (a note says so).
    func matched(_ member: Spec, _ key: String) -> [String] {
        // Per platform, as CocoaPods' consumer of that platform sees them: the spec's patterns and
        // the platform block's, minus both exclusions; then the union over the pod's platforms.
        let platforms = (spec.platforms?.map(\.name) ?? Platform.names).map(Platform.normalized)
        var found: Set<String> = []
        for platform in platforms {
            let blocks =
                [member.json]
                + [platform, platform == "osx" ? "macos" : platform].compactMap { member.json[$0] }
                .filter(\.isObject)
            let excluded = blocks.flatMap { strings($0["exclude_files"]) }.map(FilePattern.init)
            found.formUnion(
                matching(blocks.flatMap { strings($0[key]) }).filter { path in !excluded.contains { $0.matches(path) } }
            )
        }
        return found.sorted()
    }

    /// The strings of `key` in `member` and in each of its platform blocks.
    static func values(of member: Spec, _ key: String) -> [String] {
        strings(member.json[key])
            + (Platform.names + ["macos"]).flatMap { platform -> [String] in
                guard let block = member.json[platform], block.isObject else { return [] }
                return strings(block[key])
            }
    }

    func sourceFiles(of members: [Spec]) -> [String] {
        Array(Set(members.flatMap { matched($0, "source_files") })).sorted()
    }

    /// Root names of the other pods `members` depend on, sorted.
    func externalDependencies(of members: [Spec]) -> [String] {
        let names = members.flatMap { $0.dependencies(on: Platform.names) }.map { Spec.rootName(of: $0.name) }
        return Array(Set(names)).filter { $0 != spec.name }.sorted()
    }

    /// What the targets' declarations make: their lines, names, binary targets, the files written
    /// beside the manifest (module maps), the pod's files they use, and the notes said on the way.
    struct DeclaredTargets {
        var lines: [String] = []
        var targets: [String] = []
        var binaries: [String] = []
        var extraFiles: [String: String] = [:]
        var used: Set<String> = []
        var notes: [Finding] = []
    }

    // MARK: One target

    static let cFamilyExtensions = [".m", ".mm", ".c", ".cc", ".cpp", ".cxx", ".s", ".S"]

    /// Files SwiftPM makes resources of without being told.
    static let implicitResourceExtensions = [
        ".xib", ".storyboard", ".xcassets", ".xcdatamodel", ".xcdatamodeld", ".xcmappingmodel", ".metal", ".xcstrings",
        ".strings", ".stringsdict", ".docc", ".xcprivacy", ".plist",
    ]
    static let headerExtensions = [".h", ".hh", ".hpp", ".hxx", ".inc", ".ipp", ".tpp", ".def"]

    /// The `.target(...)` lines of `target`, or nil when it has no source to build; the `.binaryTarget`
    /// lines of its vendored xcframeworks go to `binaries`.
    func declaration(
        of target: Target, moduleName: String, installing: Bool, notes: inout [Finding], used: inout Set<String>,
        binaries: inout [String], extraFiles: inout [String: String],
        present: Set<String>? = nil
    ) -> [String]? {
        let label = target.specs.count == 1 ? target.specs[0].name : spec.name
        let swift = target.files.filter { $0.hasSuffix(".swift") }
        let cFamily = target.files.filter { path in Self.cFamilyExtensions.contains { path.hasSuffix($0) } }
        var headers = target.files.filter { path in Self.headerExtensions.contains { path.hasSuffix($0) } }
        if !cFamily.isEmpty && swift.isEmpty {
            headers = Array(
                Set(headers).union(target.specs.flatMap { matched($0, "public_header_files") })
                    .union(target.specs.flatMap { matched($0, "private_header_files") })
            ).sorted()
        }
        var sources = swift.isEmpty ? cFamily : swift
        if !swift.isEmpty && !cFamily.isEmpty {
            notes.append(
                .installNote(
                    PackageRule.mixedSources,
                    "\(label): Swift and C-family sources cannot share a SwiftPM target; only the Swift files are in \(target.name). Move the others (\(cFamily.count) files) into a target of their own."
                ))
        }
        let other = Set(target.files).subtracting(swift + cFamily + headers)
        if !other.isEmpty {
            notes.append(
                .installNote(
                    PackageRule.notSources,
                    "\(label): \(other.count) files matched by source_files are not sources (\(other.sorted().prefix(3).joined(separator: ", "))\(other.count > 3 ? ", ..." : "")): list them under resources if the code reads them."
                ))
        }
        sources.sort()
        if sources.isEmpty {
            if !target.files.isEmpty || target.name == moduleName {
                notes.append(
                    .installNote(
                        PackageRule.noSources,
                        "\(label): its source_files match no Swift or C-family source in \(folderName)."))
            }
            return nil
        }
        let isC = swift.isEmpty
        let cHeaders = isC ? headers : []
        let path = commonFolder(sources + target.resources + cHeaders)
        func relative(_ file: String) -> String { path.isEmpty ? file : String(file.dropFirst(path.count + 1)) }
        // What is under `path` (of the files `present`, when only those are written).
        let all = files.filter { (path.isEmpty || $0.hasPrefix(path + "/")) && present?.contains($0) != false }
        used.formUnion(sources + target.resources + cHeaders)

        var lines = ["        .target("]
        lines.append("            name: \(literal(target.name)),")
        var dependencyLines = target.dependencies.map { "                \(literal($0))," }
        for product in target.products {
            if let package = dependencies[product] {
                dependencyLines.append(
                    "                .product(name: \(literal(package.product)), package: \(literal(package.identity))),"
                )
            } else {
                // A package of unknown URL stays a comment, so that the manifest still loads.
                dependencyLines.append(
                    "                // .product(name: \(literal(product)), package: \(literal(product))),")
            }
        }
        // Vendored xcframeworks: binary targets the module depends on.
        if target.name == moduleName {
            for framework in Set(target.specs.flatMap { matchedFolders($0, "vendored_frameworks") }).sorted() {
                guard framework.hasSuffix(".xcframework") else {
                    notes.append(
                        .installNote(
                            PackageRule.vendoredFramework,
                            "\(label): the vendored framework \(framework) is not an .xcframework, which is all SwiftPM's binaryTarget takes: link it by hand."
                        ))
                    continue
                }
                let binaryName = identifier(
                    (lastPathComponent(framework) as NSString).deletingPathExtension[...])
                used.formUnion(files.filter { $0.hasPrefix(framework + "/") })
                dependencyLines.append("                \(literal(binaryName)),")
                binaries.append(
                    "        .binaryTarget(name: \(literal(binaryName)), path: \(literal(framework))),")
            }
        }
        if !dependencyLines.isEmpty { lines += ["            dependencies: ["] + dependencyLines + ["            ],"] }
        lines.append("            path: \(literal(path.isEmpty ? "." : path)),")
        // The files under `path` that are not the target's: excluded by their top-most folder that
        // holds none of the target's files, when that is shorter than listing the sources. C-family
        // targets list their sources (their headers must stay visible).
        // The other targets' files under `path` (a subspec's folder inside this one's) are excluded
        // too: SwiftPM refuses a file that two targets build ("overlapping sources").
        let kept = Set(sources).union(target.resources).union(cHeaders).map(relative)
        let others = Set(all).subtracting(sources).subtracting(target.resources).subtracting(cHeaders).map(relative)
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
        if path.isEmpty || (!excluded.isEmpty && (isC || excluded.count >= sources.count)) {
            // SwiftPM takes some files as resources wherever they are under `path` (storyboards, asset
            // catalogs, ...): the folders and such files that are not the target's are excluded too.
            let otherFiles = Set(others)
            let mayBeResources = excluded.filter { entry in
                !otherFiles.contains(entry) || Self.implicitResourceExtensions.contains { entry.hasSuffix($0) }
            }
            if !mayBeResources.isEmpty {
                lines.append("            exclude: [")
                lines += mayBeResources.map { "                \(literal($0))," }
                lines.append("            ],")
            }
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
            lines += resourceRules(target.resources.map(relative)).map { "                \($0)," }
            lines.append("            ],")
        }
        var cSettings: [String] = []
        if isC {
            let publicHeaders = publicHeaders(of: target, headers: headers)
            if !publicHeaders.isEmpty {
                let folder = commonFolder(publicHeaders)
                let headersPath = folder == path ? "." : relative(folder)
                // SwiftPM refuses an umbrella header (`Module.h`, `Module/Module.h`) with folders beside
                // it, and makes a folder's every header public: a module map of our own says what the
                // module is. Beside the headers; for headers at the package's root (where a module map
                // would make the whole package a system library), in a folder of its own.
                let beside = folder + "/module.modulemap"
                let mapFolder = folder.isEmpty ? (path.isEmpty ? "" : path + "/") + "ModuleMaps/\(target.name)" : folder
                let mapPath = mapFolder + "/module.modulemap"
                if !folder.isEmpty, files.contains(beside) {
                    lines.append("            publicHeadersPath: \(literal(headersPath)),")
                } else {
                    let up = String(repeating: "../", count: folder.isEmpty ? mapFolder.split(separator: "/").count : 0)
                    func inMap(_ header: String) -> String {
                        up + (folder.isEmpty ? header : String(header.dropFirst(folder.count + 1)))
                    }
                    let umbrella = [
                        target.name + ".h", moduleName + ".h", spec.name + ".h", "\(moduleName)/\(moduleName).h",
                    ]
                    .map { folder.isEmpty ? $0 : joinedPath(folder, $0) }.first { publicHeaders.contains($0) }
                    var map = "module \(target.name) {\n"
                    if let umbrella {
                        map += "    umbrella header \(literal(inMap(umbrella)))\n"
                    } else {
                        map += publicHeaders.map { "    header \(literal(inMap($0)))\n" }.joined()
                    }
                    map += "    export *\n}\n"
                    extraFiles[mapPath] = map
                    lines.append(
                        "            publicHeadersPath: \(literal(folder.isEmpty ? relative(mapFolder) : headersPath)),"
                    )
                }
            }
            // CocoaPods puts every header of the pod on the search path: `#import "Other.h"` finds a header in any folder.
            let headerFolders = Set(headers.map(parentPath)).map { folder in
                folder == path ? "." : relative(folder)
            }
            cSettings += headerFolders.sorted().map { ".headerSearchPath(\(literal($0)))" }
            notes += headerLayoutNotes(target.specs, label: label)
        }
        var swiftSettings: [String] = []
        var linker: [String] = []
        for owner in target.specs {
            settings(of: owner, isC: isC, installing: installing, c: &cSettings, swift: &swiftSettings, linker: &linker)
        }
        for (name, settings) in [
            ("cSettings", unique(cSettings)), ("swiftSettings", unique(swiftSettings)),
            ("linkerSettings", unique(linker)),
        ]
        where !settings.isEmpty {
            lines.append("            \(name): [")
            lines += settings.map { "                \($0)," }
            lines.append("            ],")
        }
        lines[lines.count - 1].removeLast()  // the last argument's comma
        lines.append("        ),")
        return lines
    }
}

extension PackageManifestWriter {
    /// The folders (or files) `key`'s patterns name, as written: vendored frameworks are folders.
    func matchedFolders(_ member: Spec, _ key: String) -> [String] {
        var found: Set<String> = []
        for pattern in strings(member.json[key]).map(FilePattern.init) {
            for file in files {
                let parts = file.split(separator: "/")
                for depth in 1...parts.count {
                    let prefix = parts.prefix(depth).joined(separator: "/")
                    if pattern.matches(prefix) {
                        found.insert(prefix)
                        break
                    }
                }
            }
        }
        return found.sorted()
    }

    /// `.process` for each resource file, `.copy` for the whole of a `.bundle` folder (CocoaPods copies bundles as they are).
    func resourceRules(_ resources: [String]) -> [String] {
        var rules: [String] = []
        var copied: Set<String> = []
        for file in resources {
            let parts = file.split(separator: "/")
            if let index = parts.firstIndex(where: { $0.hasSuffix(".bundle") }) {
                let folder = parts.prefix(index + 1).joined(separator: "/")
                if copied.insert(folder).inserted { rules.append(".copy(\(literal(folder)))") }
            } else {
                rules.append(".process(\(literal(file)))")
            }
        }
        return rules
    }

    /// The public headers of a C-family target: `public_header_files` of its specs, else every header
    /// but the `private_header_files`.
    func publicHeaders(of target: Target, headers: [String]) -> [String] {
        let listed = Array(Set(target.specs.flatMap { matched($0, "public_header_files") })).sorted()
        if !listed.isEmpty { return listed }
        let hidden = Set(target.specs.flatMap { matched($0, "private_header_files") })
        return headers.filter { !hidden.contains($0) }
    }

    func headerLayoutNotes(_ members: [Spec], label: String) -> [Finding] {
        var notes: [Finding] = []
        for key in ["header_dir", "header_mappings_dir"] where members.contains(where: { $0.json[key] != nil }) {
            notes.append(
                .installNote(
                    PackageRule.headerLayout,
                    "\(label): `\(key)` is not laid out: the public headers are found by their own folders, so `#import <Dir/Header.h>` of another folder name fails."
                ))
        }
        return notes
    }

    /// `compiler_flags`, `requires_arc`, `frameworks`, `weak_frameworks`, `libraries` and the
    /// `pod_target_xcconfig` settings SwiftPM has a setting for, of one spec (and its platform blocks).
    func settings(
        of owner: Spec, isC: Bool, installing: Bool, c: inout [String], swift: inout [String], linker: inout [String]
    ) {
        let blocks: [(JSONNode, String?)] =
            [(owner.json, nil)]
            + (Platform.names + ["macos"]).compactMap { name in
                guard let block = owner.json[name], block.isObject,
                    let display = Platform.displayNames[Platform.normalized(name)]
                else { return nil }
                return (block, display)
            }
        for (block, platform) in blocks {
            let condition = platform.map { ", .when(platforms: [.\($0)])" } ?? ""
            for key in ["frameworks", "weak_frameworks"] {
                for framework in strings(block[key]) {
                    linker.append(".linkedFramework(\(literal(framework))\(condition))")
                }
            }
            for library in strings(block["libraries"]) {
                linker.append(".linkedLibrary(\(literal(library))\(condition))")
            }
            if isC, installing {
                // Install refused every flag that neither passes nor was allowed (`CompilerFlagPolicy`).
                let flags = CompilerFlagPolicy.tokens(strings(block["compiler_flags"]))
                if !flags.isEmpty {
                    c.append(".unsafeFlags([\(flags.map(literal).joined(separator: ", "))]\(condition))")
                }
            }
            guard let xcconfig = block["pod_target_xcconfig"], xcconfig.isObject else { continue }
            for member in xcconfig.members {
                let values = (member.value.stringValue ?? "").split(separator: " ").map(String.init)
                    .filter { $0 != "$(inherited)" && !$0.isEmpty }
                switch member.key {
                case "GCC_PREPROCESSOR_DEFINITIONS":
                    for value in values { c.append(define(value, condition)) }
                case "SWIFT_ACTIVE_COMPILATION_CONDITIONS":
                    for value in values { swift.append(".define(\(literal(value))\(condition))") }
                case "OTHER_SWIFT_FLAGS":
                    for (index, value) in values.enumerated() where value == "-D" && index + 1 < values.count {
                        swift.append(".define(\(literal(values[index + 1]))\(condition))")
                    }
                default:
                    continue
                }
            }
        }
        if isC, installing, let arc = owner.json["requires_arc"], arc.boolValue == false {
            c.append(".unsafeFlags([\"-fno-objc-arc\"])")
        }
    }

    /// `NAME=VALUE` → `.define("NAME", to: "VALUE")`; `NAME` → `.define("NAME")`.
    func define(_ value: String, _ condition: String) -> String {
        guard let equals = value.firstIndex(of: "=") else { return ".define(\(literal(value))\(condition))" }
        let name = String(value[..<equals])
        let text = String(value[value.index(after: equals)...])
        return ".define(\(literal(name)), to: \(literal(text))\(condition))"
    }

    /// What the specs in use write that SwiftPM cannot express, one note each.
    func unexpressed(_ members: [Spec], installing: Bool) -> [Finding] {
        var notes: [Finding] = []
        for owner in members {
            let label = owner.name
            for key in ["prefix_header_file", "prefix_header_contents"] where owner.json[key] != nil {
                notes.append(
                    .installNote(
                        PackageRule.prefixHeader,
                        "\(label): `\(key)` has no SwiftPM equivalent: import what the prefix header imported in each file that needs it."
                    ))
            }
            if owner.json["prepare_command"] != nil {
                notes.append(
                    .installNote(
                        PackageRule.prepareCommand,
                        "\(label): `prepare_command` is not run: SwiftPM builds the files as they are at the tag."))
            }
            for key in ["xcconfig", "user_target_xcconfig"] where owner.json[key] != nil {
                notes.append(
                    .installNote(
                        PackageRule.xcconfig,
                        "\(label): `\(key)` is not translated: write the settings you need as swiftSettings/cSettings/linkerSettings."
                    ))
            }
            if let xcconfig = owner.json["pod_target_xcconfig"], xcconfig.isObject {
                let known: Set<String> = [
                    "GCC_PREPROCESSOR_DEFINITIONS", "SWIFT_ACTIVE_COMPILATION_CONDITIONS", "OTHER_SWIFT_FLAGS",
                ]
                let rest = xcconfig.members.map(\.key).filter { !known.contains($0) }
                if !rest.isEmpty {
                    notes.append(
                        .installNote(
                            PackageRule.podTargetXcconfig,
                            "\(label): `pod_target_xcconfig` \(rest.joined(separator: ", ")) \(rest.count == 1 ? "has" : "have") no SwiftPM setting and \(rest.count == 1 ? "is" : "are") not translated."
                        ))
                }
            }
            if let arc = owner.json["requires_arc"], arc.boolValue != true, !(installing && arc.boolValue == false) {
                notes.append(
                    .installNote(
                        PackageRule.requiresARC,
                        "\(label): `requires_arc` other than true is not expressible: SwiftPM compiles every Objective-C file with ARC."
                    ))
            }
            for key in ["script_phases", "script_phase"] where owner.json[key] != nil {
                notes.append(
                    .installNote(
                        PackageRule.scriptPhases,
                        "\(label): `\(key)` cannot run in a SwiftPM build: use a build tool plugin or run the script before building."
                    ))
            }
            var untranslated = ["module_map", "vendored_libraries"]
            if !installing { untranslated.append("compiler_flags") }
            for key in untranslated where owner.json[key] != nil {
                notes.append(
                    .installNote(
                        PackageRule.keyNotTranslated,
                        "\(label): `\(key)` is not translated; add the equivalent to Package.swift by hand."))
            }
            for platform in Platform.names + ["macos"] {
                guard let block = owner.json[platform], block.isObject else { continue }
                for key in ["source_files", "resources", "resource_bundles", "exclude_files", "public_header_files"]
                where block[key] != nil {
                    notes.append(
                        .installNote(
                            PackageRule.platformFiles,
                            "\(label): `\(platform).\(key)` (files for one platform only) are built on every platform, as SwiftPM targets have the same files everywhere: guard their code with `#if os(...)` where another platform cannot compile it."
                        ))
                }
            }
        }
        return notes
    }

    /// The SwiftPM requirement for dependency `name` of `spec`: from its requirements in the spec, else from its newest version.
    static func versionRequirement(for name: String, in spec: Spec, package: DependencyPackage) -> String {
        let requirements = everySpec(spec).flatMap { $0.allDependencies(on: Platform.names) }
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

private func unique<Item: Hashable>(_ items: [Item]) -> [Item] {
    var seen: Set<Item> = []
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
