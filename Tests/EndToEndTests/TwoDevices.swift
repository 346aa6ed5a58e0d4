import Foundation
import Testing

/// Two suites, devices "A" and "B", of one account (one BATON_HOME), each in its own tmux server.
final class TwoDevices {
    let fixture: BatonFixture
    let a: TmuxSession
    let b: TmuxSession

    /// Starts both and waits for their first frames.
    init() async throws {
        fixture = try await BatonFixture()
        a = try TmuxSession(command: fixture.suiteCommand("--device A"), environment: fixture.environment)
        b = try TmuxSession(command: fixture.suiteCommand("--device B"), environment: fixture.environment)
        try await a.waitFor("Paths")
        try await b.waitFor("Paths")
    }

    deinit { close() }

    func close() {
        a.close()
        b.close()
    }

    /// A advertises an activity: its browser's Weather tab goes to about:help; B's dock shows the offer.
    func advertiseHelpPageOnA() async throws {
        try a.send("F1")
        try await a.waitFor("Weather")
        try a.send("C-l")
        try a.send("C-u")
        try a.type("about:help")
        try a.send("Enter")
        try await b.waitFor("MonkeyBrowser: Weather — MonkeyBrowser Help · from A")
    }
}
