import Foundation
import TestSupport
import Testing
import Wire

/// The chaos checker's phantom continue (seed 7, `--fault-share 0.6`, twice): the target machine's path to the server
/// went quiet (`SilentProxy`), its handoff link got past it on new connections (heartbeat, offers), but its doorbell
/// stayed on the quiet `LISTEN` connection: it never heard that the source had mailed the payload back, the target
/// gave up (4610), and the source had already heard "continued". The link now reads offers and mail on every tick,
/// so a quiet doorbell only delays them.
@Suite(.serialized) struct QuietDoorbellTests {
    @Test func aContinueCompletesWhenTheTargetsDoorbellWentQuiet() async throws {
        try await SilentProxy.withServer { server, machines, proxy in
            let url = try machines.tenant("alice", password: "a-pass", on: server)
            #expect(try machines.baton("laptop", ["account", "create", url, "--machine", "laptop"]).status == 0)
            let keyFile = machines.home("laptop").appendingPathComponent("state/account.key").path
            let joined = try machines.baton(
                "server", ["account", "join", proxy.route(url), "--key-file", keyFile, "--machine", "server"])
            #expect(joined.status == 0, "\(joined.output)")
            #expect(try machines.baton("laptop", ["daemon", "start"]).status == 0)
            // The target waits long for its payload (its link asks with 60 % of this), so only a deaf link fails it.
            let limits = ["BATON_DAEMON_LIMITS": "continue-ms=30000"]
            #expect(try machines.baton("server", ["daemon", "start"], extra: limits).status == 0)
            let source = try HandoffDevice("term1", on: "laptop", of: machines)
            let target = try HandoffDevice("term2", on: "server", of: machines)
            try source.advertise(title: "before", sequence: 1)
            _ = try #require(target.offer(from: "term1@laptop", title: "before", limit: 60))

            // Every open connection of the server machine goes quiet, its doorbell's too; an offer made now reaches
            // the target once its link is past the quiet connections.
            proxy.silence()
            try source.advertise(title: "during", sequence: 2)
            let offer = try #require(target.offer(from: "term1@laptop", title: "during", limit: 120))

            // A request the target's link could not mail (a pooled connection still quiet: 4609) is asked again; one
            // that reached the source must complete.
            var reply: ContinueReply?
            var asked = false
            for attempt in UInt64(1)...4 where !asked {
                try target.continueOffer(offer, requestID: attempt)
                if let request = source.payloadRequest(limit: 45) {
                    asked = true
                    try source.answer(request, userInfo: ["n": .string("q")])
                }
                reply = target.continueReply(limit: 60)
                #expect(reply != nil, "attempt \(attempt): no answer to the continue")
            }
            #expect(asked, "the source was never asked")
            let failure = reply?.failure.map { "\($0.code) \($0.message)" }
            #expect(reply?.userInfo?["n"] == .string("q") && failure == nil, "\(failure ?? "no userInfo")")
            let continued = source.next(limit: 30) { if case .wasContinued(let note) = $0 { note } else { nil } }
            #expect(continued == WasContinued(sequence: 2, by: "term2@server"))
        }
    }
}
