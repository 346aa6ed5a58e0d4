import Foundation
import TestSupport
import Testing

/// Found by the chaos checker: a removal made while the machine's link was not running was never sent (the daemon
/// kept no trace of removed keys, so the restarted link's snapshot did not show it) and the key stayed on every
/// other machine. The daemon now keeps the newest removals for the link.
@Suite(.serialized) struct RemovalWhileLinkDownTests {
    typealias Across = KeyValueAcrossMachinesTests

    @Test func aRemovalMadeWhileTheLinkIsDownReachesTheOtherMachine() async throws {
        let (server, machines, _) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        #expect(try machines.baton("laptop", ["kv", "set", "gone", "soon"]).status == 0)
        #expect(
            try await machines.settled("the key on the server machine") {
                try Across.value(machines, "server", "gone") == "soon"
            })
        let pid = try #require(try await machines.runningLink("laptop"))
        // Stopped, the link cannot read the removal's change; killed, it loses it; its daemon starts a new one.
        #expect(kill(pid, SIGSTOP) == 0)
        #expect(try machines.baton("laptop", ["kv", "remove", "gone"]).status == 0)
        #expect(kill(pid, SIGKILL) == 0)
        #expect(try machines.baton("laptop", ["kv", "set", "marker", "m"]).status == 0)
        #expect(
            try await machines.settled("the marker on the server machine") {
                try Across.value(machines, "server", "marker") == "m"
            })
        // The removal's revision is lower than the marker's: it was sent before it.
        #expect(try Across.value(machines, "server", "gone") == nil)
    }
}

/// Found by the chaos checker: a push for every device made while the machine's link was not attached (killed,
/// its restart not yet there) went to this machine's devices only and never to the others. The daemon now holds it
/// on disk and hands it to the next link.
@Suite(.serialized) struct PushWhileLinkDownTests {
    typealias Pushes = NotificationsAcrossMachinesTests

    @Test func aPushMadeWhileTheLinkIsDownReachesTheOtherMachine() async throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let machines = pair.machines
        let pid = try #require(try await machines.runningLink("laptop"))
        #expect(kill(pid, SIGKILL) == 0)
        let title = "Held-\(UUID().uuidString.prefix(8))"
        let pushed = try machines.baton(
            "laptop", ["push", try Pushes.payload(machines, title: title, body: "h"), "--app", Pushes.app])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(
            try await machines.settled("the push on the server machine's device") {
                try Pushes.delivered(machines, "server", "beta").contains(title)
            })
        #expect(try Pushes.delivered(machines, "server", "beta").components(separatedBy: title).count == 2)
    }
}
