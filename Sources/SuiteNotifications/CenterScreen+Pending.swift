import Foundation
import Notifications
import TerminalUI
import TextWidth

// The Pending tab's view.
extension CenterScreen {
    /// The Pending tab: each request's next fire date, app and title, the selected one highlighted.
    func renderPending(
        in area: Rect, ledger: NotificationLedger, appName: (String) -> String, now: Date,
        into buffer: inout CellBuffer
    ) {
        guard !ledger.pending.isEmpty else {
            buffer.put("Nothing scheduled", x: area.x, y: area.y, style: Theme.muted, clip: area)
            return
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        formatter.timeZone = TimeZone.current
        let top = max(0, min(selection - area.height / 2, ledger.pending.count - area.height))
        for (offset, pending) in ledger.pending.enumerated().dropFirst(top).prefix(area.height) {
            let y = area.y + offset - top
            let when = pending.nextFireDate.map { formatter.string(from: $0) } ?? "on an event"
            let title = NotificationText.shown(
                pending.request.content.title.isEmpty ? pending.request.identifier : pending.request.content.title)
            let app = NotificationText.shown(appName(pending.owner.bundleIdentifier))
            let style = offset == selection ? Theme.selection : Theme.text
            let text = TextWidth.pad(TextWidth.truncate("\(when)  \(app) · \(title)", to: area.width), to: area.width)
            buffer.put(text, x: area.x, y: y, style: style, clip: area)
        }
    }
}
