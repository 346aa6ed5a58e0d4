import Notifications
import Testing

@Suite struct RegionCrossingTests {
    let warsawCentre = Coordinate(latitude: 52.2297, longitude: 21.0122)
    let krakow = Coordinate(latitude: 50.0647, longitude: 19.9450)

    @Test func greatCircleDistanceMatchesKnownFigures() {
        // Warsaw–Kraków is about 252 km as the crow flies.
        let distance = warsawCentre.distance(to: krakow)
        #expect(abs(distance - 252_000) < 2_000)
        #expect(warsawCentre.distance(to: warsawCentre) == 0)
        // A quarter of the equator: π/2 · R.
        let quarter = Coordinate(latitude: 0, longitude: 0).distance(to: Coordinate(latitude: 0, longitude: 90))
        #expect(abs(quarter - Double.pi / 2 * Coordinate.earthRadius) < 0.001)
        // Across the antimeridian: 179.9 E to 179.9 W is 0.2° of longitude, not 359.8°.
        let across = Coordinate(latitude: 0, longitude: 179.9).distance(to: Coordinate(latitude: 0, longitude: -179.9))
        #expect(abs(across - 0.2 * Double.pi / 180 * Coordinate.earthRadius) < 0.01)
    }

    func request(_ id: String, _ region: Region) -> NotificationRequest {
        NotificationRequest(
            identifier: id, content: NotificationContent(title: id), trigger: .location(region, repeats: true))
    }

    @Test func entryAndExitFireOnlyWhenAsked() {
        let entering = Region(
            identifier: "in", latitude: warsawCentre.latitude, longitude: warsawCentre.longitude, radius: 1000)
        let leaving = Region(
            identifier: "out", latitude: warsawCentre.latitude, longitude: warsawCentre.longitude, radius: 1000,
            notifyOnEntry: false, notifyOnExit: true)
        let requests = [
            request("in", entering), request("out", leaving),
            NotificationRequest(
                identifier: "timer", content: NotificationContent(title: "t"),
                trigger: .timeInterval(seconds: 60, repeats: true)),
        ]
        let nearby = Coordinate(latitude: 52.2330, longitude: 21.0122)  // ~370 m north

        let arriving = RegionMonitor.firing(requests, from: krakow, to: nearby)
        #expect(arriving.map(\.request.identifier) == ["in"])
        #expect(arriving.map(\.crossing) == [.entry])

        let departing = RegionMonitor.firing(requests, from: nearby, to: krakow)
        #expect(departing.map(\.request.identifier) == ["out"])
        #expect(departing.map(\.crossing) == [.exit])

        #expect(RegionMonitor.firing(requests, from: nearby, to: warsawCentre).isEmpty)  // moving inside
        #expect(RegionMonitor.firing(requests, from: krakow, to: krakow).isEmpty)  // staying outside
    }

    @Test func anUnknownLocationIsOutside() {
        let region = Region(
            identifier: "r", latitude: warsawCentre.latitude, longitude: warsawCentre.longitude, radius: 500,
            notifyOnEntry: true, notifyOnExit: true)
        #expect(region.crossing(from: nil, to: warsawCentre) == .entry)  // a first fix inside
        #expect(region.crossing(from: warsawCentre, to: nil) == nil)  // losing the fix is not an exit
        #expect(region.crossing(from: nil, to: krakow) == nil)
    }

    @Test func theBoundaryCountsAsInside() {
        let region = Region(identifier: "r", latitude: 0, longitude: 0, radius: 1000)
        let onEdge = Coordinate(latitude: 0, longitude: 0)
        #expect(region.contains(onEdge))
        let justOutside = Coordinate(latitude: 1001 / Coordinate.earthRadius * 180 / Double.pi, longitude: 0)
        #expect(!region.contains(justOutside))
    }
}
