import Foundation
import TestSupport
import Testing

/// A device of another machine that is away for a moment (its daemon restarted, its terminal closed) is still a
/// target of a push to one device: the push waits for it in its machine's daemon, as a push to one of that
/// machine's own absent devices does. Found by the chaos checker's seed 7 (2026-11-26): m1's daemon was killed, its
/// new link published m1's devices before m1's probe device had connected again, and m2's push to that device,
/// acknowledged, was dropped as "no machine of the account has device dev1".
@Suite(.serialized) struct AwayDeviceTests {
    typealias Pushes = NotificationsAcrossMachinesTests

    @Test func aPushToADeviceAwayWhileItsDaemonRestartsWaitsForIt() async throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let alpha = try machines.device("alpha", on: "laptop")
        defer { alpha.terminate() }
        let beta = try machines.device("beta", on: "server")
        #expect(
            try await machines.settled("beta published") {
                try machines.baton("laptop", ["account", "status"]).output.contains("devices: beta")
            })
        // beta goes with its daemon; the daemon starts again without it, and its link publishes its devices.
        beta.terminate()
        #expect(try machines.baton("server", ["daemon", "stop"]).status == 0)
        #expect(try machines.baton("server", ["daemon", "start"]).status == 0)
        #expect(
            try await machines.settled("the server machine's devices published again, beta away") {
                let status = try machines.baton("laptop", ["account", "status"]).output
                return !status.contains("devices: beta") && status.contains("devices: alpha")
            })

        let pushed = try machines.baton(
            "laptop",
            [
                "push", try Pushes.payload(machines, title: "While away", body: "w"), "--app", Pushes.app, "--device",
                "beta",
            ])
        #expect(pushed.status == 0, "\(pushed.output)")
        let back = try machines.device("beta", on: "server")
        defer { back.terminate() }
        #expect(
            try await machines.settled("the push on beta, back") {
                try Pushes.delivered(machines, "server", "beta").contains("While away")
            })
    }
}
