import Testing

@testable import TerminalUI

@Suite struct TextFieldTests {
    func type(_ text: String, into state: inout TextFieldState) {
        for character in text { _ = state.handle(.char(character)) }
    }

    @Test func editingKeys() {
        var state = TextFieldState()
        type("hello world", into: &state)
        #expect(state.text == "hello world")
        _ = state.handle(.ctrl("a"))
        #expect(state.cursor == 0)
        _ = state.handle(KeyPress(.delete))
        #expect(state.text == "ello world")
        _ = state.handle(.ctrl("e"))
        _ = state.handle(KeyPress(.backspace))
        #expect(state.text == "ello worl")
        _ = state.handle(KeyPress(.left))
        _ = state.handle(KeyPress(.left))
        _ = state.handle(.ctrl("k"))
        #expect(state.text == "ello wo")
        _ = state.handle(.ctrl("w"))
        #expect(state.text == "ello ")
        _ = state.handle(.ctrl("u"))
        #expect(state.text == "")
        let outcomes = [
            state.handle(KeyPress(.backspace)), state.handle(KeyPress(.enter)), state.handle(KeyPress(.escape)),
        ]
        #expect(outcomes == [.ignored, .submitted, .cancelled])
    }

    @Test func cursorCountsDisplayColumns() {
        var state = TextFieldState()
        type("東京x", into: &state)
        _ = state.handle(KeyPress(.left))
        var buffer = CellBuffer(size: Size(width: 20, height: 1))
        TextField().render(in: buffer.bounds, state: &state, into: &buffer)
        let cursor = TextField().cursor(in: buffer.bounds, state: state)
        #expect(cursor == Point(x: 4, y: 0))
    }

    @Test func longTextScrollsToKeepTheCursorVisible() {
        var state = TextFieldState()
        type("https://example.com/a/long/path", into: &state)
        var buffer = CellBuffer(size: Size(width: 10, height: 1))
        TextField().render(in: buffer.bounds, state: &state, into: &buffer)
        let cursor = TextField().cursor(in: buffer.bounds, state: state)
        #expect(cursor == Point(x: 9, y: 0))
        #expect(buffer.rowText(0) == "long/path ")
    }

    @Test func listStateKeepsSelectionInRangeAndVisible() {
        var list = ListState()
        let usedEnd = list.handle(KeyPress(.end), count: 50, pageSize: 10)
        #expect(usedEnd)
        #expect(list.selected == 49)
        list.scrollToSelection(height: 10)
        #expect(list.offset == 40)
        _ = list.handle(KeyPress(.down), count: 50, pageSize: 10)
        #expect(list.selected == 49)
        _ = list.handle(KeyPress(.home), count: 50, pageSize: 10)
        list.scrollToSelection(height: 10)
        #expect(list.offset == 0)
        let usedX = list.handle(.char("x"), count: 50, pageSize: 10)
        #expect(!usedX)
    }

    @Test func colourFallsBackGracefully() {
        #expect(ColorSupport.detect(colors: 256, hasColors: true, environment: [:]) == .palette256)
        #expect(ColorSupport.detect(colors: 256, hasColors: true, environment: ["NO_COLOR": "1"]) == .none)
        #expect(ColorSupport.detect(colors: 8, hasColors: true, environment: [:]) == .ansi8)
        #expect(ColorSupport.palette256.resolve(.indexed(196)) == 196)
        #expect(ColorSupport.ansi16.resolve(.indexed(196)) == 9)
        #expect(ColorSupport.ansi8.resolve(.brightRed) == 1)
        #expect(ColorSupport.none.resolve(.red) == nil)
        #expect(ColorSupport.ansi16.resolve(.default) == nil)
    }

    @Test func aSelectedFieldIsReplacedByTheFirstTypedKey() {
        var state = TextFieldState(text: "http://old/weather.html", selected: true)
        #expect(state.isAllSelected)
        _ = state.handle(.char("h"))
        #expect(state.text == "h")
        #expect(!state.isAllSelected)
        _ = state.handle(.char("i"))
        #expect(state.text == "hi")
    }

    @Test func movementKeepsTheTextForEditing() {
        var end = TextFieldState(text: "abc", selected: true)
        #expect(end.handle(KeyPress(.end)) == .moved)
        _ = end.handle(.char("d"))
        #expect(end.text == "abcd")
        var left = TextFieldState(text: "abc", selected: true)
        _ = left.handle(KeyPress(.left))
        _ = left.handle(.char("x"))
        #expect(left.text == "xabc")
        var right = TextFieldState(text: "abc", selected: true)
        _ = right.handle(KeyPress(.right))
        _ = right.handle(.char("x"))
        #expect(right.text == "abcx")
    }

    @Test func backspaceClearsASelectedField() {
        var state = TextFieldState(text: "abc", selected: true)
        #expect(state.handle(KeyPress(.backspace)) == .edited)
        #expect(state.text.isEmpty)
        #expect(TextFieldState(text: "", selected: true).isAllSelected == false)
    }
}
