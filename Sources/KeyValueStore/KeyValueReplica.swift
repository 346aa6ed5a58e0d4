import Wire

/// The device's copy of the store, with no I/O: what the daemon last said (per key, with its revision)
/// overlaid by the local writes it has not acknowledged yet.
///
/// Server news is ordered by revision, so a late acknowledgement, a push and a snapshot can arrive in any
/// order and the copy still settles on the daemon's last-arrival-wins value. Every mutating call returns
/// the keys whose *visible* value changed, sorted.
struct KeyValueReplica {
    /// A key as the daemon last described it; a nil value means removed as of `revision`.
    struct Known: Hashable {
        var value: PropertyListValue?
        var revision: Int64
    }

    private(set) var server: [String: Known] = [:]
    private(set) var pending: [String: PendingWrite] = [:]
    /// The identity of the daemon's store, once synced.
    private(set) var storeID: String?
    private(set) var nextWriteID: UInt64
    /// The quota size (`KeyValueLimits.size`) of each visible key, kept as values change so a write is
    /// checked against the store's total without measuring every entry again.
    private var sizes: [String: Int] = [:]
    /// The sum of `sizes`.
    private var measuredBytes = 0
    /// Keys whose visible value changed since they were measured: measured at the next local write, not
    /// on the path of every change heard.
    private var unmeasured: Set<String> = []

    init(pending writes: [PendingWrite] = [], nextWriteID: UInt64) {
        for write in writes.sorted(by: { $0.writeID < $1.writeID }) { pending[write.key] = write }
        self.nextWriteID = max(nextWriteID, (writes.map(\.writeID).max() ?? 0) + 1)
        unmeasured = Set(pending.keys)
    }

    /// How many keys are visible and how many bytes they hold as the quota counts them.
    mutating func quota() -> (count: Int, bytes: Int) {
        for key in unmeasured {
            measuredBytes -= sizes[key] ?? 0
            sizes[key] = value(forKey: key).map { KeyValueLimits.size(key: key, value: $0) }
            measuredBytes += sizes[key] ?? 0
        }
        unmeasured = []
        return (sizes.count, measuredBytes)
    }

    /// The measured size of `key`'s visible value (nil: absent); call `quota()` first.
    func size(ofKey key: String) -> Int? { sizes[key] }

    /// The visible value of `key`: the pending write if any, else the daemon's.
    func value(forKey key: String) -> PropertyListValue? {
        if let write = pending[key] { return write.value }
        return server[key]?.value
    }

    /// Every visible key and value.
    var values: [String: PropertyListValue] {
        var result = server.compactMapValues(\.value)
        for write in pending.values { result[write.key] = write.value }
        return result
    }

    /// Pending writes in the order they were made.
    var pendingWrites: [PendingWrite] { pending.values.sorted { $0.writeID < $1.writeID } }

    /// Records a local write (nil removes) and returns it, to be sent; `size` is its quota size when known.
    mutating func write(_ value: PropertyListValue?, forKey key: String, size: Int? = nil) -> PendingWrite {
        let write = PendingWrite(key: key, value: value, writeID: nextWriteID)
        nextWriteID += 1
        pending[key] = write
        if let size, value != nil {
            measuredBytes += size - (sizes[key] ?? 0)
            sizes[key] = size
            unmeasured.remove(key)
        } else {
            unmeasured.insert(key)
        }
        return write
    }

    /// Takes in a whole snapshot. Keys the copy knew that the snapshot lacks were removed. A snapshot of a
    /// different store replaces everything, pending writes included (`accountChanged`).
    mutating func apply(_ snapshot: KeyValueSnapshot) -> (changed: [String], accountChanged: Bool) {
        let accountChanged = storeID != nil && storeID != snapshot.storeID
        storeID = snapshot.storeID
        let before = visible(Set(server.keys).union(snapshot.entries.map(\.key)).union(pending.keys))
        if accountChanged {
            server = [:]
            pending = [:]
        }
        let present = Set(snapshot.entries.map(\.key))
        for (key, known) in server where !present.contains(key) && known.revision <= snapshot.revision {
            server[key] = Known(value: nil, revision: snapshot.revision)
        }
        for entry in snapshot.entries { learn(entry) }
        return (changed(since: before), accountChanged)
    }

    /// Takes in changes pushed by the daemon.
    mutating func apply(_ entries: [KeyValueEntry]) -> [String] {
        let before = visible(Set(entries.map(\.key)))
        for entry in entries { learn(entry) }
        return changed(since: before)
    }

    /// The daemon stored (or, with no revision, had already stored) a write of this device.
    mutating func acknowledge(_ written: KeyValueWritten) -> [String] {
        guard let write = pending[written.key], write.writeID == written.writeID else { return [] }
        let before = visible([written.key])
        pending[written.key] = nil
        if let revision = written.revision {
            learn(KeyValueEntry(key: write.key, value: write.value, revision: revision, modified: .now, writer: ""))
        }
        return changed(since: before)
    }

    /// The daemon refused a write of this device: drop it (unless the daemon itself failed, then it is
    /// retried on the next connect) and adopt the daemon's value.
    mutating func reject(_ rejected: KeyValueRejected) -> [String] {
        let before = visible([rejected.key])
        if let write = pending[rejected.key], write.writeID == rejected.writeID, !rejected.reason.isRetriable {
            pending[rejected.key] = nil
        }
        if let current = rejected.current { learn(current) }
        return changed(since: before)
    }

    /// Adopts `entry` when it is newer than what the copy knows of its key.
    private mutating func learn(_ entry: KeyValueEntry) {
        guard entry.revision > server[entry.key]?.revision ?? 0 else { return }
        server[entry.key] = Known(value: entry.value, revision: entry.revision)
    }

    private func visible(_ keys: Set<String>) -> [String: PropertyListValue?] {
        Dictionary(uniqueKeysWithValues: keys.map { ($0, value(forKey: $0)) })
    }

    /// The keys whose visible value differs from `before` (to be measured again).
    private mutating func changed(since before: [String: PropertyListValue?]) -> [String] {
        let changed = before.filter { key, old in value(forKey: key) != old }.keys.sorted()
        unmeasured.formUnion(changed)
        return changed
    }
}

extension KeyValueStoreError {
    /// Whether the write may succeed if sent again (the daemon failed, not the write).
    var isRetriable: Bool {
        if case .storageFailed = self { return true }
        return false
    }
}
