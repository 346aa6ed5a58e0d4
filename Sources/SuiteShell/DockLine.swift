import Foundation
import TerminalUI
import TextWidth

/// The dock's words for the offers that stand, fitted to the room the row leaves: the key that continues
/// (`Ctrl-O`, or `Ctrl-O choose` with several offers) is never cut; the offer's title gives way first, then the
/// count and the age. At 80 columns a long page title once cut the dock to "· Ct…".
public enum DockLine {
    /// The dock's text for `offers` (newest first, not empty) at `now`, at most `room` columns wide.
    public static func text(for offers: [DockOffer], now: Date, room: Int) -> String {
        guard let offer = offers.first else { return "" }
        let key = offers.count > 1 ? "Ctrl-O choose" : "Ctrl-O"
        let head = offers.count > 1 ? "\(offers.count) offers · newest " : ""
        let tail = " · \(offer.age(at: now)) · \(key) "
        let full = " ⇆ \(head)\(offer.summary)\(tail)"
        if TextWidth.of(full) <= room { return full }
        // The title gives way, down to a few columns of it.
        let fixed = TextWidth.of(" ⇆ \(head)") + TextWidth.of(tail)
        if room - fixed >= 8 {
            return " ⇆ \(head)\(TextWidth.truncate(offer.summary, to: room - fixed))\(tail)"
        }
        // Then the count and the age: the summary and the key.
        let short = " · \(key) "
        let left = room - TextWidth.of(" ⇆ ") - TextWidth.of(short)
        if left >= 4 { return " ⇆ \(TextWidth.truncate(offer.summary, to: left))\(short)" }
        return TextWidth.truncate(" ⇆ \(key) ", to: room)
    }

    /// The help bar's `items` with continuing (`Ctrl-O`) moved first while an offer stands, so a narrow bar
    /// never drops it ("Choose" with several offers).
    public static func continuingFirst(_ items: [HelpItem], offers: [DockOffer]) -> [HelpItem] {
        guard !offers.isEmpty, let index = items.firstIndex(where: { $0.keys == "Ctrl-O" }) else { return items }
        var items = items
        var item = items.remove(at: index)
        if offers.count > 1 { item.label = "Choose" }
        return [item] + items
    }
}
