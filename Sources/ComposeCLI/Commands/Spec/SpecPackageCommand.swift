import ArgumentParser
import Foundation
import Install
import Lint
import SpecRepos
import Specs
import Support

struct SpecPackageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "package",
        abstract: "Write a Package.swift for a component from its podspec.",
        discussion: """
            For a component that has no Package.swift (compose install generates one for such a pod \
            each time; this writes one you review and commit). PODSPEC is a .podspec.json or Ruby \
            .podspec file, or a folder holding exactly one (default: the current folder); \
            Package.swift is written beside it. As CocoaPods builds a pod, the default product is ONE \
            module, named like the pod's module (module_name, else the pod's name made an \
            identifier), holding the files of the root spec and its default_subspecs. Each other \
            subspec becomes a module and product of its own on top of it (its files must then import \
            the main module). The podspec's source_files, exclude_files, resources, resource_bundles \
            and public_header_files are matched against the files of the folder and become the \
            targets' path, sources, exclude, resources, publicHeadersPath and header search paths; \
            platforms, frameworks, libraries and the pod_target_xcconfig defines carry over. \
            Dependencies on other pods become packages by the git URL of their newest spec in \
            --sources folders (spec repositories), then in the added spec repos.

            What SwiftPM cannot express (Swift and Objective-C in one target, prefix headers, \
            xcconfig, requires_arc lists, script phases, ...) is printed as notes on standard error \
            and written as comments at the top of Package.swift. docs/spec-package.md has the rules.

            Examples:
              compose spec package
              compose spec package Payments/Payments.podspec.json --sources ~/specs
              compose spec package --print

            Exit codes: 0 written, 1 an unreadable spec, an existing Package.swift (give --force) \
            or no source file matched, 3 a write failed, 64 usage error.
            """
    )

    @OptionGroup(title: "Output options") var global: GlobalOptions

    @Argument(
        help: "A .podspec.json or .podspec file, or the folder holding one (default: the current folder).",
        completion: .podspecs)
    var podspec: String = "."

    @Option(
        name: .customLong("sources"),
        help: "A spec repository folder to look dependencies up in (repeatable; read before the added spec repos).")
    var sources: [String] = []

    @Flag(help: "Replace an existing Package.swift.")
    var force = false

    @Flag(name: .customLong("print"), help: "Print Package.swift instead of writing it.")
    var printOnly = false

    func run() async throws {
        let cwd = Terminal.currentDirectory
        guard let file = try LintDriver.specFiles(for: [podspec], currentDirectory: cwd).first else { return }
        let bytes: [UInt8]
        do {
            bytes = try Linter.readSpecFile(atPath: file.url.path)
        } catch {
            throw SpecPackageCommandError.unreadable(path: file.display, reason: error.reason)
        }
        let spec = try Spec(
            node: PodspecReader.read(
                bytes: bytes, path: file.url.path, directory: file.url.deletingLastPathComponent().path),
            label: file.display)
        let home = Terminal.home
        let store = SpecRepoStore(home: home)
        let repositories =
            sources.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
            + store.names().map { home.repoDirectory($0) }
        let packages = PackageManifestWriter.lookUp(PackageManifestWriter.dependencyNames(of: spec), in: repositories)
        let folder = file.url.deletingLastPathComponent()
        var writer = PackageManifestWriter(spec: spec, folder: folder, packages: packages)
        writer.siblings = PackageManifestWriter.siblingSpecs(of: spec, in: folder)
        let output = try writer.generate()
        Terminal.standardError.write(Finding.rendered(output.notes, as: .human))
        if printOnly {
            Terminal.standardOutput.write(output.files["Package.swift"] ?? "")
            return
        }
        let written = try PackageManifestWriter.write(output, into: folder, force: force)
        let shown = file.display.contains("/") ? String(file.display[..<file.display.lastIndex(of: "/")!]) + "/" : ""
        for path in written { Terminal.standardOutput.write("Wrote \(shown)\(path)\n") }
        Terminal.standardOutput.write("Build it with `swift build`, then commit it and tag a new release.\n")
    }
}

enum SpecPackageCommandError: ComposeFailure {
    case unreadable(path: String, reason: String)

    var kind: FailureKind { .input }
    var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)."
        }
    }
}
