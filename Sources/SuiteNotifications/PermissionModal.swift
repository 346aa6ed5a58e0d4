import Notifications
import TerminalUI
import TextWidth

/// The question an app's first `requestAuthorization` on a device asks: "“MonkeyBrowser” would like to
/// send you notifications", what it asks for, and Don't Allow / Allow. The answer is kept by the daemon
/// per app per device, so it is asked once.
public struct PermissionModal: Sendable, Hashable {
    public let bundleIdentifier: String
    public let appName: String
    public let options: AuthorizationOptions
    /// 0: Don't Allow, 1: Allow (focused first, as iOS puts it on the right).
    public private(set) var focus = 1

    public init(bundleIdentifier: String, appName: String, options: AuthorizationOptions) {
        self.bundleIdentifier = bundleIdentifier
        self.appName = appName
        self.options = options
    }

    /// What a key decided.
    public enum Outcome: Equatable, Sendable {
        case undecided
        case answered(allow: Bool)
    }

    public mutating func handle(_ press: KeyPress) -> Outcome {
        switch press {
        case KeyPress(.left), KeyPress(.right), KeyPress(.tab), KeyPress(.tab, .shift): focus = 1 - focus
        case KeyPress(.enter): return .answered(allow: focus == 1)
        case .char("a"): return .answered(allow: true)
        case .char("d"): return .answered(allow: false)
        default: break
        }
        return .undecided
    }

    /// What the app asks for, in words: "alerts, sounds and badges".
    public var askedFor: String {
        var parts: [String] = []
        if options.contains(.alert) { parts.append("alerts") }
        if options.contains(.sound) { parts.append("sounds") }
        if options.contains(.badge) { parts.append("badges") }
        if options.contains(.criticalAlert) { parts.append("critical alerts") }
        guard let last = parts.popLast() else { return "notifications" }
        return parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
    }

    public func render(in content: Rect, into buffer: inout CellBuffer) {
        let name = NotificationText.shown(appName)
        let dontAllow = "[ Don't Allow ]"
        let allow = "[ Allow ]"
        let buttons = StyledLine([
            .init(dontAllow, focus == 0 ? Theme.selection : Theme.text), .init("   "),
            .init(allow, focus == 1 ? Theme.selection : Theme.accent),
        ])
        let popover = Popover(
            title: "Notifications",
            lines: [
                StyledLine("“\(name)” would like to send you notifications", style: Theme.title),
                StyledLine(""),
                StyledLine("Notifications may include \(askedFor)."),
                StyledLine("You can change this in Notifications (F4) → s Settings."),
                StyledLine(""),
                buttons,
            ], footer: "←→ choose · Enter · a allow · d don't allow")
        popover.render(in: content, into: &buffer)
    }
}
