import Foundation
import TestSupport
import Testing

/// Notifications on two machines joined to one account: a `baton push` without `--device` on the laptop shows as
/// a banner in the suites of both machines; one naming the other machine's device shows only there; the server
/// keeps no notification content.
@Suite(.serialized) struct NotificationsAcrossMachinesEndToEndTests {
    @Test func aPushWithoutADeviceReachesTheSuitesOnBothMachines() async throws {
        let machines = try await TwoMachineSuites()
        defer { machines.close() }
        let (laptop, other) = (machines.laptop, machines.server)
        try await machines.a.waitFor("F4 Notifications")
        try await machines.b.waitFor("F4 Notifications")
        try await laptop.browserSettings(on: "alpha", ["--allow"])
        try await other.browserSettings(on: "beta", ["--allow"])
        try await machines.waitUntilBothDevicesArePublished()

        let everywhere = try Self.push(
            #"{"aps": {"alert": {"title": "Train leaves at nine", "body": "platform 4"}}, "url": "about:blank"}"#,
            from: laptop)
        #expect(everywhere.contains("sent to 1 other machine (server)"), "\(everywhere)")
        try await machines.a.waitFor("Train leaves at nine")
        try await machines.b.waitFor("Train leaves at nine")

        let one = try Self.push(
            #"{"aps": {"alert": {"title": "Only for beta", "body": "x"}}, "url": "about:blank"}"#, from: laptop,
            ["--device", "beta"])
        #expect(one.contains("sent to 1 other machine (server)"), "\(one)")
        try await machines.b.waitFor("Only for beta")
        #expect(try !machines.a.screen().contains("Only for beta"))

        let rows = try machines.postgres.psql(
            database: "baton", "SELECT row_to_json(p)::text, encode(sealed, 'escape') FROM baton.pushes p")
        #expect(!rows.contains(BatonFixture.browserBundle), "the server holds the app")
        for secret in ["Train leaves", "platform 4", "Only for beta", "about:blank"] {
            #expect(!rows.contains(secret), "the server holds \(secret)")
        }
    }

    /// `baton push` of `payload` to MonkeyBrowser on `fixture`'s machine; what it printed.
    static func push(_ payload: String, from fixture: BatonFixture, _ extra: [String] = []) throws -> String {
        let file = fixture.home.appendingPathComponent("push-\(UUID().uuidString).json")
        try payload.write(to: file, atomically: true, encoding: .utf8)
        return try Shell.run(
            fixture.binary, ["push", file.path, "--app", BatonFixture.browserBundle] + extra,
            environment: fixture.environment)
    }
}
