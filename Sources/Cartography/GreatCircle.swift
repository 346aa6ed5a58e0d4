import Foundation

/// Great-circle distances on a spherical Earth (haversine formula).
public enum GreatCircle {
    /// The mean Earth radius in kilometres (IUGG).
    public static let earthRadiusKilometres = 6371.0088

    /// The distance between two coordinates in kilometres.
    public static func distance(from a: GeoCoordinate, to b: GeoCoordinate) -> Double {
        let phi1 = a.latitude * .pi / 180
        let phi2 = b.latitude * .pi / 180
        let deltaPhi = phi2 - phi1
        let deltaLambda = (b.longitude - a.longitude) * .pi / 180
        let h =
            sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2)
            * sin(deltaLambda / 2)
        return 2 * earthRadiusKilometres * asin(min(1, sqrt(h)))
    }
}
