import Foundation
import TestSupport
import Testing

/// How long the server keeps a push row: until every machine it is for has read it (each link reports how far it
/// read), however long that takes, except for a machine not seen for 30 days, which holds none back.
@Suite(.serialized) struct PushLifetimeTests {
    @Test func aPushRowStaysUntilEveryMachineReadItAndAMachineGoneFor30DaysHoldsNoneBack() throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let (server, machines) = (pair.server, pair.machines)
        // A third machine joins and is away (no daemon, no link): it has read nothing.
        let keyFile = machines.home("laptop").appendingPathComponent("state/account.key").path
        let url = server.url(role: "alice", password: "a-pass")
        let joined = try machines.baton("desk", ["account", "join", url, "--key-file", keyFile, "--machine", "desk"])
        #expect(joined.status == 0, "\(joined.output)")
        func admin(_ sql: String) throws -> String {
            try server.psql(database: "baton", sql).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        let first = "Held-\(UUID().uuidString.prefix(8))"
        let pushed = try machines.baton(
            "laptop",
            [
                "push", try NotificationsAcrossMachinesTests.payload(machines, title: first, body: "b"), "--app",
                NotificationsAcrossMachinesTests.app,
            ])
        #expect(pushed.output.contains("sent to 2 other machines (desk, server)"), "\(pushed.output)")
        let seq = try admin("SELECT max(seq) FROM baton.pushes")
        let (other, desk) = (try machines.route(machine: "server"), try machines.route(machine: "desk"))
        // The sender needs not read its own row; the server machine reads it and says so.
        #expect(
            try machines.eventually("the push on beta, and the server machine past its row") {
                try NotificationsAcrossMachinesTests.delivered(machines, "server", "beta").contains(first)
                    && admin("SELECT push_seq >= \(seq) FROM baton.machines WHERE machine = '\(other)'") == "t"
            })
        // The desk has not read it: the row stays.
        #expect(try admin("SELECT count(*) FROM baton.pushes") == "1")

        // The desk never comes back: once it was last seen 30 days ago it holds no row back.
        _ = try admin("UPDATE baton.machines SET seen_at = now() - interval '31 days' WHERE machine = '\(desk)'")
        let second = "After-\(UUID().uuidString.prefix(8))"
        _ = try machines.baton(
            "laptop",
            [
                "push", try NotificationsAcrossMachinesTests.payload(machines, title: second, body: "b"), "--app",
                NotificationsAcrossMachinesTests.app,
            ])
        #expect(
            try machines.eventually("every row gone once the server machine read the second") {
                try NotificationsAcrossMachinesTests.delivered(machines, "server", "beta").contains(second)
                    && admin("SELECT count(*) FROM baton.pushes") == "0"
            })
    }
}
