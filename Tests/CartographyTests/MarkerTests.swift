import Testing
import TextWidth

@testable import Cartography

@Suite struct MarkerTests {
    // 10 columns show the world's width (36° a column); the world is 5 rows tall, centred on row 2.
    let size = MapSize(columns: 10, rows: 4)
    let viewport = MapViewport(center: GeoCoordinate(latitude: 0, longitude: 0), zoom: 0)
    let ocean = MapRenderer(land: LandGeometry(rings: []))

    @Test func storesInOneCellFormACluster() throws {
        let stores = [
            Fixtures.store("A", latitude: 1, longitude: 1),
            Fixtures.store("B", latitude: 2, longitude: 2),
            Fixtures.store("C", latitude: 1, longitude: 30),
            Fixtures.store("D", latitude: 1, longitude: -100),
        ]
        let frame = ocean.render(viewport: viewport, size: size, stores: stores)
        let cluster = try #require(frame.marker(column: 5, row: 1))
        #expect(cluster.kind == .cluster(3))
        #expect(cluster.storeIDs == ["A", "B", "C"])
        #expect(frame[5, 1] == MapCell(character: "3", kind: .cluster(3)))
        #expect(frame[2, 1] == MapCell(character: MapMarker.storeSymbol, kind: .store))
        #expect(frame.markers.count == 2)
    }

    @Test func neighboursMergeOnlyAtLowZoom() throws {
        let stores = [
            Fixtures.store("A", latitude: 1, longitude: 1),
            Fixtures.store("B", latitude: 1, longitude: 2),
            Fixtures.store("C", latitude: 1, longitude: 40),
        ]
        let merged = ocean.render(viewport: viewport, size: size, stores: stores)
        #expect(merged.markers.map(\.kind) == [.cluster(3)])
        #expect(merged.markers.first?.column == 5)
        var separate = ocean
        separate.clusterNeighboursBelowZoom = 0
        let frame = separate.render(viewport: viewport, size: size, stores: stores)
        #expect(frame.markers.map(\.kind) == [.cluster(2), .store])
        #expect(frame.markers.map(\.column) == [5, 6])
    }

    @Test func tenOrMoreShowAPlusButKeepTheCount() throws {
        let stores = (0..<12).map { Fixtures.store("S\($0)", latitude: 1, longitude: 1 + Double($0)) }
        let frame = ocean.render(viewport: viewport, size: size, stores: stores)
        #expect(frame[5, 1] == MapCell(character: "+", kind: .cluster(12)))
    }

    @Test func favouritesAndSelectionAreDistinct() {
        let stores = [
            Fixtures.store("A", latitude: 1, longitude: 1),
            Fixtures.store("F", latitude: 1, longitude: -100),
            Fixtures.store("G", latitude: 1, longitude: 100),
            Fixtures.store("H", latitude: 1, longitude: 105),
        ]
        var renderer = ocean
        renderer.clusterNeighboursBelowZoom = 0
        let frame = renderer.render(
            viewport: viewport, size: size, stores: stores, favourites: ["F", "G"], selected: "H")
        #expect(frame[2, 1] == MapCell(character: MapMarker.favouriteSymbol, kind: .favourite))
        #expect(frame[5, 1].kind == .store)
        // The selected store shares its cell with G: the cell shows the count, drawn as selected, so the
        // selection hides no store.
        #expect(frame[7, 1] == MapCell(character: "2", kind: .selected))
        #expect(frame.marker(column: 7, row: 1)?.storeIDs == ["G", "H"])
        let alone = renderer.render(viewport: viewport, size: size, stores: stores, selected: "A")
        #expect(alone.cells.contains(MapCell(character: MapMarker.selectedSymbol, kind: .selected)))
    }

    @Test func storesOffTheCanvasAreLeftOut() {
        let frame = ocean.render(
            viewport: MapViewport(center: GeoCoordinate(latitude: 0, longitude: 0), zoom: 4), size: size,
            stores: [Fixtures.store("A", latitude: 0, longitude: 90)])
        #expect(frame.markers.isEmpty)
        #expect(frame.cells.allSatisfy { $0.kind == .water })
    }

    @Test func markerSymbolsAreOneColumnWide() {
        TextWidth.ensureUTF8Locale()
        for symbol in [
            MapMarker.storeSymbol, MapMarker.favouriteSymbol, MapMarker.selectedSymbol, "+", "9",
        ] {
            #expect(TextWidth.of(symbol) == 1, "\(symbol)")
        }
    }

    @Test(arguments: [(0, 0), (1, 1), (0, 5), (3, 0)])
    func degenerateCanvasesRender(columns: Int, rows: Int) throws {
        let size = MapSize(columns: columns, rows: rows)
        let frame = MapRenderer(land: try Fixtures.land()).render(
            viewport: MapViewport.world, size: size,
            stores: [Fixtures.store("A", latitude: 0, longitude: 0)])
        #expect(frame.cells.count == columns * rows)
        #expect(frame.lines.count == rows)
    }
}
