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
