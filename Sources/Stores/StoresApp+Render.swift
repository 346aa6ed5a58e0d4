import Cartography
import Foundation
import TerminalUI
import TextWidth

/// Drawing: the map and its status line, the list beside it, and the details popover over both.
extension StoresApp {
    public func render(in area: Rect, into buffer: inout CellBuffer, context: SuiteContext) -> Point? {
        guard !area.isEmpty else { return nil }
        let layout = StoresLayout(area: area)
        renderMap(in: layout.map, into: &buffer)
        renderStatus(in: layout.status, into: &buffer)
        var list = list
        var cursor = StoreListPane(state: state, search: search, isFocused: state.focus == .list).render(
            in: layout.list, list: &list, into: &buffer)
        if let store = state.detailsStore {
            StoreDetailsPopover(
                store: store, isFavourite: state.favourites.contains(store.id),
                alertSet: pendingAlerts.contains(Self.nearIdentifier(store))
            ).render(
                in: area, into: &buffer)
            cursor = nil
        }
        return cursor
    }

    private func renderMap(in area: Rect, into buffer: inout CellBuffer) {
        guard let renderer, !area.isEmpty else {
            buffer.fill(area, style: MapStyles.water)
            let text = loadProblem.map { "Cannot load the stores: \($0)" } ?? "Loading stores…"
            buffer.put(
                TextWidth.truncate(text, to: max(area.width - 2, 0)), x: area.x + 1, y: area.y + area.height / 2,
                style: loadProblem == nil ? Theme.muted : Theme.warning, clip: area)
            return
        }
        guard let frame = frameCache?.frame else { return }
        MapCanvasView(frame: frame).render(at: Point(x: area.x, y: area.y), into: &buffer)
    }

    /// Ends an event: sizes the map to its pane, keeps the list's selection in view, draws the map's frame
    /// for the new state (reusing the last when nothing it shows changed), and does what the event asked of
    /// the suite, with its context.
    func finish(_ context: SuiteContext) {
        if let layout {
            state.resize(to: MapSize(columns: layout.map.width, rows: layout.map.height))
            StoreListPane.keepSelectionVisible(&list, state: state, search: search, in: layout.list)
        }
        if let renderer {
            let key = MapFrameCache.Key(
                viewport: state.viewport, size: state.mapSize, favourites: state.favourites,
                selected: state.selectedID, encoding: encoding, storeCount: state.index.stores.count)
            frameCache = MapFrameCache.frame(
                for: key, cached: frameCache, renderer: renderer, stores: state.index.stores)
        }
        let pending = effects
        effects = []
        for effect in pending {
            switch effect {
            case .banner(let text, let kind): context.showBanner(text, kind: kind)
            case .schedule(let timer, let seconds): context.schedule(after: seconds, timer)
            }
        }
    }

    /// The status line: centre, zoom and stores in view; Handoff progress and the encoding on the right.
    private func renderStatus(in area: Rect, into buffer: inout CellBuffer) {
        let inView = frameCache?.frame.markers.reduce(0) { $0 + $1.storeIDs.count } ?? 0
        let centre = CoordinateText.format(state.viewport.center, decimals: 2)
        let zoom = String(format: "%.1f", state.viewport.zoom)
        let focus = state.focus == .map ? "▸ map" : "  map"
        var left = " \(focus) · \(centre) · zoom \(zoom) · \(inView) store\(inView == 1 ? "" : "s") in view"
        // While searching, why the selected store was found ("matched region IL = Illinois").
        if let store = state.selectedStore, let match = state.matches[store.id],
            StoreListPane.saysMore(match, than: store)
        {
            left = " matched \(match.summary) ·" + left
        }
        let right = isContinuing ? "Continuing Activity… " : (usesBraille ? "braille " : "blocks ")
        StatusLine(left: left, right: right, style: state.focus == .map ? Theme.barSelected : Theme.bar).render(
            in: area, into: &buffer)
    }
}
