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

/// Words of Latin-1 text take the short way through `InlineBuffer` only where it agrees with the long one.
@Suite struct LatinWordTests {
    @Test func everyLatinCharacterTheShortWayTakesIsOneColumn() {
        for value in (0x21...0x7E).map(UInt32.init) + (0xA1...0xFF).filter({ $0 != 0xAD }).map(UInt32.init) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(DisplayWidth.of(String(Character(scalar))) == 1, "U+\(String(value, radix: 16))")
        }
    }

    @Test func noBreakSpacesJoinAWordShownWithSpaces() {
        let page = HTMLDocument(html: "<p>Release&nbsp;3.22.0&nbsp;(caf\u{E9})</p>").layout(width: 80)
        #expect(page.lines.map(\.text) == ["Release 3.22.0 (café)"])
        let bytes = Array("a\u{AD}b".utf8)
        #expect(bytes.withUnsafeBufferPointer { InlineBuffer.latinWord($0) } == nil)
    }
}
