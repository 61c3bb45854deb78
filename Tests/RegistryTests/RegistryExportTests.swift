import ComposeTestSupport
import Foundation
import Registry
import SpecRepos
import Testing

@Suite struct RegistryExportTests {
    private func export(_ fixture: ComponentFixture, to output: URL, cache: URL) throws -> RegistryExport.Summary {
        try RegistryExport.export(
            from: fixture.specs, to: output, scope: "ios", sources: SourceCache(folder: cache))
    }

    private func sha256(_ file: URL) throws -> String {
        String(try runTool("sha256sum", [file.path], in: file.deletingLastPathComponent()).prefix(64))
    }

    @Test func releasesAreTheTagsTreesWithTheirChecksumsAndAnExportWritesOnlyWhatChanged() throws {
        let folder = try TemporaryDirectory("registry-export")
        defer { folder.remove() }
        let fixture = try ComponentFixture(root: folder.url.appendingPathComponent("team"))
        try fixture.release("Base", "1.0")
        try fixture.release("Base", "1.1.0")
        try fixture.release("Feature", "1.0.0", dependencies: ["Base"])
        try fixture.release("Legacy", "2.0.0", manifest: false)
        try fixture.release("Pay+Kit", "1.0.0")
        try fixture.release("Base", "1.2.3.4")
        let output = folder.url.appendingPathComponent("registry")
        let cache = folder.url.appendingPathComponent("cache")

        let first = try export(fixture, to: output, cache: cache)
        #expect(first.packages == 2)
        #expect(first.releases == 3)
        #expect(first.skipped.map { "\($0.name) \($0.version)" } == ["Base 1.2.3.4", "Legacy 2.0.0", "Pay+Kit 1.0.0"])
        #expect(first.skipped[0].reason.contains("not a semantic version"), "\(first.skipped[0].reason)")
        #expect(first.skipped[1].reason.contains("no Package.swift"), "\(first.skipped[1].reason)")
        #expect(first.skipped[2].reason.contains("not a registry package name"), "\(first.skipped[2].reason)")

        // 1.0 is served as 1.0.0; the archive is the tag's tree under one folder; the metadata's
        // checksum is the archive's SHA-256, and the manifest is the tag's Package.swift.
        let releases =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: output.appendingPathComponent("ios/Base.json"))) as? [String: [String: Any]]
        #expect(releases?["releases"]?.keys.sorted() == ["1.0.0", "1.1.0"])
        let archive = output.appendingPathComponent("ios/Feature/1.0.0.zip")
        #expect(
            try runTool("unzip", ["-Z1", archive.path], in: folder.url).split(separator: "\n").sorted() == [
                "Feature/Package.swift", "Feature/Sources/Feature/Feature.swift",
            ])
        let metadata = try #require(
            JSONSerialization.jsonObject(
                with: Data(contentsOf: output.appendingPathComponent("ios/Feature/1.0.0.json")))
                as? [String: Any])
        #expect(metadata["id"] as? String == "ios.Feature")
        #expect(metadata["version"] as? String == "1.0.0")
        let resource = try #require((metadata["resources"] as? [[String: Any]])?.first)
        #expect(resource["name"] as? String == "source-archive")
        #expect(try resource["checksum"] as? String == sha256(archive))
        let details = try #require(metadata["metadata"] as? [String: Any])
        #expect(details["description"] as? String == "The Feature component.")
        #expect(details["license"] as? String == "MIT")
        #expect((details["author"] as? [String: Any])?["name"] as? String == "Shopping App iOS Team")
        #expect((details["repositoryURLs"] as? [String])?.first == fixture.url(of: "Feature"))
        #expect(
            try String(contentsOf: output.appendingPathComponent("ios/Feature/1.0.0/Package.swift"), encoding: .utf8)
                == runGit(
                    ["show", "1.0.0:Package.swift"], in: fixture.remotes.appendingPathComponent("Feature.git")
                )
                .stdout)
        let lookup = try #require(RegistryLayout.identifiersFile(forURL: fixture.url(of: "Base")))
        #expect(try String(contentsOf: output.appendingPathComponent(lookup), encoding: .utf8).contains("\"ios.Base\""))

        // The same tag gives the same bytes: another export, with another cache, into another folder.
        let again = folder.url.appendingPathComponent("registry-again")
        _ = try export(fixture, to: again, cache: folder.url.appendingPathComponent("cache-again"))
        #expect(
            try Data(contentsOf: archive) == Data(contentsOf: again.appendingPathComponent("ios/Feature/1.0.0.zip"))
        )

        // Nothing new: nothing written, nothing fetched (the cache is gone).
        try FileManager.default.removeItem(at: cache)
        let second = try export(fixture, to: output, cache: cache)
        #expect(second.written == [])
        #expect(second.unchanged == 3)
        #expect(!(FileManager.default.fileExists(atPath: cache.path)), "an unchanged release was fetched again")

        // A new release writes its own files and the list that names it.
        try fixture.release("Feature", "1.1.0", dependencies: ["Base"])
        let third = try export(fixture, to: output, cache: cache)
        #expect(
            third.written == [
                "ios/Feature.json", "ios/Feature/1.1.0.json", "ios/Feature/1.1.0.zip",
                "ios/Feature/1.1.0/Package.swift",
            ])

        // A version removed from the spec repo leaves the registry; nothing else is removed.
        try FileManager.default.removeItem(at: fixture.specs.appendingPathComponent("Base/1.1.0"))
        let fourth = try export(fixture, to: output, cache: cache)
        #expect(fourth.removed == ["ios/Base/1.1.0.json", "ios/Base/1.1.0.zip", "ios/Base/1.1.0/Package.swift"])
        #expect(fourth.written == ["ios/Base.json"])
    }

    @Test func anExportIsRefusedWhenItsScopeIsNoScopeOrItsOutputIsInTheSpecRepo() throws {
        let folder = try TemporaryDirectory("registry-refused")
        defer { folder.remove() }
        let fixture = try ComponentFixture(root: folder.url)
        try fixture.release("Base", "1.0.0")
        let cache = SourceCache(folder: folder.url.appendingPathComponent("cache"))
        for scope in ["", "ios.team", "-ios", "ios_team"] {
            let error = #expect(throws: (any Error).self) {
                try RegistryExport.export(
                    from: fixture.specs, to: folder.url.appendingPathComponent("out"), scope: scope, sources: cache)
            }
            #expect("\(error as Any)".contains("is not a registry scope"), "\(error as Any)")
        }
        let inside = #expect(throws: (any Error).self) {
            try RegistryExport.export(
                from: fixture.specs, to: fixture.specs.appendingPathComponent("registry"), scope: "ios", sources: cache)
        }
        #expect("\(inside as Any)".contains("is inside the spec repo"), "\(inside as Any)")
        #expect(!(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path)))
    }
}
