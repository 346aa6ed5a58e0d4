/// A tab's message for its status line, beyond loading and link focus.
public enum TabNotice: Hashable, Sendable {
    /// Another device's activity is being continued into this tab.
    case continuing
    /// This tab's activity was continued on another device.
    case continuedOn(String)
    /// Loading was cancelled with `Esc`.
    case stopped
    /// Anything else worth a line (e.g. "no link 42").
    case message(String)

    /// The status line's text.
    public var text: String {
        switch self {
        case .continuing: "Continuing Activity..."
        case .continuedOn(let device): "Continued on \(device)"
        case .stopped: "Stopped"
        case .message(let text): text
        }
    }
}
