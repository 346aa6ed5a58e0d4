import Foundation
import Testing

/// `ActivationToken` (specification 1.2) where it means something: a program posts on Baton's server (one bus),
/// Baton shows it on a desktop's server (another bus, through the bridge), the user chooses an action there, and
/// the desktop's token reaches the program before `ActionInvoked`, so it could raise its window. (A choice made
/// in a terminal has no token, and none is made up.)
@Suite(.serialized) struct FreedesktopActivationTokenEndToEndTests {
    @Test func theDesktopsTokenReachesTheProgramBeforeItsAction() async throws {
        // The daemon runs in the desktop's session (its bus is the desktop's); Baton serves on another bus.
        let server = try await FreedesktopServerFixture(serving: false)
        defer { server.close() }
        let desktop = try await FreedesktopDesktop(server)
        defer { desktop.stop() }
        let log = desktop.log
        // The bridge shows what a banner would: the app posts once, then the user allows it.
        try server.run(["/usr/bin/notify-send", "-a", "App", "hello"])
        try await FreedesktopServerFixture.poll("the first notification") { try server.delivered().contains("hello") }
        try server.baton(["notifications", "settings", "--app", "org.freedesktop.App", "--device", "B", "--allow"])
        // libnotify logs the token it received (a debug message).
        let output = server.fixture.home.appendingPathComponent("wait.log")
        let waiting = try FreedesktopServerFixture.start(
            ["/usr/bin/notify-send", "-a", "App", "-A", "ok=OK", "--wait", "raise me"],
            environment: server.environment.merging(["G_MESSAGES_DEBUG": "all"]) { $1 }, output: output)
        defer { FreedesktopServerFixture.stop(waiting) }
        try await FreedesktopServerFixture.waitFor("notify raise me", in: log)
        try await FreedesktopServerFixture.poll("notify-send --wait to end") { !waiting.isRunning }
        let printed = try String(contentsOf: output, encoding: .utf8)
        #expect(printed.split(separator: "\n").contains("ok"), "\(printed)")
        #expect(printed.contains("Activation Token: \(FreedesktopDesktopScript.token)"), "\(printed)")
    }

    /// Issue 39, item 4: the bridge names each program as itself on the desktop (its `app_name`), not "Baton".
    @Test func theDesktopSeesTheProgramsOwnName() async throws {
        let server = try await FreedesktopServerFixture(serving: false)
        defer { server.close() }
        let desktop = try await FreedesktopDesktop(server)
        defer { desktop.stop() }
        try server.run(["/usr/bin/notify-send", "-a", "Build Bot", "built"])
        let log = try await FreedesktopServerFixture.waitFor("notify built", in: desktop.log)
        #expect(log.contains("app Build Bot for built"), "\(log)")
    }
}
