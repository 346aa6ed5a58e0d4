import Foundation
import TestSupport
import Testing
import Wire

/// Handoff between two machines ("laptop" and "server"), each with its own daemon and link, joined to one account
/// on a real PostgreSQL: an offer made on one appears on the other as from `device@machine`, a continue brings the
/// source's userInfo (the source hears it was continued), a continuation stream carries bytes with credit, and the
/// server is given no plaintext title, userInfo or stream byte.
@Suite(.serialized) struct HandoffAcrossMachinesTests {
    /// Records every mail row the server is given (the rows themselves are taken, so deleted, by their addressee)
    /// into a table only the administrator reads.
    static func auditMail(_ server: TestPostgres) throws {
        try server.psql(
            database: "baton",
            """
            CREATE TABLE public.mail_audit (header text, sealed bytea);
            CREATE FUNCTION public.audit_mail() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
            BEGIN INSERT INTO public.mail_audit VALUES (NEW.header, NEW.sealed); RETURN NEW; END $$;
            CREATE TRIGGER audit AFTER INSERT ON baton.handoff_mail FOR EACH ROW EXECUTE FUNCTION public.audit_mail();
            """)
    }

    static func hex(_ text: String) -> String { Data(text.utf8).map { String(format: "%02x", $0) }.joined() }

    @Test func anOfferCrossesAndAContinueBringsTheUserInfoAndAStreamItsBytes() throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        try Self.auditMail(server)
        let source = try HandoffDevice("term1", on: "laptop", of: machines)
        let target = try HandoffDevice("term2", on: "server", of: machines)
        let title = "Chapter about the-secret-title-\(UUID().uuidString.prefix(8))"
        try source.advertise(title: title, sequence: 3, streams: true)

        let offer = try #require(target.offer(from: "term1@laptop", title: title), "the offer did not cross")
        #expect(offer.target == .app(bundleIdentifier: HandoffDevice.app.bundleIdentifier))
        // The server machine lists the laptop's device among its own; the account lists each machine's own only.
        #expect(try machines.baton("server", ["devices"]).output.contains("term1@laptop"))
        var status = ""
        _ = try machines.eventually("both machines' devices in the account's status") {
            status = try machines.baton("laptop", ["account", "status"]).output
            return status.contains("devices: term1") && status.contains("devices: term2")
        }
        let deviceLines = status.split(separator: "\n").filter { $0.contains("devices:") }
        #expect(deviceLines.count == 2 && !deviceLines.contains { $0.contains("@") }, "\(status)")

        let secret = "user-info-secret-\(UUID().uuidString)"
        try target.continueOffer(offer, requestID: 41)
        let request = try #require(source.payloadRequest())
        #expect(request.sequence == 3)
        #expect(request.target == "term2@server")
        try source.answer(request, userInfo: ["page": .string(secret)])
        let reply = try #require(target.continueReply())
        #expect(reply.requestID == 41)
        #expect(reply.failure == nil, "\(String(describing: reply.failure))")
        #expect(reply.userInfo?["page"] == .string(secret))
        let continued = source.next { if case .wasContinued(let continued) = $0 { continued } else { nil } }
        #expect(continued == WasContinued(sequence: 3, by: "term2@server"))

