import Foundation
import Testing

/// Issue 26, content extensions in the real suite: a MonkeyBrowser reminder expanded from its banner
/// (`Ctrl-N`, `↓`) and in F4 (`→`) shows the page drawn by `monkeybrowser-content-extension`, started from the
/// build's helper directory under `baton-box`.
@Suite struct ContentExtensionEndToEndTests {
    @Test func aReminderExpandsIntoItsPage() async throws {
        let fixture = try await BatonFixture()
        let b = try await BrowserReminderFlow.scheduleFirstReminder(fixture)
        defer { b.close() }

        // The banner, pulled down: the page's first lines under its title.
        try await b.waitFor("[ Snooze 10 min ]")
        try b.send("C-n")
        try b.send("Down")
        try await b.waitFor("the page's first lines in the banner") {
            $0.contains("The forecast for the week") && $0.contains("[ Snooze 10 min ]")
        }
        try b.send("Escape")
        // (Waited for: an Escape followed at once by F4's sequence would read as one Alt key.)
        try await b.waitFor("the banner put away") { !$0.contains("[ Snooze 10 min ]") }

        // F4: the reminder's buttons open, and the extension draws the page above them.
        try b.send("F4")
        try await b.waitFor("Reminder:")
        try b.send("Right")
        let center = try await b.waitFor("the page's first lines in F4") {
            $0.contains("The forecast for the week") && $0.contains("weather.html")
        }
        #expect(!center.contains("Unable to Load"))
    }
}
