import Foundation
import Testing

/// The Today panel in the real suite: the fixed date's sentence, expanded mode, and Edit mode.
@Suite struct TodayEndToEndTests {
    @Test func panelShowsDaysRemainingAndEditModeAddsAndRemoves() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(
            command: fixture.suiteCommand("--device alpha --now 2024-12-30T12:00:00"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("Paths")
        try tmux.send("F3")
        let panel = try await tmux.waitFor("There is one day remaining in the year.")
        #expect(panel.contains("Today is day 365."))

        try tmux.send("Enter")
        try await tmux.waitFor("ISO week 1")

        // Edit mode: Days Remaining is the first row and enabled; Space removes it, then adds it back.
        try tmux.send("e")
        try await tmux.waitFor("Edit Widgets")
        try await tmux.waitFor("[✓] Days Remaining")
        try tmux.send("Space")
        try await tmux.waitFor("[ ] Days Remaining")
        try tmux.send("Escape")
        let without = try await tmux.waitFor("No widgets. Press e to add widgets.")
        #expect(!without.contains("Today is day"))

        try tmux.send("e")
        try await tmux.waitFor("[ ] Days Remaining")
        try tmux.send("Space")
        try await tmux.waitFor("[✓] Days Remaining")
        try tmux.send("Escape")
        try await tmux.waitFor("There is one day remaining in the year.")

        try tmux.send("F10")
        #expect(try await tmux.waitFor("EXIT=").contains("EXIT=0"))
    }

    @Test func panelChangesAtLocalMidnightWithNoKeyPressed() async throws {
        let fixture = try await BatonFixture()
        let tmux = try TmuxSession(
            command: fixture.suiteCommand("--device alpha --now 2024-12-31T23:59:35"), environment: fixture.environment)
        defer { tmux.close() }
        try await tmux.waitFor("Paths")
        try tmux.send("F3")
        // 25 s before midnight on the suite's clock: room for a loaded machine to draw the panel first.
        try await tmux.waitFor("Today is day 366.")
        // No key is pressed: the panel's midnight timer starts the next update.
        let newYear = try await tmux.waitFor("Today is day 1.", timeout: 60)
        #expect(newYear.contains("There are 364 days remaining in the year."))
    }

    @Test func widgetRunCommandReportsSentenceAndMemory() async throws {
        let fixture = try await BatonFixture()
        let output = try Shell.run(
            fixture.binary, ["widget", "run", "days-remaining", "--now", "2024-12-30T12:00:00", "--json"],
            environment: fixture.environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(
            (object["text"] as? String)?.contains("Today is day 365. There is one day remaining in the year.") == true)
        let rss = try #require(object["peakRSSKB"] as? Double ?? (object["peakRSSKB"] as? Int).map(Double.init))
        #expect(rss > 0 && rss < 16 * 1024)
    }

    @Test func unknownWidgetIsAClearErrorWithNonZeroExit() async throws {
        let fixture = try await BatonFixture()
        #expect(throws: E2EError.self) {
            try Shell.run(fixture.binary, ["widget", "run", "no-such-widget"], environment: fixture.environment)
        }
    }
}
