import Foundation
import HTMLText
import Testing

/// Layout rules checked directly: wrapping, widths, whitespace, anchors, links, depth and broken input.
@Suite struct LayoutTests {
    private func lines(_ html: String, width: Int = 80, url: URL? = nil) -> [String] {
        HTMLDocument(html: html, url: url).layout(width: width).lines.map(\.text)
    }

    @Test func whitespaceCollapsesLikeBrowsers() {
        #expect(lines("<p>  a \n\t b   <b> c </b>d  </p>") == ["a b c d"])
    }

    @Test func wrapsAtWordBoundariesWithinTheWidth() {
        #expect(lines("<p>one two three four five six</p>", width: 9) == ["one two", "three", "four five", "six"])
    }

    @Test func breaksWordsLongerThanTheLine() {
        #expect(lines("<p>abcdefghij klm</p>", width: 4) == ["abcd", "efgh", "ij", "klm"])
    }

    @Test func cjkCountsTwoColumnsAndBreaksBetweenCharacters() {
        let page = HTMLDocument(html: "<p>日本語のテキスト</p>").layout(width: 6)
        #expect(page.lines.map(\.text) == ["日本語", "のテキ", "スト"])
        #expect(page.lines.allSatisfy { $0.width <= 6 })
    }

    @Test func cjkClosingPunctuationStaysOnTheLine() {
        #expect(lines("<p>日本語。本</p>", width: 6) == ["日本", "語。本"])
    }

    @Test func emojiCountsTwoColumns() {
        let page = HTMLDocument(html: "<p>ab 😀😀 cd</p>").layout(width: 7)
        #expect(page.lines.map(\.text) == ["ab 😀😀", "cd"])
    }

    @Test func relayoutAtANewWidthReusesTheDocument() {
        let document = HTMLDocument(html: "<p>alpha beta gamma delta</p>")
        #expect(document.layout(width: 11).lines.count == 2)
        #expect(document.layout(width: 40).lines.count == 1)
        #expect(document.layout(width: 5).lines.count == 4)
    }

    @Test func skipsHeadScriptStyleTemplateAndNoscript() {
        let html = """
            <head><title>T</title><style>.a{}</style></head><body><script>x()</script>
            <template>t</template><noscript>n</noscript><p>shown</p></body>
            """
        #expect(lines(html) == ["shown"])
    }

    @Test func titleIsCollapsed() {
        #expect(HTMLDocument(html: "<title>  A \n  title </title>").title == "A title")
        #expect(HTMLDocument(html: "<p>none</p>").title == "")
    }

