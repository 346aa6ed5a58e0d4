import Foundation
import Testing

@testable import Cartography

@Suite struct StoreIndexTests {
    let index = StoreIndex(stores: [
        Fixtures.store(
            "R1", latitude: 45.5, longitude: -73.57, name: "Sainte-Catherine", city: "Montréal",
            country: "CA"),
        Fixtures.store(
            "R2", latitude: 55.6, longitude: 13.0, name: "Emporia", city: "Malmö", country: "SE"),
        Fixtures.store(
            "R3", latitude: 47.37, longitude: 8.54, name: "Bahnhofstrasse", city: "Zürich", country: "CH"),
        Fixtures.store(
            "R4", latitude: 37.78, longitude: -122.41, name: "Union Square", city: "San Francisco",
            country: "US"),
        Fixtures.store(
            "R5", latitude: 57.14, longitude: -2.09, name: "Union Square", city: "Aberdeen", country: "GB"
        ),
        Fixtures.store(
            "R6", latitude: 40.76, longitude: -73.97, name: "Fifth Avenue", city: "New York",
            country: "US"),
    ])

    @Test func searchIgnoresCaseAndDiacritics() {
        #expect(index.search("MONTREAL").map(\.id) == ["R1"])
        #expect(index.search("malmo").map(\.id) == ["R2"])
        #expect(index.search("Malmö").map(\.id) == ["R2"])
        #expect(index.search("zurich").map(\.id) == ["R3"])
        #expect(index.search("  sainte-CATHÉRINE ").map(\.id) == ["R1"])
    }

    @Test func searchRanksPrefixesBeforeSubstrings() {
        // "a": Aberdeen starts with it, "Avenue" is a word that does, the rest contain it (by name).
        #expect(index.search("a").map(\.id) == ["R5", "R6", "R3", "R2", "R1", "R4"])
        // Equal names fall back to the id; "United States" is a country-name prefix.
        #expect(index.search("square").map(\.id) == ["R4", "R5"])
        #expect(index.search("un").map(\.id) == ["R6", "R4", "R5"])
        #expect(index.search("ven").map(\.id) == ["R6"])
        #expect(index.search("no such store").isEmpty)
    }

    @Test func searchMatchesCountries() {
        #expect(index.search("se").map(\.id).contains("R2"))
        #expect(Set(index.search("united states").map(\.id)) == ["R4", "R6"])
        #expect(index.search("switz").map(\.id) == ["R3"])
    }

    @Test func emptyQueryListsEveryStoreByName() {
        #expect(index.search("").map(\.name).first == "Bahnhofstrasse")
        #expect(index.search("").count == 6)
    }

    @Test func nearestFirst() {
        let newark = GeoCoordinate(latitude: 40.73, longitude: -74.17)
        #expect(
            StoreIndex.nearestFirst(index.stores, to: newark).map(\.id) == [
                "R6", "R1", "R4", "R5", "R2", "R3",
            ])
    }

    @Test func visibleStoresAreNearestToTheCentreFirst() {
        let europe = MapViewport(center: GeoCoordinate(latitude: 52, longitude: 5), zoom: 3)
        let visible = index.visible(in: europe, size: MapSize(columns: 80, rows: 24))
        // Zürich ≈ 580 km from the centre, Malmö ≈ 640 km, Aberdeen ≈ 720 km; the US stores are off screen.
        #expect(visible.map(\.id) == ["R3", "R2", "R5"])
    }

    @Test func favourites() {
        #expect(StoreIndex.favourites(index.stores, ids: ["R6", "R2"]).map(\.id) == ["R2", "R6"])
        // The sample keys favourites by slug; the two Union Squares share one, their URLs differ.
        let r5 = index.store(id: "R5")
        let stored = [
            "unionsquare": "https://www.apple.com/retail/r5/", "gone": "https://example.com/",
        ]
        #expect(index.favouriteIDs(favoritesIdentifiers: stored) == ["R5"])
        #expect(
            index.favoritesIdentifiers(for: ["R5", "R6"]) == [
                "r5": r5?.url ?? "", "r6": "https://www.apple.com/retail/r6/",
            ])
    }
}

/// Issue 24, item 8: exact matches of a field (state code, country code, city) above substrings; common
/// country and region names and codes; why each matched.
@Suite struct StoreSearchRankingTests {
    static let index: StoreIndex = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/Stores/apple-stores.json")
        return StoreIndex(stores: (try? StoreDataset(contentsOf: url).stores) ?? [])
    }()

    @Test(arguments: [("IL", "Illinois"), ("NY", "New York"), ("Bayern", "Bavaria"), ("nrw", "North Rhine-Westphalia")])
    func aRegionCodeOrNameFindsItsStoresFirst(_ query: String, _ region: String) throws {
        let found = Self.index.searchMatches(query)
        let first = try #require(found.first)
        #expect(first.store.region == region, "\(query) starts with \(first.store.name), \(first.store.city)")
        #expect(first.match?.kind == .exact)
        #expect(first.match?.summary.contains(region) == true)
        let count = Self.index.stores.filter { $0.region == region }.count
        #expect(found.prefix(count).allSatisfy { $0.store.region == region })
    }

    @Test(arguments: [
        ("UK", "GB"), ("gb", "GB"), ("USA", "US"), ("us", "US"), ("Deutschland", "DE"), ("Schweiz", "CH"),
    ])
    func aCountryCodeOrNameFindsItsStoresFirst(_ query: String, _ country: String) throws {
        let found = Self.index.searchMatches(query)
        let count = Self.index.stores.filter { $0.country == country }.count
        #expect(count > 0)
        #expect(found.prefix(count).allSatisfy { $0.store.country == country }, "\(found.prefix(3).map(\.store.name))")
        #expect(found.first?.match?.field == .country)
        #expect(found.first?.match?.summary.hasPrefix("country") == true)
    }

    @Test func aCityFirstThenPartsOfWords() throws {
        let found = Self.index.searchMatches("München")
        #expect(found.first?.store.city == "Munich")
        let uk = Self.index.searchMatches("UK")
        let fukuoka = try #require(uk.firstIndex { $0.store.name == "Fukuoka" })
        #expect(uk[fukuoka].match?.kind == .substring)
        #expect(uk[fukuoka].match?.summary.hasSuffix("(part)") == true)
        #expect(uk.prefix(fukuoka).allSatisfy { $0.store.country == "GB" })
    }
}
