import Notifications
import Testing

/// Issue 39, item 5: a freedesktop body's markup as runs of styled text, whose plain text is what
/// `content.body` has always held.
@Suite struct BodyMarkupTests {
    @Test func stylesBecomeRunsAndTheTextStaysTheSame() {
        let markup = #"<b>bold</b> &amp; <i>it</i> <u>under</u> <a href="https://example.com/">a link</a> <blink>"#
        let runs = BodyMarkup.runs(markup)
        #expect(BodyMarkup.plainText(markup) == "bold & it under a link (https://example.com/) <blink>")
        #expect(runs.first { $0.text == "bold" }?.bold == true)
        #expect(runs.first { $0.text == "it" }?.italic == true)
        #expect(runs.first { $0.text == "under" }?.underline == true)
        #expect(runs.first { $0.text == "a link" }?.underline == true)
        #expect(runs.contains { $0.text.contains("(https://example.com/) <blink>") && !$0.isStyled })
    }

    @Test func unclosedMarkupIsText() {
        #expect(BodyMarkup.plainText("never closed &amp") == "never closed &amp")
        #expect(BodyMarkup.runs("<b>open").map(\.bold) == [true])
    }
}
