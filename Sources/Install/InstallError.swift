import Git
import Specs
import Support

/// Why `compose install` stopped. Nothing in the project is changed when one of these is thrown.
package enum InstallError: ComposeFailure, Equatable {
    /// The spec's source cannot be installed (no git URL, no tag, an http source...).
    case unsupportedSource(name: String, reason: String)
    /// A component could not be fetched into the cache.
    case fetchFailed(name: String, url: String, message: String)
    /// The tag or commit the lock pins is not in the component's repository.
    case missingReference(name: String, url: String, reference: String)
    /// A prebuilt artifact's SHA-256 is not the one its spec declares.
    case checksumMismatch(name: String, artifact: String, expected: String, actual: String)
    /// A prebuilt artifact was asked for but cannot be used.
    case invalidPrebuilt(name: String, reason: String)
    /// A component is prebuilt while a component built from source depends on it.
    case binaryDependedOnBySource(name: String, dependents: [String])
    /// A locked pod's name or its spec's `module_name` cannot become generated Swift.
    case invalidName(pod: String, version: String, reason: String)
    /// A module name handed to the generator is not a C99 identifier.
    case invalidModuleName(String)
    /// `Composed/` or something in it is a symbolic link: writing there would write elsewhere.
    case symlinkInComposed(path: String)
    /// Writing the generated package failed.
    case writeFailed(path: String, message: String)
    /// A component's manifest offers none of the products `PodModule` names for it.
    case noProduct(name: String, reference: String, manifest: String, wanted: [String], offered: [String])
    /// A pod without a Package.swift could not be made one from its podspec.
    case cannotGenerate(name: String, version: String, reason: String)
    /// `--registry` or `--registry-scope` cannot name a registry.
    case invalidRegistry(String)
    /// A file install would copy from a component's tree is over `Installer.maximumFileSize`
    /// (its size read from the git object header; none of it was read).
    case fileTooLarge(name: String, path: String, size: Int, limit: Int)
    /// A generated package would pass a `compiler_flags` flag that is neither harmless nor allowed
    /// (`CompilerFlagPolicy`): `flag` as written, `name` as `--allow-compiler-flag` names it.
    case compilerFlagRefused(pod: String, version: String, spec: String, flag: String, name: String)

    package var kind: FailureKind {
        switch self {
        case .unsupportedSource, .missingReference, .checksumMismatch, .invalidPrebuilt,
            .binaryDependedOnBySource, .invalidName, .invalidModuleName, .noProduct,
            .cannotGenerate, .invalidRegistry, .fileTooLarge, .compilerFlagRefused:
            return .input
        case .fetchFailed, .writeFailed, .symlinkInComposed:
            return .environment
        }
    }

    package var description: String {
        switch self {
        case .unsupportedSource(let name, let reason):
            return
                "cannot install \(name): \(reason). Components are SwiftPM packages in git repositories: give the spec a source with git and tag (or commit)."
        case .invalidRegistry(let reason):
            return "\(reason). Nothing was written."
        case .fetchFailed(let name, let url, let message):
            return
                "could not fetch \(name) from \(url): \(message). Check the URL, the network and your credentials, then run `compose install` again."
        case .missingReference(let name, let url, let reference):
            return
                "\(url) has no \(reference), which Compose.lock pins for \(name). Push it (`compose publish` tags releases), or run `compose update \(name)`."
        case .checksumMismatch(let name, let artifact, let expected, let actual):
            return
                "the prebuilt artifact of \(name) (\(artifact)) has SHA-256 \(actual), but its spec declares \(expected). It was not used; republish the spec with the right checksum (`swift package compute-checksum`) or install from source."
        case .invalidPrebuilt(let name, let reason):
            return "cannot use the prebuilt artifact of \(name): \(reason)."
        case .binaryDependedOnBySource(let name, let dependents):
            return
                "\(name) cannot be prebuilt while \(dependents.joined(separator: ", ")) (built from source) depend on it: SwiftPM would see \(name) twice. Use its source (unset COMPOSE_\(environmentName(name))_USE_BINARY) or make the dependents prebuilt too."
        case .invalidName(let pod, let version, let reason):
            return
                "cannot install \(String(reflecting: pod)) (\(version)): \(reason). Nothing was written; fix the spec in its spec repo (compose lint checks it) or remove the pod from the Composefile."
        case .invalidModuleName(let name):
            return
                "\(String(reflecting: name)) is not a module name (a C99 identifier: letters, digits and '_', not starting with a digit). Nothing was written."
        case .symlinkInComposed(let path):
            return
                "\(path) is a symbolic link: compose install writes only real files and folders inside Composed/. Nothing was written; remove the link (or the whole Composed folder, which install regenerates) and run `compose install` again."
        case .noProduct(let name, let reference, let manifest, let wanted, let offered):
            let names = wanted.map { "`\($0)`" }.joined(separator: " or ")
            let has =
                offered.isEmpty
                ? "it declares no library product" : "its library products: \(offered.joined(separator: ", "))"
            return
                "cannot install \(name): the \(manifest) at \(reference) offers no library product named \(names) (\(has)), and install links the product named like the module (docs/spec-package.md). Nothing was written; rename the product in \(name)'s \(manifest) (or set module_name in its podspec), tag a new release and run `compose update \(name)`."
        case .cannotGenerate(let name, let version, let reason):
            return
                "cannot install \(name) (\(version)), which has no Package.swift: generating one from its podspec failed: \(reason)"
        case .fileTooLarge(let name, let path, let size, let limit):
            return
                "cannot install \(name): its file \(path) is \(byteCount(size)), over install's limit of \(byteCount(limit)) per file; nothing was read or written. Keep large files out of the component's sources (git LFS, a release asset) or out of its source_files."
        case .compilerFlagRefused(let pod, let version, let spec, let flag, let name):
            let shown = escapedForDisplay(name)
            return
                "cannot install \(escapedForDisplay(pod)) (\(escapedForDisplay(version))), which has no Package.swift: the compiler_flags of \(escapedForDisplay(spec)) hold `\(escapedForDisplay(flag))`, which `swift build` would pass to the compiler as it is, where it could load code or read or write files; install passes only flags that define, warn, or choose the language or ARC (docs/install.md). Nothing was written. If your team trusts it, allow it by name: compose install --allow-compiler-flag=\(shown) (or COMPOSE_ALLOW_COMPILER_FLAGS=\(shown))."
        case .writeFailed(let path, let message):
            return
                "could not write \(path): \(message). Check permissions and free space, then run `compose install` again."
        }
    }
}

/// `Pay` → `PAY`, `design-system` → `DESIGN_SYSTEM`: the NAME in `COMPOSE_<NAME>_USE_BINARY`.
package func environmentName(_ pod: String) -> String {
    String(pod.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
}
