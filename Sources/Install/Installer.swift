import CDN
import Foundation
import Git
import Project
import SpecRepos
import Specs
import Support

/// What an install did.
package struct InstallResult: Sendable, Equatable {
    /// The generated package's folder (`<project>/Composed`).
    package let folder: URL
    /// Files written because they were new or changed (relative to `folder`); empty when up to date.
    package let changedFiles: [String]
    /// Components whose sources had to be fetched over the network (empty on a no-op run).
    package let fetched: [String]
    /// Components wired as prebuilt binaries.
    package let binaries: [String]
    /// Components without a Package.swift of their own, made a package under `Pods/` from their podspec.
    package var generated: [String] = []
    package let package: ComposedPackage
    /// Things the user should know, such as a binary switch for a component without an artifact:
    /// notes of the rules in `InstallRule`.
    package let notes: [Finding]
    /// Every file of `Composed/` this install generated (relative to `folder`) with its bytes, and
    /// the prebuilt artifacts copied there with where they were copied from.
    package var output: [String: Data] = [:]
    package var outputBinaries: [String: URL] = [:]
    /// The cached repositories `Composed/` names as mirrors or generated a package from.
    package var repositories: [URL] = []

    /// One line per component, as `compose install` lists them: `Pay 1.2.0`, `Kit at 1a2b3c4d5e`,
    /// `Legacy generated from its podspec into Pods/Legacy (module Legacy)`, and for a pod of the same
    /// tree as another, `Bridge generated from its podspec as a target of Pods/Logger (module Bridge)`.
    package var componentLines: [String] {
        self.package.components.sorted(by: { $0.name < $1.name }).map { component in
            guard !generated.contains(component.name) else {
                let own = "Pods/\(component.name)"
                var place = "into \(own)"
                if case .path(let folder) = component.pin, folder != own { place = "as a target of \(folder)" }
                return "\(component.name) generated from its podspec \(place) (module \(component.module))"
            }
            return "\(component.name) \(Self.pinText(component.pin))"
        }
    }

    static func pinText(_ pin: ComponentPin) -> String {
        switch pin {
        case .version(_, let version): return version
        case .registry(let id, let version): return "\(version) from the registry (\(id))"
        case .revision(_, let commit): return "at \(commit.prefix(10))"
        case .path(let path): return "from \(path)"
        case .binaryPath, .binaryURL: return "(prebuilt)"
        }
    }
}

