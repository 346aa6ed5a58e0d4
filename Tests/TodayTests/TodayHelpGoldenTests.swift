import Foundation
import TestSupport
import Testing
import Today

@testable import TerminalUI

/// Today inside the suite shell: its own keys lead the help bar, and `?` lists all of them.
@Suite struct TodayHelpGoldenTests {
    static let now = Date(timeIntervalSince1970: 1_735_560_000)

    @Test(arguments: [80, 120])
    func helpBarStartsWithTheTodayKeys(width: Int) throws {
        let panel = try PanelHarness.shipped(now: Self.now)
        let frames = try ShellFrames(app: panel.app)
        let bar = frames.helpBar(width: width)
        #expect(bar.hasPrefix("Enter expand/compact"))
        try Golden.check([bar], named: "today-help-bar-\(width)")
    }

    @Test func keyOverlayListsEditModeKeysToo() throws {
        let panel = try PanelHarness.shipped(now: Self.now)
        let frames = try ShellFrames(app: panel.app)
        frames.press(.char("?"))
        let lines = frames.frame(width: 100, height: 30)
        #expect(lines.joined(separator: "\n").contains("move up (edit mode)"))
        try Golden.check(lines, named: "today-key-overlay")
    }
}
