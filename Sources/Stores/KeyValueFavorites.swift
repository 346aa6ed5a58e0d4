import BatonEnvironment
import Foundation
import KeyValueStore
import Wire

/// The favourites in the account's key-value store under `favoritesIdentifiers`, as in Apple's sample:
/// reads from the local copy, writes through the store, and a change from elsewhere (another device, the
/// first sync, a refused write) reported so the app redraws at once.
public final class KeyValueFavorites: FavoritesBackend {
    let store: UbiquitousKeyValueStore
    public var favoritesChanged: ((FavoritesChange) -> Void)?
    /// Where this device's unshared favourite changes are kept (nil: not kept).
    let unsharedFile: URL?

    /// Observes `store`'s external changes (after any observer already set, which keeps being called); keeps
    /// the app's unshared changes in `directory` (the device's own).
    public init(store: UbiquitousKeyValueStore, directory: URL? = nil) {
        self.store = store
        unsharedFile = directory?.appendingPathComponent("stores-favourites-unshared.json")
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

    public func unsharedChanges() -> FavouritesMerge? {
        guard let unsharedFile, let data = FileManager.default.contents(atPath: unsharedFile.path) else { return nil }
        return try? JSONDecoder().decode(FavouritesMerge.self, from: data)
    }

    public func saveUnsharedChanges(_ changes: FavouritesMerge) throws {
        guard let unsharedFile else { return }
        try PrivateFile.write(try JSONEncoder().encode(changes), to: unsharedFile)
    }
}
