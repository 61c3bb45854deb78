import ComposeTestSupport
import Foundation
import Registry
import SpecRepos
import Testing

/// A registry export killed half-way: its manifest says so, and the next export finishes it.
@Suite struct RegistryInterruptedExportTests {
    @Test func anExportThatDidNotFinishIsFinishedByTheNextAndItsLeftoversAreSwept() throws {
        let folder = try TemporaryDirectory("registry-pending")
        defer { folder.remove() }
        let fixture = try ComponentFixture(root: folder.url.appendingPathComponent("team"))
        try fixture.release("Base", "1.0.0")
        let output = folder.url.appendingPathComponent("registry")
        let sources = SourceCache(folder: folder.url.appendingPathComponent("cache"))
        _ = try RegistryExport.export(from: fixture.specs, to: output, scope: "ios", sources: sources)
        let manifestURL = output.appendingPathComponent(RegistryLayout.manifestName)
        let manifest = try Data(contentsOf: manifestURL)
        let recorded = try #require(JSONSerialization.jsonObject(with: manifest) as? [String: Any])
        #expect(recorded["pending"] == nil, "\(String(decoding: manifest, as: UTF8.self))")

        // What a kill leaves: a pending manifest naming a file that run had written and this one does
        // not want, and the temporary file of a writer that is gone.
        var object = recorded
        object["pending"] = true
        object["files"] = try #require(object["files"] as? [String]) + ["ios/Half.json"]
        try JSONSerialization.data(withJSONObject: object).write(to: manifestURL)
        let half = output.appendingPathComponent("ios/Half.json")
        try Data("half".utf8).write(to: half)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let leftover = output.appendingPathComponent("ios/.Base.json.\(gone.processIdentifier).1.partial")
        try Data("half".utf8).write(to: leftover)

        let next = try RegistryExport.export(from: fixture.specs, to: output, scope: "ios", sources: sources)
        #expect(next.written == [])
        #expect(next.removed == ["ios/Half.json"])
        #expect(next.unchanged == 1)
        #expect(!FileManager.default.fileExists(atPath: half.path))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        let now = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        #expect(now["pending"] == nil)
        #expect(Set(now["files"] as? [String] ?? []) == Set(recorded["files"] as? [String] ?? []))
        #expect(now["releases"] as? NSDictionary == recorded["releases"] as? NSDictionary)
    }
}
