import TerminalUI

/// Where the Stores app's parts go in its content area: the map with its status line, the list beside it.
struct StoresLayout: Equatable {
    var map: Rect
    var status: Rect
    var list: Rect

    /// The list's width: a third of the area, within reason.
    static func listWidth(for area: Rect) -> Int {
        min(max(area.width / 3, 24), 48)
    }

    init(area: Rect) {
        let split = area.splitLeft(area.width - Self.listWidth(for: area))
        let mapAndStatus = split.left.splitBottom(1)
        map = mapAndStatus.rest
        status = mapAndStatus.bottom
        list = split.rest
    }
}
