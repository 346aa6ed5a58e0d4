import Foundation

/// The world's land as projected rings, computed once and shared by every frame.
public struct LandGeometry: Sendable {
    /// Every ring (outer boundaries and holes alike; they are filled even-odd).
    public let rings: [ProjectedRing]
    /// Finer land around the stores for close zoom (nil: the world file at every zoom).
    public var detail: LandDetail?

    /// The file name of the land geometry inside `Resources/Stores/`.
    public static let fileName = "world-land-110m.geojson"

    public init(rings: [ProjectedRing]) {
        self.rings = rings
    }

    /// Reads GeoJSON polygons and multipolygons.
    /// - Throws: `LandGeometryError.malformedGeoJSON` for invalid JSON, GeoJSON or positions.
    public init(geoJSON data: Data) throws {
        let node: GeoJSONNode
        do {
            node = try JSONDecoder().decode(GeoJSONNode.self, from: data)
        } catch {
            throw LandGeometryError.malformedGeoJSON(reason: String(describing: error))
        }
        var rings: [ProjectedRing] = []
        for polygon in node.polygons {
            for positions in polygon {
                let coordinates = try positions.map(Self.coordinate)
                if coordinates.count >= 3 { rings.append(ProjectedRing(coordinates: coordinates)) }
            }
        }
        self.rings = rings
    }

    /// Reads a GeoJSON file.
    public init(contentsOf url: URL) throws {
        try self.init(geoJSON: try LandGeometry.read(url))
    }

    /// Reads `Stores/world-land-110m.geojson` from the suite's resources directory, with the finer
    /// `Stores/land-detail-10m.geojson` for close zoom when it is there.
    public init(resourcesDirectory: URL) throws {
        try self.init(contentsOf: resourcesDirectory.appendingPathComponent("Stores/\(Self.fileName)"))
        let detailFile = resourcesDirectory.appendingPathComponent("Stores/\(LandDetail.fileName)")
        if FileManager.default.fileExists(atPath: detailFile.path) { detail = try LandDetail(contentsOf: detailFile) }
    }

    /// A land file's bytes, or `LandGeometryError.unreadable`.
    static func read(_ url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw LandGeometryError.unreadable(path: url.path, reason: error.localizedDescription)
        }
    }

    static func coordinate(_ position: [Double]) throws -> GeoCoordinate {
        guard position.count >= 2, (-180...180).contains(position[0]), (-90...90).contains(position[1])
        else {
            throw LandGeometryError.malformedGeoJSON(
                reason: "position \(position) is not [longitude, latitude]")
        }
        return GeoCoordinate(latitude: position[1], longitude: position[0])
    }
}
