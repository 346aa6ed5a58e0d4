/// The extent of a region in degrees, as `MKCoordinateSpan`.
public struct CoordinateSpan: Sendable, Hashable, Codable {
    public var latitudeDelta: Double
    public var longitudeDelta: Double

    public init(latitudeDelta: Double, longitudeDelta: Double) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}

/// A map region as Apple's Stores sample describes it (`MKCoordinateRegion`): a centre and a span.
public struct CoordinateRegion: Sendable, Hashable, Codable {
    public var center: GeoCoordinate
    public var span: CoordinateSpan

    public init(center: GeoCoordinate, span: CoordinateSpan) {
        self.center = center
        self.span = span
    }
}
