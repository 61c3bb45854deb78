import ComposeTestSupport
import Foundation
import Lint
import Testing

@testable import Scaffold

@Suite struct ComponentNameTests {
    @Test(arguments: ["Pay", "PayKit", "Networking2", "Design_System", "a"])
    func acceptsIdentifiers(_ name: String) throws {
        try validateComponentName(name)
    }

    @Test(arguments: [
        "", "..", "../Pay", "Pay/Kit", ".Pay", "Pay Kit", " Pay", "Pay\t", "9Pay", "Pay-Kit",
        "Päy", "_Pay", "class", "Foundation", String(repeating: "A", count: 65), "/tmp/Pay",
    ])
    func refusesBadNames(_ name: String) {
        #expect(throws: ScaffoldError.self) { try validateComponentName(name) }
    }

    @Test func lowerCamelCase() {
        #expect(lowerCamel("Pay") == "pay")
        #expect(lowerCamel("URLKit") == "urlKit")
        #expect(lowerCamel("ID") == "id")
        #expect(lowerCamel("pay") == "pay")
    }

    @Test func siblingURLs() {
        #expect(
            siblingURL(of: "https://git.example.com/ios/Pay.git", named: "Mediator")
                == "https://git.example.com/ios/Mediator.git")
        #expect(siblingURL(of: "git@host:ios/Pay.git", named: "PayMediator") == "git@host:ios/PayMediator.git")
        #expect(siblingURL(of: "file:///tmp/remotes/Pay", named: "Mediator") == "file:///tmp/remotes/Mediator")
    }
}

@Suite struct ScaffolderTests {
    func request(_ name: String, _ kind: ComponentKind, in folder: URL, gitURL: String? = nil) -> ScaffoldRequest {
        ScaffoldRequest(
            name: name, kind: kind, author: "Shopping App iOS Team", email: "ios-team@example.com",
            gitURL: gitURL, outputDirectory: folder, makeGitCommit: false, year: 2026)
    }

