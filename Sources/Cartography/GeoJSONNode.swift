/// A GeoJSON object reduced to the polygons it holds (FeatureCollection, Feature, Polygon,
/// MultiPolygon, GeometryCollection); points and lines are ignored.
struct GeoJSONNode: Decodable {
    /// Polygons, each a list of rings (outer first), each a list of [longitude, latitude, …] positions.
    let polygons: [[[[Double]]]]

    private enum Key: String, CodingKey {
        case type, features, geometry, geometries, coordinates
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        switch try container.decode(String.self, forKey: .type) {
        case "FeatureCollection":
            polygons = try container.decode([GeoJSONNode].self, forKey: .features).flatMap(\.polygons)
        case "Feature":
            polygons = try container.decodeIfPresent(GeoJSONNode.self, forKey: .geometry)?.polygons ?? []
        case "GeometryCollection":
            polygons = try container.decode([GeoJSONNode].self, forKey: .geometries).flatMap(\.polygons)
        case "Polygon":
            polygons = [try container.decode([[[Double]]].self, forKey: .coordinates)]
        case "MultiPolygon":
            polygons = try container.decode([[[[Double]]]].self, forKey: .coordinates)
        default:
            polygons = []
        }
    }
}
