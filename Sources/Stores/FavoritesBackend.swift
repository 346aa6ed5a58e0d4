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
    /// This device's favourite changes the store has not shown back yet, as last saved (kept across launches, as
    /// an app keeps them in its defaults, so a launch merges them into what other devices wrote meanwhile).
    func unsharedChanges() -> FavouritesMerge?
    /// Saves them; throws with a message the user can read.
    func saveUnsharedChanges(_ changes: FavouritesMerge) throws
}

extension FavoritesBackend {
    /// Kept nowhere by default.
    public func unsharedChanges() -> FavouritesMerge? { nil }
    public func saveUnsharedChanges(_ changes: FavouritesMerge) throws {}
}
