/// The ids a freedesktop notification server hands out (`Notify`'s answer, the id `CloseNotification` and the
/// signals name) with what each stands for, at most `capacity` of them: past it, the one given or replaced
/// longest ago is forgotten, whichever program it belongs to. (Forgetting the smallest id instead let a
/// program's fresh notification be forgotten first once ids were reused through `replaces_id` or had wrapped,
/// and its `CloseNotification` then closed nothing.)
public struct NotificationIDTable<Entry> {
    public let capacity: Int
    private var entries: [UInt32: (entry: Entry, stamp: UInt64)] = [:]
    /// Ids oldest first, each with the stamp it had then: a pair whose id was removed or given again since
    /// is stale and skipped.
    private var order: [(id: UInt32, stamp: UInt64)] = []
    private var head = 0
    private var nextStamp: UInt64 = 0
    private var nextID: UInt32 = 1

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// How many ids are remembered.
    public var count: Int { entries.count }

    /// What `id` stands for; setting changes it in place (its age stays), setting nil forgets it.
    public subscript(id: UInt32) -> Entry? {
        get { entries[id]?.entry }
        set {
            guard let newValue else {
                entries[id] = nil
                return
            }
            entries[id]?.entry = newValue
        }
    }

    /// A new id: the next one not remembered (1 after `UInt32.max`; 0 is never given).
    public mutating func allocate() -> UInt32 {
        while true {
            let id = nextID
            nextID = nextID == UInt32.max ? 1 : nextID + 1
            if entries[id] == nil { return id }
        }
    }

    /// Remembers `entry` for `id` as the newest (a replaced one too: it was just shown again); returns what was
    /// forgotten to make room, oldest first.
    @discardableResult
    public mutating func insert(_ entry: Entry, for id: UInt32) -> [(id: UInt32, entry: Entry)] {
        nextStamp += 1
        entries[id] = (entry, nextStamp)
        order.append((id, nextStamp))
        var evicted: [(id: UInt32, entry: Entry)] = []
        while entries.count > capacity, head < order.count {
            let oldest = order[head]
            head += 1
            if let kept = entries[oldest.id], kept.stamp == oldest.stamp {
                entries[oldest.id] = nil
                evicted.append((oldest.id, kept.entry))
            }
        }
        compact()
        return evicted
    }

    /// Forgets `id`; what it stood for, if it was remembered.
    @discardableResult
    public mutating func remove(_ id: UInt32) -> Entry? { entries.removeValue(forKey: id)?.entry }

    /// Drops the stale and consumed pairs once they outnumber the live ones, so `order` stays within twice the
    /// capacity.
    private mutating func compact() {
        guard order.count - head > 2 * capacity || head > capacity else { return }
        order = order[head...].filter { entries[$0.id]?.stamp == $0.stamp }
        head = 0
    }
}

extension NotificationIDTable: Sendable where Entry: Sendable {}
