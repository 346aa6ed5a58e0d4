import Cartography
import Wire

/// The sample's `favoritesIdentifiers` value: a dictionary of store slug → store URL string.
///
/// Entries this app does not understand (a value that is not a string, a URL naming no store) are kept
/// as they are, so toggling a favourite never loses another device's data.
public struct FavoritesIdentifiers: Sendable, Hashable {
    /// The key in the key-value store.
    public static let key = "favoritesIdentifiers"

    /// Every entry as stored.
    public private(set) var entries: [String: PropertyListValue]

    public init(entries: [String: PropertyListValue] = [:]) {
        self.entries = entries
    }

    /// Reads a stored value; a value that is not a dictionary is refused (and left untouched).
    public init(value: PropertyListValue?) throws(FavoritesError) {
        switch value {
        case nil, .null: entries = [:]
        case .dictionary(let dictionary): entries = dictionary
        case .some(let other): throw .notADictionary(found: Self.kindName(other))
        }
    }

    /// The slug → URL entries whose value is a string.
    public var urls: [String: String] {
        entries.compactMapValues { value in
            if case .string(let url) = value { return url }
            return nil
        }
    }

    /// The slugs whose value is not a string (kept, but shown as a problem).
    public var unsupportedSlugs: [String] {
        entries.filter { if case .string = $0.value { false } else { true } }.keys.sorted()
    }

    /// The favourite store ids among `index`.
    public func storeIDs(in index: StoreIndex) -> Set<String> {
        index.favouriteIDs(favoritesIdentifiers: urls)
    }

    /// Whether `store` is a favourite.
    public func contains(_ store: StoreRecord) -> Bool {
        urls.values.contains(store.url)
    }

    /// Adds `store` under its slug (replacing another store with the same slug, as the sample's format must).
    public mutating func add(_ store: StoreRecord) {
        entries[store.slug] = .string(store.url)
    }

    /// Removes every entry naming `store`.
    public mutating func remove(_ store: StoreRecord) {
        for (slug, url) in urls where url == store.url { entries[slug] = nil }
    }

    /// Adds or removes `store`; returns whether it is now a favourite.
    @discardableResult
    public mutating func toggle(_ store: StoreRecord) -> Bool {
        if contains(store) {
            remove(store)
            return false
        }
        add(store)
        return true
    }

    /// The value to store.
    public var value: PropertyListValue { .dictionary(entries) }

    static func kindName(_ value: PropertyListValue) -> String {
        switch value {
        case .string: "a string"
        case .int, .double: "a number"
        case .bool: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .url: "a URL"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .set: "a set"
        case .null: "null"
        }
    }
}

/// Why the favourites could not be read or saved.
public enum FavoritesError: Error, Sendable, Hashable, CustomStringConvertible {
    case notADictionary(found: String)
    case unavailable
    case saveFailed(String)

    public var description: String {
        switch self {
        case .notADictionary(let found):
            "favoritesIdentifiers holds \(found), not a dictionary of slug → URL; favourites are read-only until it is fixed"
        case .unavailable: "favourites are not available: the key-value store is not connected"
        case .saveFailed(let reason): "cannot save favourites: \(reason)"
        }
    }
}
