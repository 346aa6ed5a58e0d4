import Foundation
import TestSupport
import Testing

/// Baton as the freedesktop notification server of a headless machine joined to an account: `notify-send` on the
/// "server" home's bus shows as a banner in the "laptop" home's suite (as a push without a device does), and
/// what the user does there reaches the program on the server: the action chosen is printed by `notify-send
/// --wait`, a dismissal ends it with `NotificationClosed(2)`; and a notification the program closes leaves the
/// laptop.
@Suite(.serialized) struct FreedesktopAcrossMachinesEndToEndTests {
    @Test func notifySendOnTheServerIsAnsweredFromTheLaptopsSuite() async throws {
        let machines = try await TwoMachineSuites()
        defer { machines.close() }
        let server = try await FreedesktopServerFixture(fixture: machines.server, device: "beta")
        defer { server.close() }
        let laptop = machines.laptop
        try await machines.a.waitFor("F4 Notifications")
        try await machines.b.waitFor("F4 Notifications")
        try await machines.waitUntilBothDevicesArePublished()

        // The program's first notification reaches the laptop; there the user allows the app's banners.
        try server.run(["/usr/bin/notify-send", "-a", "App", "hello"])
        try await FreedesktopServerFixture.poll("the first notification on the laptop") {
            try Shell.run(laptop.binary, ["notifications", "delivered"], environment: laptop.environment)
                .contains("org.freedesktop.App@alpha")
        }
        try await laptop.onceRegistered([
            "notifications", "settings", "--app", "org.freedesktop.App", "--device", "alpha", "--allow",
        ])

        let (waiting, output) = try server.waitingNotifySend("build done")
        defer { FreedesktopServerFixture.stop(waiting) }
        do {
            try await machines.a.waitFor("build done")
        } catch {
            for (name, home) in [("server", server.fixture.home), ("laptop", laptop.home)] {
                for log in ["daemon.log", "link.log"] {
                    let text =
                        (try? String(contentsOf: home.appendingPathComponent("state/logs/\(log)"), encoding: .utf8))
                    Issue.record("\(name) \(log):\n\(text ?? "none")")
                }
            }
            throw error
        }
        try await FreedesktopServerFixture.chooseOK(in: machines.a)
        #expect(try await FreedesktopServerFixture.waitFor("ok\n", in: output) == "ok\n")
        try await FreedesktopServerFixture.poll("notify-send --wait to end") { !waiting.isRunning }
        #expect(waiting.terminationStatus == 0)

        // A dismissal on the laptop closes it on the server: `--wait` ends with no action printed.
        try await server.dismissalEndsTheWait(in: machines.a)
        // The program closes its notification (CloseNotification): it leaves the laptop too.
        func onLaptop() throws -> String {
            try Shell.run(laptop.binary, ["notifications", "delivered"], environment: laptop.environment)
        }
        let id = try server.run(["/usr/bin/notify-send", "-p", "-a", "App", "closed by the program"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try await FreedesktopServerFixture.poll("the notification on the laptop") {
            try onLaptop().contains("closed by the program")
        }
        try server.run(
            ["/usr/bin/gdbus", "call"] + FreedesktopServerEndToEndTests.object + [
                "--method", "org.freedesktop.Notifications.CloseNotification", "uint32 \(id)",
            ])
        try await FreedesktopServerFixture.poll("the notification to leave the laptop") {
            try !onLaptop().contains("closed by the program")
        }

        // The server keeps no notification content in the clear.
        let rows = try machines.postgres.psql(
            database: "baton", "SELECT row_to_json(p)::text, encode(sealed, 'escape') FROM baton.pushes p")
        #expect(!rows.contains("org.freedesktop.App"), "the server holds the app")
        for secret in ["build done", "dismiss me", "closed by the program"] {
            #expect(!rows.contains(secret), "the server holds \(secret)")
        }
    }
}
