import Foundation
import TestSupport
import Testing

/// The daemon's rule for a push to every device on a linked machine: "queued for other machines" is said only
/// once something durable holds the push. When the link did not answer within `PushRelay.answerDeadline` (it was
/// stopped), the daemon told the user it was queued while only the link's unread socket held it; the link killed
/// then took it with it. Found reading the relay for the daemon's rule (issue 27's class: an answer before its
/// commit). Now the daemon holds the push on disk before that answer, and the next link sends it.
@Suite(.serialized) struct OverduePushTests {
    typealias Pushes = NotificationsAcrossMachinesTests

    @Test func aPushAStoppedLinkNeverTookIsSentByTheNextLink() async throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let machines = pair.machines
        let link = try #require(try await machines.runningLink("laptop"))
        #expect(kill(link, SIGSTOP) == 0)
        let pushed = try machines.baton(
            "laptop", ["push", try Pushes.payload(machines, title: "Overdue", body: "o"), "--app", Pushes.app])
        #expect(pushed.status == 0 && pushed.output.contains("queued"), "\(pushed.output)")
        // Held by the daemon, which `account status` counts.
        let status = try machines.baton("laptop", ["account", "status"]).output
        #expect(status.contains("1 push for other machines queued"), "\(status)")
        // The stopped link dies without having read the push; the daemon starts another.
        #expect(kill(link, SIGKILL) == 0)
        #expect(
            try await machines.settled("the push on the server machine's device") {
                try Pushes.delivered(machines, "server", "beta").contains("Overdue")
            })
        #expect(
            try await machines.settled("nothing queued on the laptop") {
                try machines.baton("laptop", ["account", "status", "--json"]).output.contains("\"queuedPushes\" : 0")
            })
    }
}
