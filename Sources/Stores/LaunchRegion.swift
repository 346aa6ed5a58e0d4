import Cartography
import Foundation

/// The region the map opens on at the device's location: 50 km across, as the sample's
/// `MKCoordinateRegion(center:latitudinalMeters:longitudinalMeters:)`.
public enum LaunchRegion {
    /// Metres across the region.
    public static let extent = 50_000.0
    /// Metres per degree of latitude (and of longitude at the equator).
    static let metresPerDegree = 111_320.0

    public static func around(_ center: GeoCoordinate) -> CoordinateRegion {
        let latitudeDelta = extent / metresPerDegree
        let cosine = max(cos(center.latitude * .pi / 180), 0.01)
        let longitudeDelta = min(extent / (metresPerDegree * cosine), 360)
        return CoordinateRegion(
            center: center, span: CoordinateSpan(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }
}
