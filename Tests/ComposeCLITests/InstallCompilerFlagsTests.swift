import ComposeTestSupport
import Foundation
import Testing

/// `compose install` of a pod whose podspec's `compiler_flags` load a compiler plugin: exit 1 naming
/// the pod, the flag and how to allow it, no `Composed/`; `--allow-compiler-flag` (a value starting
/// with `-`, given as the next argument) or `COMPOSE_ALLOW_COMPILER_FLAGS` lets it through.
@Suite struct InstallCompilerFlagsTests {
    @Test func aPluginFlagIsRefusedUntilAllowedByName() async throws {
        let temporary = try TemporaryDirectory("install-compiler-flags")
        defer { temporary.remove() }
        let components = try ComponentFixture(root: temporary.url.appendingPathComponent("team"))
        try components.release(
            "Legacy", "1.0.0", manifest: false,
            extraFiles: [
                "Sources/Legacy/legacy.c": "int legacy(void) { return 1; }\n",
                "Sources/Legacy/include/legacy.h": "int legacy(void);\n",
            ])
        let specFile = components.specs.appendingPathComponent("Legacy/1.0.0/Legacy.podspec.json")
        let spec = try String(contentsOf: specFile, encoding: .utf8).replacingOccurrences(
            of: #""source_files": "Sources/**/*.swift","#,
            with: #""source_files": "Sources/**/*.{c,h}", "compiler_flags": "-DLEGACY=1 -fplugin=/tmp/evil.so","#)
        try Data(spec.utf8).write(to: specFile)
        let project = temporary.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data("source '\(components.specs.path)'\ntarget 'App' do\n  pod 'Legacy'\nend\n".utf8)
            .write(to: project.appendingPathComponent("Composefile"))
        let composed = project.appendingPathComponent("Composed")
        let home = temporary.url.appendingPathComponent("home").path

        let refused = try await runComposeInProcess(
            ["install", "--project", project.path, "--no-integrate"],
            environment: ["COMPOSE_HOME": home, "COMPOSE_ALLOW_COMPILER_FLAGS": nil])
        #expect(refused.code == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("cannot install Legacy (1.0.0)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("`-fplugin=/tmp/evil.so`"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-compiler-flag=-fplugin"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: composed.path))

        let allowed = try await runComposeInProcess(
            ["install", "--project", project.path, "--no-integrate", "--allow-compiler-flag", "-fplugin"],
            environment: ["COMPOSE_HOME": home, "COMPOSE_ALLOW_COMPILER_FLAGS": nil])
        #expect(allowed.code == 0, "\(allowed.stderr)")
        let manifest = try String(
            contentsOf: composed.appendingPathComponent("Pods/Legacy/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".unsafeFlags(["-DLEGACY=1", "-fplugin=/tmp/evil.so"])"#), "\(manifest)")

        // Nothing else changed, but the flag is no longer allowed: the install's record does not answer.
        let again = try await runComposeInProcess(
            ["install", "--project", project.path, "--no-integrate"],
            environment: ["COMPOSE_HOME": home, "COMPOSE_ALLOW_COMPILER_FLAGS": nil])
        #expect(again.code == 1, "\(again.stderr)")
        let fromEnvironment = try await runComposeInProcess(
            ["install", "--project", project.path, "--no-integrate"],
            environment: ["COMPOSE_HOME": home, "COMPOSE_ALLOW_COMPILER_FLAGS": "-Xclang -fplugin"])
        #expect(fromEnvironment.code == 0, "\(fromEnvironment.stderr)")

        let help = try await runComposeInProcess(["install", "--help"])
        #expect(help.stdout.contains("--allow-compiler-flag <flag>"), "\(help.stdout)")
    }
}
