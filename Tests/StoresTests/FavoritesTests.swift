import Cartography
import Foundation
import KeyValueStore
import Testing
import Wire

@testable import Stores

@Suite("favoritesIdentifiers and the widget's file")
struct FavoritesTests {
    static let alpha = StoresStateTests.store("A", 1, 1, name: "Alpha", city: "Ayr")
    static let bravo = StoresStateTests.store("B", 2, 2, name: "Bravo", city: "Bath")

    @Test("toggling adds slug → URL and removes it again")
    func toggle() throws {
        var favourites = try FavoritesIdentifiers(value: nil)
        let added = favourites.toggle(Self.alpha)
        #expect(added)
        #expect(favourites.value == .dictionary(["alpha": .string("https://www.apple.com/retail/alpha/")]))
        #expect(favourites.contains(Self.alpha))
        let removedAgain = favourites.toggle(Self.alpha)
        #expect(!removedAgain)
        #expect(favourites.value == .dictionary([:]))
    }

    @Test("entries this app does not understand are kept through toggles")
    func keepsUnknownEntries() throws {
        var favourites = try FavoritesIdentifiers(
            value: .dictionary([
                "odd": .int(3), "gone": .string("https://www.apple.com/retail/closed-store/"),
            ]))
        #expect(favourites.unsupportedSlugs == ["odd"])
        favourites.toggle(Self.bravo)
        #expect(favourites.entries["odd"] == .int(3))
        #expect(favourites.entries["gone"] == .string("https://www.apple.com/retail/closed-store/"))
        #expect(favourites.storeIDs(in: StoreIndex(stores: [Self.alpha, Self.bravo])) == ["B"])
    }

    @Test("a value that is not a dictionary is refused, naming what it is")
    func notADictionary() {
        #expect(throws: FavoritesError.notADictionary(found: "an array")) {
            try FavoritesIdentifiers(value: .array([.string("x")]))
        }
        #expect(FavoritesError.notADictionary(found: "a number").description.contains("read-only"))
    }

    @Test("the widget's file is a JSON list of name, city and slug, by name")
    func widgetFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "baton-group-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FavoritesWidgetFile.write([Self.bravo, Self.alpha], to: directory)
        let data = try Data(contentsOf: directory.appendingPathComponent("favorites.json"))
        let decoded = try JSONDecoder().decode([[String: String]].self, from: data)
        #expect(
            decoded == [
                ["name": "Alpha", "city": "Ayr", "slug": Self.alpha.slug],
                ["name": "Bravo", "city": "Bath", "slug": Self.bravo.slug],
            ])
    }
}

@Suite("Favourites through the key-value store")
struct KeyValueFavoritesTests {
    @Test("the favourites reload on the first sync, an account change, and changes naming their key")
    func concerns() {
        let key = FavoritesIdentifiers.key
        #expect(KeyValueFavorites.concernsFavourites(.init(reason: .initialSyncChange, changedKeys: [])))
        #expect(KeyValueFavorites.concernsFavourites(.init(reason: .accountChange, changedKeys: [])))
        #expect(KeyValueFavorites.concernsFavourites(.init(reason: .serverChange, changedKeys: ["a", key])))
        #expect(KeyValueFavorites.concernsFavourites(.init(reason: .quotaViolationChange, changedKeys: [key])))
        #expect(!KeyValueFavorites.concernsFavourites(.init(reason: .serverChange, changedKeys: ["other"])))
    }
}
