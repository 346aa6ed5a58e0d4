import Testing

@testable import TerminalUI

/// Issue 24, item 14: keys are named as they are typed ("K", not "Shift-K"), each once per binding.
@Suite struct KeyNameTests {
    @Test func aShiftedCharacterNamesItself() {
        #expect(KeyPress(.character("K"), .shift).description == "K")
        #expect(KeyPress(.up, .shift).description == "Shift-↑")
        #expect(KeyPress(.tab, .shift).description == "Shift-Tab")
        #expect(KeyPress(.character("k"), [.control, .shift]).description == "Ctrl-Shift-K")
    }

    @Test func aBindingNamesEachKeyOnce() {
        let binding = KeyBinding(
            [KeyPress(.up, .shift), .char("K"), KeyPress(.character("K"), .shift)], "move up", action: 0)
        #expect(binding.help == HelpItem(keys: "Shift-↑/K", label: "move up"))
    }
}
