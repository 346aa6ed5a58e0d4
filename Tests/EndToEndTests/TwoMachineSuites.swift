import Foundation
import TestSupport
import Testing

/// Two machines of one account (`TwoMachines`), each with a suite in tmux: device alpha on the laptop, beta on
/// the server machine.
final class TwoMachineSuites {
    let machines: TwoMachines
    private(set) var a: TmuxSession
    private(set) var b: TmuxSession

    var postgres: TestPostgres { machines.postgres }
    var laptop: BatonFixture { machines.laptop }
    var server: BatonFixture { machines.server }

    init() async throws {
        machines = try await TwoMachines()
        a = try TmuxSession(
            command: machines.laptop.suiteCommand("--device alpha"), environment: machines.laptop.environment)
        b = try TmuxSession(
            command: machines.server.suiteCommand("--device beta"), environment: machines.server.environment)
    }

    /// Quits both suites (the daemons and links go on).
    func quitSuites() {
        a.close()
        b.close()
    }

    /// Starts both suites again, as the same devices.
    func relaunchSuites() throws {
        a = try TmuxSession(command: laptop.suiteCommand("--device alpha"), environment: laptop.environment)
        b = try TmuxSession(command: server.suiteCommand("--device beta"), environment: server.environment)
    }

    /// Polls both machines' `favoritesIdentifiers` until both hold the same value (90 s at most); returns it.
    func favouritesOnOneValue() async throws -> String {
        let deadline = Date().addingTimeInterval(90)
        var values: [String] = []
        while Date() < deadline {
            values = try favourites()
            if values[0] == values[1] { return values[0] }
            try await Task.sleep(for: .seconds(0.2))
        }
        Issue.record("the machines' favourites did not settle: \(values)")
        return values.first ?? ""
    }

    /// Each machine's `favoritesIdentifiers` as `baton kv get` prints it.
    func favourites() throws -> [String] {
        try [laptop, server].map {
            try Shell.run($0.binary, ["kv", "get", "favoritesIdentifiers"], environment: $0.environment)
        }
    }

    /// Polls both machines' `favoritesIdentifiers` until each holds every slug of `slugs` (90 s at most); returns
    /// what each held last.
    func favouritesOnBoth(holding slugs: [String]) async throws -> [String] {
        let deadline = Date().addingTimeInterval(90)
        var values: [String] = []
        while Date() < deadline {
            values = try favourites()
            if values.allSatisfy({ value in slugs.allSatisfy { value.contains($0) } }) { break }
            try await Task.sleep(for: .seconds(0.2))
        }
        return values
    }

    /// Waits until the account's status lists both suites (each machine's link published its devices).
    func waitUntilBothDevicesArePublished() async throws {
        let deadline = Date().addingTimeInterval(60)
        var status = ""
        while Date() < deadline {
            status = try Shell.run(laptop.binary, ["account", "status"], environment: laptop.environment)
            if status.contains("devices: alpha") && status.contains("devices: beta") { break }
            try await Task.sleep(for: .seconds(0.2))
        }
        #expect(status.contains("devices: alpha"), "\(status)")
        #expect(status.contains("devices: beta"), "\(status)")
    }

    func close() {
        a.close()
        b.close()
        machines.remove()
    }
}
