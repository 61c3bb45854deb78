import ComposeTestSupport
import Foundation
import Project
import Specs
import Testing

@testable import Install

/// A pod without a Package.swift gets one generated under `Composed/Pods/`, its `compiler_flags`
/// becoming `unsafeFlags` that `swift build` hands to clang. A flag that loads a plugin or writes a
/// file would run at the build of whoever installs: install passes only flags that define, warn, or
/// choose the language or ARC, and refuses any other (naming the pod and the flag) before writing,
/// unless the team allows it by name.
@Suite struct CompilerFlagTests {
    /// A C pod in `Legacy/` beside the project `App/`, its podspec holding `flags` (in `json`'s
    /// place for them: the root's `compiler_flags` unless given), installed from its folder.
    func install(
        _ flags: String, in temporary: TemporaryDirectory, allowing: [String] = [], json: String? = nil
    ) async throws -> InstallResult {
        let folder = temporary.url.appendingPathComponent("Legacy")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/include"), withIntermediateDirectories: true)
        try Data("int legacy(void) { return FOO; }\n".utf8).write(to: folder.appendingPathComponent("Sources/legacy.c"))
        try Data("int legacy(void);\n".utf8).write(to: folder.appendingPathComponent("Sources/include/legacy.h"))
        let flagsJSON = SwiftSource.jsonLiteral(flags)
        let text =
            json?.replacingOccurrences(of: "FLAGS", with: flagsJSON)
            ?? #"{"name": "Legacy", "version": "1.0.0", "source_files": "Sources/**/*.{c,h}", "compiler_flags": \#(flagsJSON)}"#
        let spec = try Spec(json: Array(text.utf8), label: "Legacy.podspec.json")
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let pod = InstallInputs.Pod(
            name: "Legacy", version: try Version("1.0.0"), spec: spec, origin: .path("../Legacy"),
            lockedNames: spec.subspecs.isEmpty ? [] : spec.subspecs.map(\.name))
        return try await Installer(composeHome: temporary.url.appendingPathComponent("home")).install(
            project: project,
            inputs: InstallInputs(targets: [InstallInputs.Target(name: "App", pods: ["Legacy"])], pods: [pod]),
            compilerFlags: CompilerFlagPolicy(allowing: allowing))
    }

    func generatedManifest(_ temporary: TemporaryDirectory) throws -> String {
        try String(
            contentsOf: temporary.url.appendingPathComponent("App/Composed/Pods/Legacy/Package.swift"), encoding: .utf8)
    }

    @Test func flagsThatDefineWarnOrChooseARCInstallAsWritten() async throws {
        let temporary = try TemporaryDirectory("compiler-flags-pass")
        defer { temporary.remove() }
        let result = try await install("-DFOO -Wno-unused -fno-objc-arc", in: temporary)
        #expect(result.changedFiles.contains("Pods/Legacy/Package.swift"))
        #expect(try generatedManifest(temporary).contains(#".unsafeFlags(["-DFOO", "-Wno-unused", "-fno-objc-arc"])"#))

        // The language, modules and standard, a define's separate value, warnings off.
        let more = try TemporaryDirectory("compiler-flags-pass-more")
        defer { more.remove() }
        _ = try await install("-x objective-c -fmodules -std=gnu11 -D BAR=1 -UNDEBUG -w -Werror=format", in: more)
        #expect(
            try generatedManifest(more).contains(
                #".unsafeFlags(["-x", "objective-c", "-fmodules", "-std=gnu11", "-D", "BAR=1", "-UNDEBUG", "-w", "-Werror=format"])"#
            ))
    }

    /// A plugin, a plugin through `-Xclang -load`, a dependency file written over the user's shell
    /// start-up file: each refused with the pod and the flag named, and no `Composed/` written.
    @Test(arguments: [
        ("-DFOO -fplugin=/tmp/x.so", "-fplugin=/tmp/x.so", "-fplugin"),
        ("-Xclang -load -Xclang x.so", "-Xclang -load", "-Xclang"),
        ("-Wall -MF/root/.bashrc", "-MF/root/.bashrc", "-MF"),
        ("-Wl,-plugin=/tmp/x.so", "-Wl,-plugin=/tmp/x.so", "-Wl"),
        ("@/tmp/flags.rsp", "@/tmp/flags.rsp", "@/tmp/flags.rsp"),
        ("-D -fplugin=/tmp/x.so", "-D -fplugin=/tmp/x.so", "-D"),
        ("-x /tmp/x.so", "-x /tmp/x.so", "-x"),
    ])
    func aFlagThatCouldRunOrWriteIsRefusedBeforeAnythingIsWritten(_ flags: String, flag: String, name: String)
        async throws
    {
        let temporary = try TemporaryDirectory("compiler-flags-refused")
        defer { temporary.remove() }
        let expected = InstallError.compilerFlagRefused(
            pod: "Legacy", version: "1.0.0", spec: "Legacy", flag: flag, name: name)
        await #expect(throws: expected) { _ = try await install(flags, in: temporary) }
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("App/Composed").path))
        #expect(expected.kind == .input)
        #expect(expected.description.contains("Legacy (1.0.0)"))
        #expect(expected.description.contains("`\(flag)`"))
        #expect(expected.description.contains("Nothing was written."))
        #expect(expected.description.contains("--allow-compiler-flag=\(name)"))
    }

    @Test func aFlagInASubspecsPlatformBlockIsRefusedWithTheSubspecNamed() async throws {
        let temporary = try TemporaryDirectory("compiler-flags-subspec")
        defer { temporary.remove() }
        let json = """
            {"name": "Legacy", "version": "1.0.0", "source_files": "Sources/*.h",
             "subspecs": [{"name": "Core", "source_files": "Sources/**/*.{c,h}", "ios": {"compiler_flags": FLAGS}}]}
            """
        await #expect(
            throws: InstallError.compilerFlagRefused(
                pod: "Legacy", version: "1.0.0", spec: "Legacy/Core", flag: "-mllvm -x", name: "-mllvm")
        ) { _ = try await install("-mllvm -x", in: temporary, json: json) }
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("App/Composed").path))
    }

    @Test func aFlagAllowedByNameOrAsWrittenPasses() async throws {
        let temporary = try TemporaryDirectory("compiler-flags-allowed")
        defer { temporary.remove() }
        _ = try await install("-DFOO -fplugin=/opt/p.so", in: temporary, allowing: ["-fplugin"])
        #expect(try generatedManifest(temporary).contains(#".unsafeFlags(["-DFOO", "-fplugin=/opt/p.so"])"#))

        // `-Xclang` allowed covers each `-Xclang` and the argument it hands on; `-Xclang -load` alone does not.
        let pair = try TemporaryDirectory("compiler-flags-allowed-pair")
        defer { pair.remove() }
        await #expect(throws: InstallError.self) {
            _ = try await install("-Xclang -load -Xclang x.so", in: pair, allowing: ["-Xclang -load"])
        }
        _ = try await install("-Xclang -load -Xclang x.so", in: pair, allowing: ["-Xclang"])
        #expect(try generatedManifest(pair).contains(#".unsafeFlags(["-Xclang", "-load", "-Xclang", "x.so"])"#))

        // The environment's list, separated by spaces, adds to the options'.
        let policy = CompilerFlagPolicy(
            allowing: ["-MF"], environment: ["COMPOSE_ALLOW_COMPILER_FLAGS": "-fplugin  -Xclang"])
        #expect(policy.allowed == ["-MF", "-fplugin", "-Xclang"])
    }
}
