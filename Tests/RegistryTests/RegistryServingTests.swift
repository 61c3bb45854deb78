import ComposeTestSupport
import Foundation
import Registry
import SpecRepos
import Testing

/// The two ways of serving an export, asked the same questions over HTTP: nginx with the directives
/// of docs/registry.md, and `compose registry serve`'s server.
@Suite struct RegistryServingTests {
    private static func exported(in folder: TemporaryDirectory) throws -> (ComponentFixture, URL) {
        let fixture = try ComponentFixture(root: folder.url.appendingPathComponent("team"))
        try fixture.release("Base", "1.0.0")
        try fixture.release(
            "Feature", "1.0.0", dependencies: ["Base"],
            extraFiles: ["Package@swift-5.10.swift": "// swift-tools-version:5.10\nimport PackageDescription\n"])
        let output = folder.url.appendingPathComponent("registry")
        _ = try RegistryExport.export(
            from: fixture.specs, to: output, scope: "ios",
            sources: SourceCache(folder: folder.url.appendingPathComponent("cache")))
        return (fixture, output)
    }

    /// What both servers answer alike.
    private func checkAnswers(of base: String, fixture: ComponentFixture, output: URL) throws {
        let releases = try fetchWithCurl("\(base)/ios/Base")
        #expect(releases.status == 200)
        #expect(releases.headers["content-type"] == "application/json")
        #expect(releases.headers["content-version"] == "1")
        #expect(releases.text.contains("\"1.0.0\""), "\(releases.text)")

        let metadata = try fetchWithCurl("\(base)/ios/Feature/1.0.0")
        #expect(metadata.status == 200)
        #expect(metadata.text.contains("\"id\" : \"ios.Feature\""), "\(metadata.text)")

        let archive = try fetchWithCurl("\(base)/ios/Feature/1.0.0.zip")
        #expect(archive.status == 200)
        #expect(archive.headers["content-type"] == "application/zip")
        #expect(try archive.body == Data(contentsOf: output.appendingPathComponent("ios/Feature/1.0.0.zip")))

        let manifest = try fetchWithCurl("\(base)/ios/Feature/1.0.0/Package.swift")
        #expect(manifest.status == 200)
        #expect(manifest.headers["content-type"] == "text/x-swift")
        #expect(manifest.text.contains("name: \"Feature\""), "\(manifest.text)")

        let lookup = try fetchWithCurl("\(base)/identifiers?url=\(fixture.url(of: "Base"))")
        #expect(lookup.status == 200)
        #expect(lookup.text.contains("\"ios.Base\""), "\(lookup.text)")

        // A path that climbs out of the root: nginx refuses the request itself (400), the embedded
        // server answers 404; neither reads the file.
        for path in ["/ios/../../../etc/passwd", "/ios/%2e%2e/%2e%2e/%2e%2e/etc/passwd"] {
            let answer = try fetchWithCurl(base + path)
            #expect([400, 404].contains(answer.status), "\(path): \(answer.status)")
            #expect(!(answer.text.contains("root:")), "\(path)")
        }
        // SE-0292's problem details for what is not there, and for every lookup out of the folder.
        for path in [
            "/ios/Nope", "/ios/Base/9.9.9", "/ios/Base/9.9.9.zip", "/.compose-registry-manifest",
            "/identifiers?url=file:///../../../etc/passwd", "/identifiers?url=https://example.com/none.git",
            "/identifiers?url=../../../../etc/passwd", "/identifiers?url=file:///tmp/./../etc/passwd",
        ] {
            let answer = try fetchWithCurl(base + path)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.headers["content-type"] == "application/problem+json", "\(path)")
            #expect(answer.headers["content-version"] == "1", "\(path)")
            #expect(answer.text.contains("\"status\" : 404"), "\(path): \(answer.text)")
            #expect(!(answer.text.contains("root:")), "\(path)")
        }
    }

    @Test func nginxWithTheDocumentedDirectivesServesTheExportAsARegistry() throws {
        let folder = try TemporaryDirectory("registry-nginx")
        defer { folder.remove() }
        let (fixture, output) = try Self.exported(in: folder)
        let nginx = try NginxServer(root: output, directives: RegistryLayout.nginxDirectives)
        defer { nginx.stop() }
        try checkAnswers(of: String(nginx.url.dropLast()), fixture: fixture, output: output)
    }

    @Test func theEmbeddedServerAnswersAsNginxDoesAndLinksAlternateManifests() async throws {
        let folder = try TemporaryDirectory("registry-serve")
        defer { folder.remove() }
        let (fixture, output) = try Self.exported(in: folder)
        let server = try await RegistryServer.start(root: output)
        try checkAnswers(of: server.url, fixture: fixture, output: output)

        let manifest = try fetchWithCurl("\(server.url)/ios/Feature/1.0.0/Package.swift")
        #expect(
            manifest.headers["link"]
                == "<\(server.url)/ios/Feature/1.0.0/Package.swift?swift-version=5.10>; rel=\"alternate\"; filename=\"Package@swift-5.10.swift\"; swift-tools-version=\"5.10\""
        )
        let alternate = try fetchWithCurl("\(server.url)/ios/Feature/1.0.0/Package.swift?swift-version=5.10")
        #expect(alternate.status == 200)
        #expect(alternate.text.hasPrefix("// swift-tools-version:5.10"), "\(alternate.text)")
        let missing = try fetchWithCurl("\(server.url)/ios/Feature/1.0.0/Package.swift?swift-version=4")
        #expect(missing.status == 303)
        // A path on the same origin, never built from the request's Host.
        #expect(missing.headers["location"] == "/ios/Feature/1.0.0/Package.swift")
        // A release that is not there is not redirected to.
        let absent = try fetchWithCurl("\(server.url)/ios/Feature/9.9.9/Package.swift?swift-version=4")
        #expect(absent.status == 404)
        let head = try fetchWithCurl("\(server.url)/ios/Base", head: true)
        #expect(head.status == 200)
        #expect(head.body == Data())
        await server.stop()
    }

    @Test func theDocumentedNginxConfigurationIsTheOneTested() throws {
        let docs = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/registry.md"), encoding: .utf8)
        let indented = RegistryLayout.nginxDirectives.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        #expect(docs.contains(indented), "docs/registry.md does not hold RegistryLayout.nginxDirectives")
    }
}
