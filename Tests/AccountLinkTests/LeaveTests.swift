import Foundation
import TestSupport
import Testing

/// Finding 3: `leave` means it. A push queued for other machines while the server was away is dropped (and said
/// so), not delivered into the account after a re-join; the link's cursors go with it.
@Suite(.serialized) struct LeaveTests {
    typealias Pushes = NotificationsAcrossMachinesTests

    @Test func leaveDropsTheQueuedPushesAndTheCursors() async throws {
        let (server, machines, url) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        let probes = [try machines.device("alpha", on: "laptop"), try machines.device("beta", on: "server")]
        defer { server.remove() }
        defer { machines.tearDown() }
        defer { probes.forEach { $0.terminate() } }
        #expect(
            try await machines.settled("both devices published") {
                let status = try machines.baton("laptop", ["account", "status"]).output
                return status.contains("devices: alpha") && status.contains("devices: beta")
            })
        let keyFile = machines.root.appendingPathComponent("key")
        try Data(contentsOf: machines.home("laptop").appendingPathComponent("state/account.key")).write(to: keyFile)

        server.stop()
        let stale = "Stale-\(UUID().uuidString.prefix(8))"
        let queued = try machines.baton(
            "laptop", ["push", try Pushes.payload(machines, title: stale, body: "s"), "--app", Pushes.app])
        #expect(queued.output.contains("queued for other machines"), "\(queued.output)")
        let left = try machines.baton("laptop", ["account", "leave"])
        #expect(left.status == 0, "\(left.output)")
        #expect(left.output.contains("1 queued push for other machines dropped"), "\(left.output)")
        let state = machines.home("laptop").appendingPathComponent("state")
        for file in ["account-link-outbox.json", "account-link-cursor.json", "account-link-push-cursor.json"] {
            #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent(file).path), "\(file)")
        }

        // Back in the account: a new push arrives, the dropped one never does (the outbox goes out first).
        try server.start()
        let joined = try machines.baton(
            "laptop", ["account", "join", url, "--key-file", keyFile.path, "--machine", "laptop"])
        #expect(joined.status == 0, "\(joined.output)")
        #expect(
            try await machines.settled("the laptop's devices published again") {
                try machines.baton("laptop", ["account", "status"]).output.contains("devices: alpha")
            })
        let fresh = "Fresh-\(UUID().uuidString.prefix(8))"
        let pushed = try machines.baton(
            "laptop", ["push", try Pushes.payload(machines, title: fresh, body: "f"), "--app", Pushes.app])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(
            try await machines.settled("a push after the re-join on the server machine") {
                try Pushes.delivered(machines, "server", "beta").contains(fresh)
            })
        #expect(!(try Pushes.delivered(machines, "server", "beta").contains(stale)))
    }
}
