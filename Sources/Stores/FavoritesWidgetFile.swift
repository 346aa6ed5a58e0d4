import BatonEnvironment
import Cartography
import Foundation

/// The app group file the Favorites widget reads: `favorites.json`, a JSON list of `{"name", "city", "slug"}`
/// (the slug names the store's page, so the widget's link opens it in Stores).
public enum FavoritesWidgetFile {
    public static let fileName = "favorites.json"

    /// One entry as the widget decodes it.
    struct Entry: Codable, Equatable {
        var name: String
        var city: String
        var slug: String
    }

    /// The file's contents for `stores`, by name.
    public static func data(for stores: [StoreRecord]) throws -> Data {
        let entries = stores.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.map {
            Entry(name: $0.name, city: $0.city, slug: $0.slug)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(entries)
    }

    /// Writes the file atomically into `directory` (created if needed).
    public static func write(_ stores: [StoreRecord], to directory: URL) throws {
        try PrivateFile.write(try data(for: stores), to: directory.appendingPathComponent(fileName))
    }
}
