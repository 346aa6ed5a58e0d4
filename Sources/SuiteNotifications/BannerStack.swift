import Foundation
import Notifications
import TerminalUI
import TextWidth

/// The notification banners at the top of the content area: newest on top, the others counted behind it,
/// each leaving after its time unless focused. `Ctrl-N` focuses the newest; its buttons take `←`/`→`/`Tab`,
/// `Enter` runs the focused one, `d` dismisses the notification, `Esc` puts the banner away, `c` puts every
/// banner away (nothing is deleted: they stay in the list). `↓` expands the focused banner (its content
/// extension's area, when its category has one), `↑` folds it again.
public struct BannerStack: Sendable {
    /// One banner: the notification's buttons, what it may show, and when it leaves.
    public struct Entry: Sendable {
        public var bar: ActionBar
        public var appName: String
        public var expires: Date
        /// The app's "show previews" setting and what its category allows when previews are off.
        public var showsPreview: Bool
        public var categoryOptions: CategoryOptions
        /// What the notification's attachments are (read when the banner was made), named under its body.
        public var attachments: [AttachmentInfo] = []
    }

    /// The most banners kept; older ones are only counted (1 000 arrivals in a second stay cheap).
    public static let maxKept = 20

    /// Newest first.
    public private(set) var entries: [Entry] = []
    /// Banners that arrived beyond `maxKept`, still counted.
    public private(set) var overflow = 0
    public private(set) var isFocused = false {
        didSet { if !isFocused { isExpanded = false } }
    }
    /// The focused banner is pulled down: its content extension draws under it.
    public private(set) var isExpanded = false
    /// Set by the suite while the expanded banner's content extension hears its buttons first.
    public var extensionHoldsActions = false

    public init() {}

    public mutating func push(_ entry: Entry) {
        entries.removeAll {
            $0.bar.notification.owner == entry.bar.notification.owner
                && $0.bar.notification.request.identifier == entry.bar.notification.request.identifier
        }
        if isFocused {
            // The focused banner keeps the keys: a newcomer goes behind it.
            entries.insert(entry, at: min(1, entries.count))
        } else {
            entries.insert(entry, at: 0)
        }
        if entries.count > Self.maxKept {
            overflow += entries.count - Self.maxKept
            entries.removeLast(entries.count - Self.maxKept)
        }
    }

    /// Brings `entry` back on top, focused (`Ctrl-N` with no banner showing: the newest notification again).
    public mutating func recall(_ entry: Entry) {
        isFocused = false
        push(entry)
        isFocused = true
    }

    /// Drops banners whose time is up (never the focused one); returns whether any left.
    @discardableResult
    public mutating func expire(now: Date) -> Bool {
        let before = entries.count
        entries = entries.enumerated().filter { index, entry in
            (isFocused && index == 0) || entry.expires > now
        }.map(\.element)
        if entries.isEmpty {
            isFocused = false
            overflow = 0
        }
        return entries.count != before
    }

    /// When the next banner leaves, if one will.
    public var nextExpiry: Date? {
        entries.enumerated().filter { !(isFocused && $0.offset == 0) }.map(\.element.expires).min()
    }

    /// Forgets banners of notifications that were removed (dismissed elsewhere, on another device).
    public mutating func remove(owner: NotificationOwner, identifiers: [String]) {
        let names = Set(identifiers)
        func matches(_ entry: Entry) -> Bool {
            entry.bar.notification.owner == owner && names.contains(entry.bar.notification.request.identifier)
        }
        let hadFocus = isFocused && entries.first.map(matches) == true
        entries.removeAll(where: matches)
        if hadFocus || entries.isEmpty { isFocused = false }
    }

    /// Whether the focused banner is taking text (a reply).
    public var isEditingText: Bool { isFocused && entries.first?.bar.isEditing == true }

    public mutating func handle(_ press: KeyPress) -> NotificationCommand {
        guard isFocused, var top = entries.first else {
            if press == .ctrl("n"), !entries.isEmpty {
                isFocused = true
                return .handled
            }
            return .ignored
        }
        if press == .ctrl("n") { return .handled }
        if !top.bar.isEditing {
            if press == KeyPress(.down) || (press == KeyPress(.up) && isExpanded) {
                isExpanded = press == KeyPress(.down)
                return .handled
            }
            if press == KeyPress(.escape) {
                if top.bar.confirming {
                    top.bar = ActionBar(notification: top.bar.notification, actions: top.bar.actions)
                    entries[0] = top
                    return .handled
                }
                entries.removeFirst()
                isFocused = false
                return .handled
            }
            if press == .char("d") {
                entries.removeFirst()
                isFocused = false
                return .dismiss(top.bar.notification)
            }
            if press == .char("c") {
                entries.removeAll()
                overflow = 0
                isFocused = false
                return .handled
            }
        }
        switch top.bar.handle(press) {
        case .ignored:
            isFocused = false
            return .ignored
        case .handled:
            entries[0] = top
            return .handled
        case .respond(let identifier, let text, let foreground):
            if isExpanded, extensionHoldsActions, identifier != NotificationResponse.defaultActionIdentifier {
                entries[0] = top
                return .extensionAction(
                    top.bar.notification, actionIdentifier: identifier, userText: text, foreground: foreground)
            }
            entries.removeFirst()
            isFocused = false
            return .respond(top.bar.notification, actionIdentifier: identifier, userText: text, foreground: foreground)
        case .openAttachment(let attachment):
            // The banner stays: the file opens beside it.
            entries[0] = top
            return .openAttachment(top.bar.notification, attachment)
        }
    }

