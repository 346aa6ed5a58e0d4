import TerminalUI

/// What a key does in the browser.
public enum BrowserAction: Sendable, Equatable {
    case editAddress, newTab, closeTab
    case selectTab(Int)
    case previousTab, nextTab
    case back, forward, find, findNext, findPrevious, nextLink, previousLink, follow, stop, reload
    case remind
}

/// The browser's key table (DESIGN.md's keys); the help bar is generated from it.
public enum BrowserBindings {
    /// Keys while reading a page.
    public static let page: [KeyBinding<BrowserAction>] =
        [
            KeyBinding([.ctrl("l")], "address", action: .editAddress),
            KeyBinding([.ctrl("t")], "new tab", action: .newTab),
            KeyBinding([.ctrl("w")], "close tab", action: .closeTab),
            KeyBinding([.char("[")], "previous tab", action: .previousTab, showsInHelp: false),
            KeyBinding([.char("]")], "next tab", action: .nextTab, showsInHelp: false),
            KeyBinding([KeyPress(.backspace), KeyPress(.left, .alt)], "back", action: .back),
            KeyBinding([KeyPress(.right, .alt)], "forward", action: .forward, showsInHelp: false),
            KeyBinding([.char("/")], "find", action: .find),
            KeyBinding([KeyPress(.tab)], "links", action: .nextLink),
            KeyBinding([KeyPress(.tab, .shift)], "previous link", action: .previousLink, showsInHelp: false),
            KeyBinding([KeyPress(.enter)], "follow", action: .follow, showsInHelp: false),
            KeyBinding([KeyPress(.escape)], "stop", action: .stop, showsInHelp: false),
            KeyBinding([.ctrl("r")], "reload", action: .reload, showsInHelp: false),
            KeyBinding([.char("r")], "remind me", action: .remind, showsInHelp: false),
        ]
        + (1...9).map {
            KeyBinding([.alt(Character("\($0)"))], "tab \($0)", action: .selectTab($0 - 1), showsInHelp: false)
        }

    /// Keys that only work while a search is shown.
    public static let finding: [KeyBinding<BrowserAction>] = [
        KeyBinding([.char("n")], "next match", action: .findNext),
        KeyBinding([.char("N"), KeyPress(.character("N"), .shift)], "previous match", action: .findPrevious),
    ]

    /// The action of `press`; `n`/`N` only while a search is shown.
    static func action(for press: KeyPress, finding: Bool) -> BrowserAction? {
        if finding, let action: BrowserAction = Self.finding.action(for: press) { return action }
        return page.action(for: press)
    }

    /// Every key, for the `?` overlay and About (the nine tab keys summarised in one).
    static var allKeys: [HelpItem] {
        page.filter { if case .selectTab = $0.action { false } else { true } }.allHelpItems()
            + [
                HelpItem(keys: "Alt-1…Alt-9", label: "tab 1–9"),
                HelpItem(keys: "0-9 Enter", label: "follow link by number"),
            ] + finding.allHelpItems().map { HelpItem(keys: $0.keys, label: $0.label + " (after /)") }
            + ScrollState.helpItems(sideways: true)
    }

    /// The help bar's items: the table's, with the tab-switching keys summarised in one.
    static func helpItems(finding: Bool) -> [HelpItem] {
        // What a reader needs most first: the address, find, links and back, then the tabs.
        let order: [BrowserAction] = [.editAddress, .find, .nextLink, .back, .newTab, .closeTab]
        var items = order.compactMap { action in page.first { $0.action == action }?.help }
        items.append(HelpItem(keys: "[/]", label: "switch tab"))
        if finding { items.insert(contentsOf: Self.finding.helpItems(), at: 2) }
        return items
    }
}
