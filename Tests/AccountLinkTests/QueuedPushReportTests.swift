import Foundation
import TestSupport
import Testing

/// Finding 8: a push queued for another machine's device (the server was away) whose device has gone by the time
/// it can be sent is reported, in `baton notifications --follow` and the log, not dropped in silence.
@Suite(.serialized) struct QueuedPushReportTests {
    typealias Pushes = NotificationsAcrossMachinesTests

    @Test func aQueuedPushWhoseDeviceHasGoneIsReportedToFollowers() async throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let (server, machines) = (pair.server, pair.machines)
        let link = try #require(try await machines.runningLink("laptop"))

        server.stop()
        let queued = try machines.baton(
            "laptop",
            ["push", try Pushes.payload(machines, title: "Gone", body: "g"), "--app", Pushes.app, "--device", "beta"])
        #expect(queued.status == 0 && queued.output.contains("queued for other machines"), "\(queued.output)")
        // The laptop's link waits (stopped) while the server comes back and the server machine leaves with beta.
        #expect(kill(link, SIGSTOP) == 0)
        try server.start()
        #expect(try machines.baton("server", ["account", "leave"]).status == 0)

        let output = machines.root.appendingPathComponent("follow.jsonl")
        let follower = try machines.start("laptop", ["notifications", "--follow", "--json"], output: output)
        defer { follower.terminate() }
        // Following once it says so (a push made before its subscription was taken would not reach it): then a push
        // here reaches it first.
        #expect(
            try await machines.settled("the follower's subscription") {
                ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("following")
            })
        #expect(
            try machines.baton(
                "laptop",
                [
                    "push", try Pushes.payload(machines, title: "Here", body: "h"), "--app", Pushes.app, "--device",
                    "alpha",
                ]
            ).status == 0)
        #expect(
            try await machines.settled("the follower following") {
                ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("Here")
            })
        #expect(kill(link, SIGCONT) == 0)
        #expect(
            try await machines.settled("the drop told to the follower") {
                let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                return text.contains("unreachable") && text.contains("beta")
            })
    }
}
