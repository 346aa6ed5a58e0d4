import Foundation
import TestSupport
import Testing

@testable import TerminalUI

@Suite struct ViewGoldenTests {
    @Test func viewsWithCJKAndEmojiLandOnTheRightColumns() throws {
        var buffer = CellBuffer(size: Size(width: 48, height: 16))
        TabBar(titles: ["Weather ☀️", "東京", "Coffee ☕", "Work"], selected: 1).render(
            in: Rect(x: 0, y: 0, width: 48, height: 1), into: &buffer)
        var list = ListState(selected: 2)
        let rows: [StyledLine] = [
            "Apple Ginza 銀座", "Apple 表参道", "Apple Marunouchi 😀", "Apple Shibuya", "Apple Kyoto 京都", "Apple Osaka",
        ]
        ListView(rows: rows).render(in: Rect(x: 0, y: 2, width: 24, height: 4), state: &list, into: &buffer)
        var field = TextFieldState()
        for c in "https://例え.jp/😀" { _ = field.handle(.char(c)) }
        TextField().render(in: Rect(x: 0, y: 7, width: 30, height: 1), state: &field, into: &buffer)
        Popover(title: "Apple 銀座", lines: ["4-2-2 Ginza, Chūō-ku", "東京都 104-0061 🇯🇵", "★ Favourite"]).render(
            in: Rect(x: 20, y: 2, width: 28, height: 9), into: &buffer)
        Banner("Continued on 端末-2 ✅").render(in: Rect(x: 0, y: 12, width: 48, height: 1), into: &buffer)
        StatusLine(left: "12 stores · 東京", right: "z 9").render(
            in: Rect(x: 0, y: 13, width: 48, height: 1), into: &buffer)
        HelpBar(items: [
            HelpItem(keys: "F1", label: "Browser"), HelpItem(keys: "Ctrl-O", label: "Continue"),
            HelpItem(keys: "F10", label: "Quit"),
        ]).render(in: Rect(x: 0, y: 15, width: 48, height: 1), into: &buffer)
        try Golden.check(buffer.textLines(), named: "views-cjk-emoji")
        #expect(buffer[2, 0].grapheme != "")
    }

    @Test func tooSmallScreenSaysWhatItNeeds() throws {
        var buffer = CellBuffer(size: Size(width: 50, height: 12))
        TooSmallScreen(minimum: Size(width: 60, height: 16)).render(in: buffer.bounds, into: &buffer)
        try Golden.check(buffer, named: "too-small")
    }

    @Test func scrollViewClipsAndShowsItsPosition() throws {
        var buffer = CellBuffer(size: Size(width: 20, height: 5))
        var state = ScrollState(top: 3)
        ScrollView(lines: (1...12).map { StyledLine("line \($0) 行") }).render(
            in: buffer.bounds, state: &state, into: &buffer)
        try Golden.check(buffer.textLines(), named: "scroll-view")
    }
}
