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

    @Test func aSealedBodyOpensOnlyForItsOwnRow() throws {
        let key = AccountKey.generate()
        let identity = HandoffMail.identity(owner: "alice", from: "laptop", to: "server", id: "1", kind: .payload)
        let sealed = try Sealing.seal(Data("userInfo".utf8), identity: identity, key: key)
        #expect(try Sealing.open(sealed, identity: identity, key: key) == Data("userInfo".utf8))
        for moved in [
            HandoffMail.identity(owner: "alice", from: "laptop", to: "server", id: "2", kind: .payload),
            HandoffMail.identity(owner: "alice", from: "laptop", to: "server", id: "1", kind: .streamData),
            HandoffMail.identity(owner: "bob", from: "laptop", to: "server", id: "1", kind: .payload),
        ] {
            #expect(throws: AccountLinkError.self) { try Sealing.open(sealed, identity: moved, key: key) }
        }
        let offer = Sealing.offerIdentity(owner: "alice", machine: "laptop", device: "A", sequence: 3)
        let advertisement = try Sealing.seal(Data("title".utf8), identity: offer, key: key)
        let replayed = Sealing.offerIdentity(owner: "alice", machine: "laptop", device: "A", sequence: 4)
        #expect(throws: AccountLinkError.self) { try Sealing.open(advertisement, identity: replayed, key: key) }
    }

    @Test func aRemoteDeviceIsNamedForItsMachineAndContinuesWithOneApp() {
        let remote = Advertisement(
            device: "A", bundleIdentifier: "b", teamIdentifier: "T", activityType: "t", title: "x", sequence: 90)
        #expect(RemoteDeviceProxy.name(device: "A", machine: "laptop") == "A@laptop")
        #expect(remote.continuingApp == AppDescriptor(bundleIdentifier: "b", teamIdentifier: "T", activityTypes: ["t"]))
    }
}
