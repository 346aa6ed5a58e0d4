import Cartography
import Foundation

/// The Stores app's state with no I/O: the stores, the map's view, the list and its filters, the
/// selection, the favourites and the details popover. Every change is a method, so tests drive it directly.
///
/// The list is recomputed when the map is moved by the user, the search or a filter changes; choosing a
/// store in the list moves the map to it without reordering the list under the cursor.
public struct StoresState: Sendable {
    public private(set) var index: StoreIndex
    public private(set) var viewport: MapViewport
    public private(set) var mapSize: MapSize
    public var focus: StoresFocus = .map
    /// The search text; nil while the list shows the stores in view.
    public private(set) var query: String?
    /// Whether the list shows favourites only.
    public private(set) var favouritesOnly = false
    /// The ids of the favourite stores.
    public private(set) var favourites: Set<String> = []
    /// The list's rows.
    public private(set) var rows: [StoreRecord] = []
    /// Why each row matched the search, by store id (empty without a search).
    public private(set) var matches: [String: SearchMatch] = [:]
    /// The selected store: highlighted on the map and in the list.
    public private(set) var selectedID: String?
    /// The store whose details popover is open.
    public private(set) var detailsID: String?
    /// A region shown from outside (a handoff, the device's location) that the map keeps fitting, through
    /// resizes, until the user moves the map.
    private var fittedRegion: CoordinateRegion?

    /// A store chosen in the list is shown at least this close (about a region of a country).
    public static let selectionZoom = 6.0
    /// The zoom a store opened from elsewhere (a link, a handoff without a region) is shown at.
    public static let storeZoom = 10.0

    public init(
        index: StoreIndex = StoreIndex(stores: []), viewport: MapViewport = .world,
        mapSize: MapSize = MapSize(columns: 80, rows: 20)
    ) {
        self.index = index
        self.mapSize = mapSize
        self.viewport = viewport.clamped(to: mapSize)
        refreshRows()
    }

    // MARK: Data

    /// Installs the loaded stores.
    public mutating func load(_ index: StoreIndex) {
        self.index = index
        refreshRows()
    }

    /// Replaces the favourites (from this device or another).
    public mutating func setFavourites(_ ids: Set<String>) {
        favourites = ids
        if favouritesOnly { refreshRows() }
    }

    /// The selected store.
    public var selectedStore: StoreRecord? { selectedID.flatMap(index.store(id:)) }

    /// The store whose details are open.
    public var detailsStore: StoreRecord? { detailsID.flatMap(index.store(id:)) }

    /// The store with this URL (URLs are unique; slugs are not).
    public func store(url: String) -> StoreRecord? {
        let wanted = url.hasSuffix("/") ? url : url + "/"
        return index.stores.first { $0.url == wanted }
    }

    /// The store a link `https://www.apple.com/retail/<slug>/` names: the store at exactly that page,
    /// else the first store with the slug.
    public func store(slug: String) -> StoreRecord? {
        let slug = slug.lowercased()
        return store(url: "https://www.apple.com/retail/\(slug)/") ?? index.stores.first { $0.slug == slug }
    }

    /// The selected row of the list, when the selected store is listed.
    public var selectedRow: Int? { rows.firstIndex { $0.id == selectedID } }

    // MARK: Map

    /// The map canvas changed size (the terminal was resized).
    public mutating func resize(to size: MapSize) {
        guard size != mapSize else { return }
        mapSize = size
        if let fittedRegion {
            viewport = MapViewport(region: fittedRegion, size: size).clamped(to: size)
        } else {
            viewport = viewport.clamped(to: size)
        }
        refreshRows()
    }

    /// Moves the map by fractions of its width and height (positive: east and south).
    public mutating func pan(byWidths dx: Double, heights dy: Double) {
        viewport = viewport.panned(byWidths: dx, heights: dy, size: mapSize)
        fittedRegion = nil
        refreshRows()
    }

    /// Moves the map by whole cells (a mouse drag): the map follows the pointer.
    public mutating func drag(columns: Int, rows: Int) {
        guard mapSize.columns > 0, mapSize.rows > 0 else { return }
        pan(byWidths: -Double(columns) / Double(mapSize.columns), heights: -Double(rows) / Double(mapSize.rows))
    }

