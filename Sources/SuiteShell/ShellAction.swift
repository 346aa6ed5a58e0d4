import TerminalUI

/// What the shell's own keys do.
public enum ShellAction: Hashable, Sendable {
    case open(functionKey: Int)
    case about
    case continueOffer
    case suspend
    case quit
}

/// The shell's key-binding table: the help bar and key handling both read it.
public enum ShellBindings {
    public static func table(apps: [any SuiteApp]) -> [KeyBinding<ShellAction>] {
        var table: [KeyBinding<ShellAction>] = apps.map { app in
            KeyBinding([.f(app.functionKey)], app.name, action: .open(functionKey: app.functionKey))
        }
        table.append(KeyBinding([.f(12)], "About", action: .about))
        table.append(KeyBinding([.ctrl("o")], "Continue", action: .continueOffer))
        table.append(KeyBinding([.f(10), .ctrl("c")], "Quit", action: .quit))
        table.append(KeyBinding([.ctrl("z")], "Suspend (fg resumes)", action: .suspend, showsInHelp: false))
        return table
    }

    /// Keys the shell handles outside its table (they depend on what has focus).
    public static let fixedKeys = [
        HelpItem(keys: "?", label: "All keys"),
        HelpItem(keys: "Tab/Shift-Tab", label: "Move focus"),
        HelpItem(keys: "Esc", label: "Close a popover or About"),
        HelpItem(keys: "Ctrl-N", label: "Focus the banner"),
    ]
}
