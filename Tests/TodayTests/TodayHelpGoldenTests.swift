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

/// Issue 24, item 16: `o` on a widget with no link says so instead of doing nothing.
@Suite struct TodayOpenWithoutLinkTests {
    @Test func oOnDaysRemainingSaysItHasNoLink() throws {
        let panel = try PanelHarness.shipped(now: TodayHelpGoldenTests.now)
        let frames = try ShellFrames(app: panel.app)
        _ = frames.frame(width: 100, height: 30)
        panel.deliver()
        let widget = try #require(panel.app.cards.first?.widget)
        #expect(panel.app.cards.first?.openURL == nil)
        frames.press(.char("o"))
        let screen = frames.frame(width: 100, height: 30)
        // The name the card shows ("Days Remaining"), never the internal one ("days-remaining").
        #expect(widget.displayName != widget.name)
        #expect(screen.contains { $0.contains("\(widget.displayName) has no link to open") }, "\(screen)")
        #expect(!screen.joined().contains(widget.name), "\(screen)")
    }
}
