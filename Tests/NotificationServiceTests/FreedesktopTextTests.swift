import Foundation
import Notifications
import Testing

@testable import AccountService

/// The bridge's pure pieces: the text it sends, the actions array.
@Suite struct FreedesktopTextTests {
    @Test func textIsBoundedAndHoldsNoNul() {
        #expect(FreedesktopBridge.text("a\0b") == "ab")
        #expect(FreedesktopBridge.text(String(repeating: "x", count: 10_000)).count == 2_000)
        #expect(FreedesktopBridge.text("émoji 🫖 it's") == "émoji 🫖 it's")
        #expect(FreedesktopBridge.escapedMarkup("<b> & </b>") == "&lt;b&gt; &amp; &lt;/b&gt;")
    }

    @Test func actionsMapDefaultAndCustomOnesButNotTextInput() {
        let actions = FreedesktopActions(actions: [
            NotificationAction(identifier: "snooze", title: "Snooze 10 min"),
            NotificationAction(
                identifier: "reply", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "")),
        ])
        #expect(actions.flattened == ["default", "Open", "snooze", "Snooze 10 min"])
        #expect(actions.identifiers == ["snooze": "snooze"])
    }
}
