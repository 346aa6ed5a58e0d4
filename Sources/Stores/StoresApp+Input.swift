import Cartography
import TerminalUI

/// Keys and the mouse: the popover first, then the search field, then the focused pane.
extension StoresApp {
    public func handle(_ event: InputEvent, context: SuiteContext) -> Bool {
        defer { finish(context) }
        switch event {
        case .key(let press): return handle(press, context: context)
        case .mouse(let mouse): return handle(mouse, context: context)
        case .resize: return false
        }
    }

    private func handle(_ press: KeyPress, context: SuiteContext) -> Bool {
        if state.detailsID != nil {
            guard let action: StoresAction = StoresBindings.details.action(for: press) else { return true }
            perform(action, press: press, context: context)
            return true
        }
        if search != nil { return handleSearch(press, context: context) }
        if state.focus == .list, moveListSelection(press) { return true }
        let table = state.focus == .map ? StoresBindings.map : StoresBindings.list
        guard let action: StoresAction = table.action(for: press) else { return false }
        perform(action, press: press, context: context)
        return true
    }

    private func handleSearch(_ press: KeyPress, context: SuiteContext) -> Bool {
        if let action: StoresAction = StoresBindings.searching.action(for: press) {
            perform(action, press: press, context: context)
            return true
        }
        if press.modifiers.isEmpty, press.key == .up || press.key == .down {
            return moveListSelection(press)
        }
        guard var field = search else { return false }
        if field.handle(press) == .edited {
            search = field
            // The list follows every key; the map waits for Enter or a move in the list (no jump on "to").
            state.search(field.text.isEmpty ? nil : field.text)
            list = ListState()
        }
        return true
    }

    /// Arrows, `j`/`k`, PgUp/PgDn and Home/End in the list; the map follows the selection.
    private func moveListSelection(_ press: KeyPress) -> Bool {
        list.selected = state.selectedRow ?? 0
        let page = max((layout?.list.height ?? 10) - 3, 1)
        guard list.handle(press, count: state.rows.count, pageSize: page) else { return false }
        state.selectRow(list.selected)
        mapMoved()
        return true
    }

    func perform(_ action: StoresAction, press: KeyPress, context: SuiteContext) {
        switch action {
        case .pan:
            guard let step = StoresBindings.panStep(for: press) else { return }
            state.pan(byWidths: step.dx, heights: step.dy)
            mapMoved()
        case .zoomIn: zoom(by: 1)
        case .zoomOut: zoom(by: -1)
        case .search:
            search = TextFieldState(text: state.query ?? "", selected: true)
            state.focus = .list
        case .commit:
            search = nil
            state.focus = .list
            if let id = state.selectedID, let row = state.rows.firstIndex(where: { $0.id == id }) {
                state.selectRow(row)
                mapMoved()
            }
        case .details:
            openDetails()
        case .toggleFavourite:
            guard let store = state.detailsStore ?? state.selectedStore else {
                context.showBanner("Select a store first (Tab to the list, or search with /)", kind: .warning)
                return
            }
            toggleFavourite(store)
        case .notifyNear:
            if let store = state.detailsStore { notifyNear(store, context: context) }
        case .favouritesOnly:
            state.toggleFavouritesOnly()
        case .toggleBraille:
            usesBraille.toggle()
        case .switchFocus:
            state.focus = state.focus == .map ? .list : .map
        case .back:
            if state.detailsID != nil {
                closeDetails()
            } else if search != nil || state.query != nil {
                search = nil
                state.search(nil)
            }
        }
    }

    private func zoom(by steps: Double) {
        state.zoom(by: steps)
        mapMoved()
    }

    /// The map moved: its activity becomes current once it rests.
    func mapMoved() {
        regionSettled = true
        scheduleMapActivity()
    }

    private func handle(_ mouse: MouseEvent, context: SuiteContext) -> Bool {
        guard let layout else { return false }
        if state.detailsID != nil { return true }
        if layout.map.contains(mouse.position) || dragAnchor != nil && mouse.kind != .press {
            handleMap(mouse, in: layout.map)
            return true
        }
        if layout.list.contains(mouse.position) {
            handleList(mouse, in: layout.list)
            return true
        }
        return false
    }

    private func handleMap(_ mouse: MouseEvent, in area: Rect) {
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            state.zoom(
                by: mouse.kind == .wheelUp ? 1 : -1, aboutColumn: mouse.position.x - area.x,
                row: mouse.position.y - area.y)
            mapMoved()
        case .press:
            dragAnchor = mouse.position
            dragMoved = false
            state.focus = .map
        case .drag:
            guard let anchor = dragAnchor else { return }
            state.drag(columns: mouse.position.x - anchor.x, rows: mouse.position.y - anchor.y)
            dragAnchor = mouse.position
            dragMoved = true
            mapMoved()
        case .release, .click:
            defer { dragAnchor = nil }
            guard !dragMoved else { return }
            let column = mouse.position.x - area.x
            let row = mouse.position.y - area.y
            if let marker = frameCache?.frame.marker(column: column, row: row), let id = marker.storeIDs.first {
                state.selectInPlace(id)
            }
        }
    }

    private func handleList(_ mouse: MouseEvent, in area: Rect) {
        state.focus = .list
        switch mouse.kind {
        case .wheelUp: _ = moveListSelection(KeyPress(.up))
        case .wheelDown: _ = moveListSelection(KeyPress(.down))
        case .press, .click:
            let firstRow = area.y + 1 + (search != nil || state.query != nil ? 1 : 0)
            let row = list.offset + mouse.position.y - firstRow
            guard mouse.position.y >= firstRow, state.rows.indices.contains(row) else { return }
            state.selectRow(row)
            mapMoved()
        default: break
        }
    }
}