    /// Gives the expanded banner of `notification` these buttons (its content extension changed them).
    public mutating func replaceActions(_ actions: [NotificationAction], of notification: DeliveredNotification) {
        guard let top = entries.first, top.bar.notification == notification else { return }
        entries[0].bar = ActionBar(notification: notification, actions: actions)
    }

    /// Puts the banner of `notification` away (its content extension dismissed it).
    public mutating func collapse(_ notification: DeliveredNotification) {
        remove(owner: notification.owner, identifiers: [notification.request.identifier])
    }

    /// The rows a banner takes for a content area `width` wide (0 when none shows).
    public func height(width: Int, expanded: ExpandedContent? = nil) -> Int {
        guard let top = entries.first else { return 0 }
        return 3 + lines(of: top, width: width - 4, expanded: expanded).count
    }

    /// Draws the newest banner over the top of `content`; returns the cursor when a reply is being typed.
    public func render(
        in content: Rect, now: Date, expanded: ExpandedContent? = nil, into buffer: inout CellBuffer
    ) -> Point? {
        guard let top = entries.first, content.width >= 20, content.height >= 5 else { return nil }
        let area = content.inset(left: 1, right: 1)
        let body = lines(of: top, width: area.width - 4, expanded: expanded)
        let height = min(content.height, 3 + body.count)
        let box = Rect(x: area.x, y: content.y, width: area.width, height: height)
        // The margins beside the box are cleared too: a border of the app beneath (Stores' list) would
        // otherwise stand next to the banner's own (`╮╮`, `││`).
        buffer.fill(Rect(x: content.x, y: content.y, width: content.width, height: height), style: Theme.text)
        let borderStyle = isFocused ? Theme.accent : Theme.border
        let age = NotificationText.age(of: top.bar.notification.date, now: now)
        let glyph = ProgramIcon.glyph(of: top.bar.notification.request.content).map { $0 + " " } ?? ""
        let frame = Box(title: "\(glyph)\(NotificationText.shown(top.appName)) · \(age)", style: borderStyle)
        frame.render(in: box, into: &buffer)
        let inner = frame.inner(of: box)
        let behind = entries.count - 1 + overflow
        if behind > 0 {
            let count = " +\(behind) more "
            buffer.put(count, x: box.maxX - 2 - TextWidth.of(count), y: box.y, style: borderStyle)
        }
        let hint = isFocused ? " ←→ Tab · Enter run · d dismiss · Esc " : " Ctrl-N "
        if TextWidth.of(hint) + 4 < box.width {
            buffer.put(hint, x: box.maxX - 2 - TextWidth.of(hint), y: box.maxY - 1, style: borderStyle)
        }
        let text = inner.inset(left: 1, right: 1)
        for (index, line) in body.enumerated() where index < text.height - 1 {
            buffer.put(line, x: text.x, y: text.y + index, clip: text)
        }
        let buttons = Rect(x: text.x, y: text.maxY - 1, width: text.width, height: 1)
        return top.bar.render(in: buttons, focused: isFocused, into: &buffer)
    }

    /// Title, subtitle, up to three lines of body and the attachments' names, escaped; "Notification" when
    /// previews are hidden (the attachments too, as on Apple); when expanded, the content extension's lines
    /// after them (or in place of the body, when its manifest hides the default content).
    private func lines(of entry: Entry, width: Int, expanded: ExpandedContent?) -> [StyledLine] {
        guard width > 0 else { return [] }
        let notification = entry.bar.notification
        let area = isExpanded && expanded?.shows(notification) == true ? expanded : nil
        var result = plainLines(of: entry, width: width)
        if let area, entry.showsPreview {
            if !area.showsDefault { result = Array(result.prefix(1)) }
            result += area.lines(width: width)
        }
        return result
    }

    private func plainLines(of entry: Entry, width: Int) -> [StyledLine] {
        let content = entry.bar.notification.request.content
        let previews = entry.showsPreview
        let showTitle = previews || entry.categoryOptions.contains(.hiddenPreviewsShowTitle)
        let showSubtitle = previews || entry.categoryOptions.contains(.hiddenPreviewsShowSubtitle)
        var result: [StyledLine] = []
        let title = showTitle ? NotificationText.shown(content.title) : ""
        if !title.isEmpty { result.append(StyledLine(TextWidth.truncate(title, to: width), style: Theme.title)) }
        if showSubtitle, !content.subtitle.isEmpty {
            let subtitle = TextWidth.truncate(NotificationText.shown(content.subtitle), to: width)
            result.append(StyledLine(subtitle, style: Theme.text.adding(.bold)))
        }
        if previews {
            if let runs = FreedesktopProgram.styledBody(of: content) {
                // A program's body markup: bold, italic and underlined as it asked.
                result += NotificationText.styledBody(runs, width: width, maxLines: 3, base: Theme.text)
            } else {
                for line in NotificationText.body(content.body, width: width, maxLines: 3) {
                    result.append(StyledLine(line, style: Theme.text))
                }
            }
            result += AttachmentLines.banner(entry.attachments, width: width).map { StyledLine($0, style: Theme.muted) }
        } else if result.isEmpty {
            result.append(StyledLine("Notification", style: Theme.text))
        }
        if result.isEmpty { result.append(StyledLine("", style: Theme.text)) }
        return result
    }
}
