import Foundation
import Testing

/// A desktop's notification server (`FreedesktopDesktopScript`) on a second bus, with the daemon running in that
/// desktop's session and showing its notifications there (`notifications desktop on`), while Baton serves
/// `org.freedesktop.Notifications` on this fixture's own bus for device B.
struct FreedesktopDesktop {
    let bus: Process
    let server: Process
    /// What the desktop's server printed (`ready`, `notify SUMMARY`, `app NAME for SUMMARY`).
    let log: URL

    /// Starts the desktop, the daemon in its session with the bridge on, and Baton's server on `fixture`'s bus.
    init(_ fixture: FreedesktopServerFixture) async throws {
        let socket = fixture.fixture.home.appendingPathComponent("desktop-bus").path
        let address = "unix:path=\(socket)"
        let environment = fixture.environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
        bus = try FreedesktopServerFixture.start(
            ["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address", address],
            environment: environment, output: fixture.fixture.home.appendingPathComponent("desktop-bus.log"))
        try await FreedesktopServerFixture.poll("the desktop's bus") { FileManager.default.fileExists(atPath: socket) }
        let script = fixture.fixture.home.appendingPathComponent("desktop.py")
        try Data(FreedesktopDesktopScript.source.utf8).write(to: script)
        log = fixture.fixture.home.appendingPathComponent("desktop.log")
        server = try FreedesktopServerFixture.start(
            ["/usr/bin/python3", script.path], environment: environment, output: log)
        try await FreedesktopServerFixture.waitFor("ready", in: log)
        try Shell.run(fixture.fixture.binary, ["daemon", "start"], environment: environment)
        try Shell.run(fixture.fixture.binary, ["notifications", "desktop", "on"], environment: environment)
        try fixture.baton(["notifications", "server", "on", "--device", "B"])
        try await fixture.waitForName("owner")
    }

    /// Stops the desktop's server and bus.
    func stop() {
        FreedesktopServerFixture.stop(server)
        FreedesktopServerFixture.stop(bus)
    }
}
