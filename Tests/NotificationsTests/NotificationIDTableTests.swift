import Notifications
import Testing

/// Issue 39, item 4: the freedesktop server's ids are forgotten oldest first (as given or replaced), never the
/// smallest first, so one program's flood cannot take another's fresh id.
@Suite struct NotificationIDTableTests {
    @Test func theOldestIsForgottenNotTheSmallest() {
        var table = NotificationIDTable<String>(capacity: 3)
        for name in ["a", "b", "c"] { table.insert(name, for: table.allocate()) }  // ids 1, 2, 3
        // Program A replaces its id 1 (replaces_id): fresh again.
        table.insert("a again", for: 1)
        let evicted = table.insert("d", for: table.allocate())
        #expect(evicted.map(\.id) == [2])
        #expect(table[1] == "a again" && table[2] == nil && table[3] == "c" && table[4] == "d")
    }

    /// Ids wrapped past `UInt32.max` are small but new: the old large ones go first.
    @Test func wrappedIdsAreNewest() {
        var table = NotificationIDTable<Int>(capacity: 2)
        table.insert(1, for: UInt32.max - 1)
        table.insert(2, for: UInt32.max)
        let evicted = table.insert(3, for: 1)
        #expect(evicted.map(\.id) == [UInt32.max - 1])
        #expect(table[1] == 3 && table[UInt32.max] == 2)
    }

    @Test func allocationSkipsRememberedIdsAndChangesKeepTheAge() {
        var table = NotificationIDTable<String>(capacity: 4)
        table.insert("x", for: 1)
        #expect(table.allocate() == 2)
        table.insert("y", for: 2)
        table[1] = "x closing"  // changed in place: still the oldest
        let evicted = (3...5).flatMap { table.insert("n\($0)", for: UInt32($0)) }
        #expect(evicted.map(\.entry) == ["x closing"])
        #expect(table.remove(2) == "y" && table.count == 3)
    }

    /// Many removals and replacements keep the bookkeeping bounded and the order right.
    @Test func churnStaysBoundedAndOrdered() {
        var table = NotificationIDTable<Int>(capacity: 8)
        var evictedIDs: [UInt32] = []
        for round in 0..<1_000 {
            let id = table.allocate()
            evictedIDs += table.insert(round, for: id).map(\.id)
            if round % 3 == 1 { table.remove(id) }
        }
        #expect(table.count == 8)
        #expect(evictedIDs == evictedIDs.sorted())
    }
}
