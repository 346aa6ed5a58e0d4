import Foundation
import TerminalUI
import TextWidth

/// The dock's words for the offers that stand, fitted to the room the row leaves: the key that continues is
/// never cut (at 80 columns a long page title once cut the dock to "· Ct…"). What gives way, in order: the
/// offer's age, the device it comes from, the count of offers and the key's long name (`Ctrl-O` → `^O`, as
/// nano writes it) while that keeps the title whole; a title too long for that is cut instead.
public enum DockLine {
    /// The dock's text for `offers` (newest first, not empty) at `now`, at most `room` columns wide.
    public static func text(for offers: [DockOffer], now: Date, room: Int) -> String {
        guard let offer = offers.first else { return "" }
        let several = offers.count > 1
        let head = several ? "\(offers.count) offers · newest " : ""
        let what = "\(offer.app): \(offer.title)"
        let from = " · from \(offer.sourceDevice)"
        let age = " · \(offer.age(at: now))"
        let keys = several ? ["Ctrl-O choose", "^O choose"] : ["Ctrl-O", "^O"]
        let candidates = [
            " ⇆ \(head)\(what)\(from)\(age) · \(keys[0]) ", " ⇆ \(head)\(what)\(from) · \(keys[0]) ",
            " ⇆ \(head)\(what) · \(keys[0]) ", " ⇆ \(what) · \(keys[0]) ", " ⇆ \(what) · \(keys[1]) ",
        ]
        if let fitting = candidates.first(where: { TextWidth.of($0) <= room }) { return fitting }
        // A title that fits nowhere whole is cut, keeping the count and the key's long name while a dozen
        // columns of it remain; then only the key's short name beside it.
        let longTail = " · \(keys[0]) "
        let withHead = room - TextWidth.of(" ⇆ \(head)") - TextWidth.of(longTail)
        if withHead >= 12 { return " ⇆ \(head)\(TextWidth.truncate(what, to: withHead))\(longTail)" }
        let shortTail = " · \(keys[1]) "
        let left = room - TextWidth.of(" ⇆ ") - TextWidth.of(shortTail)
        if left >= 4 { return " ⇆ \(TextWidth.truncate(what, to: left))\(shortTail)" }
        return TextWidth.truncate(" ⇆ \(keys[1]) ", to: room)
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
