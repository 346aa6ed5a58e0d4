import KeyValueStore
import Wire

/// The favourites in the account's key-value store under `favoritesIdentifiers`, as in Apple's sample:
/// reads from the local copy, writes through the store, and a change from elsewhere (another device, the
/// first sync, a refused write) reported so the app redraws at once.
public final class KeyValueFavorites: FavoritesBackend {
    let store: UbiquitousKeyValueStore
    public var favoritesChanged: ((FavoritesChange) -> Void)?

    /// Observes `store`'s external changes (after any observer already set, which keeps being called).
    public init(store: UbiquitousKeyValueStore) {
        self.store = store
        let previous = store.didChangeExternally
        store.didChangeExternally = { [weak self] change in
            previous?(change)
            guard let self, Self.concernsFavourites(change) else { return }
            favoritesChanged?(Self.howToTakeIn(change))
        }
    }

    /// Whether a change may have changed the favourites.
    static func concernsFavourites(_ change: KeyValueStoreChange) -> Bool {
        switch change.reason {
        case .initialSyncChange, .accountChange: true
        case .serverChange, .quotaViolationChange: change.changedKeys.contains(FavoritesIdentifiers.key)
        }
    }

    /// Another device's value is merged; a refused write or another account's store is taken as it is.
    static func howToTakeIn(_ change: KeyValueStoreChange) -> FavoritesChange {
        switch change.reason {
        case .serverChange, .initialSyncChange: .merge
        case .accountChange, .quotaViolationChange: .replace
        }
    }

    public func favoritesValue() -> PropertyListValue? {
        store.object(forKey: FavoritesIdentifiers.key)
    }

    public func setFavoritesValue(_ value: PropertyListValue) throws {
        try store.set(value, forKey: FavoritesIdentifiers.key)
    }
}
