import Foundation
import HTMLText
import Testing

/// `baton dump` output of every test page at 40, 80 and 120 columns, compared with golden files.
@Suite struct GoldenDumpTests {
    @Test(arguments: TestPages.names, [40, 80, 120])
    func dumpMatchesGolden(page: String, columns: Int) throws {
        let text = try TestPages.document(page).layout(width: columns).dumpText
        let file = "\(page)-\(columns).txt"
        if TestPages.updatingGoldens {
            try TestPages.writeGolden(file, text)
            return
        }
        let expected = try #require(
            try TestPages.golden(file), "missing golden \(file); run with BATON_UPDATE_GOLDEN=1")
        #expect(text == expected)
    }

    @Test(arguments: TestPages.names, [40, 80, 120])
    func linesFitTheWidthExceptPreformatted(page: String, columns: Int) throws {
        let laidOut = try TestPages.document(page).layout(width: columns)
        for line in laidOut.lines where !line.isPreformatted {
            #expect(line.width <= columns, "line too wide: \(line.text)")
        }
    }
}
