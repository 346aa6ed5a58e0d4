import Foundation
import Testing
import Wire

@testable import AccountLink

/// A home from another account keeps aside what it held at the join, and only that: the flake of
/// `RejoinTests.aHomeFromAnotherAccount…` was a marker written right after the join, before the new link had read
/// the store, kept aside with the old account's keys (so never sent).
struct KeepAsidePlanTests {
    static func entry(_ key: String, _ value: String?, _ revision: Int64, writer: String = "laptop") -> KeyValueEntry {
        KeyValueEntry(
            key: key, value: value.map { .string($0) }, revision: revision, modified: Date(timeIntervalSince1970: 0),
            writer: writer)
    }

    static let store = [
        entry("alice.private", "a", 1), entry("alice.shared", "s", 2), entry("alice.gone", nil, 3),
        entry("marker", "m", 5),
    ]

    @Test func aWriteAfterTheJoinIsNeitherKeptAsideNorTakenForSent() {
        let plan = KeepAsidePlan(entries: Self.store, bring: .keys(["alice.shared"]), joinRevision: 4)
        #expect(plan.aside == ["alice.private": .string("a")])
        #expect(plan.brought.map(\.key) == ["alice.shared"])
        // The marker (revision 5) is above what counts as sent: the link sends it.
        #expect(plan.sentThrough == 4)
    }

    @Test func withoutTheJoinsRevisionEverythingReadFirstIsTheOtherAccounts() {
        let plan = KeepAsidePlan(entries: Self.store, bring: .keys([]), joinRevision: nil)
        #expect(plan.aside.keys.sorted() == ["alice.private", "alice.shared", "marker"])
        #expect(plan.brought.isEmpty)
        #expect(plan.sentThrough == 5)
    }

    @Test func bringAllBringsWhatWasHeldAtTheJoinOnly() {
        let plan = KeepAsidePlan(entries: Self.store, bring: .all, joinRevision: 2)
        #expect(plan.aside.isEmpty)
        #expect(plan.brought.map(\.key) == ["alice.private", "alice.shared"])
        #expect(plan.sentThrough == 2)
    }
}
