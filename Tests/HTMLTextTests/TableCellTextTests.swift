import Testing

@testable import HTMLText

/// Text in narrow table cells keeps its words whole: what `scripts/dump-words.py` checks on Debian's manuals.
@Suite struct TableCellTextTests {
    @Test func preformattedTextInTheLastCellRunsOnPastTheCell() {
        let html = """
            <table><tr><td>Menu one two three four five six seven</td>
            <td><table><tr><td><pre>void xsltParseStylesheetAttributeSet (xsltStylesheetPtr style, xmlNodePtr cur)</pre>
            </td></tr></table></td></tr></table>
            """
        let page = HTMLDocument(html: html).layout(width: 60)
        let line = page.lines.first { $0.text.contains("xsltParseStylesheetAttributeSet") }
        #expect(line?.text.hasSuffix("(xsltStylesheetPtr style, xmlNodePtr cur)") == true)
        #expect(line?.isPreformatted == true)
        #expect(line?.text.hasPrefix("Menu") == true)
    }

    @Test func fieldsSideBySideBreakBetweenNotInside() {
        let html = """
            <table><tr><td><input type="text" size="20"><input type="submit" value="Search ..."></td>
            <td>Some text beside the form that takes the rest of the line.</td></tr></table>
            """
        let text = HTMLDocument(html: html).layout(width: 50).lines.map(\.text)
        #expect(text.contains { $0.hasPrefix("[Search ...]") })
        #expect(!text.contains { $0.contains("[S") && !$0.contains("[Search ...]") })
    }

    @Test func nestedTablesAreMeasuredAsTheirCells() {
        let inner = TableBlock(
            rows: [
                [
                    TableCell(
                        blocks: [.preformatted(PreformattedBlock(lines: [[TextSpan(text: "abcdef")]], anchors: []))],
                        columnSpan: 1)
                ]
            ],
            hasBorder: false)
        let outer = TableBlock(rows: [[TableCell(blocks: [.table(inner)], columnSpan: 1)]], hasBorder: false)
        #expect(outer.columns.map(\.minimum) == [6])
        #expect(outer.columns.map(\.maximum) == [6])
    }
}
