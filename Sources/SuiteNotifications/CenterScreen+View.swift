import Foundation
import Notifications
import TerminalUI
import TextWidth

// The view: a pure render of the center into a cell buffer.
extension CenterScreen {

    /// Draws the center into `area`; returns the cursor while a reply is typed. `attachment` says what an
    /// attachment is (the suite keeps what it read; by default the file is read).
    public func render(
        in area: Rect, ledger: NotificationLedger, appName: (String) -> String, doNotDisturb: String?, now: Date,
        apps: [(bundle: String, name: String)] = [],
        attachment: (NotificationAttachment) -> AttachmentInfo = AttachmentInfo.read, expanded: ExpandedContent? = nil,
        into buffer: inout CellBuffer
    ) -> Point? {
        buffer.fill(area)
        guard area.height >= 3 else { return nil }
        let (header, rest) = area.splitTop(2)
        let tabs = TabBar(
            titles: ["Notifications (\(ledger.shownCount))", "Pending (\(ledger.pending.count))", "Settings"],
            selected: tab == .delivered ? 0 : tab == .pending ? 1 : 2)
        tabs.render(in: header.splitTop(1).top, into: &buffer)
        let dnd = doNotDisturb.map { "☾ Do Not Disturb on, \($0) · n" } ?? "Do Not Disturb off · n"
        buffer.put(TextWidth.truncate(dnd, to: header.width), x: header.x + 1, y: header.y + 1, style: Theme.muted)
        let list = rest.inset(left: 1, right: 1)
        switch tab {
        case .delivered:
            return renderDelivered(
                in: list, ledger: ledger, appName: appName, now: now, attachment: attachment, expanded: expanded,
                into: &buffer)
        case .pending:
            renderPending(in: list, ledger: ledger, appName: appName, now: now, into: &buffer)
            return nil
        case .settings:
            settings.render(in: list, apps: apps, ledger: ledger, into: &buffer)
            return nil
        }
    }

    private func renderDelivered(
        in area: Rect, ledger: NotificationLedger, appName: (String) -> String, now: Date,
        attachment: (NotificationAttachment) -> AttachmentInfo, expanded: ExpandedContent?,
        into buffer: inout CellBuffer
    ) -> Point? {
        let rows = rows(ledger)
        guard !rows.isEmpty else {
            buffer.put("No notifications", x: area.x, y: area.y, style: Theme.muted, clip: area)
            return nil
        }
        // Lines: each row one line; the selected notification also its subtitle, body and buttons.
        var lines: [(line: StyledLine, selected: Bool, buttons: ActionBar?)] = []
        var choice = 0
        var selectedLine = 0
        for row in rows {
            switch row {
            case .app(let bundle, let count):
                let badge = ledger.badges[bundle].flatMap { $0 > 0 ? "  badge \($0)" : nil } ?? ""
                lines.append(
                    (
                        StyledLine(
                            "\(NotificationText.shown(appName(bundle))) · \(count)\(badge)", style: Theme.heading),
                        false, nil
                    ))
            case .notification(let notification):
                let isSelected = choice == selection
                choice += 1
                if isSelected { selectedLine = lines.count }
                let content = notification.request.content
                let age = NotificationText.age(of: notification.date, now: now)
                let late = notification.lateBy.map { $0 >= 1 ? " (late \(Int($0))s)" : "" } ?? ""
                let head = [content.title, content.subtitle].filter { !$0.isEmpty }.map(NotificationText.shown)
                    .joined(separator: " — ")
                let text = head.isEmpty ? NotificationText.oneLine(content.body) : head
                let room = max(0, area.width - TextWidth.of(age + late) - 4)
                let line = StyledLine([
                    .init(
                        "  " + TextWidth.pad(TextWidth.truncate(text, to: room), to: room) + " ",
                        isSelected ? Theme.selection : Theme.text),
                    .init(age + late, isSelected ? Theme.selection : Theme.muted),
                ])
                lines.append((line, isSelected, nil))
                if isSelected {
                    // The content extension's area, when this notification is expanded with one.
                    let extensionArea = expanded?.shows(notification) == true ? expanded : nil
                    if extensionArea?.showsDefault ?? true {
                        if !head.isEmpty {
                            for bodyLine in Self.bodyLines(of: content, width: area.width - 4) {
                                lines.append((StyledLine([.init("    ")] + bodyLine.runs), false, nil))
                            }
                        }
                        if let icon = FreedesktopProgram.icon(in: content) {
                            lines.append(
                                (
                                    StyledLine("    Icon: " + NotificationText.oneLine(icon), style: Theme.muted),
                                    false, nil
                                ))
                        }
                        let infos = content.attachments.map(attachment)
                        for (text, isPreview) in AttachmentLines.detail(infos, width: area.width - 4) {
                            lines.append(
                                (StyledLine("    " + text, style: isPreview ? Theme.text : Theme.muted), false, nil))
                        }
                    }
                    for drawn in extensionArea?.lines(width: area.width - 4) ?? [] {
                        lines.append((StyledLine([.init("    ")] + drawn.runs), false, nil))
                    }
                    let buttons = bar ?? Self.actionBar(for: notification, ledger: ledger)
                    lines.append((StyledLine(""), false, buttons))
                }
            case .more(_, let summary):
                let isSelected = choice == selection
                if isSelected { selectedLine = lines.count }
                choice += 1
                lines.append(
                    (StyledLine("    ⋯ \(summary)", style: isSelected ? Theme.selection : Theme.muted), isSelected, nil)
                )
            }
        }
        let top = max(0, min(selectedLine - area.height / 2, lines.count - area.height))
        var cursor: Point?
        for (offset, entry) in lines.dropFirst(top).prefix(area.height).enumerated() {
            let y = area.y + offset
            if let buttons = entry.buttons {
                let row = Rect(x: area.x + 4, y: y, width: max(0, area.width - 4), height: 1)
                cursor = buttons.render(in: row, focused: bar != nil, into: &buffer) ?? cursor
            } else {
                buffer.put(entry.line, x: area.x, y: y, clip: area)
            }
        }
        return cursor
    }

    /// A notification's body in its detail: a program's markup in the suite's styles (as the banner draws it),
    /// else its text; up to three lines.
    static func bodyLines(of content: NotificationContent, width: Int) -> [StyledLine] {
        if let runs = FreedesktopProgram.styledBody(of: content) {
            return NotificationText.styledBody(runs, width: width, maxLines: 3, base: Theme.text)
        }
        return NotificationText.body(content.body, width: width, maxLines: 3).map { StyledLine($0) }
    }
}
