import TerminalUI

/// What a key does in the Stores app.
public enum StoresAction: Sendable, Hashable {
    /// Pan the map; the direction comes from the key.
    case pan
    case zoomIn, zoomOut
    case search
    case details
    case toggleFavourite
    /// "Notify me near this store" (issue 16).
    case notifyNear
    case favouritesOnly
    case toggleBraille
    case switchFocus
    /// Finish typing a search.
    case commit
    /// Esc: close the popover, or clear the search.
    case back
}

/// The Stores app's key tables; the help bar is generated from them.
public enum StoresBindings {
    static let shared: [KeyBinding<StoresAction>] = [
        KeyBinding([KeyPress(.tab), KeyPress(.tab, .shift)], "map/list", action: .switchFocus),
        KeyBinding([.char("/")], "search", action: .search),
        KeyBinding([KeyPress(.enter)], "details", action: .details),
        KeyBinding([.char("f")], "favourite", action: .toggleFavourite),
        KeyBinding(
            [.char("F"), KeyPress(.character("F"), .shift), .char("*")], "favourites only", action: .favouritesOnly),
        KeyBinding([.char("+"), .char("=")], "zoom in", action: .zoomIn),
        KeyBinding([.char("-")], "zoom out", action: .zoomOut),
    ]

    /// Keys while the map has focus.
    public static let map: [KeyBinding<StoresAction>] =
        shared + [
            KeyBinding(
                [
                    KeyPress(.left), KeyPress(.down), KeyPress(.up), KeyPress(.right),
                    .char("h"), .char("j"), .char("k"), .char("l"),
                ], "pan", action: .pan, showsInHelp: false),
            KeyBinding([.char("b")], "braille/blocks", action: .toggleBraille),
            KeyBinding([KeyPress(.escape)], "clear search", action: .back, showsInHelp: false),
        ]

    /// Keys while the list has focus (arrows, `j`/`k`, PgUp/PgDn, Home/End move the selection first).
    public static let list: [KeyBinding<StoresAction>] =
        shared + [
            KeyBinding([.char("b")], "braille/blocks", action: .toggleBraille),
            KeyBinding([KeyPress(.escape)], "clear search", action: .back),
        ]

    /// Keys while the details popover is open.
    public static let details: [KeyBinding<StoresAction>] = [
        KeyBinding([.char("f")], "favourite", action: .toggleFavourite),
        KeyBinding([.char("n")], "notify me near", action: .notifyNear),
        KeyBinding([KeyPress(.escape), KeyPress(.enter)], "close", action: .back),
    ]

    /// Keys while typing a search (the field takes the rest).
    public static let searching: [KeyBinding<StoresAction>] = [
        KeyBinding([KeyPress(.enter), KeyPress(.tab)], "done", action: .commit),
        KeyBinding([KeyPress(.escape)], "cancel", action: .back),
    ]

    /// The help text for panning (the pan binding has eight keys; the help names them briefly).
    public static let panHelp = HelpItem(keys: "←↑↓→/hjkl", label: "pan")

    /// The pan direction of a key, in fractions of the map (east and south positive).
    static func panStep(for press: KeyPress) -> (dx: Double, dy: Double)? {
        let step = 0.2
        switch press.key {
        case .left, .character("h"): return (-step, 0)
        case .right, .character("l"): return (step, 0)
        case .up, .character("k"): return (0, -step)
        case .down, .character("j"): return (0, step)
        default: return nil
        }
    }
}
