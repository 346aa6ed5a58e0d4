import Foundation
import Testing

@testable import SuiteNotifications

@Suite struct NotificationTextTests {
    @Test func controlCharactersAndEscapesAreShownEscaped() {
        let shown = NotificationText.shown("hi\u{1B}[2J\u{07}there\nnext\u{9B}")
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(shown == "hi\\u{1b}[2J\\u{7}there\\nnext\\u{9b}")
    }

    @Test func hugeFieldsAreCut() {
        let shown = NotificationText.shown(String(repeating: "x", count: 10_000))
        #expect(shown.utf8.count < NotificationText.fieldLimit + 40)
        #expect(shown.hasSuffix("(10000 bytes)"))
    }

    @Test func wrapsToThreeLinesWithAnEllipsis() {
        let lines = NotificationText.wrap(
            "one two three four five six seven eight nine ten", width: 10, maxLines: 3)
        #expect(lines == ["one two", "three four", "five six…"])
        #expect(NotificationText.wrap("short", width: 10, maxLines: 3) == ["short"])
        #expect(NotificationText.wrap("abcdefghijklmnop", width: 5, maxLines: 2) == ["abcde", "fghi…"])
    }

    @Test func ages() {
        let now = Fixture.now
        #expect(NotificationText.age(of: now, now: now) == "now")
        #expect(NotificationText.age(of: now.addingTimeInterval(-300), now: now) == "5m")
        #expect(NotificationText.age(of: now.addingTimeInterval(-7200), now: now) == "2h")
    }

    @Test func titlesNeverCarryControlBytes() {
        let bytes = TerminalSignalBytes.bytes(for: .title("Baton\u{07}\u{1B}]0;evil"))
        #expect(bytes == "\u{1B}]0;Baton]0;evil\u{07}")
    }
}
