import Foundation
import TestSupport
import Testing

/// A machine that joins gets no push history, but every push sent after its join: the boundary is the join, not the
/// moment its link first reads the server. Before, a link with no push cursor yet started at the server's newest row
/// when it first got through, so a push sent between the join and that read (the server away, the link restarted)
/// never reached it: the chaos checker's seed 2027 lost a push to every device that way on m2 (fresh-clone run 30).
@Suite(.serialized) struct PushAfterJoinTests {
    typealias Across = KeyValueAcrossMachinesTests
    typealias Pushes = NotificationsAcrossMachinesTests

    @Test func aPushSentAfterTheJoinBeforeTheLinkFirstReadsReachesTheNewMachine() async throws {
        let (server, machines, url) = try Across.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        // The desk's link cannot start (the test holds its lock) until the push is on the server.
        let lock = try #require(try await machines.holdLinkLock("desk"))
        let keyFile = machines.home("laptop").appendingPathComponent("state/account.key").path
        let joined = try machines.baton("desk", ["account", "join", url, "--key-file", keyFile, "--machine", "desk"])
        #expect(joined.status == 0, "\(joined.output)")
        #expect(try machines.baton("desk", ["daemon", "start"]).status == 0)
        let probe = try machines.device("gamma", on: "desk")
        defer { probe.terminate() }
        #expect(
            try machines.eventually("gamma registered on the desk") {
                try machines.baton("desk", ["devices"]).output.contains("gamma")
            })
        let title = "AfterJoin-\(UUID().uuidString.prefix(8))"
        let pushed = try machines.baton(
            "laptop", ["push", try Pushes.payload(machines, title: title, body: "b"), "--app", Pushes.app])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(
            try await machines.settled("the push on the server machine") {
                try server.psql(database: "baton", "SELECT count(*) FROM baton.pushes")
                    .trimmingCharacters(in: .whitespacesAndNewlines) != "0"
            })
        close(lock)  // The daemon's supervision starts the desk's link now.
        #expect(
            try await machines.settled("the push on the desk's device") {
                try Pushes.delivered(machines, "desk", "gamma").contains(title)
            })
    }
}
