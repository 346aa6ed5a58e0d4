import Foundation
import TestSupport
import Testing
import Wire

/// Issue 36, finding 4, through the real binary: the daemon closes connections that went quiet after their
/// first frame, and `notifications --follow`, which only listens, keeps its connection by `DaemonLink`'s
/// heartbeat. The test shortens both (`quiet-ms`, `heartbeat-ms`); it waits on events, with hang guards only.
@Suite(.serialized) struct QuietFollowerTests {
    @Test func aListeningFollowerOutlivesTheQuietTimeoutThatClosesAQuietClient() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DAEMON_LIMITS"] = "continue-ms=60000,quiet-ms=1500,heartbeat-ms=100"
        harness.environment["BATON_DEVICE"] = "desk"
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let follower = try harness.launch(["notifications", "--follow", "--json"])
        #expect(await follower.waitForEvent("following") != nil, "\(follower.transcript)")
        let quiet = try RawDaemonSocket(path: harness.socket.path)
        try quiet.send(.ping(Ping(requestID: 1)))
        #expect(quiet.next(where: { $0.kind == "pong" }) != nil)
        // Its close proves a whole timeout passed since the follower last wrote anything but heartbeats.
        guard case .error(let error) = quiet.next(limit: 60, where: { $0.kind == "error" }) else {
            Issue.record("a client quiet after its first frame was not closed")
            return
        }
        #expect(error.failure.message.contains("nothing heard for 1500 ms"), "\(error.failure.message)")
        #expect(quiet.closedByPeer())
        #expect(try await harness.run(["notify", "--title", "still following"]).status == 0)
        let delivered = await follower.waitForEvent("delivered")
        #expect(delivered?["title"] as? String == "still following", "\(follower.transcript)")
    }
}
