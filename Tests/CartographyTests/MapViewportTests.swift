import Foundation
import Testing

@testable import Cartography

@Suite struct MapViewportTests {
    let size = MapSize(columns: 120, rows: 40)

    @Test func zoomZeroFitsTheWorldsWidth() {
        let transform = MapViewport.world.clamped(to: size).transform(for: size)
        #expect(transform.worldColumns == 120)
        #expect(abs(transform.column(ofX: 0)) < 1e-9)
        #expect(abs(transform.column(ofX: 1) - 120) < 1e-9)
        #expect(MapViewport.world.region(size: size).span.longitudeDelta == 360)
    }

    @Test func zoomIsLimited() {
        var viewport = MapViewport.world
        for _ in 0..<40 { viewport = viewport.zoomed(by: 1, size: size) }
        #expect(viewport.zoom == MapViewport.maximumZoom)
        for _ in 0..<40 { viewport = viewport.zoomed(by: -1, size: size) }
        #expect(viewport.zoom == MapViewport.minimumZoom)
        #expect(MapViewport(center: GeoCoordinate(latitude: 0, longitude: 0), zoom: -3).zoom == 0)
    }

    @Test func panMovesByAFractionOfTheView() {
        let start = MapViewport(center: GeoCoordinate(latitude: 0, longitude: 0), zoom: 3)
        let moved = start.panned(byWidths: 0.25, heights: 0, size: size)
        // At zoom 3 the view spans 45° of longitude; a quarter of it is 11.25°.
        #expect(abs(moved.center.longitude - 11.25) < 1e-9)
        #expect(abs(moved.center.latitude) < 1e-9)
        let north = start.panned(byWidths: 0, heights: -0.5, size: size)
        #expect(north.center.latitude > 0)
    }

    @Test func panStopsAtTheEdgesOfTheWorld() {
        var viewport = MapViewport(center: GeoCoordinate(latitude: 0, longitude: 0), zoom: 2)
        for _ in 0..<50 { viewport = viewport.panned(byWidths: 0.5, heights: -0.5, size: size) }
        let transform = viewport.transform(for: size)
        #expect(
            abs(transform.column(ofX: 1) - Double(size.columns)) < 1e-6, "east edge at the right border")
        #expect(abs(transform.row(ofY: 0)) < 1e-6, "north edge at the top border")
        // At zoom 0 the world is exactly as wide as the canvas: horizontal panning does nothing.
        let world = MapViewport.world.clamped(to: size)
        #expect(
            abs(
                world.panned(byWidths: 0.3, heights: 0, size: size).center.longitude
                    - world.center.longitude) < 1e-9)
    }

    @Test func regionRoundTrip() {
        let viewport = MapViewport(
            center: GeoCoordinate(latitude: 37.33, longitude: -122.03), zoom: 7.5)
        let region = viewport.region(size: size)
        #expect(abs(region.span.longitudeDelta - 360 / pow(2, 7.5)) < 1e-9)
        #expect(region.span.latitudeDelta > 0 && region.span.latitudeDelta < region.span.longitudeDelta)
        let back = MapViewport(region: region, size: size)
        #expect(back.center == viewport.center)
        #expect(abs(back.zoom - viewport.zoom) < 0.01)
    }

    @Test func regionFromTheSampleFitsBothSpans() {
        // The Stores sample opens on the continental US.
        let region = CoordinateRegion(
            center: GeoCoordinate(latitude: 39.5, longitude: -98.35),
            span: CoordinateSpan(latitudeDelta: 30, longitudeDelta: 60))
        let viewport = MapViewport(region: region, size: size)
        let shown = viewport.region(size: size)
        #expect(shown.span.longitudeDelta >= 60 - 1e-9)
        #expect(shown.span.latitudeDelta >= 30 - 1e-9)
        #expect(abs(shown.span.longitudeDelta - 60) < 1e-6 || abs(shown.span.latitudeDelta - 30) < 0.5)
    }

    @Test func degenerateRegionsZoomAllTheWayIn() {
        let point = CoordinateRegion(
            center: GeoCoordinate(latitude: 10, longitude: 10),
            span: CoordinateSpan(latitudeDelta: 0, longitudeDelta: 0))
        #expect(MapViewport(region: point, size: size).zoom == MapViewport.maximumZoom)
    }

    @Test func cellOfACoordinate() throws {
        // 10 columns show the whole world's width; the world is 5 rows tall, centred on row 2.
        let transform = MapViewport(center: GeoCoordinate(latitude: 0, longitude: 0), zoom: 0)
            .transform(for: MapSize(columns: 10, rows: 4))
        let northEast = try #require(transform.cell(of: GeoCoordinate(latitude: 1, longitude: 1)))
        #expect(northEast.column == 5 && northEast.row == 1)
        let southWest = try #require(transform.cell(of: GeoCoordinate(latitude: -1, longitude: -1)))
        #expect(southWest.column == 4 && southWest.row == 2)
        #expect(transform.cell(of: GeoCoordinate(latitude: 84, longitude: 0)) == nil, "above row 0")
    }
}
