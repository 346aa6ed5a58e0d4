import Cartography
import TerminalUI

/// The details popover: name, full address, country, how exact the coordinates are, the URL and the
/// favourite toggle.
struct StoreDetailsPopover {
    let store: StoreRecord
    let isFavourite: Bool
    /// Whether "notify me near" is set for the store (pending on this device).
    var alertSet = false

    var popover: Popover {
        Popover(title: store.name, lines: lines, footer: "f favourite · n notify me near · Esc close")
    }

    var lines: [StyledLine] {
        var lines: [StyledLine] = []
        if !store.address.isEmpty { lines.append(StyledLine(store.address)) }
        let locality = [store.city, [store.region, store.postalCode].filter { !$0.isEmpty }.joined(separator: " ")]
            .filter { !$0.isEmpty }.joined(separator: ", ")
        if !locality.isEmpty { lines.append(StyledLine(locality)) }
        lines.append(StyledLine(CoordinateText.country(store.country)))
        lines.append("")
        var position = StyledLine(CoordinateText.format(store.coordinate, decimals: 5))
        switch store.precision {
        case .store: position.append("  exact", Theme.muted)
        case .city: position.append("  city-level (the city's centre)", Theme.muted)
        }
        lines.append(position)
        lines.append(StyledLine(store.url, style: Theme.link))
        lines.append("")
        if isFavourite {
            var line = StyledLine("★ Favourite", style: MapStyles.favourite)
            line.append("  f removes", Theme.muted)
            lines.append(line)
        } else {
            var line = StyledLine("☆ Not a favourite")
            line.append("  f adds", Theme.muted)
            lines.append(line)
        }
        if alertSet {
            var line = StyledLine("✓ Notifies you within 1 km")
            line.append("  F4 → Pending lists it", Theme.muted)
            lines.append(line)
        }
        return lines
    }

    func render(in area: Rect, into buffer: inout CellBuffer) {
        popover.render(in: area, into: &buffer)
    }
}
