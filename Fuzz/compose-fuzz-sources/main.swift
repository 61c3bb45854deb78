// The fuzzing harnesses of what an HTTP source answers and of what `compose spec package` writes
// (make fuzz, scripts/fuzz.sh), fed arbitrary bytes: a product of its own, since it links SwiftNIO
// through the CDN module and the parsers' product (CI's smoke run) should not. A harness passes when
// the parser returns or throws its own error and the writer writes no way out of a comment or a
// literal; libFuzzer with AddressSanitizer reports a crash, a hang or a memory error.
//
// Built with `swift build --sanitize=fuzzer --sanitize=address`, libFuzzer supplies `main` and calls
// `LLVMFuzzerTestOneInput` (a crash file given as an argument is replayed). A plain build compiles
// the harnesses and does nothing when run, so `swift build` keeps them compiling.
import CDN
import Foundation
import FuzzSupport
import Install
import Specs

/// Which harness a run feeds: `COMPOSE_FUZZ_TARGET` (cdnindex, manifest).
enum Harness: String, CaseIterable {
    case cdnindex, manifest

    static let selected: Harness = selectedHarness(default: .cdnindex)

    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .cdnindex:
            // What an HTTP spec source answers: a shard index as the reader parses it (then its
            // versions as `versions(of:)` sorts them), and the check that decides what is cached.
            let data = Data(bytes)
            if let table = try? CDNSpecRepository.parseShardIndex(data, url: "https://cdn.example.com/index.txt") {
                for strings in table.values { keep(strings.compactMap { try? Version($0) }.sorted(by: >)) }
            }
            keep(CDNSpecRepository.problem(with: data, of: "all_pods_versions_a_b_c.txt"))
            keep(CDNSpecRepository.problem(with: data, of: "Specs/a/b/c/Pay/1.0.0/Pay.podspec.json"))
        case .manifest:
            manifest(Array(bytes))
        }
    }

    /// A folder of a few source, header and resource files, made once: `compose spec package` needs
    /// files for `source_files` to match, or it writes nothing. Nothing is written per input.
    static let component: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("compose-fuzz-component-\(getpid())", isDirectory: true)
        for path in [
            "Sources/Fuzz/Fuzz.swift", "Sources/Fuzz/Core/Core.swift", "Sources/Fuzz/Mock/Mock.swift",
            "Sources/Fuzz/ObjC/Fuzz.m", "Sources/Fuzz/ObjC/include/Fuzz.h", "Resources/Fuzz.png", "Assets/logo.png",
        ] {
            let file = folder.appendingPathComponent(path)
            try? FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: file.path, contents: Data())
        }
        atexit { try? FileManager.default.removeItem(at: Harness.component) }
        return folder
    }()

    /// A podspec → `compose spec package`'s files: every scalar that could end a comment or a literal
    /// (`SwiftSource.needsEscape`) must have been escaped, so the only raw line break is compose's own
    /// `\n` and no text of the spec's can start a line of code.
    func manifest(_ bytes: [UInt8]) {
        guard let spec = try? Spec(json: bytes, label: "Fuzz.podspec.json") else { return }
        // Each dependency gets a package, its URL made from the dependency's name: more text of the
        // spec's in string literals.
        let packages = Dictionary(
            PackageManifestWriter.dependencyNames(of: spec).map { name in
                (name, PackageManifestWriter.DependencyPackage(url: "https://git.example.com/\(name).git", newest: nil))
            }, uniquingKeysWith: { first, _ in first })
        guard let output = try? PackageManifestWriter(spec: spec, folder: Self.component, packages: packages).generate()
        else { return }
        for (path, text) in output.files {
            for scalar in text.unicodeScalars where scalar != "\n" && SwiftSource.needsEscape(scalar) {
                fatalError("\(path): a raw U+\(String(scalar.value, radix: 16, uppercase: true)) in generated Swift")
            }
            guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
                fatalError("a generated file outside the component's folder: \(path)")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    Harness.selected.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
