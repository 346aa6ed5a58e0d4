import Notifications

/// The extension's view of its host (`NSExtensionContext` for a content extension): the request it draws,
/// and the way to change the buttons or draw again while the notification is open.
public final class NotificationContentContext {
    /// The notification being shown and the room for it.
    public let request: ContentExtensionRequest
    private let send: (ContentExtensionMessage) -> Void

    init(request: ContentExtensionRequest, send: @escaping (ContentExtensionMessage) -> Void) {
        self.request = request
        self.send = send
    }

    /// Replaces the category's buttons while the notification is open (`notificationActions`).
    public func setActions(_ actions: [NotificationAction]) { send(.actions(actions)) }

    /// Draws the content again.
    public func redraw(_ drawing: ContentDrawing) { send(.draw(drawing)) }
}
