/// One Apple Store from the dataset (`Resources/Stores/apple-stores.json`). `id` is the unique key;
/// `slug` is not unique (two country sites share `unionsquare`).
public struct StoreRecord: Sendable, Hashable, Identifiable {
    public let id: String
    public let name: String
    public let slug: String
    public let address: String
    public let city: String
    public let region: String
    public let postalCode: String
    /// ISO 3166-1 alpha-2 code.
    public let country: String
    public let coordinate: GeoCoordinate
    public let precision: CoordinatePrecision
    /// IANA time-zone name (possibly a backward-compatible alias such as `US/Arizona`).
    public let timezone: String
    public let url: String

    public init(
        id: String, name: String, slug: String, address: String, city: String, region: String,
        postalCode: String, country: String, coordinate: GeoCoordinate, precision: CoordinatePrecision,
        timezone: String, url: String
    ) {
        self.id = id
        self.name = name
        self.slug = slug
        self.address = address
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.coordinate = coordinate
        self.precision = precision
        self.timezone = timezone
        self.url = url
    }
}

/// How exactly a store's coordinate places it.
public enum CoordinatePrecision: String, Sendable, Hashable, CaseIterable {
    /// The store's own position.
    case store
    /// The centre of its city or metropolitan core (possibly tens of kilometres away).
    case city
}
