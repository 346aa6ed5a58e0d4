import Foundation
import Testing

@testable import HTMLText

/// Tables whose columns do not fit even at their narrowest: linearised with headers for `dump`, kept as an
/// overflowing grid for the browser.
@Suite struct WideTableTests {
    static let eightColumns: String = {
        let header = (1...8).map { "<th>Heading\($0)</th>" }.joined()
        let row = (1...8).map { "<td>Longwordcell\($0) alpha beta</td>" }.joined()
        return "<table><tr>\(header)</tr><tr>\(row)</tr><tr>\(row)</tr></table>"
    }()

    @Test func linearisedCellsKeepTheirHeaders() {
        let lines = HTMLDocument(html: Self.eightColumns).layout(width: 80).lines.map(\.text)
        for column in 1...8 {
            #expect(lines.filter { $0 == "Heading\(column): Longwordcell\(column) alpha beta" }.count == 2)
        }
        #expect(!lines.contains { $0.contains("Heading1") && $0.contains("Heading2") })
    }

    @Test func overflowKeepsTheGridWiderThanThePage() {
        let page = HTMLDocument(html: Self.eightColumns).layout(width: 80, wideTables: .overflow)
        let header = page.lines.first { $0.text.contains("Heading1") }
        #expect(header?.text.contains("Heading8") == true)
        #expect(header?.isPreformatted == true)
        #expect(page.lines.contains { $0.width > 80 })
    }

    @Test func rowspanRepeatsTheCellAndColspanNamesEveryHeader() {
        let html = """
            <table><tr><th>Alphaheader</th><th>Betaheader</th><th>Gammaheader</th><th>Deltaheader</th></tr>
            <tr><td rowspan=2>Spanned</td><td colspan=2>Wideone</td><td>Dee1</td></tr>
            <tr><td>Bee2</td><td>Gee2</td><td>Dee2</td></tr></table>
            """
        let lines = HTMLDocument(html: html).layout(width: 30).lines.map(\.text)
        #expect(lines.filter { $0 == "Alphaheader: Spanned" }.count == 2)
        #expect(lines.contains("Betaheader / Gammaheader:"))
        #expect(lines.contains { $0.contains("Bee2") })
    }

    @Test func fittingTablesAreTheSameInBothModes() {
        let html = "<table><tr><th>A</th><th>B</th></tr><tr><td>one</td><td>two</td></tr></table>"
        let document = HTMLDocument(html: html)
        #expect(document.layout(width: 40).lines == document.layout(width: 40, wideTables: .overflow).lines)
    }
}
