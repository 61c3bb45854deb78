import Foundation
import Git
import PackageManifests
import Project
import SpecRepos
import Specs
import Support

/// The files of a pod where install reads them: a folder (`:path`) or a commit of its cached mirror.
struct PodFiles: Sendable {
    /// Regular files, relative to the pod's root, sorted.
    let files: [String]
    /// Where they are, for messages.
    let shown: String
    let read: @Sendable (String) -> Data?
    /// Sizes in bytes, when known before reading (a git tree's, from object headers).
    var sizes: [String: Int] = [:]

    /// Throws `.fileTooLarge` when `relative` is known to be over `limit` bytes.
    func checkSize(of relative: String, pod: String, limit: Int) throws(InstallError) {
        if let size = sizes[relative], size > limit {
            throw .fileTooLarge(name: pod, path: relative, size: size, limit: limit)
        }
    }

    /// The manifest SwiftPM would read at the root, if any (`Package.swift`, or a `Package@swift-X.swift` beside it).
    var manifest: String? {
        ManifestFile.choose(among: files.filter { !$0.contains("/") && $0.hasPrefix("Package") })
    }
}

/// The library product install links from a component's own manifest, the module it gives, and
/// where the manifest uses `unsafeFlags` that SwiftPM refuses in a dependency pinned by version.
struct LinkedProduct: Sendable, Equatable {
    let name: String
    let module: String
    var unsafeFlags: [String] = []

    /// For a manifest offering no product named like the module or the pod: the library product that
    /// builds a target named like the module, else the only library product when it builds one
    /// target (whose module `import` then names); nil otherwise.
    static func renamed(naming: PodModule, among products: [ManifestSummary.Product], unsafeFlags: [String])
        -> LinkedProduct?
    {
        let building = products.filter { $0.targets.contains(naming.module) }
        if building.count == 1 {
            return LinkedProduct(name: building[0].name, module: naming.module, unsafeFlags: unsafeFlags)
        }
        guard building.isEmpty, products.count == 1, products[0].targets.count == 1 else { return nil }
        // SwiftPM's module name of a target: its name with what is not a C99 identifier character as `_`.
        var module = String(
            products[0].targets[0].unicodeScalars.map { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                    ? Character(scalar) : "_"
            })
        if module.first?.isNumber == true { module = "_" + module }
        return LinkedProduct(name: products[0].name, module: module, unsafeFlags: unsafeFlags)
    }
}

/// Files of one commit read through one open repository (opening it again for every file of a
/// pod's tree costs more than reading them); one read at a time, as libgit2's handle requires.
private final class CommitReader: @unchecked Sendable {
    private let repository: Repository
    private let commit: String
    private let limit: Int
    private let lock = NSLock()

    init(_ repository: Repository, commit: String, limit: Int) {
        self.repository = repository
        self.commit = commit
        self.limit = limit
    }

    func read(_ relative: String) -> Data? {
        lock.withLock { try? repository.readFile(relative, at: commit, limit: limit) }
    }
}

/// A locked pod without a Package.swift, to be made one from its podspec.
struct GeneratedPod: Sendable {
    let pod: InstallInputs.Pod
    let naming: PodModule
    let files: PodFiles
}

