import Foundation
import Testing

@testable import Catalogue

/// READMEs rendered from Markdown: what Markdown means is shown, what a README's author could use to
/// run code in a reader's browser is shown as text or dropped.
@Suite struct ReadmeHTMLTests {
    static let source = ReadmeHTML.Source(gitURL: "https://git.example.com/team/Pay.git", tag: "1.2.0")

    @Test func headingsListsCodeAndLinksRenderAndRelativeOnesLeadToTheSourceAtItsTag() {
        let html = ReadmeHTML.render(
            """
            # Pay

            Payments *and* **receipts**, with `Pay.present()`.

            ## Usage

            - cards
            - wallets

            ```swift
            let methods: Array<Method> = [.card] && true
            ```

            [The guide](docs/Guide.md), [up](../../../CHANGELOG.md#1.2.0), [site](https://pay.example.com/a?b=1&c=2),
            [top](#usage), [mail](mailto:team@example.com).

            ![Logo](./images/logo.png)
            """, source: Self.source)
        #expect(html.contains("<h1>Pay</h1>"), "\(html)")
        #expect(html.contains("<h2>Usage</h2>"), "\(html)")
        #expect(html.contains("<em>and</em>") && html.contains("<strong>receipts</strong>"), "\(html)")
        #expect(html.contains("<code>Pay.present()</code>"), "\(html)")
        #expect(html.contains("<ul><li>cards</li><li>wallets</li></ul>"), "\(html)")
        #expect(
            html.contains(
                "<pre><code class=\"language-swift\">let methods: Array&lt;Method&gt; = [.card] &amp;&amp; true\n</code></pre>"
            ),
            "\(html)")
        let rel = "rel=\"nofollow noopener noreferrer\""
        #expect(
            html.contains("<a href=\"https://git.example.com/team/Pay/blob/1.2.0/docs/Guide.md\" \(rel)>The guide</a>"),
            "\(html)")
        #expect(
            html.contains("<a href=\"https://git.example.com/team/Pay/blob/1.2.0/CHANGELOG.md#1.2.0\" \(rel)>up</a>"),
            "\(html)")
        #expect(html.contains("<a href=\"https://pay.example.com/a?b=1&amp;c=2\" \(rel)>site</a>"), "\(html)")
        #expect(html.contains("<a href=\"#usage\" \(rel)>top</a>"), "\(html)")
        #expect(html.contains("<a href=\"mailto:team@example.com\" \(rel)>mail</a>"), "\(html)")
        #expect(
            html.contains("<img src=\"https://git.example.com/team/Pay/raw/1.2.0/images/logo.png\" alt=\"Logo\""),
            "\(html)")

        // A source with no web page (ssh): relative links keep their text, lose the link.
        let ssh = ReadmeHTML.render(
            "[The guide](docs/Guide.md)", source: ReadmeHTML.Source(gitURL: "git@host:Pay.git", tag: "1"))
        #expect(ssh == "<p><a>The guide</a></p>", "\(ssh)")
    }

    @Test func rawHTMLScriptsHandlersAndOtherSchemesNeverBecomeMarkup() throws {
        let html = ReadmeHTML.render(
            """
            <script>document.title = 'pwned'</script>

            <img src=x onerror="document.title = 'pwned'">

            Inline <b onmouseover="document.title = 'pwned'">bold</b> and <a href="javascript:alert(1)">a link</a>.

            [one](javascript:alert(1)) [two](JaVaScRiPt:alert(1)) [three](data:text/html;base64,PHNjcmlwdD4=)
            [four](vbscript:msgbox(1)) [five](https://x.example" onmouseover="alert(1)) [six](java&#115;cript:alert(1))
            [seven](//evil.example/x)

            ![pic](javascript:alert(1)) ![pic2](data:image/svg+xml,<svg onload=alert(1)>)

            ```js" onclick="alert(1)
            x
            ```

            <img src=x onerror=alert(1)
            <p onclick="alert(1)">para</p>
            """, source: Self.source)
        // Every tag is one Ink writes, with its one attribute checked.
        let tags = try Regex(#"<[^>]*>"#)
        let allowed = try Regex(
            #"^</?(p|h[1-6]|ul|ol|li|pre|code|em|strong|s|blockquote|table|thead|tbody|tr|th|td|hr|br|a)>$|^<a href="(https://git\.example\.com/team/Pay/blob/1\.2\.0/[^"]*|https://x\.example[^"]*)" rel="nofollow noopener noreferrer">$|^<code class="language-[A-Za-z0-9_+.#-]*">$"#
        )
        for match in html.matches(of: tags) {
            let tag = String(html[match.range])
            #expect(tag.wholeMatch(of: allowed) != nil, "\(tag) in \(html)")
            #expect(!tag.lowercased().contains("script") && !tag.contains(" on"), "\(tag) in \(html)")
        }
        #expect(html.contains("&lt;script&gt;document.title = 'pwned'&lt;/script&gt;"), "\(html)")
        #expect(html.contains("Inline &lt;b onmouseover="), "\(html)")
        #expect(html.contains("&lt;img src=x onerror="), "\(html)")
        #expect(html.contains("<a>one</a>") && html.contains("<a>two</a>") && html.contains("<a>three</a>"), "\(html)")
        #expect(html.contains("<a>four</a>") && html.contains("<a>seven</a>"), "\(html)")
        // A character reference cannot spell a scheme: the value is taken literally, as a relative path.
        #expect(
            html.contains("href=\"https://git.example.com/team/Pay/blob/1.2.0/java&amp;#115;cript:alert(1)\""),
            "\(html)")
        #expect(!html.contains("<img"), "\(html)")
        #expect(html.contains("pic"), "\(html)")
    }

    /// Brackets Ink would try as links again and again (twice the time for each one more) are text.
    @Test(.timeLimit(.minutes(10))) func bracketsNestedOrNeverClosedCostNoMoreThanText() {
        for unit in ["[", "![", "[a][", "*[", "[[a](b)", "[a](", "![a]("] {
            let html = ReadmeHTML.render(String(repeating: unit, count: 20_000), source: Self.source)
            #expect(html.hasPrefix("<p>") && html.count > 20_000, "\(unit): \(html.prefix(200))")
        }
        let links = ReadmeHTML.render("[[a](b)] and [c](d) [x", source: nil)
        #expect(links.contains("[<a>a</a>]") && links.contains("<a>c</a>") && links.contains("&#91;x"), "\(links)")
    }
}
