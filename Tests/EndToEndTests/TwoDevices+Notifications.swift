import Foundation
import Testing

extension TwoDevices {
    /// Both suites are up and MonkeyBrowser may notify on both.
    func allowBrowserOnBoth() async throws {
        try await a.waitFor("F4 Notifications")
        try await b.waitFor("F4 Notifications")
        try await fixture.browserSettings(on: "A", ["--allow"])
        try await fixture.browserSettings(on: "B", ["--allow"])
    }

    /// Sends `key` to both suites, then waits until both show `text`.
    func onBoth(send key: String, thenWaitFor text: String) async throws {
        try a.send(key)
        try b.send(key)
        try await a.waitFor(text)
        try await b.waitFor(text)
    }

    /// `baton push` of `payload` to MonkeyBrowser without `--device`: every device of the account.
    func pushToEveryDevice(_ payload: String) throws {
        let file = fixture.home.appendingPathComponent("push-\(UUID().uuidString).json")
        try payload.write(to: file, atomically: true, encoding: .utf8)
        try Shell.run(
            fixture.binary, ["push", file.path, "--app", BatonFixture.browserBundle],
            environment: fixture.environment)
    }
}
