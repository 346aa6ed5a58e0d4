import Foundation
import Testing
import Wire

@testable import KeyValueStore

/// The device's copy: revisions decide, whatever order acknowledgements, pushes and snapshots arrive in.
struct KeyValueReplicaTests {
    private func entry(_ key: String, _ value: PropertyListValue?, _ revision: Int64) -> KeyValueEntry {
        KeyValueEntry(key: key, value: value, revision: revision, modified: Date(), writer: "other")
    }

    private func snapshot(_ revision: Int64, _ entries: [KeyValueEntry], store: String = "S") -> KeyValueSnapshot {
        KeyValueSnapshot(requestID: 1, storeID: store, revision: revision, entries: entries)
    }

    @Test func aPushOlderThanOurPendingWriteDoesNotShowAndOurWriteWins() {
        var replica = KeyValueReplica(nextWriteID: 1)
        let write = replica.write(.string("mine"), forKey: "k")
        // Another device's write arrived at the daemon first (revision 4), ours after (revision 5).
        #expect(replica.apply([entry("k", .string("theirs"), 4)]) == [])
        #expect(replica.value(forKey: "k") == .string("mine"))
        let written = KeyValueWritten(requestID: 9, key: "k", writeID: write.writeID, revision: 5)
        #expect(replica.acknowledge(written) == [])
        #expect(replica.value(forKey: "k") == .string("mine"))
    }

    @Test func aPushNewerThanOurWriteWinsOnceOurWriteIsAcknowledged() {
        var replica = KeyValueReplica(nextWriteID: 1)
        let write = replica.write(.string("mine"), forKey: "k")
        // Ours arrived first (revision 5); the other device's push (revision 6) overtakes our acknowledgement.
        #expect(replica.apply([entry("k", .string("theirs"), 6)]) == [])
        #expect(
            replica.acknowledge(KeyValueWritten(requestID: 9, key: "k", writeID: write.writeID, revision: 5)) == ["k"])
        #expect(replica.value(forKey: "k") == .string("theirs"))
    }

    @Test func theKeptSizeIsTheSizeOfEveryVisibleValue() {
        var replica = KeyValueReplica(pending: [PendingWrite(key: "p", value: .int(1), writeID: 3)], nextWriteID: 1)
        func measured(_ replica: KeyValueReplica) -> Int {
            replica.values.reduce(0) { $0 + KeyValueLimits.size(key: $1.key, value: $1.value) }
        }
        let known = KeyValueLimits.size(key: "mine", value: .string("a longer value"))
        _ = replica.write(.string("a longer value"), forKey: "mine", size: known)
        _ = replica.write(.string("unmeasured"), forKey: "other")
        _ = replica.apply(snapshot(4, [entry("a", .int(1), 1), entry("mine", .string("theirs"), 2)]))
        _ = replica.apply([entry("a", .array([.int(1), .int(2)]), 5), entry("b", .bool(true), 6)])
        #expect(replica.quota() == (count: 5, bytes: measured(replica)))
        _ = replica.write(nil, forKey: "a")
        _ = replica.apply(snapshot(7, [], store: "T"))  // another account: everything goes
        #expect(replica.quota() == (count: 0, bytes: 0))
    }

    @Test func aSnapshotRemovesKeysItNoLongerHolds() {
        var replica = KeyValueReplica(nextWriteID: 1)
        #expect(replica.apply(snapshot(2, [entry("a", .int(1), 1), entry("b", .int(2), 2)])).changed == ["a", "b"])
        let later = replica.apply(snapshot(3, [entry("b", .int(2), 2)]))
        #expect(later.changed == ["a"] && !later.accountChanged)
        #expect(replica.values == ["b": .int(2)])
    }

    @Test func aSnapshotOfAnotherStoreIsAnAccountChangeAndDropsPendingWrites() {
        var replica = KeyValueReplica(nextWriteID: 1)
        _ = replica.apply(snapshot(1, [entry("a", .int(1), 1)]))
        _ = replica.write(.int(7), forKey: "p")
        let other = replica.apply(snapshot(1, [entry("z", .int(9), 1)], store: "T"))
        #expect(other.accountChanged)
        #expect(other.changed == ["a", "p", "z"])
        #expect(replica.values == ["z": .int(9)] && replica.pendingWrites.isEmpty)
    }

    @Test func aRejectedWriteIsDroppedAndTheDaemonsValueShows() {
        var replica = KeyValueReplica(nextWriteID: 1)
        _ = replica.apply(snapshot(3, [entry("k", .int(1), 3)]))
        let write = replica.write(.int(2), forKey: "k")
        let rejected = KeyValueRejected(
            requestID: 1, key: "k", writeID: write.writeID,
            reason: .quotaExceeded(key: "k", size: 2_000_000, limit: 1_000_000), current: entry("k", .int(1), 3))
        #expect(replica.reject(rejected) == ["k"])
        #expect(replica.value(forKey: "k") == .int(1) && replica.pendingWrites.isEmpty)
    }

    @Test func writeIDsKeepIncreasingAcrossRestarts() {
        let saved = [PendingWrite(key: "a", value: .int(1), writeID: 41)]
        var replica = KeyValueReplica(pending: saved, nextWriteID: 10)
        #expect(replica.write(.int(2), forKey: "b").writeID == 42)
        #expect(replica.pendingWrites.map(\.key) == ["a", "b"])
    }
}
