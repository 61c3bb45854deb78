import Foundation
import Layering
import SpecRepos
import Specs
import Support

/// Writes the catalogue into a folder (`OUT/site` for `compose repo export --site`), incrementally
/// (Support's `ManagedFolder`):
/// a file whose bytes are already there is not written, a file is replaced atomically (a temporary
/// file beside it and a rename), and files of pods the repo no longer has are removed when the
/// site's own manifest (`.compose-site-manifest`) lists them: nothing the site did not write is
/// removed, so the CDN export beside it keeps its files and its manifest. The graph is drawn by
/// Graphviz only when its dot source changed (or the picture is missing). A symbolic link on the way
/// to a file it writes is refused before anything is written.
package enum SiteWriter {
    package struct Summary: Sendable, Equatable, FolderReporting {
        package var pods = 0
        /// Pages (and the graph's files) written, removed and unchanged.
        package var files = FolderReport()
        package var unchanged: Int {
            get { files.unchanged }
            set { files.unchanged = newValue }
        }
        package var graph: SitePages.GraphState = .drawn
    }

    package static let manifestName = ".compose-site-manifest"
    /// The manifest's header names it (`FolderManifest`).
    static let manifestFormat = "compose-site-manifest"

    /// Writes `catalogue` to `folder` (created when missing). `searchPath` is the PATH Graphviz's
    /// `dot` is looked for in.
    package static func write(_ catalogue: Catalogue, title: String, to folder: URL, searchPath: String?)
        throws(SiteError) -> Summary
    {
        do {
            return try write(catalogue, title: title, to: folder.standardizedFileURL.path, searchPath: searchPath)
        } catch {
            switch error {
            case .unsafe(let path, let what): throw .unsafeOutput(path: path, what: what)
            case .fileSystem(let path, let message): throw .fileSystem(path: path, message: message)
            }
        }
    }

    private static func write(_ catalogue: Catalogue, title: String, to root: String, searchPath: String?)
        throws(ManagedFolderFailure) -> Summary
    {
        var folder = try ManagedFolder(root: root, manifestName: manifestName, writer: "the site")
        let old = FolderManifest(folder.readManifest(), name: manifestFormat, couldBeWritten: couldBeWritten)
        var summary = Summary()
        summary.pods = catalogue.entries.count
        let dot = SitePages.dotSource(catalogue)
        var draw = false
        if let dot {
            if ProcessRunner.find("dot", path: searchPath) == nil {
                summary.graph = .notDrawn("Graphviz's dot was not installed where the site was written.")
            } else {
                let same = folder.holds(Data(dot.utf8), at: "graph.dot")
                draw = !(same && FileKind.of(folder.path("graph.svg")) == .file && old.paths.contains("graph.svg"))
            }
        } else {
            summary.graph = .notDrawn(
                "\(catalogue.entries.count) components are too many for one picture (at most \(SitePages.graphLimit)); each pod's page names its dependencies and dependents."
            )
        }
        var files = SitePages.render(catalogue, title: title, graph: summary.graph)
        var wanted = Set(files.keys)
        if summary.graph == .drawn, dot != nil { wanted.insert("graph.svg") }
        for relative in wanted.union(old.paths).sorted() { try folder.check(relative) }
        let compared = folder.changes(in: files)
        var changed = compared.changed
        summary.unchanged = compared.unchanged
        let stale = old.paths.subtracting(wanted).sorted()
        if changed.isEmpty, stale.isEmpty, !draw, old.isComplete, old.paths == wanted {
            if wanted.contains("graph.svg") { summary.unchanged += 1 }
            return summary
        }
        try folder.begin(
            pending: FolderManifest.text(manifestFormat, paths: old.paths.union(wanted), complete: false),
            sweeping: old.isComplete ? nil : old.paths.union(wanted).union(["index.html", "pods/index.html"]))
        if draw, let dot {
            do {
                try GraphRendering.draw(
                    dot, format: "svg", to: URL(fileURLWithPath: folder.path("graph.svg")), searchPath: searchPath)
                summary.written.append("graph.svg")
            } catch {
                // The pages say so; the rest of the site is still written.
                summary.graph = .notDrawn("Graphviz failed: \(error.description)")
                files["graph.html"] = Data(SitePages.graphPage(catalogue, title: title, graph: summary.graph).utf8)
                wanted.remove("graph.svg")
                changed.removeAll { $0.path == "graph.html" }
                changed.append(("graph.html", files["graph.html"]!))
            }
        } else if wanted.contains("graph.svg") {
            summary.unchanged += 1
        }
        for (relative, data) in changed {
            try folder.write(data, to: relative)
            summary.written.append(relative)
        }
        for relative in old.paths.subtracting(wanted).sorted() where folder.remove(relative) {
            summary.removed.append(relative)
        }
        try folder.finish(manifest: FolderManifest.text(manifestFormat, paths: wanted, complete: true))
        return summary
    }

    /// A path of the kind the site writes: a file at the top or a page under `pods/`, no way up.
    static func couldBeWritten(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 1 {
            return [
                "index.html", "graph.html", "graph.dot", "graph.svg", "search-index.json", "search.js", "style.css",
            ]
            .contains(path)
        }
        return parts.count == 2 && parts[0] == "pods" && path.hasSuffix(".html")
            && SafeName.isValid(String(parts[1].dropLast(5)), as: .pod)
    }
}

/// Why the catalogue was not written.
package enum SiteError: ComposeFailure, Equatable {
    /// A symbolic link, or something else than the folder or regular file the site writes, in its folder.
    case unsafeOutput(path: String, what: String)
    case fileSystem(path: String, message: String)

    package var kind: FailureKind {
        switch self {
        case .unsafeOutput: .input
        case .fileSystem: .environment
        }
    }

    package var description: String {
        switch self {
        case .unsafeOutput(let path, let what):
            "\(path) in the site's folder is \(what); compose does not write, read or remove through it. No page was written. Remove it, or export to another folder."
        case .fileSystem(let path, let message):
            "Cannot write \(path): \(message). Check the folder's permissions and free space; pages already written are whole."
        }
    }
}

/// `compose repo export --site`: the spec repo at `source` read, its READMEs fetched when `readmes`
/// gives the cache to fetch them through, and the site written to `folder`.
package enum CatalogueSite {
    package static func export(
        from source: URL, to folder: URL, title: String, readmes: SourceCache?, searchPath: String?
    ) throws(SiteError) -> SiteWriter.Summary {
        var catalogue = CatalogueReader.read(source)
        if let readmes { Readmes.fetch(into: &catalogue, cache: readmes) }
        return try SiteWriter.write(catalogue, title: title, to: folder, searchPath: searchPath)
    }
}
