import Foundation
import SpecRepos

/// One locked component, as `compose install` needs it.
public struct LockedComponent: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// From a spec repository: the spec's JSON (its `source` says where the code is).
        case spec(Data)
        /// `:git` in the Composefile, checked out at `commit` (CHECKOUT OPTIONS); `spec` when the
        /// repository holds one (for its platforms and prebuilt artifact).
        case git(url: String, commit: String, spec: Data?)
        /// `:path` in the Composefile, relative to the project folder or absolute.
        case path(String)
    }

    /// The root name: package identity and library product.
    public let name: String
    public let version: String
    /// Root names of the components it depends on.
    public let dependencies: [String]
    public let origin: Origin

    public init(name: String, version: String, dependencies: [String], origin: Origin) {
        self.name = name
        self.version = version
        self.dependencies = dependencies
        self.origin = origin
    }
}

/// What an install did.
public struct InstallResult: Sendable, Equatable {
    /// The generated package's folder (`<project>/Composed`).
    public let folder: URL
    /// Files written because they were new or changed (relative to `folder`); empty when up to date.
    public let changedFiles: [String]
    /// Components whose sources had to be fetched over the network (empty on a no-op run).
    public let fetched: [String]
    /// Components wired as prebuilt binaries.
    public let binaries: [String]
    public let package: ComposedPackage
    /// Things the user should know, such as a binary switch for a component without an artifact.
    public let notes: [String]
}

/// `compose install`: locked components → fetched sources in the cache → `<project>/Composed/`.
public struct Installer: Sendable {
    public let sources: SourceCache
    public let artifacts: ArtifactStore

    /// `composeHome` holds `cache/git` (bare clones) and `cache/binaries` (verified artifacts).
    public init(composeHome: URL) {
        sources = SourceCache(home: ComposeHome(url: composeHome))
        artifacts = ArtifactStore(cache: composeHome.appendingPathComponent("cache/binaries"))
    }

    /// Fetches what is missing, then writes the files of `Composed/` that changed. Everything is fetched
    /// and verified before the first file is written.
    public func install(
        project: URL, targets: [ComposedTarget], components: [LockedComponent], platforms: [String: String] = [:],
        binary: BinaryPreference = BinaryPreference(), progress: @Sendable (String) -> Void = { _ in }
    ) async throws(InstallError) -> InstallResult {
        let folder = project.appendingPathComponent("Composed")
        var composed: [ComposedComponent] = []
        var mirrors: [String: String] = [:]
        var fetched: [String] = []
        var binaries: [String] = []
        var platformFloor = platforms
        var binaryFiles: [String: URL] = [:]
        var notes: [String] = []

        for component in components.sorted(by: { $0.name < $1.name }) {
            var specData = component.origin.specData
            if case .path(let path) = component.origin {
                let folder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : project.appendingPathComponent(path)
                specData = FileManager.default.contents(atPath: folder.appendingPathComponent("\(component.name).podspec.json").path)
            }
            let spec = specData.flatMap(InstallSpec.init(json:))
            for (platform, minimum) in spec?.platforms ?? [:] {
                if let current = platformFloor[platform], !isLower(current, than: minimum) { continue }
                platformFloor[platform] = minimum
            }

            if binary.usesBinary(component.name), spec?.prebuilt == nil, binary.perComponent[environmentName(component.name)] == true {
                notes.append("COMPOSE_\(environmentName(component.name))_USE_BINARY is set, but \(component.name) \(component.version) declares no prebuilt artifact: it is built from source.")
            }
            if let prebuilt = spec?.prebuilt, binary.usesBinary(component.name) {
                progress("Using the prebuilt \(component.name) (\(component.version))")
                let local = try await artifacts.localCopy(of: prebuilt, for: component.name)
                let relative = "Binaries/\(component.name).zip"
                binaryFiles[relative] = local
                composed.append(ComposedComponent(name: component.name, pin: .binaryPath(relative), dependencies: component.dependencies))
                binaries.append(component.name)
                continue
            }

            switch component.origin {
            case .path(let path):
                let pinned = path.hasPrefix("/") ? path : "../" + path
                composed.append(ComposedComponent(name: component.name, pin: .path(pinned), dependencies: component.dependencies))
            case .spec:
                guard let spec else {
                    throw .missingSpec(name: component.name, version: component.version, reason: "its spec is not valid JSON with a source")
                }
                guard let url = spec.gitURL else {
                    throw .unsupportedSource(name: component.name, reason: "its spec's source has no git URL")
                }
                guard let reference = spec.tag.map(SourceReference.tag) ?? spec.commit.map(SourceReference.commit) else {
                    throw .unsupportedSource(name: component.name, reason: "its spec's source has neither a tag nor a commit")
                }
                let fetch = try fetch(component.name, url: url, reference: reference)
                if fetch.usedNetwork { fetched.append(component.name) }
                mirrors.merge(mirrorEntries(url: url, mirror: fetch.repository.path)) { $1 }
                let pin: ComponentPin
                if case .tag(let tag) = reference, isPlainVersion(component.version), tag == component.version || tag == "v" + component.version {
                    pin = .version(url: url, version: component.version)
                } else {
                    pin = .revision(url: url, commit: fetch.commit)
                }
                composed.append(ComposedComponent(name: component.name, pin: pin, dependencies: component.dependencies))
            case .git(let url, let commit, _):
                let fetch = try fetch(component.name, url: url, reference: .commit(commit))
                if fetch.usedNetwork { fetched.append(component.name) }
                mirrors.merge(mirrorEntries(url: url, mirror: fetch.repository.path)) { $1 }
                composed.append(ComposedComponent(name: component.name, pin: .revision(url: url, commit: fetch.commit), dependencies: component.dependencies))
            }
        }

        let package = ComposedPackage(targets: targets, components: composed, platforms: platformFloor, mirrors: mirrors)
        let files = try package.files()
        let changed = try write(files, binaries: binaryFiles, into: folder)
        let unknown = Set(binary.namedComponents).subtracting(components.map { environmentName($0.name) })
        for name in unknown.sorted() {
            notes.append("COMPOSE_\(name)_USE_BINARY is set, but no locked component is named so.")
        }
        return InstallResult(folder: folder, changedFiles: changed, fetched: fetched, binaries: binaries, package: package, notes: notes)
    }

