/// One row of a key-binding table: the keys, what they do, and whether the help bar shows it.
///
/// Key handling and the help bar read the same table, so the help can never drift from the keys.
public struct KeyBinding<Action: Sendable>: Sendable {
    public var keys: [KeyPress]
    public var label: String
    public var action: Action
    public var showsInHelp: Bool

    public init(_ keys: [KeyPress], _ label: String, action: Action, showsInHelp: Bool = true) {
        self.keys = keys
        self.label = label
        self.action = action
        self.showsInHelp = showsInHelp
    }

    /// The help bar's entry for this binding.
    public var help: HelpItem {
        var seen: Set<String> = []
        let names = keys.map(\.description).filter { seen.insert($0).inserted }
        return HelpItem(keys: names.joined(separator: "/"), label: label)
    }
}

extension Array {
    /// The action bound to `press`, if any.
    public func action<Action>(for press: KeyPress) -> Action? where Element == KeyBinding<Action> {
        first { $0.keys.contains(press) }?.action
    }

    /// The help bar entries of the bindings that show in help.
    public func helpItems<Action>() -> [HelpItem] where Element == KeyBinding<Action> {
        filter(\.showsInHelp).map(\.help)
    }

    /// Every binding's entry, shown in help or not (for the key overlay), each label once.
    public func allHelpItems<Action>() -> [HelpItem] where Element == KeyBinding<Action> {
        var seen: Set<String> = []
        return map(\.help).filter { seen.insert($0.label).inserted }
    }
}

/// A key and what it does, as the help bar shows it.
public struct HelpItem: Hashable, Sendable {
    public var keys: String
    public var label: String
    public init(keys: String, label: String) {
        self.keys = keys
        self.label = label
    }
}
