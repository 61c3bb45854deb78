import Catalogue
import ComposeTestSupport
import Foundation
import SpecRepos
import Testing

/// A README is read from the component's git tree: its size comes from the object header, and one
/// over the limit is named with its size instead of being read.
@Suite struct ReadmeSizeTests {
    @Test func aReadmeOverTheLimitIsNamedWithItsSizeAndNotRead() throws {
        let temporary = try TemporaryDirectory("catalogue-readme-size")
        defer { temporary.remove() }
        let fixture = try ComponentFixture(root: temporary.url.appendingPathComponent("team"))
        try fixture.release(
            "Pay", "1.0.0", extraFiles: ["README.md": "# Pay\n" + String(repeating: "x", count: 70_000)])
        try fixture.release("Base", "1.0.0", extraFiles: ["README.md": "# Base\n"])
        var catalogue = CatalogueReader.read(fixture.specs)
        Readmes.fetch(
            into: &catalogue, cache: SourceCache(folder: temporary.url.appendingPathComponent("cache")),
            maximumFileSize: 64 * 1024)
        let readmes = Dictionary(uniqueKeysWithValues: catalogue.entries.map { ($0.name, $0.readme) })
        #expect(
            readmes["Pay"]
                == .text(
                    file: "README.md",
                    contents: "README.md is 68.4 KiB, over the 64.0 KiB a catalogue page reads; it is not shown."))
        #expect(readmes["Base"] == .text(file: "README.md", contents: "# Base\n"))
    }
}
