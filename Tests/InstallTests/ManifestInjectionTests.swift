import ComposeTestSupport
import Foundation
import Specs
import Support
import Testing

@testable import Install

/// A spec is written by anyone on the team; what `compose spec package` makes of it is Swift that
/// SwiftPM runs unsandboxed. Each hostile spec here carries a payload that, if it became code, would
/// create a marker file while `swift package dump-package` compiles and runs the manifest.
@Suite struct ManifestInjectionTests {
    /// Swift that creates `marker` when run at the top level of a manifest.
    static func payload(_ marker: String) -> String {
        "import Foundation\nlet pwned: Void = { FileManager.default.createFile(atPath: \"\(marker)\", contents: nil) }()\n//"
    }

    /// Every way out of a `//` comment or a string literal: each line terminator Swift or an editor
    /// knows, and a quote with an interpolation for the literals.
    static let breaks = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"]

    func manifest(spec json: String, files: [String: String], in folder: URL) throws -> PackageManifestWriter.Output {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let spec = try Spec(json: Array(json.utf8), label: "Hostile.podspec.json")
        return try PackageManifestWriter(spec: spec, folder: folder, packages: [:]).generate()
    }

    func jsonString(_ text: String) -> String { SwiftSource.jsonLiteral(text) }

    @Test(arguments: breaks)
    func aResourceBundleKeyOrAFrameworkNeverBecomesCode(_ lineBreak: String) throws {
        let temporary = try TemporaryDirectory("manifest-injection")
        defer { temporary.remove() }
        let marker = temporary.url.appendingPathComponent("PWNED").path
        let attack = "Bundle" + lineBreak + Self.payload(marker)
        let literalAttack = "UIKit\"), .linkedLibrary(\"\\(" + lineBreak + Self.payload(marker)
        let folder = temporary.url.appendingPathComponent("Pay")
        let output = try manifest(
            spec: """
                {"name": "Pay", "module_name": "Pay", "version": "1.0.0", "source_files": "Sources/**/*.swift",
                 "resource_bundles": {\(jsonString(attack)): ["Assets/*.png"]},
                 "frameworks": [\(jsonString(literalAttack))],
                 "dependencies": {\(jsonString("Other" + lineBreak + Self.payload(marker))): []},
                 "prefix_header_contents": "x"}
                """,
            files: ["Sources/Pay.swift": "", "Assets/logo.png": ""], in: folder)
        let text = try #require(output.files["Package.swift"])
        for scalar in ["\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"] {
            #expect(!text.contains(scalar), "a raw \(String(reflecting: scalar)) in the manifest")
        }
        // Every comment line compose wrote is one line: the payload never starts a line.
        #expect(
            !text.split(separator: "\n").contains { $0.hasPrefix("let pwned") || $0.hasPrefix("import Foundation") })
        _ = try PackageManifestWriter.write(output, into: folder, force: false)
        let dump = try runTool("swift", ["package", "dump-package"], in: folder)
        #expect(!FileManager.default.fileExists(atPath: marker), "the manifest ran the spec's code")
        // The hostile strings came through as data: SwiftPM reads the framework name back intact.
        #expect(dump.contains("\"name\" : \"Pay\""))
    }

    @Test(arguments: breaks)
    func aNameWithALineBreakIsRefusedBeforeAnythingIsWritten(_ lineBreak: String) throws {
        let temporary = try TemporaryDirectory("manifest-injection-name")
        defer { temporary.remove() }
        let marker = temporary.url.appendingPathComponent("PWNED").path
        for json in [
            """
            {"name": \(jsonString("Pay" + lineBreak + Self.payload(marker))), "module_name": "Pay",
             "version": "1.0.0", "source_files": "*.swift"}
            """,
            """
            {"name": "Pay", "version": "1.0.0", "source_files": "*.swift",
             "subspecs": [{"name": \(jsonString("Core" + lineBreak + Self.payload(marker))), "source_files": "*.swift"}]}
            """,
        ] {
            // The spec reader refuses a subspec's name itself; the generator refuses the root's.
            do {
                _ = try manifest(spec: json, files: ["Pay.swift": ""], in: temporary.url)
                Issue.record("a name with \(lineBreak.debugDescription) was taken")
            } catch let error as any ComposeFailure {
                #expect(error.kind == .input)
                #expect(error.description.contains("name"), "\(error)")
            }
            #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("Package.swift").path))
        }
    }

    @Test func theWritersEscapeEveryScalarThatCouldEndALine() {
        for scalar in Self.breaks + ["\u{1b}", "\u{0}", "\u{202E}", "\u{2066}", "\u{FEFF}", "\u{200B}"] {
            let literal = SwiftSource.literal("a" + scalar + "b")
            #expect(!literal.unicodeScalars.contains { SwiftSource.needsEscape($0) }, "\(literal.debugDescription)")
            let comment = SwiftSource.comment("a" + scalar + "b")
            #expect(!comment.unicodeScalars.contains { SwiftSource.needsEscape($0) }, "\(comment.debugDescription)")
        }
        // Letters of any script are kept as written; only what changes how a line reads is escaped.
        #expect(SwiftSource.literal("Zahlungsmodul für Straße") == "\"Zahlungsmodul für Straße\"")
        #expect(SwiftSource.jsonLiteral("\u{E0001}") == "\"\\udb40\\udc01\"")
    }
}