        // A continuation stream: bytes both ways within the credit, then both halves closed.
        try target.socket.send(
            .streamOpen(StreamOpen(streamID: "s-1", device: "term1@laptop", sequence: offer.advertisement.sequence)))
        let opened = source.next { if case .streamOpen(let open) = $0 { open } else { nil } }
        #expect(opened == StreamOpen(streamID: "s-1", device: "term2@server", sequence: 3))
        let history = Data(("stream-history-secret " + String(repeating: "page ", count: 20_000)).utf8)
        try source.socket.send(.streamData(StreamData(streamID: "s-1", bytes: history)))
        var received = Data()
        while received.count < history.count {
            guard let chunk = target.next({ if case .streamData(let data) = $0 { data.bytes } else { nil } }) else {
                break
            }
            received += chunk
        }
        #expect(received == history, "\(received.count) of \(history.count) bytes arrived")
        try target.socket.send(.streamCredit(StreamCredit(streamID: "s-1", bytes: history.count)))
        let credit = source.next { if case .streamCredit(let credit) = $0 { credit } else { nil } }
        #expect(credit == StreamCredit(streamID: "s-1", bytes: history.count))
        try target.socket.send(.streamData(StreamData(streamID: "s-1", bytes: Data("reply-bytes".utf8))))
        let back = source.next { if case .streamData(let data) = $0 { data.bytes } else { nil } }
        #expect(back == Data("reply-bytes".utf8))
        try source.socket.send(.streamClose(StreamClose(streamID: "s-1", half: .output)))
        let closed = target.next { if case .streamClose(let close) = $0 { close } else { nil } }
        #expect(closed == StreamClose(streamID: "s-1", half: .output))

