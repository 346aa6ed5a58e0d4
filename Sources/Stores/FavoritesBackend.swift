import Wire

/// Where the favourites live: the account's key-value store in the suite, a dictionary in tests.
///
/// Used on the UI thread only.
public protocol FavoritesBackend: AnyObject {
    /// The value stored under `favoritesIdentifiers`, if any.
    func favoritesValue() -> PropertyListValue?
    /// Stores a new value; throws with a message the user can read (over quota, not connected, …).
    func setFavoritesValue(_ value: PropertyListValue) throws
    /// Called on the UI thread when the favourites changed elsewhere (another device, the CLI), saying whether the
    /// app merges its own marks into them or takes them as they are.
    var favoritesChanged: ((FavoritesChange) -> Void)? { get set }
}
