import Cartography
import Foundation
import Stores
import Testing

@Suite("Stores state: list, selection, filters, region")
struct StoresStateTests {
    static func store(_ id: String, _ latitude: Double, _ longitude: Double, name: String, city: String = "Town")
        -> StoreRecord
    {
        StoreRecord(
            id: id, name: name, slug: name.lowercased(), address: "", city: city, region: "", postalCode: "",
            country: "US", coordinate: GeoCoordinate(latitude: latitude, longitude: longitude), precision: .store,
            timezone: "UTC", url: "https://www.apple.com/retail/\(name.lowercased())/")
    }

    static let index = StoreIndex(stores: [
        store("A", 37.78, -122.40, name: "Alpha", city: "San Francisco"),
        store("B", 37.44, -122.16, name: "Bravo", city: "Palo Alto"),
        store("C", 51.51, -0.14, name: "Charlie", city: "London"),
        store("D", 40.76, -73.97, name: "Delta", city: "New York"),
    ])

    static func state(region: CoordinateRegion? = nil) -> StoresState {
        var state = StoresState(index: index, mapSize: MapSize(columns: 80, rows: 24))
        if let region { state.show(region: region) }
        return state
    }

    static let bayArea = CoordinateRegion(
        center: GeoCoordinate(latitude: 37.7, longitude: -122.3),
        span: CoordinateSpan(latitudeDelta: 1, longitudeDelta: 1))

    @Test("the list shows the stores in view, nearest to the centre first, and selects the nearest")
    func nearby() {
        let state = Self.state(region: Self.bayArea)
        #expect(state.rows.map(\.id) == ["A", "B"])
        #expect(state.selectedID == "A")
        #expect(state.query == nil)
    }

    @Test("the whole world lists every store")
    func world() {
        #expect(Self.state().rows.count == 4)
    }

    @Test("search lists all matching stores and selects the first; nil returns to the stores in view")
    func search() {
        var state = Self.state(region: Self.bayArea)
        state.search("london")
        #expect(state.rows.map(\.id) == ["C"])
        #expect(state.selectedID == "C")
        state.search(nil)
        #expect(state.rows.map(\.id) == ["A", "B"])
        #expect(state.selectedID == "A")
    }

    @Test("choosing a row moves the map to the store and keeps the list's order")
    func selectRow() {
        var state = Self.state(region: Self.bayArea)
        state.selectRow(1)
        #expect(state.selectedID == "B")
        #expect(abs(state.viewport.center.latitude - 37.44) < 1e-9)
        #expect(abs(state.viewport.center.longitude - -122.16) < 1e-9)
        #expect(state.viewport.zoom >= StoresState.selectionZoom)
        #expect(state.rows.map(\.id) == ["A", "B"])
        state.selectRow(7)
        #expect(state.selectedID == "B")
    }

    @Test("panning recomputes the list; a selection that left the view moves to the nearest store")
    func panning() {
        var state = Self.state(region: Self.bayArea)
        state.selectRow(1)
        for _ in 0..<20 { state.pan(byWidths: 1, heights: 0) }
        #expect(!state.rows.contains { $0.id == "B" })
        #expect(state.selectedID == state.rows.first?.id)
    }

    @Test("favourites only filters either list, and follows the favourites as they change")
    func favouritesOnly() {
        var state = Self.state()
        state.setFavourites(["B", "D"])
        state.toggleFavouritesOnly()
        #expect(Set(state.rows.map(\.id)) == ["B", "D"])
        state.setFavourites(["D"])
        #expect(state.rows.map(\.id) == ["D"])
        state.search("alpha")
        #expect(state.rows.isEmpty)
        state.toggleFavouritesOnly()
        #expect(state.rows.map(\.id) == ["A"])
    }

    @Test("details open for the selected store, else the first row, and close")
    func details() {
        var state = Self.state(region: Self.bayArea)
        let opened = state.openDetails()
        #expect(opened)
        #expect(state.detailsStore?.id == "A")
        state.closeDetails()
        #expect(state.detailsID == nil)
        var empty = StoresState()
        let openedEmpty = empty.openDetails()
        #expect(!openedEmpty)
    }

    @Test("a region shown from outside is fitted again when the map changes size, until the user moves it")
    func regionFitsThroughResize() {
        var state = Self.state(region: Self.bayArea)
        let small = state.viewport.zoom
        state.resize(to: MapSize(columns: 160, rows: 10))
        #expect(state.viewport.zoom < small)
        #expect(state.region.span.latitudeDelta >= 0.99)
        state.zoom(by: -2)
        let zoomed = state.viewport.zoom
        state.resize(to: MapSize(columns: 80, rows: 24))
        #expect(state.viewport.zoom == zoomed)
    }

    @Test("stores by URL (with or without the trailing slash) and by a link's slug")
    func lookups() throws {
        let dataset = try StoreDataset(resourcesDirectory: StoresHarness.resources)
        let state = StoresState(index: StoreIndex(stores: dataset.stores))
        #expect(state.store(slug: "unionsquare")?.city == "San Francisco")
        #expect(state.store(slug: "regentstreet")?.city == "London")
        #expect(state.store(slug: "nowhere") == nil)
        #expect(state.store(url: "https://www.apple.com/uk/retail/unionsquare")?.city == "Aberdeen")
    }

    @Test("the wheel zooms about the pointer: the place under it stays there (mapscii)")
    func zoomAboutThePointer() {
        var state = Self.state(region: Self.bayArea)
        let before = state.viewport
        // A pointer three quarters across and a quarter down: north-east of the centre.
        let (column, row) = (60, 6)
        let pointBefore = before.transform(for: state.mapSize)
        state.zoom(by: 1, aboutColumn: column, row: row)
        let after = state.viewport
        #expect(after.zoom == before.zoom + 1)
        #expect(after.center.longitude > before.center.longitude)
        #expect(after.center.latitude > before.center.latitude)
        // A point near the pointer moves away from the pointer (twice as far), not from the centre: the
        // place under the pointer stays under it.
        let probe = GeoCoordinate(latitude: 37.75, longitude: -122.0)
        let cellBefore = pointBefore.cell(of: probe)
        let cellAfter = after.transform(for: state.mapSize).cell(of: probe)
        if let cellBefore, let cellAfter {
            let offsetBefore = abs(cellBefore.column - column)
            let offsetAfter = abs(cellAfter.column - column)
            #expect(abs(offsetAfter - 2 * offsetBefore) <= 2, "before \(cellBefore), after \(cellAfter)")
        }
    }

    @Test("region, state and postal code are searchable")
    func searchByRegionAndPostalCode() {
        let tokyo = StoreRecord(
            id: "R", name: "Ginza", slug: "ginza", address: "", city: "Chuo-ku", region: "Tokyo", postalCode: "104-0061",
            country: "JP", coordinate: GeoCoordinate(latitude: 35.67, longitude: 139.76), precision: .store,
            timezone: "Asia/Tokyo", url: "https://www.apple.com/jp/retail/ginza/")
        let index = StoreIndex(stores: [tokyo] + Self.index.stores)
        #expect(index.search("Tokyo").map(\.id) == ["R"])
        #expect(index.search("104-0061").map(\.id) == ["R"])
    }
}