        // What the server was given: routes, no machine or device name, app, activity type, mail kind, title,
        // userInfo or stream byte.
        let offers = try server.psql(
            database: "baton",
            "SELECT row_to_json(o)::text, encode(sealed, 'escape'), encode(sealed, 'hex') FROM baton.offers o")
        #expect(!offers.isEmpty)
        let mail = try server.psql(
            database: "baton", "SELECT header, encode(sealed, 'escape'), encode(sealed, 'hex') FROM public.mail_audit")
        #expect(mail.split(separator: "\n").count >= 4, "\(mail)")
        for rows in [offers, mail] {
            for plaintext in [
                title, "the-secret-title", secret, "user-info-secret", "stream-history-secret", "secret-page", "term1",
                "term2", "laptop", "org.baton.test.read", "continueRequest", "streamData",
            ] {
                #expect(!rows.contains(plaintext), "the server holds '\(plaintext)'")
                #expect(!rows.contains(Self.hex(plaintext)), "the server holds '\(plaintext)' (hex)")
            }
        }
    }

    @Test func aWithdrawnOfferLeavesTheOtherMachineAndA64KBUserInfoCrossesWhileALargerOneGets4611() throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let source = try HandoffDevice("term1", on: "laptop", of: machines)
        let target = try HandoffDevice("term2", on: "server", of: machines)
        try source.advertise(title: "big", sequence: 1)
        let offer = try #require(target.offer(from: "term1@laptop", title: "big"))

        for (requestID, size, expected) in [
            (UInt64(1), 60 * 1024, nil), (2, 70 * 1024, Optional(WireFailure.userInfoTooLarge)),
        ] {
            try target.continueOffer(offer, requestID: requestID)
            let request = try #require(source.payloadRequest())
            let blob = String(repeating: "x", count: size)
            try source.answer(request, userInfo: ["blob": .string(blob)])
            let reply = try #require(target.continueReply())
            #expect(reply.requestID == requestID)
            #expect(reply.failure?.code == expected, "\(String(describing: reply.failure))")
            if expected == nil { #expect(reply.userInfo?["blob"] == .string(blob)) }
        }

        // The laptop's device shown on the server machine is not sent that machine's notifications (the laptop's
        // machine serves it), nor remembered there as one of its devices.
        let payload = machines.home("server").appendingPathComponent("push.json")
        try #"{"aps":{"alert":"hello"}}"#.write(to: payload, atomically: true, encoding: .utf8)
        let pushed = try machines.baton("server", ["push", payload.path, "--app", "com.baton.cli"])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(pushed.output.contains("term2"), "\(pushed.output)")
        #expect(!pushed.output.contains("term1@laptop"), "\(pushed.output)")

        try source.socket.send(.withdraw(Withdraw(sequence: 1)))
        #expect(target.offerWithdrawn(from: "term1@laptop"))
    }

    @Test func theServerStoppedMidHandoffFailsTheContinueAndTheStreamWith4609AndClearsTheDock() throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let source = try HandoffDevice("term1", on: "laptop", of: machines)
        let target = try HandoffDevice("term2", on: "server", of: machines)
        try source.advertise(title: "mid-handoff", sequence: 1, streams: true)
        let offer = try #require(target.offer(from: "term1@laptop", title: "mid-handoff"))
        // A stream open across the machines, and a continue waiting for its payload, when the server stops.
        try target.socket.send(
            .streamOpen(StreamOpen(streamID: "s-9", device: "term1@laptop", sequence: offer.advertisement.sequence)))
        #expect(source.next { if case .streamOpen(let open) = $0 { open.streamID } else { nil } } == "s-9")
        try target.continueOffer(offer, requestID: 9)
        let request = try #require(source.payloadRequest())
        server.stop()
        try source.answer(request, userInfo: ["page": .int(1)])
        // 4609 (the server is away), not the daemon's 4610 at its 5 s continue timeout, and not a hang.
        let reply = try #require(target.continueReply(limit: 60))
        #expect(reply.failure?.code == WireFailure.connectionUnavailable, "\(String(describing: reply.failure))")
        // Both ends of the stream hear it broke.
        for end in [target, source] {
            let close = end.next { if case .streamClose(let close) = $0 { close } else { nil } }
            #expect(close?.streamID == "s-9")
            #expect(close?.failure?.code == WireFailure.connectionUnavailable, "\(String(describing: close))")
        }
        #expect(target.offerWithdrawn(from: "term1@laptop"))

        // The server is back: the offer is shown again and a continue works.
        try server.start()
        let again = try #require(target.offer(from: "term1@laptop", title: "mid-handoff", limit: 60))
        try target.continueOffer(again, requestID: 10)
        let second = try #require(source.payloadRequest())
        try source.answer(second, userInfo: ["page": .int(2)])
        let done = try #require(target.continueReply())
        #expect(done.userInfo?["page"] == .int(2))
    }

    @Test func aKilledDaemonOrLinkTakesItsMachinesOfferOffTheOtherDock() throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let target = try HandoffDevice("term2", on: "server", of: machines)
        // The daemon is killed: its link, which outlives it, clears the machine's offers at once.
        let source = try HandoffDevice("term1", on: "laptop", of: machines)
        try source.advertise(title: "doomed", sequence: 1)
        _ = try #require(target.offer(from: "term1@laptop", title: "doomed"))
        kill(source.daemonPID, SIGKILL)
        #expect(target.offerWithdrawn(from: "term1@laptop", limit: 10))

        // The link itself hangs (stopped: no goodbye, and nothing for the daemon to restart, as it restarts a link
        // that exits): its heartbeat goes stale on the server's clock and the other machine drops its offers.
        #expect(try machines.baton("laptop", ["daemon", "start"]).status == 0)
        #expect(try machines.eventually("the laptop's new link") { Self.linkPID(machines, "laptop") != nil })
        let again = try HandoffDevice("term1", on: "laptop", of: machines)
        try again.advertise(title: "orphaned", sequence: 1)
        _ = try #require(target.offer(from: "term1@laptop", title: "orphaned", limit: 60))
        // The link that carried it (the old one may still have been on its way out a moment ago).
        let linkPID = try #require(Self.linkPID(machines, "laptop"))
        kill(linkPID, SIGSTOP)
        #expect(target.offerWithdrawn(from: "term1@laptop", limit: 40))
        kill(linkPID, SIGKILL)
    }

    /// The pid of `machine`'s running link (its lock file), if one runs.
    static func linkPID(_ machines: LinkedMachines, _ machine: String) -> pid_t? {
        let lock = machines.home(machine).appendingPathComponent("run/account-link.lock")
        guard let text = try? String(contentsOf: lock, encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), kill(pid, 0) == 0
        else { return nil }
        return pid
    }
}
