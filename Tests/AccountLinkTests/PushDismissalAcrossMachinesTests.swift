import Foundation
import TestSupport
import Testing

/// Issue 27, finding 9: a push sent to every device and then dismissed (or acted on: the suite removes it the
/// same way, after the response) left the devices of the machine where it was dismissed, but stayed on every
/// other machine. It now leaves every machine's devices, whichever machine it was pushed on and whichever it is
/// dismissed on; a removal from one device (`--device`) stays on its machine.
@Suite(.serialized) struct PushDismissalAcrossMachinesTests {
    static let app = NotificationsAcrossMachinesTests.app

    /// Pushes a notification titled `title` from `machine` to every device; returns its identifier.
    static func push(_ machines: LinkedMachines, from machine: String, title: String) throws -> String {
        let file = try NotificationsAcrossMachinesTests.payload(machines, title: title, body: "b")
        let pushed = try machines.baton(machine, ["push", file, "--app", app])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(pushed.output.contains("sent to 1 other machine"), "\(pushed.output)")
        return String(pushed.output.prefix { $0 != ":" })
    }

    /// Expects `title` on both machines' devices (alpha on the laptop, beta on the server machine) soon.
    static func expectOnBoth(_ machines: LinkedMachines, _ title: String) {
        #expect(
            (try? machines.eventually("\(title) on both machines' devices") {
                try holds(machines, "laptop", "alpha", title) && holds(machines, "server", "beta", title)
            }) == true)
    }

    static func holds(_ machines: LinkedMachines, _ machine: String, _ device: String, _ title: String) throws -> Bool {
        try NotificationsAcrossMachinesTests.delivered(machines, machine, device).contains(title)
    }

    @Test func aPushDismissedOnEitherMachineLeavesTheOther() throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let machines = pair.machines
        // Dismissed on the machine it reached through the server, then on the machine it was pushed on.
        for (origin, dismisser) in [("laptop", "server"), ("laptop", "laptop"), ("server", "laptop")] {
            let title = "Dismiss-\(UUID().uuidString.prefix(8))"
            let identifier = try Self.push(machines, from: origin, title: title)
            #expect(
                try machines.eventually("\(title) on both machines' devices") {
                    try Self.holds(machines, "laptop", "alpha", title) && Self.holds(machines, "server", "beta", title)
                })
            let removed = try machines.baton(dismisser, ["notifications", "remove", identifier, "--app", Self.app])
            #expect(removed.status == 0 && removed.output.contains("1 delivered"), "\(removed.output)")
            // Before the fix the other machine kept it for ever: this is where the test failed.
            let gone = try machines.eventually("\(title), dismissed on \(dismisser), gone from both machines") {
                try !Self.holds(machines, "laptop", "alpha", title) && !Self.holds(machines, "server", "beta", title)
            }
            let laptop = try NotificationsAcrossMachinesTests.delivered(machines, "laptop", "alpha")
            let server = try NotificationsAcrossMachinesTests.delivered(machines, "server", "beta")
            #expect(gone, "laptop: \(laptop)\nserver: \(server)")
        }
    }

    /// A dismissal made while this machine's link is down (killed, not started again yet) is held, as a push is,
    /// and sent by the next link. Before, the daemon sent it only to an attached link: the other machine kept the
    /// notification for ever (found looking for siblings of the relay's answer before anything held it).
    @Test func aDismissalWhileTheLinkIsDownIsSentByTheNextLink() async throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let machines = pair.machines
        let title = "Down-\(UUID().uuidString.prefix(8))"
        let identifier = try Self.push(machines, from: "server", title: title)
        Self.expectOnBoth(machines, title)
        // The laptop's link dies; the test holds its lock, so the daemon cannot start another yet. Once the daemon
        // has seen every link it took go, nothing is attached to its relay.
        _ = try #require(try await machines.runningLink("laptop"))
        let lock = try #require(try await machines.killLinkAndHoldItsLock("laptop"))
        let log = machines.home("laptop").appendingPathComponent("state/logs/daemon.log")
        #expect(
            try await machines.settled("the laptop's daemon with no link attached") {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                let taken = text.components(separatedBy: "the account link takes what is for other machines").count
                return taken > 1 && taken == text.components(separatedBy: "the account link went away").count
            })
        let removed = try machines.baton("laptop", ["notifications", "remove", identifier, "--app", Self.app])
        #expect(removed.status == 0 && removed.output.contains("1 delivered"), "\(removed.output)")
        close(lock)  // The daemon's supervision starts the link now.
        #expect(
            try await machines.settled("\(title) gone from the server machine") {
                try !Self.holds(machines, "server", "beta", title)
            })
    }

    @Test func aRemovalFromOneDeviceStaysOnItsMachine() throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let machines = pair.machines
        let title = "Kept-\(UUID().uuidString.prefix(8))"
        let identifier = try Self.push(machines, from: "laptop", title: title)
        Self.expectOnBoth(machines, title)
        let removed = try machines.baton(
            "server", ["notifications", "remove", identifier, "--app", Self.app, "--device", "beta"])
        #expect(removed.status == 0 && removed.output.contains("1 delivered"), "\(removed.output)")
        // A marker pushed from the server machine afterwards crosses the same rows in the server's order: once it
        // is on alpha, a close sent by that removal would have been read before it.
        let marker = "Marker-\(UUID().uuidString.prefix(8))"
        _ = try Self.push(machines, from: "server", title: marker)
        #expect(try machines.eventually("the marker on alpha") { try Self.holds(machines, "laptop", "alpha", marker) })
        #expect(try Self.holds(machines, "laptop", "alpha", title))
        #expect(try !Self.holds(machines, "server", "beta", title))
    }
}
