import Notifications
import TerminalUI
import TextWidth

/// The buttons of one notification (Open, Open Attachment for each of its first attachments, then its
/// category's actions) with the focused one, an inline
/// reply field for a text-input action and the "Are you sure?" step of authenticationRequired actions.
/// Banners and the Notification Center both use it.
public struct ActionBar: Sendable {
    public let notification: DeliveredNotification
    /// The category's custom actions (none without a registered category).
    public let actions: [NotificationAction]
    /// The attachments with a button (the first `maxAttachmentButtons`).
    public let attachments: [NotificationAttachment]
    /// 0 is Open (the default action); 1…attachments.count are the attachments; then `actions`.
    public private(set) var focus = 0
    /// The most attachments that get a button (the detail names the others).
    public static let maxAttachmentButtons = 3
    /// The reply being typed for a text-input action.
    public private(set) var reply: TextFieldState?
    /// Waiting for a second Enter before running an authenticationRequired action.
    public private(set) var confirming = false

    public init(notification: DeliveredNotification, category: NotificationCategory?) {
        self.init(notification: notification, actions: category?.actions ?? [])
    }

    public init(notification: DeliveredNotification, actions: [NotificationAction]) {
        self.notification = notification
        self.actions = actions
        attachments = Array(notification.request.content.attachments.prefix(Self.maxAttachmentButtons))
    }

    /// The category action at button `index`, nil for Open and the attachments' buttons.
    private func action(at index: Int) -> NotificationAction? {
        let offset = index - 1 - attachments.count
        return actions.indices.contains(offset) ? actions[offset] : nil
    }

    private var buttonCount: Int { 1 + attachments.count + actions.count }

    /// What a key asked for.
    public enum Outcome: Equatable, Sendable {
        case ignored, handled
        /// Run this action (`NotificationResponse.defaultActionIdentifier` for Open), with typed text if any.
        case respond(actionIdentifier: String, userText: String?, foreground: Bool)
        /// Open this attachment's file (the notification stays).
        case openAttachment(NotificationAttachment)
    }

    public var isEditing: Bool { reply != nil }

    public mutating func handle(_ press: KeyPress) -> Outcome {
        if var field = reply {
            switch field.handle(press) {
            case .submitted:
                reply = nil
                guard let action = action(at: focus) else { return .handled }
                return .respond(
                    actionIdentifier: action.identifier, userText: field.text,
                    foreground: action.options.contains(.foreground))
            case .cancelled:
                reply = nil
                return .handled
            case .edited, .moved:
                reply = field
                return .handled
            case .ignored:
                if press == KeyPress(.escape) {
                    reply = nil
                    return .handled
                }
                return .ignored
            }
        }
        switch press {
        case KeyPress(.right), KeyPress(.tab):
            confirming = false
            focus = (focus + 1) % buttonCount
        case KeyPress(.left), KeyPress(.tab, .shift):
            confirming = false
            focus = (focus + buttonCount - 1) % buttonCount
        case KeyPress(.enter):
            guard focus > 0 else {
                return .respond(
                    actionIdentifier: NotificationResponse.defaultActionIdentifier, userText: nil, foreground: true)
            }
            guard let action = action(at: focus) else { return .openAttachment(attachments[focus - 1]) }
            if action.textInput != nil {
                reply = TextFieldState()
                return .handled
            }
            if action.options.contains(.authenticationRequired), !confirming {
                confirming = true
                return .handled
            }
            confirming = false
            return .respond(
                actionIdentifier: action.identifier, userText: nil, foreground: action.options.contains(.foreground))
        default:
            return .ignored
        }
        return .handled
    }

    /// The buttons' titles, as drawn.
    public var titles: [String] {
        ["Open"]
            + attachments.indices.map { $0 == 0 ? "Open Attachment" : "Open Attachment \($0 + 1)" }
            + actions.map { NotificationText.shown($0.textInput?.buttonTitle ?? $0.title) }
    }

    /// Draws the buttons (or the reply field, or the confirmation) on `row`; `focused` shows the focus.
    /// Buttons that do not fit are behind "More…" (Tab reaches them: the row scrolls to the focused one).
    @discardableResult
    public func render(in row: Rect, focused: Bool, into buffer: inout CellBuffer) -> Point? {
        guard row.width > 0, row.height > 0 else { return nil }
        if let reply, let action = action(at: focus) {
            let label = "\(NotificationText.shown(action.title)): "
            let x = buffer.put(TextWidth.truncate(label, to: row.width / 2), x: row.x, y: row.y, style: Theme.accent)
            let placeholder = NotificationText.shown(action.textInput?.placeholder ?? "")
            let fieldArea = Rect(x: x, y: row.y, width: max(0, row.maxX - x - 1), height: 1)
            let field = TextField(placeholder: placeholder)
            var state = reply
            field.render(in: fieldArea, state: &state, into: &buffer)
            return field.cursor(in: fieldArea, state: state)
        }
        if confirming, let action = action(at: focus) {
            let title = NotificationText.shown(action.title)
            buffer.put(
                TextWidth.truncate("Are you sure? “\(title)” — Enter: yes · Esc: no", to: row.width), x: row.x,
                y: row.y, style: Theme.warning, clip: row)
            return nil
        }
        let titles = self.titles
        let widths = titles.map { TextWidth.of($0) + 4 }
        // The first button drawn: scrolled so the focused one shows.
        var first = 0
        while first < focus, widths[first...focus].reduce(0, +) + 8 > row.width { first += 1 }
        var x = row.x
        for index in first..<titles.count {
            let more = index < titles.count - 1 ? 8 : 0
            if x + widths[index] + more > row.maxX, index > first || x + widths[index] > row.maxX {
                buffer.put(" More… ", x: x, y: row.y, style: Theme.muted, clip: row)
                break
            }
            let isDestructive = action(at: index)?.options.contains(.destructive) == true
            var style = isDestructive ? Style(foreground: .brightRed, attributes: [.bold]) : Theme.text
            if focused, index == focus { style = isDestructive ? Theme.error : Theme.selection }
            x = buffer.put("[ \(titles[index]) ]", x: x, y: row.y, style: style, clip: row)
            x += 1
        }
        return nil
    }
}
