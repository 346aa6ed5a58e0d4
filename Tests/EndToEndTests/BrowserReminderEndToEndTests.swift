import Foundation
import Testing

/// MonkeyBrowser's "Remind me about this page" (`r`): asks permission the first time, fires after a short
/// real interval, Snooze 10 min schedules it again, Open loads the page in a tab.
@Suite struct BrowserReminderEndToEndTests {
    @Test func reminderFiresSnoozesAndOpens() async throws {
        let fixture = try await BatonFixture()
        let b = try await BrowserReminderFlow.scheduleFirstReminder(fixture)
        defer { b.close() }

        try await b.waitFor("[ Snooze 10 min ]")
        try b.send("C-n")
        try b.send("Tab")  // Open → Snooze 10 min
        try b.send("Enter")
        try b.send("F4")
        try b.send("t")
        try await b.waitFor("Pending (1)")
        try await b.waitFor("Reminder:")

        // Again in 2 s (the same page's reminder replaces the snoozed one); Open loads the page in a tab.
        try b.send("F1")
        try b.send("r")
        try b.type("2s")
        try b.send("Enter")
        try await b.waitFor("Scheduled “Reminder:")
        try b.send("F12")
        try await b.waitFor("[ Snooze 10 min ]")
        try b.send("C-n")
        try b.send("Enter")
        let browser = try await b.waitFor("the page in a new tab") {
            $0.contains("│ 5 ") && $0.contains("weather.html")
        }
        #expect(browser.contains("F1 MonkeyBrowser"))
    }
}
