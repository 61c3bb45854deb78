import ComposeTestSupport
import Foundation
import SpecRepos
import Specs
import Testing

@Suite("SpecRepos: reading a spec repository's tree")
struct SpecRepositoryTests {
    /// A temporary folder holding `files` (relative path → contents).
    func tree(_ label: String, _ files: [String: String]) throws -> TemporaryDirectory {
        let temp = try TemporaryDirectory(label)
        try writeFiles(files, under: temp.url)
        return temp
    }

    func spec(_ name: String, _ version: String) -> String {
        minimalSpec(name, version, summary: "\(name) \(version)")
    }

    @Test func versionsAreNewestFirstAndOnlyVersionFoldersWithASpec() throws {
        let temp = try tree(
            "spec-repository-versions",
            [
                "Pay/1.0.0/Pay.podspec.json": spec("Pay", "1.0.0"),
                "Pay/1.10.0/Pay.podspec.json": spec("Pay", "1.10.0"),
                "Pay/1.9.0/Pay.podspec.json": spec("Pay", "1.9.0"),
                "Pay/2.0.0-beta.1/Pay.podspec.json": spec("Pay", "2.0.0-beta.1"),
                // Not versions, or no spec inside: skipped (a Ruby Name.podspec is a spec).
                "Pay/latest/Pay.podspec.json": spec("Pay", "9.9.9"),
                "Pay/v1.0.0/Pay.podspec.json": spec("Pay", "1.0.0"),
                "Pay/1..0/Pay.podspec.json": spec("Pay", "1.0.0"),
                "Pay/.git/Pay.podspec.json": spec("Pay", "1.0.0"),
                "Pay/3.0.0/Pay.podspec": "Pod::Spec.new do |s| end\n",
                "Pay/3.1.0/Other.podspec.json": spec("Other", "3.1.0"),
                "Pay/README.md": "Pay\n",
                "README.md": "specs\n",
                "Logging/1.0.0/Logging.podspec.json": spec("Logging", "1.0.0"),
                ".hidden/1.0.0/.hidden.podspec.json": spec(".hidden", "1.0.0"),
            ])
        defer { temp.remove() }
        let repository = SpecRepository(root: temp.url)
        #expect(repository.specsFolder.path == temp.url.path)
        #expect(repository.podNames() == ["Logging", "Pay"])
        #expect(repository.versions(of: "Pay").map(\.string) == ["3.0.0", "2.0.0-beta.1", "1.10.0", "1.9.0", "1.0.0"])
        #expect(repository.versions(of: "Nope").isEmpty)
        #expect(repository.versions(of: "../Pay").isEmpty)
        #expect(repository.versions(of: ".hidden").isEmpty)

        let file = try repository.specFile(name: "Pay", version: try Version("1.10.0"))
        #expect(file.path.hasSuffix("/Pay/1.10.0/Pay.podspec.json"))
        #expect(String(decoding: file.data, as: UTF8.self) == spec("Pay", "1.10.0"))
        let decoded = try repository.spec(name: "Pay", version: try Version("2.0.0-beta.1"))
        #expect(decoded.summary == "Pay 2.0.0-beta.1")
    }

    @Test func listsLazilyAndCachesPerName() throws {
        let temp = try tree("spec-repository-lazy", ["Pay/1.0.0/Pay.podspec.json": spec("Pay", "1.0.0")])
        defer { temp.remove() }
        let repository = SpecRepository(root: temp.url)
        // Looking one name up lists that name's folder only; the top folder is listed when asked for.
        #expect(repository.versions(of: "Pay").map(\.string) == ["1.0.0"])
        try writeFiles(
            [
                "Logging/1.0.0/Logging.podspec.json": spec("Logging", "1.0.0"),
                "Pay/1.1.0/Pay.podspec.json": spec("Pay", "1.1.0"),
            ], under: temp.url)
        #expect(repository.podNames() == ["Logging", "Pay"])
        #expect(repository.versions(of: "Logging").map(\.string) == ["1.0.0"])
        // A name's listing is read once per SpecRepository.
        #expect(repository.versions(of: "Pay").map(\.string) == ["1.0.0"])
        #expect(SpecRepository(root: temp.url).versions(of: "Pay").map(\.string) == ["1.1.0", "1.0.0"])
    }

    @Test func usesTheSpecsFolderWhenPresent() throws {
        let temp = try tree(
            "spec-repository-specs-folder",
            [
                "Specs/Pay/1.0.0/Pay.podspec.json": spec("Pay", "1.0.0"),
                "Other/1.0.0/Other.podspec.json": spec("Other", "1.0.0"),
            ])
        defer { temp.remove() }
        let repository = SpecRepository(root: temp.url)
        #expect(repository.specsFolder.lastPathComponent == "Specs")
        #expect(repository.podNames() == ["Pay"])
        #expect(repository.versions(of: "Other").isEmpty)
    }

    @Test func unreadableAndInvalidSpecsAreErrors() throws {
        let temp = try tree(
            "spec-repository-errors",
            [
                "Pay/1.0.0/Pay.podspec.json":
                    "{\"name\": \"Pay\",\n \"version\": \"1.0.0\", \"dependencies\": \"Logging\"}"
            ])
        defer { temp.remove() }
        let repository = SpecRepository(root: temp.url)
        let path = temp.url.appendingPathComponent("Pay/1.0.0/Pay.podspec.json").path
        let version = try Version("1.0.0")
        do {
            _ = try repository.spec(name: "Pay", version: version)
            Issue.record("decoded an invalid spec")
        } catch {
            guard case .invalidSpec(let specError) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(specError.key == "dependencies")
            #expect(specError.location == SourceLocation(line: 2, column: 38))
            #expect(error.description.hasPrefix("\(path):2:38: `dependencies` of Pay must be an Object"))
        }
        let missingPath = temp.url.appendingPathComponent("Pay/2.0.0/Pay.podspec.json").path
        #expect(
            throws: SpecRepoError.unreadableSpec(
                path: missingPath, message: "no such file (neither Name.podspec.json nor Name.podspec)")
        ) {
            try repository.specFile(name: "Pay", version: try Version("2.0.0"))
        }
        #expect(throws: SpecRepoError.self) { try repository.specFile(name: "../Pay", version: try Version("1.0.0")) }
    }

    @Test func theFixtureRepoReadsThrough() throws {
        let repository = SpecRepository(root: repositoryRoot.appendingPathComponent("spec-repo-fixture"))
        let names = repository.podNames()
        #expect(names.contains("Networking") && names.contains("Pay"))
        for name in names {
            for version in repository.versions(of: name) {
                let spec = try repository.spec(name: name, version: version)
                #expect(spec.name == name)
                #expect(spec.version.string == version.string)
            }
        }
        #expect(repository.versions(of: "Pay").first?.string == "2.0.0-beta.1")
    }
}
