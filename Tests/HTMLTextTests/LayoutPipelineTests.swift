import Foundation
import Testing

@testable import HTMLText

/// `HTMLDocument.parsedAndLaidOut` (layout on a second thread while the tree is walked) gives exactly what
/// parsing and then laying out gives.
@Suite struct LayoutPipelineTests {
    private func expectSameAsSequential(_ html: String, width: Int, _ comment: Comment? = nil) {
        let url = URL(string: "https://pages.example/dir/page.html")
        let (document, piped) = HTMLDocument.parsedAndLaidOut(
            html: html, url: url, width: width, pipelineMinimumBytes: 0)
        let sequential = HTMLDocument(html: html, url: url).layout(width: width)
        #expect(piped.lines == sequential.lines, comment)
        #expect(piped.anchors == sequential.anchors, comment)
        #expect(piped.links == sequential.links, comment)
        #expect(piped.title == sequential.title, comment)
        #expect(piped.width == sequential.width, comment)
        #expect(document.layout(width: width).lines == piped.lines, comment)
    }

    @Test(arguments: TestPages.names, [40, 80, 120])
    func testPagesLayOutTheSame(page: String, columns: Int) throws {
        expectSameAsSequential(try TestPages.html(page), width: columns, "\(page) at \(columns)")
    }

    /// Hundreds of top-level blocks (many hand-overs), with gaps, rules, `pre`, lists, tables, anchors and
    /// a link around many blocks.
    @Test func manyTopLevelBlocksLayOutTheSame() {
        var html = "<title>Many</title><body>"
        for index in 0..<300 {
            switch index % 7 {
            case 0: html += "<h2 id=\"h\(index)\">Heading \(index)</h2>"
            case 1: html += "<p>Paragraph \(index) with <a href=\"p\(index).html\">a link</a> and some words.</p>"
            case 2: html += "<hr><pre>pre \(index)\n  kept   as is</pre>"
            case 3: html += "<ul><li>one \(index)<li>two<ol><li>nested</ol></ul>"
            case 4: html += "<table border=1><tr><th>a<td id=\"c\(index)\">b \(index)</table>"
            case 5: html += "<blockquote>quoted \(index)</blockquote><div>plain text</div>"
            default: html += "text at the top level \(index)<br>after a break<a name=\"n\(index)\"></a>"
            }
        }
        // Links around 1 to 20 blocks, so that some end right after a hand-over: the number goes after the
        // last block.
        for count in 1...20 {
            html += "<a href=\"around\(count).html\">" + (0..<count).map { "<p>in link \($0)</p>" }.joined() + "</a>"
        }
        html += "<p id=\"last\"></p></body>"
        for width in [1, 12, 80] { expectSameAsSequential(html, width: width, "width \(width)") }
    }

    /// Everything inside one top-level container: nothing can be handed over before the end.
    @Test func aDocumentInsideOneContainerLaysOutTheSame() {
        let items = (0..<100).map { "<li>item \($0) <a href=\"#i\($0)\">link</a></li>" }.joined()
        expectSameAsSequential("<blockquote><ol>\(items)</ol></blockquote>", width: 60)
    }

    /// Small pages take the one-thread path; it gives the same result.
    @Test func smallPagesAreLaidOutOnOneThreadTheSame() throws {
        let html = try TestPages.html("combined")
        #expect(html.utf8.count < HTMLDocument.pipelineMinimumBytes)
        let url = URL(string: "https://pages.example/dir/page.html")
        let (_, page) = HTMLDocument.parsedAndLaidOut(html: html, url: url, width: 80)
        #expect(page.lines == HTMLDocument(html: html, url: url).layout(width: 80).lines)
    }

    /// When the system refuses the second thread, the page is laid out on the calling thread: same result,
    /// no wait for a thread that never runs.
    @Test func aRefusedThreadFallsBackToOneThread() throws {
        let html = try TestPages.html("combined")
        let url = URL(string: "https://pages.example/dir/page.html")
        let (_, page) = HTMLDocument.parsedAndLaidOut(
            html: html, url: url, width: 80, pipelineMinimumBytes: 0, startThread: { _ in false })
        #expect(page.lines == HTMLDocument(html: html, url: url).layout(width: 80).lines)
    }

    @Test func emptyAndBrokenDocumentsFinish() {
        for html in ["", "   ", "<", "<p>", "</p></div>", "<html><head><title>t</title></head></html>"] {
            expectSameAsSequential(html, width: 80, "\(html.debugDescription)")
        }
    }
}
