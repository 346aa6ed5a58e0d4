import Foundation
import TestSupport
import Testing

/// Two machines ("laptop" and "server": two BATON_HOMEs, so two daemons and two links) joined to one account on
/// a real PostgreSQL, each with a suite in tmux (device alpha on the laptop, beta on the server machine).
final class TwoMachines {
    let server: TestPostgres
    let laptop: BatonFixture
    let other: BatonFixture
    let a: TmuxSession
    let b: TmuxSession

    init() throws {
        server = try TestPostgres()
        try server.createRole("alice", password: "a-pass")
        let url = server.url(role: "alice", password: "a-pass")
        laptop = try BatonFixture()
        other = try BatonFixture()
        try Shell.run(
            laptop.binary, ["account", "create", url, "--machine", "laptop"], environment: laptop.environment)
        let key = laptop.home.appendingPathComponent("state/account.key").path
        try Shell.run(
            other.binary, ["account", "join", url, "--key-file", key, "--machine", "server"],
            environment: other.environment)
        a = try TmuxSession(command: laptop.suiteCommand("--device alpha"), environment: laptop.environment)
        b = try TmuxSession(command: other.suiteCommand("--device beta"), environment: other.environment)
    }

    /// Waits until the account's status lists both suites (each machine's link published its devices).
    func waitUntilBothDevicesArePublished() throws {
        let deadline = Date().addingTimeInterval(60)
        var status = ""
        while Date() < deadline {
            status = try Shell.run(laptop.binary, ["account", "status"], environment: laptop.environment)
            if status.contains("devices: alpha") && status.contains("devices: beta") { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(status.contains("devices: alpha"), "\(status)")
        #expect(status.contains("devices: beta"), "\(status)")
    }

    func close() {
        a.close()
        b.close()
        server.remove()
    }
}
