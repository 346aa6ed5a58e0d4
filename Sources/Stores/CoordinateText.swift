import Cartography
import Foundation

/// Coordinates as people read them: `37.7887°N 122.4075°W`.
enum CoordinateText {
    static func format(_ coordinate: GeoCoordinate, decimals: Int = 4) -> String {
        let latitude = String(
            format: "%.\(decimals)f°%@", abs(coordinate.latitude), coordinate.latitude < 0 ? "S" : "N")
        let longitude = String(
            format: "%.\(decimals)f°%@", abs(coordinate.longitude), coordinate.longitude < 0 ? "W" : "E")
        return "\(latitude) \(longitude)"
    }

    /// The English name of an ISO country code, with the code: `United States (US)`.
    static func country(_ code: String) -> String {
        guard let name = Locale(identifier: "en_US").localizedString(forRegionCode: code), name != code else {
            return code
        }
        return "\(name) (\(code))"
    }
}
