import ComposeTestSupport
import Foundation
import Registry
import SpecRepos
import XCTest

/// The two ways of serving an export, asked the same questions over HTTP: nginx with the directives
/// of docs/registry.md, and `compose registry serve`'s server.
final class RegistryServingTests: XCTestCase {
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
        XCTAssertEqual(releases.status, 200)
        XCTAssertEqual(releases.headers["content-type"], "application/json")
        XCTAssertEqual(releases.headers["content-version"], "1")
        XCTAssertTrue(releases.text.contains("\"1.0.0\""), releases.text)

        let metadata = try fetchWithCurl("\(base)/ios/Feature/1.0.0")
        XCTAssertEqual(metadata.status, 200)
        XCTAssertTrue(metadata.text.contains("\"id\" : \"ios.Feature\""), metadata.text)

        let archive = try fetchWithCurl("\(base)/ios/Feature/1.0.0.zip")
        XCTAssertEqual(archive.status, 200)
        XCTAssertEqual(archive.headers["content-type"], "application/zip")
        XCTAssertEqual(archive.body, try Data(contentsOf: output.appendingPathComponent("ios/Feature/1.0.0.zip")))

        let manifest = try fetchWithCurl("\(base)/ios/Feature/1.0.0/Package.swift")
        XCTAssertEqual(manifest.status, 200)
        XCTAssertEqual(manifest.headers["content-type"], "text/x-swift")
        XCTAssertTrue(manifest.text.contains("name: \"Feature\""), manifest.text)

        let lookup = try fetchWithCurl("\(base)/identifiers?url=\(fixture.url(of: "Base"))")
        XCTAssertEqual(lookup.status, 200)
        XCTAssertTrue(lookup.text.contains("\"ios.Base\""), lookup.text)

        // A path that climbs out of the root: nginx refuses the request itself (400), the embedded
        // server answers 404; neither reads the file.
        for path in ["/ios/../../../etc/passwd", "/ios/%2e%2e/%2e%2e/%2e%2e/etc/passwd"] {
            let answer = try fetchWithCurl(base + path)
            XCTAssertTrue([400, 404].contains(answer.status), "\(path): \(answer.status)")
            XCTAssertFalse(answer.text.contains("root:"), path)
        }
        // SE-0292's problem details for what is not there, and for every lookup out of the folder.
        for path in [
            "/ios/Nope", "/ios/Base/9.9.9", "/ios/Base/9.9.9.zip", "/.compose-registry-manifest",
            "/identifiers?url=file:///../../../etc/passwd", "/identifiers?url=https://example.com/none.git",
            "/identifiers?url=../../../../etc/passwd", "/identifiers?url=file:///tmp/./../etc/passwd",
        ] {
            let answer = try fetchWithCurl(base + path)
            XCTAssertEqual(answer.status, 404, path)
            XCTAssertEqual(answer.headers["content-type"], "application/problem+json", path)
            XCTAssertEqual(answer.headers["content-version"], "1", path)
            XCTAssertTrue(answer.text.contains("\"status\" : 404"), "\(path): \(answer.text)")
            XCTAssertFalse(answer.text.contains("root:"), path)
        }
    }

    func testNginxWithTheDocumentedDirectivesServesTheExportAsARegistry() throws {
        let folder = try TemporaryDirectory("registry-nginx")
        defer { folder.remove() }
        let (fixture, output) = try Self.exported(in: folder)
        let nginx = try NginxServer(root: output, directives: RegistryLayout.nginxDirectives)
        defer { nginx.stop() }
        try checkAnswers(of: String(nginx.url.dropLast()), fixture: fixture, output: output)
    }

    func testTheEmbeddedServerAnswersAsNginxDoesAndLinksAlternateManifests() async throws {
        let folder = try TemporaryDirectory("registry-serve")
        defer { folder.remove() }
        let (fixture, output) = try Self.exported(in: folder)
        let server = try await RegistryServer.start(root: output)
        try checkAnswers(of: server.url, fixture: fixture, output: output)

        let manifest = try fetchWithCurl("\(server.url)/ios/Feature/1.0.0/Package.swift")
        XCTAssertEqual(
            manifest.headers["link"],
            "<\(server.url)/ios/Feature/1.0.0/Package.swift?swift-version=5.10>; rel=\"alternate\"; filename=\"Package@swift-5.10.swift\"; swift-tools-version=\"5.10\""
        )
        let alternate = try fetchWithCurl("\(server.url)/ios/Feature/1.0.0/Package.swift?swift-version=5.10")
        XCTAssertEqual(alternate.status, 200)
        XCTAssertTrue(alternate.text.hasPrefix("// swift-tools-version:5.10"), alternate.text)
        let missing = try fetchWithCurl("\(server.url)/ios/Feature/1.0.0/Package.swift?swift-version=4")
        XCTAssertEqual(missing.status, 303)
        // A path on the same origin, never built from the request's Host.
        XCTAssertEqual(missing.headers["location"], "/ios/Feature/1.0.0/Package.swift")
        // A release that is not there is not redirected to.
        let absent = try fetchWithCurl("\(server.url)/ios/Feature/9.9.9/Package.swift?swift-version=4")
        XCTAssertEqual(absent.status, 404)
        let head = try fetchWithCurl("\(server.url)/ios/Base", head: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.body, Data())
        await server.stop()
    }

    func testTheDocumentedNginxConfigurationIsTheOneTested() throws {
        let docs = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/registry.md"), encoding: .utf8)
        let indented = RegistryLayout.nginxDirectives.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        XCTAssertTrue(docs.contains(indented), "docs/registry.md does not hold RegistryLayout.nginxDirectives")
    }
}
