import Foundation
import Git
import PackageManifests
import Project
import SpecRepos
import Specs

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
        do {
            files = try Repository.open(at: fetch.repository).fileSizes(at: commit)
        } catch {
            throw .fetchFailed(name: name, url: path, message: "cannot read the fetched commit \(commit): \(error)")
        }
        let limit = maximumFileSize
        return PodFiles(
            files: files.map(\.path), shown: "\(path) at \(commit)",
            read: { relative in
                try? Repository.open(at: URL(fileURLWithPath: path)).readFile(relative, at: commit, limit: limit)
            },
            sizes: Dictionary(files.map { ($0.path, $0.size) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The largest file install copies from a component's tree into `Composed/` or reads (a manifest)
    /// by default (`maximumFileSize`); GitHub refuses files over 100 MB.
    package static let maximumSourceFileSize = 100 * 1_048_576

    /// The library product install links for `pod`, read from its manifest by `PodModule`'s rule; nil
    /// when it has no manifest (install generates one). A manifest that offers none of the names is
    /// refused before anything is written; one whose products cannot all be read without running it
    /// is trusted to offer the module's name, and `notes` say so.
    func offeredProduct(
        _ pod: InstallInputs.Pod, naming: PodModule, in source: PodFiles, reference: String, notes: inout [String]
    ) throws(InstallError) -> String? {
        guard let file = source.manifest else { return nil }
        try source.checkSize(of: file, pod: pod.name, limit: maximumFileSize)
        guard let data = source.read(file) else {
            throw .fetchFailed(name: pod.name, url: source.shown, message: "cannot read its \(file)")
        }
        let manifest = ManifestSummary(source: String(decoding: data, as: UTF8.self))
        if let product = naming.product(among: manifest.productNames) { return product }
        if !manifest.isComplete {
            notes.append(
                "\(pod.name): its \(file) names products in a way that can only be read by running it (\(manifest.unreadable.joined(separator: "; "))); the product \(naming.module) is linked."
            )
            return naming.module
        }
        throw .noProduct(
            name: pod.name, reference: reference, manifest: file, wanted: naming.productNames,
            offered: manifest.products.map { "\($0.name) (line \($0.line))" })
    }

    /// The package of a pod without a manifest, as files of `Composed/` (`Pods/<Name>/...`), and its component.
    func generate(_ item: GeneratedPod, besides composed: [ComposedComponent], generated: [GeneratedPod])
        throws(InstallError) -> (component: ComposedComponent, files: [String: Data], notes: [String])
    {
        let pod = item.pod
        var dependencies: [String: PackageManifestWriter.PodPackage] = [:]
        var notes: [String] = []
        for name in pod.dependencies {
            if let other = generated.first(where: { $0.pod.name == name }) {
                dependencies[name] = .init(
                    declaration: ".package(path: \(literal("../" + name)))", identity: name,
                    product: other.naming.module)
            } else if let component = composed.first(where: { $0.name == name }) {
                guard let declaration = component.pin.packageDeclaration(pathPrefix: "../../") else {
                    notes.append(
                        "its dependency \(name) is prebuilt, which a package of Pods/ cannot name: it is left out.")
                    continue
                }
                dependencies[name] = .init(
                    declaration: declaration, identity: component.pin.packageName ?? name, product: component.product)
            }
        }
        let writer = PackageManifestWriter(
            spec: pod.spec, files: item.files.files, folderName: item.files.shown, dependencies: dependencies,
            purpose: .install(subspecs: pod.lockedSubspecs))
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