extension Installer {
    /// The files of the fetched commit.
    func podFiles(_ name: String, in fetch: SourceCache.Fetch) throws(InstallError) -> PodFiles {
        let path = fetch.repository.path
        let commit = fetch.commit
        let files: [(path: String, size: Int)]
        let reader: CommitReader
        do {
            let repository = try Repository.open(at: fetch.repository)
            files = try repository.fileSizes(at: commit)
            reader = CommitReader(repository, commit: commit, limit: maximumFileSize)
        } catch {
            throw .fetchFailed(name: name, url: path, message: "cannot read the fetched commit \(commit): \(error)")
        }
        return PodFiles(
            files: files.map(\.path), shown: "\(path) at \(commit)", read: reader.read,
            sizes: Dictionary(files.map { ($0.path, $0.size) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The largest file install copies from a component's tree into `Composed/` or reads (a manifest)
    /// by default (`maximumFileSize`); GitHub refuses files over 100 MB.
    package static let maximumSourceFileSize = 100 * 1_048_576

    /// The library product install links for `pod`, read from its manifest by `PodModule`'s rule; nil
    /// when it has no manifest (install generates one). When the manifest offers no product named like
    /// the module or the pod, the library product that builds the module's target is linked, else the
    /// only library product, and `notes` say what `import` becomes; a manifest that offers none of these
    /// is refused before anything is written; one whose products cannot all be read without running it
    /// is trusted to offer the module's name, and `notes` say so.
    func offeredProduct(
        _ pod: InstallInputs.Pod, naming: PodModule, in source: PodFiles, reference: String, notes: inout [Finding]
    ) throws(InstallError) -> LinkedProduct? {
        guard let file = source.manifest else { return nil }
        try source.checkSize(of: file, pod: pod.name, limit: maximumFileSize)
        guard let data = source.read(file) else {
            throw .fetchFailed(name: pod.name, url: source.shown, message: "cannot read its \(file)")
        }
        let manifest = ManifestSummary(source: String(decoding: data, as: UTF8.self))
        let unsafeFlags = manifest.unsafeFlagsRefusedByVersion
        if let product = naming.product(among: manifest.productNames) {
            return LinkedProduct(name: product, module: naming.module, unsafeFlags: unsafeFlags)
        }
        if !manifest.isComplete {
            notes.append(
                .installNote(
                    InstallRule.productUnread,
                    "\(pod.name): its \(file) names products in a way that can only be read by running it (\(manifest.unreadable.joined(separator: "; "))); the product \(naming.module) is linked."
                ))
            return LinkedProduct(name: naming.module, module: naming.module, unsafeFlags: unsafeFlags)
        }
        if let linked = LinkedProduct.renamed(naming: naming, among: manifest.products, unsafeFlags: unsafeFlags) {
            let line = manifest.products.first { $0.name == linked.name }?.line ?? 0
            let becomes =
                linked.module == naming.module
                ? " (it builds the module's target)"
                : ", and `import \(naming.module)` becomes `import \(linked.module)`"
            notes.append(
                .installNote(
                    InstallRule.productRenamed,
                    "\(pod.name): its \(file) offers no product named `\(naming.module)`: the library product `\(linked.name)` (line \(line)) is linked\(becomes)."
                ))
            return linked
        }
        throw .noProduct(
            name: pod.name, reference: reference, manifest: file, wanted: naming.productNames,
            offered: manifest.products.map { "\($0.name) (line \($0.line))" })
    }

    /// The package of a pod without a manifest, as files of `Composed/` (`Pods/<Name>/...`), and its component.
    func generate(
        _ item: GeneratedPod, besides composed: [ComposedComponent], generated: [GeneratedPod],
        hosts: [String: String] = [:], compilerFlags: CompilerFlagPolicy
    ) throws(InstallError) -> (component: ComposedComponent, files: [String: Data], notes: [Finding]) {
        let pod = item.pod
        var dependencies: [String: PackageManifestWriter.PodPackage] = [:]
        var notes: [Finding] = []
        // The pods of the same tree this package holds as targets, and what they depend on.
        let hosted = generated.filter { hosts[$0.pod.name] == pod.name }
        for name in pod.dependencies + hosted.flatMap(\.pod.dependencies) where dependencies[name] == nil {
            if hosts[name] == pod.name { continue }
            if let other = generated.first(where: { $0.pod.name == name }) {
                let package = hosts[name] ?? name
                dependencies[name] = .init(
                    declaration: ".package(path: \(literal("../" + package)))", identity: package,
                    product: other.naming.module)
            } else if let component = composed.first(where: { $0.name == name }) {
                guard let declaration = component.pin.packageDeclaration(pathPrefix: "../../") else {
                    notes.append(
                        .installNote(
                            PackageRule.dependencyPrebuilt,
                            "its dependency \(name) is prebuilt, which a package of Pods/ cannot name: it is left out.")
                    )
                    continue
                }
                dependencies[name] = .init(
                    declaration: declaration, identity: component.pin.packageName ?? name, product: component.product)
            }
        }
        var writer = PackageManifestWriter(
            spec: pod.spec, files: item.files.files, folderName: item.files.shown, dependencies: dependencies,
            purpose: .install(subspecs: pod.lockedSubspecs))
        writer.siblings = Dictionary(hosted.map { ($0.pod.name, $0.pod.spec) }, uniquingKeysWith: { first, _ in first })
        // The compiler_flags of the specs the module is made of become unsafeFlags: each must pass or be allowed.
        try compilerFlags.check(
            writer.closure(of: pod.lockedSubspecs.filter { $0 != pod.spec.name }), pod: pod.name,
            version: pod.version.string)
        let output: PackageManifestWriter.Output
        do {
            output = try writer.generate()
        } catch {
            throw .cannotGenerate(name: pod.name, version: pod.version.string, reason: error.description)
        }
        let folder = "Pods/\(pod.name)"
        var files: [String: Data] = [:]
        for (relative, text) in output.files { files["\(folder)/\(relative)"] = Data(text.utf8) }
        for relative in output.usedFiles {
            try item.files.checkSize(of: relative, pod: pod.name, limit: maximumFileSize)
        }
        for relative in output.usedFiles {
            guard let data = item.files.read(relative) else {
                throw .fetchFailed(name: pod.name, url: item.files.shown, message: "cannot read \(relative)")
            }
            files["\(folder)/\(relative)"] = data
        }
        let component = ComposedComponent(
            name: pod.name, module: output.module, product: output.module, pin: .path(folder),
            dependencies: pod.dependencies)
        return (component, files, notes + output.notes)
    }
}
