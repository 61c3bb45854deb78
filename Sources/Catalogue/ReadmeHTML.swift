import Foundation
import Ink

/// A README's Markdown as HTML for a catalogue page, rendered by Ink, then checked as untrusted:
///
/// - Raw HTML in the Markdown (a `<script>`, an `<img onerror>`, a `<div>`) is escaped, shown as
///   the text it is, never passed through.
/// - What Ink wrote is read again tag by tag: only the elements Ink itself makes (paragraphs,
///   headings, lists, code, emphasis, quotes, tables, links and images) are kept, each with the one
///   attribute Ink gives it checked; any other `<` is written as `&lt;`.
/// - A link is kept when it is http(s) or `mailto:`, or relative: a relative link or image is
///   resolved against the component's repository at its tag (`…/blob/TAG/path`, an image
///   `…/raw/TAG/path`, the form GitHub, GitLab and Gitea serve). Any other scheme (`javascript:`,
///   `data:`, `vbscript:`) and a relative link of a source that is no http(s) URL lose the link and
///   keep their text; an image whose source is dropped shows its description.
package enum ReadmeHTML {
    /// Where a README's relative links lead: the repository's web address and the tag it was read at.
    package struct Source: Sendable, Equatable {
        /// `https://host/owner/name`, without `.git`.
        package let web: String
        package let tag: String

        /// nil when `gitURL` is not an http(s) URL (an ssh or file URL has no web page to link).
        package init?(gitURL: String?, tag: String?) {
            guard let gitURL, let tag, !tag.isEmpty, HTMLText.link(gitURL) != nil else { return nil }
            var web = Substring(gitURL)
            while web.hasSuffix("/") { web = web.dropLast() }
            if web.hasSuffix(".git") { web = web.dropLast(4) }
            guard web.contains(where: { $0 != "/" && $0 != ":" }), !web.contains("?"), !web.contains("#") else {
                return nil
            }
            self.web = String(web)
            self.tag = tag
        }
    }

    /// The file names rendered as Markdown; another README is shown as text.
    package static func isMarkdown(_ file: String) -> Bool {
        let lowered = file.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown")
    }

    /// `markdown` as HTML safe to put inside a page's `<div>`; `source` resolves relative links.
    package static func render(_ markdown: String, source: Source?) -> String {
        let parser = MarkdownParser(modifiers: [
            // Raw HTML, a block or inline, is shown as the text it is.
            Modifier(target: .html) { HTMLText.escape(String($0.markdown)) }
        ])
        return sanitized(parser.html(from: escapingRawHTML(markdown)), source: source)
    }

    /// `markdown` made safe for Ink to read, outside code (``` fences and code spans, which Ink
    /// escapes itself):
    /// - each `<` written `&lt;`, so that raw HTML is text before Ink reads it (Ink would take an
    ///   `<img>` without `/>` as an element running to the end of the file);
    /// - brackets nested deeper than two (`[[[`), and a `[` its line never closes, written `&#91;`:
    ///   Ink tries each `[` as a link and reads everything after it again when that fails, which
    ///   takes seconds for 20 unclosed brackets and doubles with each one more; and a `[` whose `]`,
    ///   or the `(` or `[` after it, is not closed on its line, which Ink would read to the end of the
    ///   line for each such `[`.
    static func escapingRawHTML(_ markdown: String) -> String {
        var out = ""
        out.reserveCapacity(markdown.utf8.count)
        // The backticks that opened the code block being read.
        var fence: String?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { out += "\n" }
            let marker = String(line.drop { $0 == " " }.prefix { $0 == "`" })
            if let open = fence {
                if line.hasPrefix(open) { fence = nil }
                out += line
                continue
            }
            if marker.count >= 3 {
                fence = marker
                out += line
                continue
            }
            let characters = Array(line)
            let closing = closingBrackets(characters)
            var pieces: [String] = []
            // The pieces of the brackets open: kept (true) or written as text (false).
            var open: [(piece: Int, kept: Bool)] = []
            var keptOpen = 0
            var inCode = false
            for (index, character) in characters.enumerated() {
                switch character {
                case "`":
                    inCode.toggle()
                    pieces.append("`")
                case "<" where !inCode:
                    pieces.append("&lt;")
                case "[" where !inCode:
                    // Kept when the link it starts reads to its end within the line.
                    var kept = keptOpen < 2 && closing[index] != nil
                    if kept, let end = closing[index], end + 1 < characters.count,
                        characters[end + 1] == "(" || characters[end + 1] == "["
                    {
                        kept = closing[end + 1] != nil
                    }
                    if kept { keptOpen += 1 }
                    open.append((pieces.count, kept))
                    pieces.append(kept ? "[" : "&#91;")
                case "]" where !inCode && !open.isEmpty:
                    let bracket = open.removeLast()
                    if bracket.kept { keptOpen -= 1 }
                    pieces.append(bracket.kept ? "]" : "&#93;")
                default:
                    pieces.append(String(character))
                }
            }
            out += pieces.joined()
        }
        return out
    }

    /// For each `[` and `(` of `line` outside code spans, the index of the `]` or `)` closing it
    /// (nested pairs balanced); nil for those never closed.
    private static func closingBrackets(_ line: [Character]) -> [Int: Int] {
        var closing: [Int: Int] = [:]
        var squares: [Int] = []
        var rounds: [Int] = []
        var inCode = false
        for (index, character) in line.enumerated() {
            switch character {
            case "`": inCode.toggle()
            case "[" where !inCode: squares.append(index)
            case "(" where !inCode: rounds.append(index)
            case "]" where !inCode: if let open = squares.popLast() { closing[open] = index }
            case ")" where !inCode: if let open = rounds.popLast() { closing[open] = index }
            default: break
            }
        }
        return closing
    }

    // MARK: Reading Ink's HTML again

    /// Tags Ink writes without attributes, opening and closing.
    private static let plainTags: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "pre", "code", "em", "strong", "s",
        "blockquote", "table", "thead", "tbody", "tr", "th", "td",
    ]

    /// `html` with every tag Ink writes kept (its attribute checked) and every other `<` escaped.
    static func sanitized(_ html: String, source: Source?) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            rest = rest[open...]
            if let (tag, length) = tag(at: rest, source: source) {
                out += tag
                rest = rest.dropFirst(length)
            } else {
                out += "&lt;"
                rest = rest.dropFirst()
            }
        }
        out += rest
        return out
    }

    /// The tag at the start of `text` as it is written out, and how many characters it took; nil
    /// when it is no tag Ink writes.
    private static func tag(at text: Substring, source: Source?) -> (String, Int)? {
        guard let close = text.firstIndex(of: ">") else { return nil }
        let whole = text[...close]
        let inner = whole.dropFirst().dropLast()
        let length = whole.count
        if inner.hasPrefix("/") {
            let name = inner.dropFirst()
            return plainTags.contains(String(name)) || name == "a" ? (String(whole), length) : nil
        }
        if plainTags.contains(String(inner)) || inner == "hr" || inner == "br" { return (String(whole), length) }
        if let start = value(of: "ol start", in: inner), !start.isEmpty, start.count <= 9, start.allSatisfy(\.isNumber)
        {
            return (String(whole), length)
        }
        for cell in ["th", "td"] {
            if let align = value(of: "\(cell) align", in: inner), ["left", "center", "right"].contains(align) {
                return (String(whole), length)
            }
        }
        if let language = value(of: "code class", in: inner), language.hasPrefix("language-"),
            language.count <= 60,
            language.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_+.#".unicodeScalars.contains($0)
            })
        {
            return (String(whole), length)
        }
        if let href = value(of: "a href", in: inner) {
            guard let url = resolved(href, source: source, image: false) else { return ("<a>", length) }
            return ("<a href=\"\(HTMLText.escape(url))\" rel=\"nofollow noopener noreferrer\">", length)
        }
        return image(at: text, source: source)
    }

    /// `<img src="URL" alt="TEXT"/>` as Ink writes it; the description alone when the URL is dropped.
    private static func image(at text: Substring, source: Source?) -> (String, Int)? {
        guard text.hasPrefix("<img src=\"") else { return nil }
        let afterSource = text.dropFirst("<img src=\"".count)
        guard let quote = afterSource.firstIndex(of: "\"") else { return nil }
        let url = afterSource[..<quote]
        var rest = afterSource[quote...].dropFirst()
        var alt = Substring("")
        if rest.hasPrefix(" alt=\"") {
            rest = rest.dropFirst(" alt=\"".count)
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            alt = rest[..<end]
            rest = rest[end...].dropFirst()
        }
        guard rest.hasPrefix("/>"), !url.contains("<"), !url.contains(">"), !alt.contains("<"), !alt.contains(">")
        else { return nil }
        let length = text.distance(from: text.startIndex, to: rest.index(rest.startIndex, offsetBy: 2))
        // Ink wrote the description as HTML text: its `&` are references already, and it has no `<` or `"`.
        guard let resolved = resolved(String(url), source: source, image: true) else { return (String(alt), length) }
        return (
            "<img src=\"\(HTMLText.escape(resolved))\" alt=\"\(alt)\" loading=\"lazy\" referrerpolicy=\"no-referrer\">",
            length
        )
    }

    /// The value of `name="VALUE"` when `inner` (a tag's text between `<` and `>`) is exactly that,
    /// the value holding no quote or angle bracket.
    private static func value(of name: String, in inner: Substring) -> String? {
        guard inner.hasPrefix(name + "=\""), inner.hasSuffix("\""), inner.count >= name.count + 3 else { return nil }
        let value = inner.dropFirst(name.count + 2).dropLast()
        guard !value.contains("\""), !value.contains("<"), !value.contains(">") else { return nil }
        return String(value)
    }

    // MARK: Links

    /// `url` as a link (or, `image`, an image source) the page may hold: http(s) and `mailto:` as
    /// they are, a fragment as it is, a relative path resolved against `source`; nil for anything else.
    /// The value is taken literally (written with `&` escaped), so character references cannot spell
    /// a scheme.
    static func resolved(_ url: String, source: Source?, image: Bool) -> String? {
        // As browsers read a URL: tabs and line breaks inside dropped, spaces and controls around it.
        var text = String(url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        text = text.trimmed { $0.value <= 0x20 }
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
            !text.contains("\\")
        else { return nil }
        if let scheme = scheme(of: text) {
            let allowed = image ? ["http", "https"] : ["http", "https", "mailto"]
            return allowed.contains(scheme) ? text.replacingOccurrences(of: " ", with: "%20") : nil
        }
        if text.hasPrefix("//") { return nil }
        if text.hasPrefix("#") { return image ? nil : text.replacingOccurrences(of: " ", with: "%20") }
        guard let source else { return nil }
        let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? text.endIndex
        var parts: [Substring] = []
        for part in text[..<end].split(separator: "/") where part != "." {
            if part == ".." {
                _ = parts.popLast()
            } else {
                parts.append(part)
            }
        }
        let path = (parts.joined(separator: "/") + text[end...]).replacingOccurrences(of: " ", with: "%20")
        return "\(source.web)/\(image ? "raw" : "blob")/\(source.tag)/\(path)"
    }

    /// The scheme of `url` lowercased (`javascript` of `JavaScript:alert(1)`), nil for a relative URL.
    private static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first),
            scheme.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "+.-".unicodeScalars.contains($0)
            })
        else { return nil }
        return scheme.lowercased()
    }
}

extension String {
    fileprivate func trimmed(where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !drop($0) }), let last = scalars.lastIndex(where: { !drop($0) })
        else { return "" }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[first...last])
        return String(out)
    }
}
