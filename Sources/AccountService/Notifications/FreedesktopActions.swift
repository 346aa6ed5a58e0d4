import Notifications

/// A category's actions as the freedesktop `actions` array: `default` (the notification itself, "Open")
/// followed by each action's identifier and title. Text-input actions are left out: the desktop cannot type.
struct FreedesktopActions {
    static let defaultKey = "default"

    /// key, title, key, title, …
    let flattened: [String]
    /// Action key on the desktop → the action's identifier.
    let identifiers: [String: String]

    init(actions: [NotificationAction]) {
        var flattened = [Self.defaultKey, "Open"]
        var identifiers: [String: String] = [:]
        for action in actions where action.textInput == nil && action.identifier != Self.defaultKey {
            flattened += [action.identifier, action.title]
            identifiers[action.identifier] = action.identifier
        }
        self.flattened = flattened
        self.identifiers = identifiers
    }
}

extension FreedesktopBridge {
    /// `text` with the characters body markup interprets (`&`, `<`, `>`) as entities: shown as written, for a
    /// server that advertises `body-markup`.
    static func escapedMarkup(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
