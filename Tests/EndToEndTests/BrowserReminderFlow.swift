import Foundation
import Testing

/// MonkeyBrowser's first reminder as a user makes it: the suite on `--device B`, `r` on the start page (weather)
/// in 2 s, permission allowed, then About (F12), away from the page so that the reminder shows as a banner.
enum BrowserReminderFlow {
    /// The suite, with the reminder scheduled; close the session when done.
    static func scheduleFirstReminder(_ fixture: BatonFixture) async throws -> TmuxSession {
        let b = try TmuxSession(command: fixture.suiteCommand("--device B"), environment: fixture.environment)
        do {
            try await b.waitFor("Paths")
            try b.send("F1")
            try await b.waitFor("weather.html")
            // The first reminder asks for permission.
            try b.send("r")
            try await b.waitFor("Remind me in:")
            try b.type("2s")
            try b.send("Enter")
            try await b.waitFor("would like to send you notifications")
            try b.send("Enter")  // Allow
            try await b.waitFor("Scheduled “Reminder:")
            try b.send("F12")
        } catch {
            b.close()
            throw error
        }
        return b
    }
}