    /// The cached repository of component `name` at `reference`, fetched when missing.
    func fetch(_ name: String, url: String, reference: SourceReference) throws(InstallError) -> SourceCache.Fetch {
        do {
            return try sources.ensure(url: url, reference: reference)
        } catch {
            switch error {
            case .fetchFailed(let url, let message): throw .fetchFailed(name: name, url: url, message: message)
            case .missingReference(let url, let reference): throw .missingReference(name: name, url: url, reference: reference.description)
            }
        }
    }

    /// Writes the files that differ (each through a temporary file and a rename), removes generated
    /// files that are no longer generated, and leaves everything else (`.build`, `Package.resolved`) alone.
    func write(_ files: [String: String], binaries: [String: URL], into folder: URL) throws(InstallError) -> [String] {
        let fileManager = FileManager.default
        var changed: [String] = []
        func replace(_ relative: String, with data: Data) throws(InstallError) {
            let url = folder.appendingPathComponent(relative)
            if fileManager.contents(atPath: url.path) == data { return }
            do {
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
                try data.write(to: partial)
                // rename(2) replaces the old file in one step: a reader sees the old or the new file.
                if rename(partial.path, url.path) != 0 {
                    let reason = String(cString: strerror(errno))
                    try? fileManager.removeItem(at: partial)
                    throw InstallError.writeFailed(path: url.path, message: reason)
                }
            } catch let error as InstallError {
                throw error
            } catch {
                throw .writeFailed(path: url.path, message: error.localizedDescription)
            }
            changed.append(relative)
        }
        for (relative, text) in files.sorted(by: { $0.key < $1.key }) { try replace(relative, with: Data(text.utf8)) }
        for (relative, source) in binaries.sorted(by: { $0.key < $1.key }) {
            guard let data = fileManager.contents(atPath: source.path) else {
                throw .writeFailed(path: source.path, message: "cannot read the verified artifact")
            }
            try replace(relative, with: data)
        }
        // Generated files of an earlier install that this one does not generate.
        let wanted = Set(files.keys).union(binaries.keys)
        for generatedFolder in ["Targets", "Binaries"] {
            for stale in listFiles(folder.appendingPathComponent(generatedFolder)) {
                let relative = "\(generatedFolder)/\(stale)"
                if !wanted.contains(relative) {
                    try? fileManager.removeItem(at: folder.appendingPathComponent(relative))
                    changed.append(relative)
                }
            }
        }
        return changed.sorted()
    }
}

extension LockedComponent.Origin {
    var specData: Data? {
        switch self {
        case .spec(let data): return data
        case .git(_, _, let spec): return spec
        case .path: return nil
        }
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

/// Compares dotted numeric versions (`10.15` < `11.0`).
func isLower(_ lhs: String, than rhs: String) -> Bool {
    let a = lhs.split(separator: ".").map { Int($0) ?? 0 }
    let b = rhs.split(separator: ".").map { Int($0) ?? 0 }
    for index in 0..<max(a.count, b.count) {
        let x = index < a.count ? a[index] : 0
        let y = index < b.count ? b[index] : 0
        if x != y { return x < y }
    }
    return false
}
