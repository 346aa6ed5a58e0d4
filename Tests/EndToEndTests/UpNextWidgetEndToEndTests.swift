import Foundation
import Testing

/// Today's Up Next widget: the next pending notification of this device and how long until it fires,
/// updated when requests change.
@Suite struct UpNextWidgetEndToEndTests {
    @Test func showsTheNextRequestAndFollowsChanges() async throws {
        let fixture = try await BatonFixture()
        let b = try TmuxSession(command: fixture.suiteCommand("--device B"), environment: fixture.environment)
        defer { b.close() }
        try await b.waitFor("Paths")
        try await fixture.onceRegistered(["notify", "--device", "B", "--title", "Tea is ready", "--in", "10m"])
        // Today: add the Up Next widget (e, then Space on it).
        try b.send("F3")
        try await b.waitFor("Days Remaining")
        try b.send("e")
        let editing = try await b.waitFor("Up Next")
        let rows = editing.split(separator: "\n")
        let upNextRow = rows.firstIndex { $0.contains("Up Next") } ?? 0
        let cursorRow = rows.firstIndex { $0.contains("Days Remaining") } ?? 0
        for _ in 0..<max(0, upNextRow - cursorRow) { try b.send("Down") }
        try b.send("Space")
        try b.send("Escape")
        try await b.waitFor("Tea is ready · Baton · in 10 min", timeout: 30)

        // A sooner request, from another client, takes its place.
        try Shell.run(
            fixture.binary, ["notify", "--device", "B", "--title", "Stand up", "--in", "3m"],
            environment: fixture.environment)
        try await b.waitFor("Stand up · Baton · in 3 min", timeout: 30)
    }
}
