import Testing
import TextWidth

@testable import TerminalUI

@Suite struct CellBufferTests {
    @Test func wideGraphemesTakeTwoCells() {
        var buffer = CellBuffer(size: Size(width: 10, height: 1))
        let end = buffer.put("a漢😀b", x: 0, y: 0)
        #expect(end == 6)
        #expect(buffer[1, 0].grapheme == "漢")
        #expect(buffer[1, 0].width == 2)
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer[3, 0].grapheme == "😀")
        #expect(buffer[5, 0].grapheme == "b")
        #expect(buffer.rowText(0) == "a漢😀b    ")
    }

    @Test func wideGraphemeAtTheClipEdgeBecomesASpace() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.put("abc漢", x: 0, y: 0)
        #expect(buffer.rowText(0) == "abc ")
        #expect(buffer[3, 0].width == 1)
    }

    @Test func overwritingHalfAWideGraphemeBlanksTheOtherHalf() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.put("漢字", x: 0, y: 0)
        buffer.put("x", x: 1, y: 0)
        #expect(buffer.rowText(0) == " x字")
        buffer.put("y", x: 2, y: 0)
        #expect(buffer.rowText(0) == " xy ")
    }

    @Test func clippingToARectangle() {
        var buffer = CellBuffer(size: Size(width: 8, height: 2))
        buffer.put("hello world", x: 2, y: 1, clip: Rect(x: 3, y: 1, width: 4, height: 1))
        #expect(buffer.rowText(1) == "   ello ")
        #expect(buffer.rowText(0) == "        ")
    }

    @Test func controlCharactersAreSkipped() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        buffer.put("a\u{7}b\tc", x: 0, y: 0)
        #expect(buffer.rowText(0) == "abc  ")
    }

    @Test func differenceSendsOnlyChangedCells() {
        var old = CellBuffer(size: Size(width: 20, height: 5))
        old.put("status: ready", x: 0, y: 0)
        var new = old
        new.put("!", x: 12, y: 0)
        let changes = FrameRenderer.difference(from: old, to: new)
        #expect(changes.count == 1)
        #expect(changes.first?.0 == Point(x: 12, y: 0))
        #expect(FrameRenderer.difference(from: nil, to: new).count == 100)
    }

    @Test func headlessRendererKeepsWhatItWasSent() {
        let terminal = HeadlessTerminal(size: Size(width: 12, height: 2))
        let renderer = FrameRenderer(backend: terminal)
        var frame = CellBuffer(size: terminal.size)
        frame.put("日本 ok", x: 0, y: 0)
        renderer.present(frame)
        #expect(terminal.screen.textLines() == ["日本 ok", ""])
        frame.put("K", x: 6, y: 0)
        #expect(renderer.present(frame) == 1)
        #expect(terminal.screen.textLines().first == "日本 oK")
    }

    @Test func textWidthMeasuresColumns() {
        #expect(TextWidth.of("abc") == 3)
        #expect(TextWidth.of("漢字") == 4)
        #expect(TextWidth.of("😀") == 2)
        #expect(TextWidth.of("👍🏽") == 4)
        #expect(TextWidth.of("🇯🇵") == 2)
        #expect(TextWidth.of("é") == 1)
        #expect(TextWidth.of("☀️") == 1)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.truncate("abcdef", to: 4) == "abc…")
        #expect(TextWidth.pad("漢", to: 4) == "漢  ")
    }

    /// A long address keeps its scheme and its file name, whatever the length of the path between them (the
    /// help-bar test once failed whenever the checkout's path was longer than the developer's).
    @Test func aLongAddressKeepsItsStartAndItsFileName() {
        let address = "file:///home/someone/a/very/long/checkout/path/Resources/MonkeyBrowser/Pages/weather.html"
        let shown = TextWidth.elideMiddle(address, to: 40)
        #expect(TextWidth.of(shown) == 40)
        #expect(shown.hasPrefix("file:///"))
        #expect(shown.hasSuffix("Pages/weather.html"))
        #expect(shown.contains("…"))
        #expect(TextWidth.elideMiddle("short", to: 40) == "short")
        #expect(TextWidth.elideMiddle("漢字漢字漢字漢字", to: 7) == "漢…漢字")
    }
}

@Suite struct ClusterCellTests {
    @Test func clustersWithSeveralWideScalarsTakeACellPerScalar() {
        var buffer = CellBuffer(size: Size(width: 10, height: 1))
        let end = buffer.put("🇯🇵👍🏽x", x: 0, y: 0)
        #expect(end == 7)
        #expect(buffer[0, 0].grapheme == "🇯")
        #expect(buffer[1, 0].grapheme == "🇵")
        #expect(buffer[2, 0].grapheme == "👍")
        #expect(buffer[4, 0].grapheme == "🏽")
        #expect(buffer[6, 0].grapheme == "x")
    }

    @Test func zeroWidthScalarsStayWithTheirBase() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.put("☀️e\u{301}", x: 0, y: 0)
        #expect(buffer[0, 0].grapheme == "☀️")
        #expect(buffer[0, 0].width == 1)
        #expect(buffer[1, 0].grapheme == "e\u{301}")
    }
}