    @Test func embeddedTemplatesMatchTheTemplatesFolder() throws {
        let folder = try TemplateSource.directory(repositoryRoot.appendingPathComponent("Templates")).allFiles()
        let embedded = try TemplateSource.embedded.allFiles()
        #expect(folder.keys.sorted() == embedded.keys.sorted(), "run `make templates` after editing Templates/")
        for (key, text) in folder { #expect(embedded[key] == text, "\(key) differs: run `make templates`") }
    }

    @Test(arguments: ComponentKind.allCases)
    func everyKindRendersAPackageAndASpec(_ kind: ComponentKind) throws {
        let temporary = try TemporaryDirectory("scaffold-\(kind.rawValue)")
        defer { temporary.remove() }
        let name = kind == .mediator ? "PayMediator" : kind == .core ? "Mediator" : "Pay"
        let created = try ComponentScaffolder().create(request(name, kind, in: temporary.url))
        let component = try #require(created.first)
        #expect(component.folder.path == temporary.url.appendingPathComponent(name).path)
        for file in ["Package.swift", "README.md", "LICENSE", ".gitignore", "\(name).podspec.json"] {
            #expect(component.files.contains(file), "\(file) missing")
        }
        #expect(component.files.contains { $0.hasPrefix("Sources/\(name)/") && $0.hasSuffix(".swift") })
        #expect(component.files.contains { $0.hasPrefix("Tests/\(name)Tests/") && $0.hasSuffix(".swift") })
        let specData = try Data(contentsOf: component.folder.appendingPathComponent("\(name).podspec.json"))
        let spec = try #require(try JSONSerialization.jsonObject(with: specData) as? [String: Any])
        #expect(spec["name"] as? String == name)
        #expect(spec["version"] as? String == "0.1.0")
        #expect((spec["source"] as? [String: String])?["git"] == "https://git.example.com/ios/\(name).git")
        #expect((spec["authors"] as? [String: String]) == ["Shopping App iOS Team": "ios-team@example.com"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(leftovers.sorted() == created.map(\.name).sorted(), "no staging folder is left behind")
        let manifest = try String(contentsOf: component.folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains("{{"), "every variable is rendered")
        let lint = Linter().lint(
            fileAt: component.folder.appendingPathComponent("\(name).podspec.json"), path: "\(name).podspec.json")
        #expect(lint.findings.isEmpty, "the generated spec lints clean: \(lint.findings.map(\.description))")
    }

    @Test func aBusinessComponentComesWithItsMediator() throws {
        let temporary = try TemporaryDirectory("scaffold-business")
        defer { temporary.remove() }
        let created = try ComponentScaffolder().create(
            request("Pay", .business, in: temporary.url, gitURL: "https://git.example.com/shop/Pay.git"))
        #expect(created.map(\.name) == ["Pay", "PayMediator"])
        #expect(
            created.map(\.gitURL) == [
                "https://git.example.com/shop/Pay.git", "https://git.example.com/shop/PayMediator.git",
            ])
        let manifest = try String(
            contentsOf: temporary.url.appendingPathComponent("Pay/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(url: "https://git.example.com/shop/PayMediator.git", from: "0.1.0")"#))
        #expect(manifest.contains(#".package(url: "https://git.example.com/shop/Mediator.git", from: "0.1.0")"#))
        let calls = try String(
            contentsOf: temporary.url.appendingPathComponent("PayMediator/Sources/PayMediator/PayMediator.swift"),
            encoding: .utf8)
        #expect(calls.contains("public var pay: PayCalls"))
        let specData = try Data(contentsOf: temporary.url.appendingPathComponent("Pay/Pay.podspec.json"))
        let spec = try #require(try JSONSerialization.jsonObject(with: specData) as? [String: Any])
        #expect((spec["dependencies"] as? [String: [String]]) == ["PayMediator": ["~> 0.1"], "Mediator": ["~> 0.1"]])
    }

    @Test func anExistingFolderIsRefusedAndNothingIsWritten() throws {
        let temporary = try TemporaryDirectory("scaffold-exists")
        defer { temporary.remove() }
        try FileManager.default.createDirectory(
            at: temporary.url.appendingPathComponent("PayMediator"), withIntermediateDirectories: true)
        #expect(throws: ScaffoldError.folderExists(temporary.url.appendingPathComponent("PayMediator").path)) {
            try ComponentScaffolder().create(request("Pay", .business, in: temporary.url))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == ["PayMediator"])
    }

    @Test func aBrokenTemplateWritesNothing() throws {
        let temporary = try TemporaryDirectory("scaffold-broken")
        defer { temporary.remove() }
        let templates = temporary.url.appendingPathComponent("templates/base")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{#name}} never closed".utf8).write(to: templates.appendingPathComponent("Package.swift"))
        let output = temporary.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let scaffolder = ComponentScaffolder(templates: .directory(temporary.url.appendingPathComponent("templates")))
        #expect(throws: ScaffoldError.self) { try scaffolder.create(request("Pay", .base, in: output)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
    }

    @Test func badValuesAreRefused() throws {
        let temporary = try TemporaryDirectory("scaffold-values")
        defer { temporary.remove() }
        var bad = request("Pay", .base, in: temporary.url)
        bad.author = "Ann \"the\" Dev"
        #expect(throws: ScaffoldError.self) { try ComponentScaffolder().create(bad) }
        bad = request("Pay", .base, in: temporary.url, gitURL: "not a url")
        #expect(throws: ScaffoldError.self) { try ComponentScaffolder().create(bad) }
        bad = request("Pay", .mediator, in: temporary.url)
        #expect(
            throws: ScaffoldError.invalidName(
                "Pay", reason: "a mediator package is named after its component: PayMediator for Pay")
        ) {
            try ComponentScaffolder().create(bad)
        }
        bad = request("Pay", .base, in: temporary.url.appendingPathComponent("missing"))
        #expect(throws: ScaffoldError.outputNotAFolder(temporary.url.appendingPathComponent("missing").path)) {
            try ComponentScaffolder().create(bad)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }
}