/// `compose install`: locked components → fetched sources in the cache → `<project>/Composed/`.
package struct Installer: Sendable {
    package let sources: SourceCache
    package let artifacts: ArtifactStore
    /// The largest file of a component's tree install reads (sizes from the git object headers).
    package var maximumFileSize = Installer.maximumSourceFileSize
    /// The HTTP settings of prebuilt downloads and of a registry's manifests.
    package let http: HTTPSettings

    /// `composeHome` holds `cache/git` (bare clones) and `cache/binaries` (verified artifacts); `http`
    /// governs the download of prebuilt artifacts and of a registry's manifests.
    package init(composeHome: URL, http: HTTPSettings = HTTPSettings()) {
        self.http = http
        sources = SourceCache(home: ComposeHome(url: composeHome))
        artifacts = ArtifactStore(cache: composeHome.appendingPathComponent("cache/binaries"), settings: http)
    }

    /// Fetches what is missing, then writes the files of `Composed/` that changed. Everything is fetched
    /// and verified, and every name checked, before the first file is written.
    package func install(
        project: URL, inputs: InstallInputs, binary: BinaryPreference = BinaryPreference(),
        registry: InstallRegistry? = nil, compilerFlags: CompilerFlagPolicy = CompilerFlagPolicy(),
        progress: @Sendable (String) -> Void = { _ in }
    ) async throws(InstallError) -> InstallResult {
        let registry = registry?.connected(with: http)
        let folder = project.appendingPathComponent("Composed")
        var composed: [ComposedComponent] = []
        var mirrors: [String: String] = [:]
        var fetched: [String] = []
        var binaries: [String] = []
        var platformFloor = inputs.platforms
        var binaryFiles: [String: URL] = [:]
        var notes: [Finding] = []
        var generated: [GeneratedPod] = []
        var repositories: [URL] = []
        // Components whose manifest uses unsafe flags; the commits of those pinned by version.
        var unsafe: Set<String> = []
        var commits: [String: String] = [:]

        for pod in inputs.pods.sorted(by: { $0.name < $1.name }) {
            let spec = pod.spec
            let version = pod.version.string
            for platform in spec.declaredPlatforms ?? [] {
                guard let minimum = platform.minimum else { continue }
                if let current = platformFloor[platform.name], current >= minimum { continue }
                platformFloor[platform.name] = minimum
            }
            let module = try naming(of: pod).module

            if binary.usesBinary(pod.name), spec.prebuilt == nil, binary.perComponent[environmentName(pod.name)] == true
            {
                notes.append(
                    .installNote(
                        InstallRule.binaryUnavailable,
                        "COMPOSE_\(environmentName(pod.name))_USE_BINARY is set, but \(pod.name) \(version) declares no prebuilt artifact: it is built from source."
                    ))
            }
            if let prebuilt = spec.prebuilt, binary.usesBinary(pod.name) {
                progress("Using the prebuilt \(pod.name) (\(version))")
                let local = try await artifacts.localCopy(of: prebuilt, for: pod.name)
                let relative = "Binaries/\(pod.name).zip"
                binaryFiles[relative] = local
                composed.append(
                    ComposedComponent(
                        name: pod.name, module: module, pin: .binaryPath(relative), dependencies: pod.dependencies))
                binaries.append(pod.name)
                continue
            }

            let naming = try naming(of: pod)
            switch pod.origin {
            case .path(let path):
                let local = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : project.appendingPathComponent(path))
                    .standardizedFileURL
                let pinned = path.hasPrefix("/") ? path : "../" + path
                // A folder that is not there is SwiftPM's to report (resolve read the podspec from it).
                guard FileManager.default.fileExists(atPath: local.path) else {
                    composed.append(
                        ComposedComponent(
                            name: pod.name, module: module, product: module, pin: .path(pinned),
                            dependencies: pod.dependencies))
                    continue
                }
                let files = listFiles(local)
                let source = PodFiles(
                    files: files, shown: local.path,
                    read: { relative in
                        FileManager.default.contents(atPath: local.appendingPathComponent(relative).path)
                    })
                if let linked = try offeredProduct(
                    pod, naming: naming, in: source, reference: local.path, notes: &notes)
                {
                    if !linked.unsafeFlags.isEmpty { unsafe.insert(pod.name) }
                    // A local package may use unsafe flags.
                    composed.append(
                        component(pod, naming: naming, linked: linked, pin: .path(pinned)))
                } else {
                    generated.append(GeneratedPod(pod: pod, naming: naming, files: source))
                }
            case .specRepo, .git:
                if let registry, case .specRepo = pod.origin,
                    let (pin, linked) = try registryPin(pod, naming: naming, registry: registry, notes: &notes)
                {
                    composed.append(component(pod, naming: naming, linked: linked, pin: pin))
                    continue
                }
                let (url, reference) = try gitSource(of: pod)
                let fetch = try fetch(pod.name, url: url, reference: reference)
                if fetch.usedNetwork { fetched.append(pod.name) }
                repositories.append(fetch.repository)
                let source = try podFiles(pod.name, in: fetch)
                guard
                    let linked = try offeredProduct(
                        pod, naming: naming, in: source, reference: "\(reference)", notes: &notes)
                else {
                    generated.append(GeneratedPod(pod: pod, naming: naming, files: source))
                    continue
                }
                mirrors.merge(mirrorEntries(url: url, mirror: fetch.repository.path)) { $1 }
                let pin: ComponentPin
                if case .tag(let tag) = reference, isPlainVersion(version), tag == version || tag == "v" + version {
                    commits[pod.name] = fetch.commit
                    if linked.unsafeFlags.isEmpty {
                        pin = .version(url: url, version: version)
                    } else {
                        // SwiftPM refuses unsafe flags in a dependency pinned by version, not by revision.
                        unsafe.insert(pod.name)
                        pin = .revision(url: url, commit: fetch.commit)
                        notes.append(
                            .installNote(
                                InstallRule.unsafeFlagsPinned,
                                "\(pod.name): its Package.swift uses unsafeFlags (\(linked.unsafeFlags.joined(separator: ", "))), which SwiftPM refuses in a package pinned by version: \(version) is pinned by its commit (revision: \(fetch.commit.prefix(10)))."
                            ))
                    }
                } else {
                    if !linked.unsafeFlags.isEmpty { unsafe.insert(pod.name) }
                    pin = .revision(url: url, commit: fetch.commit)
                }
                composed.append(component(pod, naming: naming, linked: linked, pin: pin))
            }
        }

        if !unsafe.isEmpty { repin(&composed, over: unsafe, commits: commits, pods: inputs.pods, notes: &notes) }

        // The pods without a Package.swift: a package each under Pods/, made from the podspec and
        // the pod's files, naming the other locked pods as Composed names them.
        var podFiles: [String: Data] = [:]
        // A pod of the same tree (the same fetched commit or folder) as a generated pod that depends on
        // it is a target of that pod's package, as the authors' manifests make them, not a package of its own.
        var hosts: [String: String] = [:]
        for item in generated {
            for name in item.pod.dependencies where hosts[name] == nil && name != item.pod.name {
                if generated.contains(where: { $0.pod.name == name && $0.files.shown == item.files.shown }) {
                    hosts[name] = item.pod.name
                }
            }
        }
        hosts = hosts.filter { hosts[$0.value] == nil }
        for item in generated {
            guard let host = hosts[item.pod.name] else { continue }
            composed.append(
                ComposedComponent(
                    name: item.pod.name, module: item.naming.module, product: item.naming.module,
                    pin: .path("Pods/\(host)"), dependencies: item.pod.dependencies))
            notes.append(
                .installNote(
                    InstallRule.sameTree,
                    "\(item.pod.name): a pod of the same tree as \(host), it is a target of Pods/\(host)."))
        }
        for item in generated where hosts[item.pod.name] == nil {
            let (component, files, podNotes) = try generate(
                item, besides: composed, generated: generated, hosts: hosts, compilerFlags: compilerFlags)
            composed.append(component)
            podFiles.merge(files) { $1 }
            // A note the manifest writer already labelled with the pod keeps its one label; the pod's
            // component line ("X generated from its podspec into Pods/X") is its only report.
            let label = "\(item.pod.name): "
            notes += podNotes.map { note in
                note.message.hasPrefix(label)
                    ? note : Finding(severity: note.severity, ruleID: note.ruleID, message: label + note.message)
            }
        }

        let package = ComposedPackage(
            targets: inputs.targets, components: composed, platforms: platformFloor.mapValues(\.string),
            mirrors: mirrors,
            registry: composed.contains { if case .registry = $0.pin { true } else { false } } ? registry : nil)
        notes += package.targetModules.notes
        var files = try package.files().mapValues { Data($0.utf8) }
        files.merge(podFiles) { $1 }
        let changed = try write(files, binaries: binaryFiles, into: folder)
        let unknown = Set(binary.namedComponents).subtracting(inputs.pods.map { environmentName($0.name) })
        for name in unknown.sorted() {
            notes.append(
                .installNote(
                    InstallRule.binaryUnknown, "COMPOSE_\(name)_USE_BINARY is set, but no locked component is named so."
                ))
        }
        var result = InstallResult(
            folder: folder, changedFiles: changed, fetched: fetched, binaries: binaries, package: package, notes: notes)
        result.generated = generated.map(\.pod.name).sorted()
        result.output = files
        result.outputBinaries = binaryFiles
        result.repositories = repositories
        return result
    }

    /// A pod with a Package.swift of its own, linked by `linked`.
    func component(_ pod: InstallInputs.Pod, naming: PodModule, linked: LinkedProduct, pin: ComponentPin)
        -> ComposedComponent
    {
        var component = ComposedComponent(
            name: pod.name, module: linked.module, product: linked.name, pin: pin, dependencies: pod.dependencies)
        if linked.module != naming.module { component.podModule = naming.module }
        return component
    }

    /// SwiftPM refuses unsafe flags anywhere under a product of a package pinned by version, in the
    /// targets of that package's dependencies too ("the target 'Keychain' in product 'Wallet'"): a
    /// component pinned by version that depends, at any depth, on one of `unsafe` is pinned by its
    /// tag's commit (`commits`) instead, with a note.
    func repin(
        _ composed: inout [ComposedComponent], over unsafe: Set<String>, commits: [String: String],
        pods: [InstallInputs.Pod], notes: inout [Finding]
    ) {
        let dependencies = Dictionary(
            pods.map { ($0.name, $0.dependencies.map(Spec.rootName(of:))) }, uniquingKeysWith: { first, _ in first })
        for (index, component) in composed.enumerated() {
            guard case .version(let url, let version) = component.pin, let commit = commits[component.name] else {
                continue
            }
            var seen: Set<String> = []
            var stack = dependencies[component.name] ?? []
            while let name = stack.popLast() {
                guard seen.insert(name).inserted else { continue }
                stack += dependencies[name] ?? []
            }
            let reached = seen.intersection(unsafe).sorted()
            guard !reached.isEmpty else { continue }
            var repinned = ComposedComponent(
                name: component.name, module: component.module, product: component.product,
                pin: .revision(url: url, commit: commit), dependencies: component.dependencies)
            repinned.podModule = component.podModule
            composed[index] = repinned
            notes.append(
                .installNote(
                    InstallRule.unsafeFlagsDependency,
                    "\(component.name): it depends on \(reached.joined(separator: ", ")), whose Package.swift uses unsafeFlags, which SwiftPM refuses under a package pinned by version: \(version) is pinned by its commit (revision: \(commit.prefix(10)))."
                ))
        }
    }

    /// The module and product names of a pod (`PodModule`), its names checked.
    func naming(of pod: InstallInputs.Pod) throws(InstallError) -> PodModule {
        do {
            return try PodModule(spec: pod.spec)
        } catch {
            throw .invalidName(pod: pod.name, version: pod.version.string, reason: error.reason)
        }
    }

    /// Where a pod's code is in git: its spec's source (a tag, else a commit), or the `:git` checkout's commit.
    func gitSource(of pod: InstallInputs.Pod) throws(InstallError) -> (url: String, reference: SourceReference) {
        if case .git(let url, let commit) = pod.origin { return (url, .commit(commit)) }
        guard let git = pod.spec.source?.git else {
            throw .unsupportedSource(name: pod.name, reason: "its spec's source has no git URL")
        }
        guard let reference = git.tag.map(SourceReference.tag) ?? git.commit.map(SourceReference.commit) else {
            throw .unsupportedSource(name: pod.name, reason: "its spec's source has neither a tag nor a commit")
        }
        // A URL from a spec repo is untrusted: credentials in it are neither used nor written.
        return (strippingCredentials(git.url), reference)
    }

    /// The cached repository of component `name` at `reference`, fetched when missing.
    func fetch(_ name: String, url: String, reference: SourceReference) throws(InstallError) -> SourceCache.Fetch {
        do {
            return try sources.ensure(url: url, reference: reference)
        } catch {
            switch error {
            case .fetchFailed(let url, let message): throw .fetchFailed(name: name, url: url, message: message)
            case .missingReference(let url, let reference):
                throw .missingReference(name: name, url: url, reference: reference.description)
            }
        }
    }

    /// Refuses, before anything is written, when `folder` or anything on the way to one of the
    /// `relatives` is a symbolic link: a write or a removal there would land outside `Composed/`.
    func refuseSymlinks(_ relatives: [String], in folder: URL) throws(InstallError) {
        var checked: Set<String> = []
        func check(_ url: URL) throws(InstallError) {
            guard checked.insert(url.path).inserted else { return }
            var info = stat()
            if lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw .symlinkInComposed(path: url.path)
            }
        }
        try check(folder)
        for relative in relatives.sorted() {
            var url = folder
            for part in relative.split(separator: "/") {
                url.appendPathComponent(String(part))
                try check(url)
            }
        }
    }

    /// Writes the files that differ (each through a temporary file and a rename), removes generated
    /// files that are no longer generated, and leaves everything else (`.build`, `Package.resolved`) alone.
    func write(_ files: [String: Data], binaries: [String: URL], into folder: URL) throws(InstallError) -> [String] {
        let fileManager = FileManager.default
        var changed: [String] = []
        func replace(_ relative: String, with data: Data) throws(InstallError) {
            let url = folder.appendingPathComponent(relative)
            if fileManager.contents(atPath: url.path) == data { return }
            // A reader sees the old or the new file; a full disk leaves no temporary file behind.
            do {
                try AtomicFile.write(data, to: url, createFolder: true)
            } catch {
                throw .writeFailed(path: url.path, message: error.message)
            }
            changed.append(relative)
        }
        try refuseSymlinks(Array(files.keys) + Array(binaries.keys) + ["Targets", "Binaries", "Pods"], in: folder)
        // What an install killed or out of space left (a `.Package.swift.*.partial`) goes now.
        removePartials(besides: (Array(files.keys) + Array(binaries.keys)).map { folder.appendingPathComponent($0) })
        for (relative, data) in files.sorted(by: { $0.key < $1.key }) { try replace(relative, with: data) }
        for (relative, source) in binaries.sorted(by: { $0.key < $1.key }) {
            guard let data = fileManager.contents(atPath: source.path) else {
                throw .writeFailed(path: source.path, message: "cannot read the verified artifact")
            }
            try replace(relative, with: data)
        }
        // Generated files of an earlier install that this one does not generate, and the folders they leave empty.
        let wanted = Set(files.keys).union(binaries.keys)
        for generatedFolder in ["Targets", "Binaries", "Pods"] {
            var emptied: Set<String> = []
            for stale in listFiles(folder.appendingPathComponent(generatedFolder)) {
                let relative = "\(generatedFolder)/\(stale)"
                if !wanted.contains(relative) {
                    try? fileManager.removeItem(at: folder.appendingPathComponent(relative))
                    changed.append(relative)
                    var parent = parentPath(relative)
                    while !parent.isEmpty {
                        emptied.insert(parent)
                        parent = parentPath(parent)
                    }
                }
            }
            // Deepest first; a folder that still holds something stays.
            for empty in emptied.sorted(by: { $0.count > $1.count }) {
                let url = folder.appendingPathComponent(empty)
                if (try? fileManager.contentsOfDirectory(atPath: url.path))?.isEmpty == true {
                    try? fileManager.removeItem(at: url)
                }
            }
        }
        return changed.sorted()
    }
}

/// Both spellings of a URL (with and without `.git`) point to the mirror: components may name each
/// other either way in their Package.swift.
func mirrorEntries(url: String, mirror: String) -> [String: String] {
    let bare = url.hasSuffix(".git") ? String(url.dropLast(4)) : url
    var entries = [bare: mirror, bare + ".git": mirror]
    // SwiftPM reads a file:// URL as the folder it names.
    if bare.hasPrefix("file://"), let path = URL(string: bare)?.path, !path.isEmpty {
        entries[path] = mirror
        entries[path + ".git"] = mirror
    }
    return entries
}

/// `1.2.0` or `2.0.0-beta.1`: a version SwiftPM finds among tags as it is.
func isPlainVersion(_ version: String) -> Bool {
    let core = version.split(separator: "-", maxSplits: 1).first.map(String.init) ?? version
    let parts = core.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) } && !version.contains("+")
}

/// A C99 identifier (`PodModule.isIdentifier`): what a module name must be.
func isIdentifier(_ name: String) -> Bool { PodModule.isIdentifier(name) }
