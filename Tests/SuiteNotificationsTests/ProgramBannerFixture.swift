import Foundation
import Notifications
import TerminalUI

@testable import SuiteNotifications

extension Fixture {
    /// `notification`'s banner alone (titled "Bot", previews on), drawn in a 60×8 buffer.
    static func programBanner(_ notification: DeliveredNotification) -> CellBuffer {
        var stack = BannerStack()
        stack.push(
            BannerStack.Entry(
                bar: ActionBar(notification: notification, category: nil), appName: "Bot",
                expires: now.addingTimeInterval(5), showsPreview: true, categoryOptions: []))
        var buffer = CellBuffer(size: Size(width: 60, height: 8))
        _ = stack.render(in: Rect(size: buffer.size), now: now, into: &buffer)
        return buffer
    }
}
