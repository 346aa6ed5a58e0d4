import Foundation
import Notifications

/// Whether a point lies in a circular region: the great-circle (haversine) distance to its centre.
enum RegionDistance {
    static let earthRadius = 6_371_008.8

    static func contains(_ region: Region, _ point: (Double, Double)) -> Bool {
        metres(from: (region.latitude, region.longitude), to: point) <= region.radius
    }

    static func metres(from a: (Double, Double), to b: (Double, Double)) -> Double {
        let (lat1, lat2) = (a.0 * .pi / 180, b.0 * .pi / 180)
        let dLat = lat2 - lat1
        let dLon = (b.1 - a.1) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }
}
