import TerminalUI

// The center's keys: every key for the `?` overlay, the current tab's for the help bar.
extension CenterScreen {
    /// Every key of the three tabs, for the `?` overlay and About (the help bar shows the current tab's).
    public static let allKeys: [HelpItem] = [
        HelpItem(keys: "↑/↓", label: "choose"), HelpItem(keys: "Home/End", label: "first/last"),
        HelpItem(keys: "Enter", label: "open"), HelpItem(keys: "Space", label: "expand/collapse a thread"),
        HelpItem(keys: "→/Tab", label: "actions (and the app's content extension, if it has one)"),
        HelpItem(keys: "d/Del", label: "dismiss"),
        HelpItem(keys: "c", label: "clear the app's"), HelpItem(keys: "C", label: "clear all"),
        HelpItem(keys: "t/Shift-Tab", label: "next tab (Delivered, Pending, Settings)"),
        HelpItem(keys: "s", label: "Settings"), HelpItem(keys: "n", label: "Do Not Disturb on/off"),
        HelpItem(keys: "x/d/Del", label: "cancel (Pending)"),
        HelpItem(keys: "←/→/↑/↓", label: "choose (Settings)"),
        HelpItem(keys: "Space/Enter", label: "toggle (Settings)"), HelpItem(keys: "Esc", label: "back (Settings)"),
    ]

    public var helpItems: [HelpItem] {
        switch tab {
        case .delivered:
            [
                HelpItem(keys: "Enter", label: "Open"), HelpItem(keys: "→", label: "Actions"),
                HelpItem(keys: "d", label: "Dismiss"), HelpItem(keys: "c/C", label: "Clear app/all"),
                HelpItem(keys: "t", label: "Pending"), HelpItem(keys: "s", label: "Settings"),
                HelpItem(keys: "n", label: "Do Not Disturb"),
            ]
        case .pending:
            [HelpItem(keys: "x", label: "Cancel"), HelpItem(keys: "t", label: "Settings")]
        case .settings:
            [
                HelpItem(keys: "←→↑↓", label: "Choose"), HelpItem(keys: "Space", label: "Toggle"),
                HelpItem(keys: "t", label: "Delivered"),
            ]
        }
    }
}
