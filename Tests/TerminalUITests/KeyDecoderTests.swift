import CNcursesw
import Testing

@testable import TerminalUI

@Suite struct KeyDecoderTests {
    let decoder = KeyDecoder(extendedKeys: [600: KeyPress(.left, .alt)])

    @Test func controlBytesBecomeCtrlKeys() {
        #expect(decoder.decode([.character(15)]) == [.ctrl("o")])
        #expect(decoder.decode([.character(3)]) == [.ctrl("c")])
        #expect(decoder.decode([.character(12)]) == [.ctrl("l")])
        #expect(decoder.decode([.character(9)]) == [KeyPress(.tab)])
        #expect(decoder.decode([.character(13)]) == [KeyPress(.enter)])
        #expect(decoder.decode([.character(127)]) == [KeyPress(.backspace)])
    }

    @Test func escapeFollowedByACharacterIsAlt() {
        #expect(decoder.decode([.character(27), .character(49)]) == [.alt("1")])
        #expect(decoder.decode([.character(27)]) == [KeyPress(.escape)])
        #expect(decoder.decode([.character(27), .character(27)]) == [KeyPress(.escape), KeyPress(.escape)])
        #expect(decoder.decode([.character(27), .keyCode(KEY_LEFT)]) == [KeyPress(.left, .alt)])
    }

    @Test func printableUnicodeIsText() {
        let presses = decoder.decode([.character(0x6F22), .character(0x1F600), .character(65)])
        #expect(presses.map(\.text) == ["漢", "😀", "A"])
    }

    @Test func keyCodesMapToKeys() {
        #expect(decoder.decode([.keyCode(KEY_F0 + 10)]) == [.f(10)])
        #expect(decoder.decode([.keyCode(KEY_F0 + 1)]) == [.f(1)])
        #expect(decoder.decode([.keyCode(KEY_BTAB)]) == [KeyPress(.tab, .shift)])
        #expect(decoder.decode([.keyCode(KEY_NPAGE)]) == [KeyPress(.pageDown)])
        #expect(decoder.decode([.keyCode(KEY_HOME), .keyCode(KEY_END)]) == [KeyPress(.home), KeyPress(.end)])
        #expect(decoder.decode([.keyCode(KEY_DC)]) == [KeyPress(.delete)])
        #expect(decoder.decode([.keyCode(600)]) == [KeyPress(.left, .alt)])
        #expect(decoder.decode([.keyCode(9999)]).isEmpty)
    }

    @Test func helpNamesKeysAsPeopleWriteThem() {
        #expect(KeyPress.ctrl("o").description == "Ctrl-O")
        #expect(KeyPress(.left, .alt).description == "Alt-←")
        #expect(KeyPress(.tab, .shift).description == "Shift-Tab")
        #expect(KeyPress.f(10).description == "F10")
    }
}
