import Foundation
import Layering

/// The catalogue's files as bytes, by path relative to the site's folder. Nothing in them depends on
/// when they are made, so an export with nothing new renders the same bytes.
package enum SitePages {
    /// What the graph page says about the picture.
    package enum GraphState: Sendable, Equatable {
        /// `graph.svg` is drawn.
        case drawn
        /// Not drawn: why (too many components, no Graphviz, Graphviz failed).
        case notDrawn(String)
    }

    /// The most components drawn in one picture; Graphviz takes minutes beyond a few hundred.
    package static let graphLimit = 400

    package static func pagePath(of pod: String) -> String { "pods/\(pod).html" }

    /// Every file but `graph.svg`: index.html, pods/NAME.html, graph.html, graph.dot (when the graph
    /// is small enough to draw), search-index.json, search.js, style.css.
    package static func render(_ catalogue: Catalogue, title: String, graph: GraphState) -> [String: Data] {
        var files: [String: Data] = [:]
        let names = Set(catalogue.entries.map(\.name))
        files["index.html"] = Data(index(catalogue, title: title).utf8)
        for entry in catalogue.entries {
            files[pagePath(of: entry.name)] = Data(page(entry, title: title, known: names).utf8)
        }
        files["graph.html"] = Data(graphPage(catalogue, title: title, graph: graph).utf8)
        if let dot = dotSource(catalogue) { files["graph.dot"] = Data(dot.utf8) }
        files["search-index.json"] = Data(searchIndex(catalogue).utf8)
        files["search.js"] = Data(SiteAssets.script.utf8)
        files["style.css"] = Data(SiteAssets.style.utf8)
        return files
    }

    /// The graph in Graphviz's language, each node linking to its page; nil when too large to draw.
    package static func dotSource(_ catalogue: Catalogue) -> String? {
        guard catalogue.entries.count <= graphLimit else { return nil }
        let names = Set(catalogue.entries.map(\.name))
        return GraphRendering.dot(catalogue.graph, layers: catalogue.layers) { node in
            names.contains(node) ? pagePath(of: node) : "index.html"
        }
    }

    private static func escape(_ text: String) -> String { HTMLText.escape(text) }

    /// The page's head and header; `root` leads from the page to the site's folder.
    private static func head(_ heading: String, title: String, root: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <title>\(escape(heading)) · \(escape(title))</title>
        <link rel="stylesheet" href="\(root)style.css">
        </head>
        <body>
        <header><a class="home" href="\(root)index.html">\(escape(title))</a>
        <nav><a href="\(root)index.html">Pods</a> <a href="\(root)graph.html">Graph</a></nav></header>
        <main>

        """
    }

    /// What a page may load and run: the site's own script and style sheet, images from the site and
    /// from the web (a README's pictures), nothing inline, no plug-in, no form.
    package static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' https: http:; object-src 'self'; base-uri 'none'; form-action 'none'"

    private static let foot = "</main>\n<footer>Written by compose repo export --site.</footer>\n</body>\n</html>\n"

    /// `YYYY-MM-DD` (UTC) of a time in seconds since 1970; empty for nil.
    package static func date(_ seconds: Int64?) -> String {
        guard let seconds else { return "" }
        let days = Int(floor(Double(seconds) / 86_400))
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm): no Foundation calendar, same on every machine.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    private static func deprecationBadge(_ entry: CatalogueEntry) -> String {
        entry.deprecated ? " <span class=\"badge deprecated\">deprecated</span>" : ""
    }

    static func index(_ catalogue: Catalogue, title: String) -> String {
        var out = head("Pods", title: title, root: "")
        let pods = catalogue.entries.count
        out += "<h1>\(escape(title))</h1>\n"
        out += "<p class=\"totals\">\(pods) \(pods == 1 ? "pod" : "pods"), \(catalogue.specCount) specs.</p>\n"
        out +=
            "<input id=\"search\" type=\"search\" placeholder=\"Search by name or summary\" autocomplete=\"off\" aria-label=\"Search pods\">\n"
        out += "<p id=\"count\">\(pods) \(pods == 1 ? "pod" : "pods")</p>\n"
        out +=
            "<table id=\"pods\">\n<thead><tr><th>Pod</th><th>Version</th><th>Summary</th><th>Released</th></tr></thead>\n<tbody>\n"
        for entry in catalogue.entries {
            let name = escape(entry.name)
            out += "<tr data-pod=\"\(name)\"\(entry.deprecated ? " class=\"deprecated\"" : "")>"
            out += "<td><a href=\"\(escape(pagePath(of: entry.name)))\">\(name)</a>\(deprecationBadge(entry))</td>"
            out += "<td>\(escape(entry.newest))</td>"
            out += "<td>\(escape(entry.summary ?? ""))</td>"
            out += "<td>\(date(entry.releases.first?.addedAt))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n<script src=\"search.js\" defer></script>\n"
        return out + foot
    }

    static func page(_ entry: CatalogueEntry, title: String, known: Set<String>) -> String {
        func podLink(_ name: String, shown: String? = nil) -> String {
            let text = escape(shown ?? name)
            return known.contains(name) ? "<a href=\"\(escape(name)).html\">\(text)</a>" : text
        }
        var out = head(entry.name, title: title, root: "../")
        out +=
            "<h1><span class=\"name\">\(escape(entry.name))</span> <span class=\"version\">\(escape(entry.newest))</span>\(deprecationBadge(entry))</h1>\n"
        if entry.deprecated {
            out += "<p class=\"deprecation\">This pod is deprecated"
            if let successor = entry.inFavorOf { out += " in favour of \(podLink(successor))" }
            out += ".</p>\n"
        }
        if let unreadable = entry.unreadable {
            out += "<p class=\"problem\">Its newest spec cannot be read: \(escape(unreadable))</p>\n"
        }
        if let summary = entry.summary { out += "<p class=\"summary\">\(escape(summary))</p>\n" }
        if let description = entry.description, description != entry.summary {
            out += "<p class=\"description\">\(escape(description))</p>\n"
        }
        out += "<dl class=\"facts\">\n"
        func fact(_ term: String, _ html: String) { out += "<dt>\(term)</dt><dd>\(html)</dd>\n" }
        if let homepage = entry.homepage {
            fact(
                "Homepage",
                HTMLText.link(homepage).map { "<a href=\"\($0)\" rel=\"nofollow\">\(escape(homepage))</a>" }
                    ?? escape(homepage))
        }
        if let license = entry.license, !license.isEmpty { fact("License", escape(license)) }
        if !entry.authors.isEmpty {
            fact(
                "Authors",
                entry.authors.map { author in
                    escape(author.name) + (author.email.map { " &lt;\(escape($0))&gt;" } ?? "")
                }.joined(separator: ", "))
        }
        if let git = entry.gitURL {
            fact("Source", "<code>\(escape(git))</code>" + (entry.tag.map { " at <code>\(escape($0))</code>" } ?? ""))
        }
        if !entry.platforms.isEmpty { fact("Platforms", escape(entry.platforms.joined(separator: ", "))) }
        if let layer = entry.layer { fact("Layer", escape(layer)) }
        out += "</dl>\n"
        /// A list of HTML items, or `none` in its place.
        func list(_ id: String, _ items: [String], none: String) {
            guard !items.isEmpty else {
                out += "<p id=\"\(id)\" class=\"none\">\(none)</p>\n"
                return
            }
            out += "<ul id=\"\(id)\">\n" + items.map { "<li>\($0)</li>\n" }.joined() + "</ul>\n"
        }
        out += "<h2>Dependencies</h2>\n"
        list(
            "dependencies",
            entry.dependencies.map { dependency in
                let name =
                    dependency.name == dependency.root
                    ? podLink(dependency.root) : podLink(dependency.root, shown: dependency.name)
                return "\(name) <span class=\"requirement\">\(escape(dependency.requirement))</span>"
            }, none: "None.")
        out += "<h2>Dependents</h2>\n"
        list("dependents", entry.dependents.map { podLink($0) }, none: "No pod of this spec repo depends on it.")
        if !entry.findings.isEmpty {
            out += "<h2>Layering</h2>\n"
            list("findings", entry.findings.map(escape), none: "")
        }
        out +=
            "<h2>Versions</h2>\n<table id=\"versions\">\n<thead><tr><th>Version</th><th>Released</th></tr></thead>\n<tbody>\n"
        for release in entry.releases {
            out += "<tr><td>\(escape(release.version))</td><td>\(date(release.addedAt))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n<h2>README</h2>\n"
        switch entry.readme {
        case .notFetched:
            out += "<p class=\"readme none\">Not fetched: export with --readmes to show it.</p>\n"
        case .noSource:
            out += "<p class=\"readme none\">The spec names no git repository and tag to read it from.</p>\n"
        case .unreachable(let why):
            out += "<p class=\"readme none\">The component's repository could not be read: \(escape(why))</p>\n"
        case .missing:
            out += "<p class=\"readme none\">The component has no README at \(escape(entry.tag ?? "its tag")).</p>\n"
        case .text(let file, let contents):
            out += "<p class=\"readme-file\">\(escape(file)) at \(escape(entry.tag ?? ""))</p>\n"
            if ReadmeHTML.isMarkdown(file) {
                let source = ReadmeHTML.Source(gitURL: entry.gitURL, tag: entry.tag)
                out += "<div class=\"readme markdown\">\n\(ReadmeHTML.render(contents, source: source))\n</div>\n"
            } else {
                out += "<pre class=\"readme\">\(escape(contents))</pre>\n"
            }
        }
        return out + foot
    }

    static func graphPage(_ catalogue: Catalogue, title: String, graph: GraphState) -> String {
        var out = head("Graph", title: title, root: "")
        out += "<h1>Component graph</h1>\n"
        switch graph {
        case .drawn:
            out += "<p>Each component links to its page; red edges break the layering rules or close a cycle.</p>\n"
            out += "<object id=\"graph\" type=\"image/svg+xml\" data=\"graph.svg\">"
            out += "<a href=\"graph.svg\">graph.svg</a></object>\n"
        case .notDrawn(let why):
            out += "<p class=\"none\" id=\"graph\">The graph is not drawn: \(escape(why))</p>\n"
        }
        return out + foot
    }

    /// `{"pods": [{"name", "version", "summary", "deprecated"}]}`, every string escaped by `HTMLText.jsonString`.
    static func searchIndex(_ catalogue: Catalogue) -> String {
        var out = "{\"pods\":[\n"
        for (index, entry) in catalogue.entries.enumerated() {
            out += "{\"name\":\(HTMLText.jsonString(entry.name)),\"version\":\(HTMLText.jsonString(entry.newest))"
            out += ",\"summary\":\(HTMLText.jsonString(entry.summary ?? "")),\"deprecated\":\(entry.deprecated)}"
            out += index == catalogue.entries.count - 1 ? "\n" : ",\n"
        }
        return out + "]}\n"
    }
}
