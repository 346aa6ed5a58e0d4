import Foundation
import Testing

/// Notifications delivered while the device's suite was not running are in its list when it starts again,
/// with a "while you were away" banner.
@Suite struct WhileAwayEndToEndTests {
    static let browser = "com.example.apple-samplecode.MonkeyBrowser"

    @Test func pushesForAnAbsentDeviceAreThereWithASummary() async throws {
        let fixture = try await BatonFixture()
        let first = try TmuxSession(command: fixture.suiteCommand("--device B"), environment: fixture.environment)
        try await first.waitFor("F4 Notifications")
        try await fixture.browserSettings(on: "B", ["--allow"])
        try first.send("F10")
        try await first.waitFor("EXIT=0")
        first.close()

        let payload = #"{"aps": {"alert": {"title": "Sent while B was off"}}, "url": "about:blank"}"#
        let file = fixture.home.appendingPathComponent("push.json")
        try payload.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try Shell.run(
            fixture.binary, ["push", file.path, "--app", Self.browser, "--device", "B", "--json"],
            environment: fixture.environment)
        #expect(outcome.contains("waiting"))

        let again = try TmuxSession(command: fixture.suiteCommand("--device B"), environment: fixture.environment)
        defer { again.close() }
        try await again.waitFor("While you were away: 1 notification (MonkeyBrowser 1)")
        try again.send("F4")
        try await again.waitFor("Sent while B was off")
    }
}
