import Foundation

/// The store list prepared for the Stores app: lookup by id, search, what is on screen nearest
/// first, and favourites.
public struct StoreIndex: Sendable {
    /// All stores, in dataset order.
    public let stores: [StoreRecord]
    private let byID: [String: Int]
    private let fields: [[SearchField]]

    public init(stores: [StoreRecord]) {
        self.stores = stores
        var byID: [String: Int] = [:]
        for (index, store) in stores.enumerated() where byID[store.id] == nil { byID[store.id] = index }
        self.byID = byID
        var names: [String: String?] = [:]
        fields = stores.map { store in
            let name = names[store.country] ?? Self.countryName(store.country)
            names[store.country] = name
            return SearchField.fields(of: store, countryName: name)
        }
    }

    /// The store with this id.
    public func store(id: String) -> StoreRecord? {
        byID[id].map { stores[$0] }
    }

    /// Stores whose name, city, region or state, postal code or country match `query`, ignoring case and
    /// diacritics; countries, regions and cities also by their codes and other common names (UK, USA, IL,
    /// Bayern, Deutschland, München). A whole field first (a state code, a country code, a city), then a field
    /// that starts with it, a word that does, any substring; by name within each. An empty query returns every
    /// store by name.
    public func search(_ query: String) -> [StoreRecord] { searchMatches(query).map(\.store) }

    /// `search(_:)` with why each store matched (nil for the empty query).
    public func searchMatches(_ query: String) -> [(store: StoreRecord, match: SearchMatch?)] {
        let folded = SearchKey.fold(query.trimmingCharacters(in: .whitespacesAndNewlines))
        var ranked: [(store: StoreRecord, match: SearchMatch?)] = []
        for (index, store) in stores.enumerated() {
            if folded.isEmpty {
                ranked.append((store, nil))
            } else if let best = fields[index].compactMap({ $0.match(folded) }).min(by: { $0.kind < $1.kind }) {
                ranked.append((store, best))
            }
        }
        return ranked.sorted { a, b in
            let rankA = a.match?.kind.rawValue ?? 0
            let rankB = b.match?.kind.rawValue ?? 0
            if rankA != rankB { return rankA < rankB }
            if a.store.name != b.store.name { return a.store.name < b.store.name }
            return a.store.id < b.store.id
        }
    }

    /// The stores shown by `viewport` on a canvas of `size`, nearest to its centre first.
    public func visible(in viewport: MapViewport, size: MapSize) -> [StoreRecord] {
        let transform = viewport.transform(for: size)
        return Self.nearestFirst(
            stores.filter { transform.cell(of: $0.coordinate) != nil }, to: viewport.center)
    }

    /// `stores` sorted by great-circle distance from `point`, nearest first (ties by id).
    public static func nearestFirst(_ stores: [StoreRecord], to point: GeoCoordinate) -> [StoreRecord] {
        stores.map { (distance: GreatCircle.distance(from: point, to: $0.coordinate), store: $0) }
            .sorted { a, b in a.distance != b.distance ? a.distance < b.distance : a.store.id < b.store.id
            }
            .map(\.store)
    }

    /// The favourite stores among `stores`, in the same order.
    public static func favourites(_ stores: [StoreRecord], ids: Set<String>) -> [StoreRecord] {
        stores.filter { ids.contains($0.id) }
    }

    /// The ids of the stores named by the sample's `favoritesIdentifiers` value (slug → store URL).
    /// Slugs are not unique, so a store matches by its URL (unique); entries naming no store are ignored.
    public func favouriteIDs(favoritesIdentifiers: [String: String]) -> Set<String> {
        let urls = Set(favoritesIdentifiers.values)
        return Set(stores.filter { urls.contains($0.url) }.map(\.id))
    }

    /// The `favoritesIdentifiers` value for a set of favourite store ids. The format is keyed by
    /// slug, so of two favourites sharing a slug only the one with the greater id is kept.
    public func favoritesIdentifiers(for ids: Set<String>) -> [String: String] {
        var result: [String: String] = [:]
        for id in ids.sorted() {
            if let store = store(id: id) { result[store.slug] = store.url }
        }
        return result
    }

    private static func countryName(_ code: String) -> String? {
        Locale(identifier: "en_US").localizedString(forRegionCode: code)
    }
}