    /// Zooms about the cell (`column`, `row`) of the map, as a wheel under the pointer does (mapscii):
    /// the place under the pointer stays under it.
    public mutating func zoom(by steps: Double, aboutColumn column: Int, row: Int) {
        guard mapSize.columns > 0, mapSize.rows > 0 else { return zoom(by: steps) }
        let dx = (Double(column) + 0.5) / Double(mapSize.columns) - 0.5
        let dy = (Double(row) + 0.5) / Double(mapSize.rows) - 0.5
        // Zoom about the centre, then shift by the pointer's offset times what the scale added: the point
        // under the pointer comes back under it (one pan, so the world's edges clamp only once).
        let before = viewport.zoom
        viewport = viewport.zoomed(by: steps, size: mapSize)
        let factor = pow(2, viewport.zoom - before) - 1
        viewport = viewport.panned(byWidths: dx * factor, heights: dy * factor, size: mapSize)
        fittedRegion = nil
        refreshRows()
    }

    /// Zooms in (positive steps) or out about the centre.
    public mutating func zoom(by steps: Double) {
        viewport = viewport.zoomed(by: steps, size: mapSize)
        fittedRegion = nil
        refreshRows()
    }

    /// The region the map shows, as the sample's activities carry it.
    public var region: CoordinateRegion { viewport.region(size: mapSize) }

    /// Shows `region` (a handoff, the device's location).
    public mutating func show(region: CoordinateRegion) {
        viewport = MapViewport(region: region, size: mapSize).clamped(to: mapSize)
        fittedRegion = region
        refreshRows()
    }

    // MARK: List

    /// Searches all stores by name, city or country; nil returns to the stores in view.
    public mutating func search(_ text: String?) {
        query = text
        refreshRows()
        selectedID = rows.first?.id
    }

    /// Shows favourites only, or everything again.
    public mutating func toggleFavouritesOnly() {
        favouritesOnly.toggle()
        refreshRows()
    }

    /// Selects the store on `row` of the list and moves the map to it (the list keeps its order).
    public mutating func selectRow(_ row: Int) {
        guard rows.indices.contains(row) else { return }
        select(rows[row].id, zoom: Self.selectionZoom)
    }

    /// Selects a store and centres the map on it, zoomed in to at least `zoom`.
    public mutating func select(_ id: String, zoom: Double) {
        guard let store = index.store(id: id) else { return }
        selectedID = id
        viewport = MapViewport(center: store.coordinate, zoom: max(viewport.zoom, zoom)).clamped(to: mapSize)
        fittedRegion = nil
    }

    /// Selects a store from outside the list (a followed link, the Favorites widget, a handoff) and moves the
    /// map to it: the list shows the stores in view there, not those of where the map was.
    public mutating func jump(to id: String, zoom: Double) {
        select(id, zoom: zoom)
        refreshRows()
    }

    /// Selects a store where it is, without moving the map (a click on its marker).
    public mutating func selectInPlace(_ id: String) {
        guard index.store(id: id) != nil else { return }
        selectedID = id
    }

    // MARK: Details

    /// Opens the details of the selected store, else of the first row; returns whether one opened.
    @discardableResult
    public mutating func openDetails() -> Bool {
        guard let id = selectedID ?? rows.first?.id else { return false }
        selectedID = id
        detailsID = id
        return true
    }

    /// Closes the details popover.
    public mutating func closeDetails() {
        detailsID = nil
    }

    // MARK: Rows

    private mutating func refreshRows() {
        var stores: [StoreRecord]
        matches = [:]
        switch (query, favouritesOnly) {
        case (let query?, _):
            let found = index.searchMatches(query)
            stores = found.map(\.store)
            for (store, match) in found { if let match { matches[store.id] = match } }
        // Favourites only, with no search: every favourite, wherever it is, nearest to the centre first.
        case (nil, true): stores = StoreIndex.nearestFirst(index.stores, to: viewport.center)
        case (nil, false): stores = index.visible(in: viewport, size: mapSize)
        }
        if favouritesOnly { stores = StoreIndex.favourites(stores, ids: favourites) }
        rows = stores
        if query == nil, let selectedID, !rows.contains(where: { $0.id == selectedID }) {
            self.selectedID = rows.first?.id
        } else if selectedID == nil {
            selectedID = rows.first?.id
        }
    }
}
