import Foundation
import TestSupport
import Testing
import Wire

/// Finding 7: a continue the target already gave up on (the source machine's link was hung, so the request waited
/// on the server past the target's deadline) is never taken when that link comes back: the source is not asked for
/// its payload and never hears "continued".
@Suite(.serialized) struct HandoffDeadlineTests {
    @Test func aContinueTheTargetGaveUpOnIsNotTakenWhenTheSourcesLinkComesBack() async throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let source = try HandoffDevice("term1", on: "laptop", of: machines)
        let target = try HandoffDevice("term2", on: "server", of: machines)
        try source.advertise(title: "first", sequence: 3)
        let offer = try #require(target.offer(from: "term1@laptop", title: "first", limit: 60))
        let link = try #require(HandoffAcrossMachinesTests.linkPID(machines, "laptop"))

        // The source machine's link hangs; the target's continue waits on the server until the target gives up.
        #expect(kill(link, SIGSTOP) == 0)
        try target.continueOffer(offer, requestID: 1)
        let failed = try #require(target.continueReply(limit: 60))
        #expect(failed.requestID == 1 && failed.failure != nil)
        #expect(kill(link, SIGCONT) == 0)

        // The same activity continued again: the source is asked once, for this one; it completes. (Taking the first
        // mail too would ask the source for it first, and the answer would be given to a continue already failed.)
        try target.continueOffer(offer, requestID: 2)
        let request = try #require(source.payloadRequest(limit: 60))
        try source.answer(request, userInfo: ["n": .string("2")])
        let reply = try #require(target.continueReply(limit: 60))
        #expect(reply.requestID == 2 && reply.failure == nil, "\(String(describing: reply.failure))")
        let continued = source.next(limit: 30) { if case .wasContinued(let note) = $0 { note } else { nil } }
        #expect(continued == WasContinued(sequence: 3, by: "term2@server"))
        #expect(source.payloadRequest(limit: 3) == nil, "the source was asked for a continue its target gave up on")
    }
}
