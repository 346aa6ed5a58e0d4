import HTMLText
import MonkeyBrowser
import Testing

@Suite("Find in page")
struct FindStateTests {
    static let lines = [
        TextLine(spans: [TextSpan(text: "Coffee and more coffee")]),
        TextLine(spans: [TextSpan(text: "珈琲 is coffee too")]),
        TextLine(spans: [TextSpan(text: "tea")]),
    ]

    @Test("matches ignore case and count display columns (CJK is two wide)")
    func matches() {
        let find = FindState(query: "COFFEE", lines: Self.lines, from: 0)
        #expect(
            find.matches == [
                FindMatch(line: 0, column: 0, width: 6), FindMatch(line: 0, column: 16, width: 6),
                FindMatch(line: 1, column: 8, width: 6),
            ])
        #expect(find.current == 0)
        #expect(find.summary == "1/3 \"COFFEE\"")
    }

    @Test("the first match at or below the top is current; n and N wrap")
    func nextAndPrevious() {
        var find = FindState(query: "coffee", lines: Self.lines, from: 1)
        #expect(find.currentMatch?.line == 1)
        find.next()
        #expect(find.current == 0)
        find.previous()
        find.previous()
        #expect(find.current == 1)
    }

    @Test("no match says so")
    func noMatch() {
        let find = FindState(query: "cocoa", lines: Self.lines, from: 0)
        #expect(find.currentMatch == nil)
        #expect(find.summary == "no matches for \"cocoa\"")
    }
}
