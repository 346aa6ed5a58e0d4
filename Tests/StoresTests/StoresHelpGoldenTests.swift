import Foundation
import Stores
import TestSupport
import Testing

@testable import TerminalUI

/// Stores inside the suite shell: its own keys lead the help bar, and `?` lists all of them.
@Suite struct StoresHelpGoldenTests {
    @Test(arguments: [80, 120])
    func helpBarStartsWithTheStoresKeys(width: Int) throws {
        let harness = try StoresHarness.launched()
        let frames = try ShellFrames(app: harness.app)
        let bar = frames.helpBar(width: width)
        #expect(bar.hasPrefix("Tab/Shift-Tab map/list"))
        #expect(bar.contains("/ search"))
        try Golden.check([bar], named: "stores-help-bar-\(width)")
    }

    @Test func keyOverlayListsEveryKey() throws {
        let harness = try StoresHarness.launched()
        let frames = try ShellFrames(app: harness.app)
        frames.press(.char("?"))
        let lines = frames.frame(width: 100, height: 30)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("Keys: Stores"))
        #expect(text.contains("←↑↓→/hjkl"))
        try Golden.check(lines, named: "stores-key-overlay")
    }
}
