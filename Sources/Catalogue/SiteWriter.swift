import Foundation
import Layering
import SpecRepos
import Specs
import Support

/// Writes the catalogue into a folder (`OUT/site` for `compose repo export --site`), incrementally:
/// a file whose bytes are already there is not written, a file is replaced atomically (a temporary
/// file beside it and a rename), and files of pods the repo no longer has are removed when the
/// site's own manifest (`.compose-site-manifest`) lists them: nothing the site did not write is
/// removed, so the CDN export beside it keeps its files and its manifest. The graph is drawn by
/// Graphviz only when its dot source changed (or the picture is missing). A symbolic link on the way
/// to a file it writes is refused before anything is written.
package enum SiteWriter {
    package struct Summary: Sendable, Equatable {
        package var pods = 0
        package var written: [String] = []
        package var removed: [String] = []
        package var unchanged = 0
        package var graph: SitePages.GraphState = .drawn
    }

    package static let manifestName = ".compose-site-manifest"
    static let complete = "compose-site-manifest 1 complete"
    static let pending = "compose-site-manifest 1 pending"

    /// Writes `catalogue` to `folder` (created when missing). `searchPath` is the PATH Graphviz's
    /// `dot` is looked for in.
    package static func write(_ catalogue: Catalogue, title: String, to folder: URL, searchPath: String?)
        throws(SiteError) -> Summary
    {
        let root = folder.standardizedFileURL.path
        try checkFolder(root)
        let old = readManifest(root)
        var summary = Summary()
        summary.pods = catalogue.entries.count
        let dot = SitePages.dotSource(catalogue)
        var draw = false
        if let dot {
            if ProcessRunner.find("dot", path: searchPath) == nil {
                summary.graph = .notDrawn("Graphviz's dot was not installed where the site was written.")
            } else {
                let same =
                    FileKind.readRegularFile(root + "/graph.dot").map { $0.elementsEqual(Data(dot.utf8)) } ?? false
                draw = !(same && FileKind.of(root + "/graph.svg") == .file && old.paths.contains("graph.svg"))
            }
        } else {
            summary.graph = .notDrawn(
                "\(catalogue.entries.count) components are too many for one picture (at most \(SitePages.graphLimit)); each pod's page names its dependencies and dependents."
            )
        }
        var files = SitePages.render(catalogue, title: title, graph: summary.graph)
        var wanted = Set(files.keys)
        if summary.graph == .drawn, dot != nil { wanted.insert("graph.svg") }
        for relative in wanted.union(old.paths) { try checkPath(relative, in: root) }
        var changed: [(String, Data)] = []
        for (relative, data) in files.sorted(by: { $0.key < $1.key }) {
            if let bytes = FileKind.readRegularFile(root + "/" + relative), bytes.elementsEqual(data) {
                summary.unchanged += 1
            } else {
                changed.append((relative, data))
            }
        }
        let stale = old.paths.subtracting(wanted).sorted()
        if changed.isEmpty, stale.isEmpty, !draw, old.isComplete, old.paths == wanted {
            if wanted.contains("graph.svg") { summary.unchanged += 1 }
            return summary
        }
        if !old.isComplete {
            // An earlier run that did not finish may have left temporary files.
            for relative in ["", "/pods"] { AtomicFile.sweep(in: URL(fileURLWithPath: root + relative)) }
        }
        try write(manifest(old.paths.union(wanted), complete: false), to: manifestName, in: root)
        if draw, let dot {
            do {
                try GraphRendering.draw(
                    dot, format: "svg", to: URL(fileURLWithPath: root + "/graph.svg"), searchPath: searchPath)
                summary.written.append("graph.svg")
            } catch {
                // The pages say so; the rest of the site is still written.
                summary.graph = .notDrawn("Graphviz failed: \(error.description)")
                files["graph.html"] = Data(SitePages.graphPage(catalogue, title: title, graph: summary.graph).utf8)
                wanted.remove("graph.svg")
                changed.removeAll { $0.0 == "graph.html" }
                changed.append(("graph.html", files["graph.html"]!))
            }
        } else if wanted.contains("graph.svg") {
            summary.unchanged += 1
        }
        for (relative, data) in changed {
            try write(data, to: relative, in: root)
            summary.written.append(relative)
        }
        for relative in old.paths.subtracting(wanted).sorted() where FileKind.of(root + "/" + relative) == .file {
            unlink(root + "/" + relative)
            summary.removed.append(relative)
        }
        try write(manifest(wanted, complete: true), to: manifestName, in: root)
        return summary
    }

    private static func manifest(_ paths: Set<String>, complete: Bool) -> Data {
        Data(([complete ? Self.complete : Self.pending] + paths.sorted()).map { $0 + "\n" }.joined().utf8)
    }

    private static func readManifest(_ root: String) -> (paths: Set<String>, isComplete: Bool) {
        let lines = String(decoding: FileKind.readRegularFile(root + "/" + manifestName) ?? [], as: UTF8.self)
            .split(separator: "\n").map(String.init)
        guard let header = lines.first, header == complete || header == pending else { return ([], false) }
        return (Set(lines.dropFirst().filter(couldBeWritten)), header == complete)
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

    private static func checkFolder(_ root: String) throws(SiteError) {
        var path = ""
        for part in root.split(separator: "/") {
            path += "/" + part
            switch FileKind.of(path) {
            case .directory, .missing: continue
            case .symlink where path != root: continue  // links above the site's folder are the user's
            case .symlink: throw .unsafeOutput(path: path, what: "a symbolic link")
            default: throw .unsafeOutput(path: path, what: "not a folder")
            }
        }
    }

    /// Refuses a link, or anything but a folder, on the way to `relative`, and anything but a regular file at it.
    private static func checkPath(_ relative: String, in root: String) throws(SiteError) {
        var path = root
        let parts = relative.split(separator: "/")
        for (index, part) in parts.enumerated() {
            path += "/" + part
            let last = index == parts.count - 1
            switch FileKind.of(path) {
            case .missing: return
            case .directory where !last: continue
            case .file where last: return
            case .symlink: throw .unsafeOutput(path: path, what: "a symbolic link")
            case .directory: throw .unsafeOutput(path: path, what: "a folder where the site writes a file")
            default: throw .unsafeOutput(path: path, what: last ? "not a regular file" : "not a folder")
            }
        }
    }

    private static func write(_ data: Data, to relative: String, in root: String) throws(SiteError) {
        do {
            try AtomicFile.write(data, to: URL(fileURLWithPath: root + "/" + relative), createFolder: true)
        } catch {
            throw .fileSystem(path: error.path, message: error.message)
        }
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
