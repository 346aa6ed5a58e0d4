import Stores
import Testing
import Wire

/// The merge of favourites: nothing marked on either side is lost, nothing removed here comes back.
@Suite struct FavouritesMergeTests {
    static func url(_ slug: String) -> PropertyListValue { .string("https://www.apple.com/retail/\(slug)/") }
    static func set(_ slugs: String...) -> [String: PropertyListValue] {
        Dictionary(uniqueKeysWithValues: slugs.map { ($0, url($0)) })
    }

    @Test func eachSidesOfflineMarkSurvives() {
        // Both started from {a}; this side marked b, the other c (which reached the server last).
        var merge = FavouritesMerge()
        merge.recordLocalChange(from: Self.set("a"), to: Self.set("a", "b"))
        #expect(merge.merge(Self.set("a", "c")) == Self.set("a", "b", "c"))
        // The other side's value may come again before it shows b: b is still put back.
        #expect(merge.merge(Self.set("a", "c", "d")) == Self.set("a", "b", "c", "d"))
        // Once a value shows b, the mark is forgotten: a later removal elsewhere stands.
        #expect(merge.merge(Self.set("a", "b", "c")) == Self.set("a", "b", "c"))
        #expect(merge.merge(Self.set("a", "c")) == Self.set("a", "c"))
        #expect(merge == FavouritesMerge())
    }

    @Test func aRemovalHereIsNotResurrectedByASideThatHadNotHeardOfIt() {
        var merge = FavouritesMerge()
        merge.recordLocalChange(from: Self.set("a", "b"), to: Self.set("b"))
        #expect(merge.merge(Self.set("a", "b", "c")) == Self.set("b", "c"))
        #expect(merge.merge(Self.set("b", "c")) == Self.set("b", "c"))
        #expect(merge.removals.isEmpty)
    }

    @Test func aMarkMadeAndUnmadeHereBeforeAnyValueCameBackLeavesOnlyTheRemoval() {
        var merge = FavouritesMerge()
        merge.recordLocalChange(from: Self.set("a"), to: Self.set("a", "b"))
        merge.recordLocalChange(from: Self.set("a", "b"), to: Self.set("a"))
        // The echo of the first write shows b: it stays removed.
        #expect(merge.merge(Self.set("a", "b")) == Self.set("a"))
    }

    @Test func withNoChangeHereTheIncomingValueIsTakenAsItIs() {
        var merge = FavouritesMerge()
        #expect(merge.merge(Self.set("x", "y")) == Self.set("x", "y"))
        #expect(merge.merge([:]) == [:])
    }

    @Test func aSlugRepointedHereWinsAndForgetDropsEveryChange() {
        var merge = FavouritesMerge()
        let repointed = ["a": PropertyListValue.string("https://www.apple.com/retail/other/")]
        merge.recordLocalChange(from: Self.set("a"), to: repointed)
        #expect(merge.merge(Self.set("a", "c")) == repointed.merging(Self.set("c")) { old, _ in old })
        merge.forget()
        #expect(merge.merge(Self.set("a")) == Self.set("a"))
    }
}
