import Foundation
import Testing
import Wire

@testable import AccountLink

/// The handoff link's pure pieces: doorbells, a crossing stream's two directions, and seals bound to their rows.
@Suite struct HandoffRoutingTests {
    /// (On the server a doorbell's payload is sealed, `Doorbells`; this is what it says inside.)
    @Test func doorbellsSayWhatChangedAndNothingElseParses() {
        for doorbell in [
            HandoffServer.Doorbell.offer(machine: "laptop", device: "A \"quoted\" | pipe"),
            .mail(to: "server"),
        ] {
            #expect(HandoffServer.Doorbell(payload: doorbell.payload) == doorbell)
        }
        #expect(HandoffServer.Doorbell(payload: "kv") == nil)
        #expect(HandoffServer.Doorbell(payload: #"["o","laptop"]"#) == nil)
        #expect(HandoffServer.Doorbell(payload: #"["x","a","b"]"#) == nil)
    }

    @Test func aCrossingStreamEndsWhenBothDirectionsOrThePairAreClosed() {
        var ended: Bool
        // On the target's machine: the device here is the target.
        var here = CrossingStream(proxy: "A@laptop", machine: "laptop", source: "A", target: "B", localIsTarget: true)
        ended = here.close(.output, failed: false, local: true)
        #expect(!ended)  // target → source over
        ended = here.close(.output, failed: false, local: true)
        #expect(!ended)  // said again: still one direction
        ended = here.close(.output, failed: false, local: false)
        #expect(ended)  // source → target over: done
        // The source stops reading, then the target stops writing: the same direction twice, then the other.
        var other = CrossingStream(proxy: "B@server", machine: "server", source: "A", target: "B", localIsTarget: false)
        ended = other.close(.input, failed: false, local: true)
        #expect(!ended)  // source reads no more: target → source over
        ended = other.close(.output, failed: false, local: false)
        #expect(!ended)  // target writes no more: same direction
        ended = other.close(.input, failed: false, local: false)
        #expect(ended)  // target reads no more: source → target over
        var broken = here
        broken.towardSourceClosed = false
        broken.towardTargetClosed = false
        ended = broken.close(nil, failed: false, local: false)
        #expect(ended)
        ended = broken.close(.output, failed: true, local: true)
        #expect(ended)
    }

    @Test func aSealedMailOrOfferOpensOnlyForItsOwnRowAndNamesOnlyItsRoutes() throws {
        let key = AccountKey.generate()
        let laptop = Routes.machine("laptop", owner: "alice", key: key)
        let server = Routes.machine("server", owner: "alice", key: key)
        #expect(
            Routes.isRoute(laptop) && laptop != server && laptop != Routes.machine("laptop", owner: "bob", key: key))
        let mail = MailBox(
            from: "laptop", header: HandoffMail(.payload, source: "A", target: "B"), body: Data("u".utf8))
        let identity = MailBox.identity(owner: "alice", from: laptop, to: server, id: "1")
        let sealed = try Sealing.seal(JSONEncoder().encode(mail), identity: identity, key: key)
        let opened = try MailBox.open(sealed, from: laptop, to: server, id: "1", owner: "alice", key: key)
        #expect(opened.header == mail.header && opened.body == mail.body && opened.from == "laptop")
        for (from, to, id, owner) in [
            (laptop, server, "2", "alice"), (server, laptop, "1", "alice"), (laptop, server, "1", "bob"),
        ] {
            #expect(throws: (any Error).self) {
                try MailBox.open(sealed, from: from, to: to, id: id, owner: owner, key: key)
            }
        }
        // A box that names another sender than the route it is sealed to is refused.
        let lying = MailBox(from: "server", header: mail.header, body: nil)
        let forged = try Sealing.seal(JSONEncoder().encode(lying), identity: identity, key: key)
        #expect(throws: AccountLinkError.self) {
            try MailBox.open(forged, from: laptop, to: server, id: "1", owner: "alice", key: key)
        }
        let advertisement = Advertisement(
            device: "A", bundleIdentifier: "b", teamIdentifier: "T", activityType: "t", title: "x", sequence: 3)
        let offer = try OfferBox(machine: "laptop", device: "A", apps: [], activity: advertisement)
            .seal(owner: "alice", key: key)
        #expect(
            try OfferBox.open(offer.sealed, machine: offer.machine, device: offer.device, owner: "alice", key: key)
                .activity == advertisement)
        let other = Routes.device("B", machine: "laptop", owner: "alice", key: key)
        #expect(throws: AccountLinkError.self) {
            try OfferBox.open(offer.sealed, machine: offer.machine, device: other, owner: "alice", key: key)
        }
    }

    @Test func aRemoteDeviceIsNamedForItsMachineAndContinuesWithOneApp() {
        let remote = Advertisement(
            device: "A", bundleIdentifier: "b", teamIdentifier: "T", activityType: "t", title: "x", sequence: 90)
        #expect(RemoteDeviceProxy.name(device: "A", machine: "laptop") == "A@laptop")
        #expect(remote.continuingApp == AppDescriptor(bundleIdentifier: "b", teamIdentifier: "T", activityTypes: ["t"]))
    }
}
