import ArgumentParser
import Catalogue
import Foundation
import SpecRepos
import Support

/// `repo export --site`: the web catalogue written under OUT/site/ beside the CDN files.
extension RepoExportCommand {
    func validate() throws {
        if readmes && !site { throw ValidationError("--readmes adds READMEs to the catalogue: give --site too.") }
    }

    struct SiteOutput: Encodable {
        let folder: String
        let pages: Int
        let written: [String]
        let removed: [String]
        let unchanged: Int
        let graph: String
    }

    func exportSite(from root: URL, home: ComposeHome) throws -> SiteOutput {
        let folder = Terminal.fileURL(output).appendingPathComponent("site")
        let cache = readmes ? SpecRepoStore(home: home).componentSources() : nil
        let summary = try CatalogueSite.export(
            from: root, to: folder, title: root.standardizedFileURL.lastPathComponent, readmes: cache,
            searchPath: Terminal.environment["PATH"])
        let graph: String
        switch summary.graph {
        case .drawn: graph = "drawn"
        case .notDrawn(let why): graph = "not drawn: \(why)"
        }
        return SiteOutput(
            folder: joinedPath(output, "site"), pages: summary.pods + 2,
            written: summary.written, removed: summary.removed, unchanged: summary.unchanged, graph: graph)
    }

    static func describe(_ site: SiteOutput) -> String {
        let files = FolderReport(written: site.written, removed: site.removed, unchanged: site.unchanged)
        return "Site \(site.folder)/index.html: \(files.counts); graph \(site.graph)\n"
    }
}
