import Foundation
import TerminalUI
import TextWidth

/// The list `Ctrl-O` opens when several devices offer an activity: one row per offer, as the macOS
/// App Switcher shows each device's; arrows or a digit choose, `Enter` continues, `Esc` closes.
///
/// It keeps the offers it showed, so the one continued is exactly the one the user picked.
struct OfferPicker {
    private(set) var offers: [DockOffer]
    private(set) var selected = 0

    init(offers: [DockOffer]) { self.offers = offers }

    /// What a key did: nothing yet, close, or continue the offer with this identity.
    enum Outcome: Equatable {
        case stay, close
        case choose(String)
    }

    mutating func handle(_ press: KeyPress) -> Outcome {
        switch (press.key, press.modifiers) {
        case (.escape, []): return .close
        case (.up, []), (.character("k"), []):
            selected = max(0, selected - 1)
        case (.down, []), (.character("j"), []), (.tab, []):
            selected = min(offers.count - 1, selected + 1)
        case (.enter, []), (.character("o"), .control):
            return offers.indices.contains(selected) ? .choose(offers[selected].id) : .close
        case (.character(let c), []):
            if let digit = c.wholeNumberValue, offers.indices.contains(digit - 1) {
                return .choose(offers[digit - 1].id)
            }
        default: break
        }
        return .stay
    }

    func render(in screen: Rect, now: Date, into buffer: inout CellBuffer) {
        let lines = offers.enumerated().map { index, offer in
            StyledLine([
                .init("\(index + 1) ", Theme.accent),
                .init("\(offer.summary) · \(offer.age(at: now))", index == selected ? Theme.selection : Theme.text),
            ])
        }
        Popover(
            title: "Continue which activity?", lines: lines, footer: "↑↓ or 1–9 choose · Enter continue · Esc close"
        )
        .render(in: screen, into: &buffer)
    }
}
