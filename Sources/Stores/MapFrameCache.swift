import Cartography

/// The last rendered map frame and what it was rendered from, so frames that change nothing on the map
/// (typing a search, moving the list) reuse it.
struct MapFrameCache {
    /// Everything a frame depends on.
    struct Key: Hashable {
        var viewport: MapViewport
        var size: MapSize
        var favourites: Set<String>
        var selected: String?
        var encoding: CellEncoding
        var storeCount: Int
    }

    let key: Key
    let frame: MapFrame

    /// The frame for `key`: this one when it matches, else a new render.
    static func frame(
        for key: Key, cached: MapFrameCache?, renderer: MapRenderer, stores: [StoreRecord]
    ) -> MapFrameCache {
        if let cached, cached.key == key { return cached }
        var renderer = renderer
        renderer.encoding = key.encoding
        let frame = renderer.render(
            viewport: key.viewport, size: key.size, stores: stores, favourites: key.favourites,
            selected: key.selected)
        return MapFrameCache(key: key, frame: frame)
    }
}
