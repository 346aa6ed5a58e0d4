import Foundation
import Testing

@testable import Cartography

/// Paths and shared data for the Cartography tests.
enum Fixtures {
    /// The repository's `Resources/` directory, found from this file's location.
    static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources", isDirectory: true)

    static func land() throws -> LandGeometry {
        try LandGeometry(resourcesDirectory: resources)
    }

    static func dataset() throws -> StoreDataset {
        try StoreDataset(resourcesDirectory: resources)
    }

    /// A store at a coordinate, every other field filled in.
    static func store(
        _ id: String, latitude: Double, longitude: Double, name: String? = nil, city: String = "Town",
        country: String = "US"
    )
        -> StoreRecord
    {
        StoreRecord(
            id: id, name: name ?? "Store \(id)", slug: id.lowercased(), address: "", city: city,
            region: "",
            postalCode: "", country: country,
            coordinate: GeoCoordinate(latitude: latitude, longitude: longitude),
            precision: .store, timezone: "UTC", url: "https://www.apple.com/retail/\(id.lowercased())/")
    }
}
