import Cartography
import Foundation
import SuiteMessages
import TerminalUI

/// Favourites: read from and written to the key-value store's `favoritesIdentifiers`, mirrored into the
/// app group file the Favorites widget reads.
extension StoresApp {
    /// Reads the favourites again (at load: nil, and when they changed elsewhere) and redraws. Another device's
    /// value is merged with this device's changes it does not show yet (`FavouritesMerge`) and the merge is
    /// written back when it differs, so marks made on two sides while they were apart all survive. At load
    /// nothing is merged: the store may not have synced yet (its first sync comes as a change and is merged).
    func reloadFavourites(_ change: FavoritesChange?) {
        guard let favoritesBackend else { return }
        let unsharedBefore = favouritesMerge
        do {
            let incoming = try FavoritesIdentifiers(value: favoritesBackend.favoritesValue())
            var next = incoming
            switch change {
            case .merge?: next = FavoritesIdentifiers(entries: favouritesMerge.merge(incoming.entries))
            case .replace?: favouritesMerge.forget()
            case nil: break
            }
            if next != incoming {
                do {
                    try favoritesBackend.setFavoritesValue(next.value)
                } catch {
                    showBanner(FavoritesError.saveFailed("\(error)").description, kind: .error)
                    favouritesMerge.forget()
                    next = incoming
                }
            }
            if favouritesMerge != unsharedBefore { keepUnsharedChanges() }
            favorites = next
            favoritesProblem = nil
        } catch {
            if favoritesProblem != error { showBanner(error.description, kind: .warning) }
            favoritesProblem = error
            favorites = FavoritesIdentifiers()
        }
        guard isLoaded else { return }
        state.setFavourites(favorites.storeIDs(in: state.index))
        writeWidgetFile()
    }

    /// Adds or removes `store` and saves; on failure nothing changes and a banner says why.
    func toggleFavourite(_ store: StoreRecord) {
        guard let favoritesBackend else {
            showBanner(FavoritesError.unavailable.description, kind: .warning)
            return
        }
        if let favoritesProblem {
            showBanner(favoritesProblem.description, kind: .warning)
            return
        }
        var next = favorites
        let added = next.toggle(store)
        do {
            try favoritesBackend.setFavoritesValue(next.value)
        } catch {
            showBanner(FavoritesError.saveFailed("\(error)").description, kind: .error)
            return
        }
        favouritesMerge.recordLocalChange(from: favorites.entries, to: next.entries)
        keepUnsharedChanges()
        favorites = next
        state.setFavourites(favorites.storeIDs(in: state.index))
        writeWidgetFile()
        showBanner(added ? "★ \(store.name) is a favourite" : "\(store.name) is no longer a favourite")
    }

    /// Saves this device's unshared favourite changes for the next launch.
    private func keepUnsharedChanges() {
        do {
            try favoritesBackend?.saveUnsharedChanges(favouritesMerge)
        } catch {
            showBanner(
                "Cannot keep favourite changes for the next launch: \(error.localizedDescription)", kind: .warning)
        }
    }

    /// Writes `favorites.json` for the Favorites widget.
    func writeWidgetFile() {
        let stores = state.index.stores.filter { state.favourites.contains($0.id) }
        do {
            try FavoritesWidgetFile.write(stores, to: appGroupDirectory)
            port?.post(AppGroupChanged(fileName: FavoritesWidgetFile.fileName), to: .everyApp)
        } catch {
            showBanner("Cannot update the Favorites widget's file: \(error.localizedDescription)", kind: .warning)
        }
    }

    /// Opens the store a followed `https://www.apple.com/retail/<slug>/` link names.
    func open(slug: String, context: SuiteContext) {
        guard isLoaded else {
            pendingSlug = slug
            return
        }
        guard let store = state.store(slug: slug) else {
            context.showBanner("No Apple Store has the page /retail/\(slug)/", kind: .warning)
            return
        }
        show(store, context: context)
    }

    /// Switches to Stores with `store` selected and its details open.
    func show(_ store: StoreRecord, context: SuiteContext) {
        context.activate(app: name)
        search = nil
        if state.detailsID != nil { closeDetails() }
        state.jump(to: store.id, zoom: StoresState.storeZoom)
        openDetails()
    }
}
