import NotificationContentExtensionKit
import Notifications
import TerminalUI
import TextWidth

/// A notification expanded with its content extension (F4's open buttons, or a banner after `Ctrl-N`, `↓`):
/// the extension's session, what it drew or why it is "Unable to Load", and the button waiting for its answer.
/// The suite's state; `ExpandedContent` is what the views draw of it.
public struct ContentExpansion: Sendable {
    /// Tells this expansion's events from those of an earlier one.
    public let token: Int
    public let notification: DeliveredNotification
    public let manifest: ContentExtensionManifest
    let session: ContentExtensionSession?

    /// What the area shows.
    public enum Status: Sendable, Equatable {
        case loading
        case drawn(ContentDrawing)
        /// The default content and "Unable to Load" (the reason goes to the log).
        case failed(String)
    }

    public var status = Status.loading
    /// The button sent to the extension, waiting for its answer.
    public var pending: (actionIdentifier: String, userText: String?, foreground: Bool)?

    init(
        token: Int, notification: DeliveredNotification, manifest: ContentExtensionManifest,
        session: ContentExtensionSession?
    ) {
        self.token = token
        self.notification = notification
        self.manifest = manifest
        self.session = session
    }

    /// Whether this is `other` (same app, device and identifier).
    public func shows(_ other: DeliveredNotification) -> Bool { content.shows(other) }

    /// Whether buttons go to the extension first: once it has drawn (its `didReceive(_ notification:)` has run),
    /// never while it loads or once it failed; then they go straight to the app.
    public var holdsActions: Bool {
        if case .drawn = status { return true }
        return false
    }

    /// What the views draw.
    public var content: ExpandedContent {
        ExpandedContent(notification: notification, status: status, hidesDefault: manifest.defaultContentHidden) {
            manifest.rows(width: $0)
        }
    }
}

/// The extension's area as views draw it: its lines (escaped, clipped to the area's rows and width), or
/// "Loading…", or "Unable to Load" under the default content.
public struct ExpandedContent: Sendable {
    public let notification: DeliveredNotification
    public let status: ContentExpansion.Status
    /// `UNNotificationExtensionDefaultContentHidden`: the title and body give way to the drawing.
    public let hidesDefault: Bool
    /// The rows of the area for a width.
    public let rows: @Sendable (Int) -> Int

    public init(
        notification: DeliveredNotification, status: ContentExpansion.Status, hidesDefault: Bool,
        rows: @escaping @Sendable (Int) -> Int
    ) {
        self.notification = notification
        self.status = status
        self.hidesDefault = hidesDefault
        self.rows = rows
    }

    /// Whether this is the area of `other` (same app, device and identifier).
    public func shows(_ other: DeliveredNotification) -> Bool {
        notification.owner == other.owner && notification.request.identifier == other.request.identifier
    }

    /// Whether the default content (body, attachments) shows: always, unless the drawing hides it.
    public var showsDefault: Bool {
        if case .drawn = status { return !hidesDefault }
        return true
    }

    /// The lines to draw in `width` columns.
    public func lines(width: Int) -> [StyledLine] {
        switch status {
        case .loading: return [StyledLine("Loading…", style: Theme.muted)]
        case .failed: return [StyledLine("Unable to Load", style: Theme.muted)]
        case .drawn(let drawing):
            return drawing.lines.prefix(rows(width)).map { runs in
                var line = StyledLine()
                var room = width
                for run in runs where room > 0 {
                    let text = TextWidth.truncate(NotificationText.oneLine(run.text), to: room)
                    room -= TextWidth.of(text)
                    line.runs.append(.init(text, Self.style(run.style)))
                }
                return line
            }
        }
    }

    static func style(_ style: ContentStyle) -> Style {
        switch style {
        case .plain: Theme.text
        case .title: Theme.title
        case .bold: Theme.text.adding(.bold)
        case .muted: Theme.muted
        case .accent: Theme.accent
        case .link: Theme.link
        case .emphasis: Theme.text.adding(.underline)
        }
    }
}