    @Test func linksAreNumberedAndResolvedAgainstTheDocument() throws {
        let page = HTMLDocument(
            html: #"<a href="b.html">B</a> <a href="/c">C</a> <a>no href</a> <a href="javascript:x()">js</a>"#,
            url: URL(string: "http://host.example/dir/a.html")
        ).layout(width: 80)
        #expect(page.lines.map(\.text) == ["B[1] C[2] no href js"])
        #expect(
            page.links.map { $0.url?.absoluteString } == ["http://host.example/dir/b.html", "http://host.example/c"])
        #expect(page.link(number: 2)?.text == "C")
        #expect(page.link(number: 3) == nil)
        let span = try #require(page.lines.first?.spans.first { $0.style.link == 1 })
        #expect(span.text == "B")
        #expect(span.style.traits.contains(.underline))
    }

    @Test func baseHrefChangesResolution() {
        let document = HTMLDocument(
            html: #"<head><base href="https://cdn.example/x/"></head><a href="y">y</a>"#,
            url: URL(string: "http://origin.example/page"))
        #expect(document.baseURL?.absoluteString == "https://cdn.example/x/")
        #expect(document.links.first?.url?.absoluteString == "https://cdn.example/x/y")
    }

    @Test func relativeBaseResolvesAgainstTheDocument() {
        let document = HTMLDocument(
            html: #"<base href="sub/"><a href="../z">z</a>"#, url: URL(string: "http://h.example/a/b"))
        #expect(document.links.first?.url?.absoluteString == "http://h.example/a/z")
    }

    @Test func fragmentsFindTheirLines() throws {
        let html = """
            <p>intro</p><h2 id="one">One</h2><p>text</p><p><a name="two">Two</a></p>
            <ul><li id="item">item</li></ul><pre>a
            <span id="pre-b">b</span></pre><div id="empty"></div>
            """
        let page = HTMLDocument(html: html).layout(width: 80)
        func line(_ fragment: String) throws -> String {
            let index = try #require(page.line(forFragment: fragment), "no anchor \(fragment)")
            return page.lines[index].text
        }
        #expect(try line("#one") == "One")
        #expect(try line("two") == "Two")
        #expect(try line("item") == "  • item")
        #expect(try line("pre-b") == "b")
        #expect(page.line(forFragment: "empty") == page.lines.count - 1)
        #expect(page.line(forFragment: "missing") == nil)
    }

    @Test func tenThousandNestedDivsDoNotOverflowTheStack() {
        let html = String(repeating: "<div>", count: 10_000) + "deep" + String(repeating: "</div>", count: 10_000)
        #expect(lines(html) == ["deep"])
    }

    @Test func deeplyNestedListsAndQuotesStayWithinTheWidth() {
        let html = String(repeating: "<blockquote><ul><li>", count: 3_000) + "deep text"
        let page = HTMLDocument(html: html).layout(width: 40)
        #expect(page.lines.contains { $0.text.contains("deep") })
        #expect(page.lines.allSatisfy { $0.width <= 40 })
    }

    @Test func brokenHTMLIsRepaired() {
        let html = "<p>one <b>two <i>three</b> four</i><p>five<table><td>cell</table><li>item"
        #expect(lines(html) == ["one two three four", "", "five", "", "cell", "", "item"])
    }

    @Test func preformattedLinesAreKeptAndMarked() throws {
        let page = HTMLDocument(html: "<pre>\n  a    b\n\tc</pre><p>x</p>").layout(width: 4)
        #expect(page.lines.map(\.text) == ["  a    b", "        c", "", "x"])
        #expect(page.lines[0].isPreformatted)
        #expect(!page.lines[3].isPreformatted)
    }

    @Test func tablesLineariseWhenTooNarrow() {
        let html = "<table><tr><td>alphabetical</td><td>bureaucratic</td></tr></table>"
        #expect(lines(html, width: 30) == ["alphabetical  bureaucratic"])
        #expect(lines(html, width: 20) == ["alphabetical", "bureaucratic"])
    }

    @Test func tableColumnsShareTheWidth() {
        let html = "<table><tr><td>a</td><td>one two three four five six</td></tr></table>"
        #expect(lines(html, width: 16) == ["a  one two three", "   four five six"])
    }

    @Test func headingsAndEmphasisCarryStyles() throws {
        let page = HTMLDocument(html: "<h2>Title</h2><p><em>it</em> <code>c</code></p>").layout(width: 80)
        let heading = try #require(page.lines.first?.spans.first)
        #expect(heading.style.headingLevel == 2)
        #expect(heading.style.traits.contains(.bold))
        let spans = page.lines[2].spans
        #expect(spans.first?.style.traits.contains(.italic) == true)
        #expect(spans.last?.style.traits.contains(.code) == true)
    }

    @Test func emptyAndWhitespaceDocumentsHaveNoLines() {
        #expect(lines("").isEmpty)
        #expect(lines("   \n ").isEmpty)
        #expect(lines("<p></p><div> </div>").isEmpty)
    }

    @Test func centreAndRightAlignment() {
        #expect(
            lines("<center>abcd</center><p align=right>xy</p><div align=center><pre>pre</pre></div>", width: 10)
                == ["   abcd", "", "        xy", "", "pre"])
    }

    @Test func widthOfOneStillLaysOut() {
        #expect(lines("<p>ab 日</p>", width: 1) == ["a", "b", "日"])
    }
}
