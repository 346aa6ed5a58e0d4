/// The land geometry file could not be used.
public enum LandGeometryError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformedGeoJSON(reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read the land geometry \(path): \(reason)"
        case .malformedGeoJSON(let reason):
            "the land geometry is not usable GeoJSON: \(reason)"
        }
    }
}
