import TerminalUI

/// What a key does on the Today panel.
public enum TodayAction: Sendable, Equatable {
    case previous, next, toggleMode, refresh, openLink, edit
    case toggleEnabled, moveUp, moveDown, leaveEdit
}

/// The Today panel's key tables; the help bar is generated from them.
public enum TodayBindings {
    /// Keys while the cards show.
    public static let panel: [KeyBinding<TodayAction>] = [
        KeyBinding([KeyPress(.up), .char("k")], "previous", action: .previous, showsInHelp: false),
        KeyBinding([KeyPress(.down), .char("j")], "next", action: .next, showsInHelp: false),
        KeyBinding([KeyPress(.enter)], "expand/compact", action: .toggleMode),
        KeyBinding([.char("e")], "edit", action: .edit),
        KeyBinding([.char("r")], "refresh", action: .refresh),
        KeyBinding([.char("o")], "open link", action: .openLink),
    ]

    /// Keys in Edit mode.
    public static let edit: [KeyBinding<TodayAction>] = [
        KeyBinding([KeyPress(.up), .char("k")], "previous", action: .previous, showsInHelp: false),
        KeyBinding([KeyPress(.down), .char("j")], "next", action: .next, showsInHelp: false),
        KeyBinding([.char(" "), KeyPress(.enter)], "add/remove", action: .toggleEnabled),
        KeyBinding([KeyPress(.up, .shift), .char("K"), KeyPress(.character("K"), .shift)], "move up", action: .moveUp),
        KeyBinding(
            [KeyPress(.down, .shift), .char("J"), KeyPress(.character("J"), .shift)], "move down", action: .moveDown),
        KeyBinding([KeyPress(.escape), .char("e")], "done", action: .leaveEdit),
    ]
}
