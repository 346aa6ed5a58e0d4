import Foundation
import Notifications
import TerminalUI
import Testing

@testable import SuiteNotifications

/// Issue 39: a program's icon shows as a terminal can show it (a glyph for the well-known theme icons in the
/// banner's title, the icon's name in F4), and F4's detail draws the body's markup with the suite's styles, as
/// the banner does.
@Suite struct FreedesktopIconAndMarkupViewTests {
    static let bundle = "org.freedesktop.Bot"

    static func notification(icon: String?, markup: String? = nil) -> DeliveredNotification {
        let plain = markup.map(BodyMarkup.plainText) ?? "done"
        var notification = Fixture.delivered("fdo-1", title: "build", body: plain, bundle: bundle)
        if let icon { notification.request.content.userInfo["freedesktop.icon"] = .string(icon) }
        if let markup { notification.request.content.userInfo[FreedesktopProgram.bodyMarkupKey] = .string(markup) }
        return notification
    }

    func banner(_ notification: DeliveredNotification) -> [String] {
        Fixture.programBanner(notification).textLines()
    }

    /// F4 with `notification` selected (its detail open).
    func center(_ notification: DeliveredNotification) -> CellBuffer {
        var ledger = NotificationLedger()
        ledger.deliver(notification)
        var screen = CenterScreen()
        _ = screen.handle(KeyPress(.down), ledger: ledger)
        var buffer = CellBuffer(size: Size(width: 70, height: 12))
        _ = screen.render(
            in: Rect(size: buffer.size), ledger: ledger, appName: { _ in "Bot" }, doNotDisturb: nil, now: Fixture.now,
            into: &buffer)
        return buffer
    }

    @Test func aWellKnownIconIsAGlyphInTheBannersTitle() {
        #expect(banner(Self.notification(icon: "dialog-warning")).joined().contains("⚠ Bot · now"))
        #expect(banner(Self.notification(icon: "mail-unread")).joined().contains("✉ Bot · now"))
        // Another name has no glyph; hostile text in it never reaches the title.
        let other = banner(Self.notification(icon: "firefox\u{1b}[2J")).joined()
        #expect(other.contains("─ Bot · now"), "\(other)")
    }

    @Test func f4NamesTheIconEscaped() {
        let text = center(Self.notification(icon: "firefox\u{1b}[2J")).textLines().joined(separator: "\n")
        #expect(text.contains("Icon: firefox\\u{1b}[2J"), "\(text)")
    }

    @Test func f4DrawsTheBodysMarkupAsStyles() {
        let buffer = center(
            Self.notification(
                icon: nil, markup: "<b>bold</b> and <i>slanted</i> and <a href=\"https://x.example\">link</a>"))
        let lines = buffer.textLines()
        let text = lines.joined(separator: "\n")
        #expect(!text.contains("<b>"), "\(text)")
        func style(of word: String) -> TextAttributes? {
            for (y, line) in lines.enumerated() {
                guard let range = line.range(of: word) else { continue }
                return buffer[line.distance(from: line.startIndex, to: range.lowerBound), y].style.attributes
            }
            return nil
        }
        #expect(style(of: "bold")?.contains(.bold) == true, "\(text)")
        #expect(style(of: "slanted")?.contains(.italic) == true, "\(text)")
        #expect(style(of: "link")?.contains(.underline) == true, "\(text)")
        #expect(text.contains("https://x.example"), "\(text)")
    }
}
