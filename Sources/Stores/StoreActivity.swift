import Cartography
import Wire

/// The two activity types of Apple's HandoffMapViewer sample and their `userInfo`, with the sample's keys.
public enum StoreActivity {
    /// Looking at the map: the region's centre and span.
    public static let mapViewingType = "com.example.apple-samplecode.HandoffMapViewer.map-viewing"
    /// The details of one store are open: the region plus the store's URL and coordinates.
    public static let storeEditingType = "com.example.apple-samplecode.HandoffMapViewer.store-editing"

    public static let mapViewingTitle = "Viewing Map"
    /// The store-editing activity's title before a store is open (the dock names the store once one is).
    public static let storeEditingTitle = "Store"

    /// The title of the activity showing `store`: its name and city ("Union Square, San Francisco").
    public static func title(of store: StoreRecord) -> String {
        store.city.isEmpty || store.name.contains(store.city) ? store.name : "\(store.name), \(store.city)"
    }

    /// The sample's `userInfo` keys.
    public enum Key {
        static let prefix = "com.example.apple-samplecode.HandoffMapViewer."
        public static let regionCenterLatitude = prefix + "regionCenterLatitude"
        public static let regionCenterLongitude = prefix + "regionCenterLongitude"
        public static let regionSpanLatitude = prefix + "regionSpanLatitude"
        public static let regionSpanLongitude = prefix + "regionSpanLongitude"
        public static let storeEditingURL = prefix + "storeEditingURL"
        public static let storeEditingLatitude = prefix + "storeEditingLatitude"
        public static let storeEditingLongitude = prefix + "storeEditingLongitude"
    }

    /// The keys a map-viewing activity needs (its `requiredUserInfoKeys`).
    public static let mapViewingKeys: Set<String> = [
        Key.regionCenterLatitude, Key.regionCenterLongitude, Key.regionSpanLatitude, Key.regionSpanLongitude,
    ]

    /// The keys a store-editing activity needs.
    public static let storeEditingKeys: Set<String> = mapViewingKeys.union([
        Key.storeEditingURL, Key.storeEditingLatitude, Key.storeEditingLongitude,
    ])

    /// The `userInfo` of a map-viewing activity.
    public static func userInfo(region: CoordinateRegion) -> [String: PropertyListValue] {
        [
            Key.regionCenterLatitude: .double(region.center.latitude),
            Key.regionCenterLongitude: .double(region.center.longitude),
            Key.regionSpanLatitude: .double(region.span.latitudeDelta),
            Key.regionSpanLongitude: .double(region.span.longitudeDelta),
        ]
    }

    /// The `userInfo` of a store-editing activity.
    public static func userInfo(region: CoordinateRegion, store: StoreRecord) -> [String: PropertyListValue] {
        userInfo(region: region).merging([
            Key.storeEditingURL: .string(store.url),
            Key.storeEditingLatitude: .double(store.coordinate.latitude),
            Key.storeEditingLongitude: .double(store.coordinate.longitude),
        ]) { _, new in new }
    }

    /// The region a continued activity carries, checked: both coordinates in range, spans positive.
    public static func region(from userInfo: [String: PropertyListValue]) throws(StoreActivityError)
        -> CoordinateRegion
    {
        let latitude = try number(Key.regionCenterLatitude, in: userInfo)
        let longitude = try number(Key.regionCenterLongitude, in: userInfo)
        let spanLatitude = try number(Key.regionSpanLatitude, in: userInfo)
        let spanLongitude = try number(Key.regionSpanLongitude, in: userInfo)
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw .outOfRange("centre \(latitude), \(longitude) is not a coordinate")
        }
        guard spanLatitude > 0, spanLatitude <= 180, spanLongitude > 0, spanLongitude <= 360 else {
            throw .outOfRange("span \(spanLatitude)° × \(spanLongitude)° is not a region's extent")
        }
        return CoordinateRegion(
            center: GeoCoordinate(latitude: latitude, longitude: longitude),
            span: CoordinateSpan(latitudeDelta: spanLatitude, longitudeDelta: spanLongitude))
    }

    /// The store URL a store-editing activity carries.
    public static func storeURL(from userInfo: [String: PropertyListValue]) throws(StoreActivityError) -> String {
        guard let value = userInfo[Key.storeEditingURL] else { throw .missing(Key.storeEditingURL) }
        switch value {
        case .string(let text): return text
        case .url(let url): return url.absoluteString
        default: throw .wrongType(Key.storeEditingURL, expected: "a URL string")
        }
    }

    private static func number(_ key: String, in userInfo: [String: PropertyListValue]) throws(StoreActivityError)
        -> Double
    {
        switch userInfo[key] {
        case .double(let value) where value.isFinite: return value
        case .int(let value): return Double(value)
        case nil: throw .missing(key)
        default: throw .wrongType(key, expected: "a number")
        }
    }
}

/// Why a continued activity's `userInfo` could not be restored.
public enum StoreActivityError: Error, Sendable, Hashable, CustomStringConvertible {
    case missing(String)
    case wrongType(String, expected: String)
    case outOfRange(String)

    public var description: String {
        switch self {
        case .missing(let key): "the activity has no \(Self.shortName(key))"
        case .wrongType(let key, let expected): "the activity's \(Self.shortName(key)) is not \(expected)"
        case .outOfRange(let detail): "the activity's region is out of range: \(detail)"
        }
    }

    private static func shortName(_ key: String) -> String {
        String(key.split(separator: ".").last ?? Substring(key))
    }
}
