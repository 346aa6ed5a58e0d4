import Foundation

/// A binary min-heap of deadlines: the soonest on top. Entries are never removed from the middle; a stale
/// one (its request replaced or removed) is recognised by its generation when it reaches the top.
struct DeadlineHeap<Key: Hashable> {
    struct Entry {
        var date: Date
        var generation: UInt64
        var key: Key
    }

    private var entries: [Entry] = []

    var count: Int { entries.count }
    var top: Entry? { entries.first }

    mutating func insert(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(entries[child], entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popTop() -> Entry? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let top = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, Self.before(entries[left], entries[smallest]) { smallest = left }
            if right < entries.count, Self.before(entries[right], entries[smallest]) { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }

    /// Rebuilds the heap from scratch (after every deadline was recomputed).
    mutating func replaceAll(with newEntries: [Entry]) {
        entries = []
        entries.reserveCapacity(newEntries.count)
        for entry in newEntries { insert(entry) }
    }

    private static func before(_ a: Entry, _ b: Entry) -> Bool {
        a.date < b.date || (a.date == b.date && a.generation < b.generation)
    }
}
