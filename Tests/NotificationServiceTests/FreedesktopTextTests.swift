import Foundation
import Notifications
import Testing

@testable import AccountService

/// The bridge's pure pieces: GVariant text for `gdbus call`, `gdbus monitor` lines, the actions array.
@Suite struct FreedesktopTextTests {
    @Test func stringsAreQuotedWithEverythingDangerousEscaped() {
        #expect(GVariantText.string("Tea") == "'Tea'")
        #expect(GVariantText.string("it's \\ here") == #"'it\'s \\ here'"#)
        #expect(GVariantText.string("a\nb\u{1B}[31m\0") == #"'a\nb\u001b[31m'"#)
        #expect(GVariantText.string(String(repeating: "x", count: 10_000)).count == 2_002)
        #expect(GVariantText.stringArray([]) == "@as []")
        #expect(GVariantText.stringArray(["default", "Open"]) == "['default', 'Open']")
    }

    @Test func quotedStringsReadBackWhatWasWritten() {
        for text in ["plain", "it's", "say \"hi\"", "tab\tnew\nline", "\u{1B}[0m", "émoji 🫖"] {
            #expect(GVariantText.quoted(Substring(GVariantText.string(text)))?.value == text)
        }
        #expect(GVariantText.quoted(#""double 'quoted'", rest"#)?.value == "double 'quoted'")
        #expect(GVariantText.quoted("unquoted") == nil)
        #expect(GVariantText.quoted("'unterminated") == nil)
        #expect(GVariantText.firstUInt32(in: "(uint32 42,)") == 42)
        #expect(GVariantText.firstUInt32(in: "Error: GDBus.Error") == nil)
    }

    @Test func monitorLinesBecomeSignals() {
        let path = "/org/freedesktop/Notifications: org.freedesktop.Notifications."
        #expect(
            FreedesktopSignal(line: path + "ActionInvoked (uint32 3, 'default')")
                == .actionInvoked(id: 3, actionKey: "default"))
        #expect(
            FreedesktopSignal(line: path + #"ActionInvoked (uint32 7, "it's")"#)
                == .actionInvoked(id: 7, actionKey: "it's"))
        #expect(FreedesktopSignal(line: path + "NotificationClosed (uint32 4, uint32 2)") == .closed(id: 4, reason: 2))
        #expect(FreedesktopSignal(line: "The name org.freedesktop.Notifications is owned by :1.5") == nil)
        #expect(FreedesktopSignal(line: path + "ActionInvoked (garbage") == nil)
        #expect(FreedesktopSignal(line: "") == nil)
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
