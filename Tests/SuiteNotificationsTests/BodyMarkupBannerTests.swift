import Foundation
import Notifications
import TerminalUI
import Testing

@testable import SuiteNotifications

/// Issue 39, item 5: a program's body markup shows in the banner as bold, italic and underlined text, never as
/// tags; escape sequences in it stay escaped.
@Suite struct BodyMarkupBannerTests {
    func render(_ markup: String, plain: String) -> CellBuffer {
        var notification = Fixture.delivered("fdo-1", title: "build", body: plain, bundle: "org.freedesktop.Bot")
        notification.request.content.userInfo[FreedesktopProgram.bodyMarkupKey] = .string(markup)
        return Fixture.programBanner(notification)
    }

    /// The style of the cell where `word` starts.
    func style(of word: String, in buffer: CellBuffer) -> TextAttributes? {
        for (y, line) in buffer.textLines().enumerated() {
            guard let range = line.range(of: word) else { continue }
            return buffer[line.distance(from: line.startIndex, to: range.lowerBound), y].style.attributes
        }
        return nil
    }

    @Test func boldItalicAndUnderlineAreStyles() {
        let markup = "<b>bold</b> and <i>slanted</i> and <u>under</u> \u{1b}[2J plain"
        let buffer = render(markup, plain: BodyMarkup.plainText(markup))
        let text = buffer.textLines().joined(separator: "\n")
        #expect(!text.contains("<b>") && !text.contains("</i>"), "\(text)")
        #expect(style(of: "bold", in: buffer)?.contains(.bold) == true, "\(text)")
        #expect(style(of: "slanted", in: buffer)?.contains(.italic) == true)
        #expect(style(of: "under", in: buffer)?.contains(.underline) == true)
        #expect(style(of: "plain", in: buffer)?.contains(.bold) == false)
        #expect(text.contains("\\u{1b}[2J"), "\(text)")
    }
}
