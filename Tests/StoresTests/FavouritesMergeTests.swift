import Stores
import Testing
import Wire

/// The three-way merge of favourites: nothing marked on either side is lost, nothing removed here comes back.
@Suite struct FavouritesMergeTests {
    static func url(_ slug: String) -> PropertyListValue { .string("https://www.apple.com/retail/\(slug)/") }
    static func set(_ slugs: String...) -> [String: PropertyListValue] {
        Dictionary(uniqueKeysWithValues: slugs.map { ($0, url($0)) })
    }

    @Test func eachSidesOfflineMarkSurvives() {
        // Both started from {a}; this side marked b, the other c (which reached the server last).
        #expect(FavouritesMerge.merged(base: Self.set("a"), local: Self.set("a", "b"), incoming: Self.set("a", "c"))
            == Self.set("a", "b", "c"))
    }

    @Test func aRemovalHereIsNotResurrectedByASideThatHadNotHeardOfIt() {
        #expect(FavouritesMerge.merged(base: Self.set("a", "b"), local: Self.set("b"), incoming: Self.set("a", "b", "c"))
            == Self.set("b", "c"))
    }

    @Test func aRemovalElsewhereIsKeptWhenThisSideDidNotTouchIt() {
        #expect(FavouritesMerge.merged(base: Self.set("a", "b"), local: Self.set("a", "b"), incoming: Self.set("b"))
            == Self.set("b"))
    }

    @Test func nothingChangedHereTakesTheIncomingValue() {
        let incoming = Self.set("x", "y")
        #expect(FavouritesMerge.merged(base: Self.set("a"), local: Self.set("a"), incoming: incoming) == incoming)
        #expect(FavouritesMerge.merged(base: [:], local: [:], incoming: [:]) == [:])
    }

    @Test func aSlugThisSideRepointedWins() {
        let local = ["a": PropertyListValue.string("https://www.apple.com/retail/other/")]
        #expect(FavouritesMerge.merged(base: Self.set("a"), local: local, incoming: Self.set("a", "c"))
            == local.merging(Self.set("c")) { old, _ in old })
    }
}
