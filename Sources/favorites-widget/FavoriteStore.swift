/// One favourite store as Stores writes it to the app group's `favorites.json`.
struct FavoriteStore: Codable, Equatable {
    var name: String
    var city: String
    /// The store page's slug (`unionsquare`); absent in files written before it was added.
    var slug: String?
}
