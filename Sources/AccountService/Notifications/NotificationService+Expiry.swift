import Foundation
import NIOCore
import Notifications

/// `expire_timeout` of freedesktop programs (Desktop Notifications Specification 1.2, as dunst does it): a
/// notification that asked for N milliseconds is removed N ms after it was delivered, as `.expired` (the
/// server's `NotificationClosed` reason 1). -1 (the server's default) and 0 (never) keep it in the list, and
/// a critical one never expires: the user closes it. Armed on the daemon's clock, again after a restart.
extension NotificationService {
    /// Seconds after its delivery that `notification` expires, when it asked to.
    static func expiry(of notification: DeliveredNotification) -> Double? {
        let content = notification.request.content
        guard FreedesktopProgram.isProgram(notification.owner.bundleIdentifier),
            content.interruptionLevel != .critical,
            case .int(let milliseconds)? = content.userInfo[FreedesktopProgram.expireTimeoutKey], milliseconds > 0
        else { return nil }
        return Double(milliseconds) / 1_000
    }

    /// Removes `notification` once its time is up, unless it was removed or replaced (`replaces_id`: the newer
    /// copy has its own time) before. Called on the loop once its delivery has committed, and at start for what
    /// was delivered before (what is past its time then goes at once).
    func armExpiry(_ notification: DeliveredNotification) {
        guard let seconds = Self.expiry(of: notification) else { return }
        let owner = notification.owner
        let identifier = notification.request.identifier
        let sequence = notification.sequence
        let remaining = max(0, notification.date.addingTimeInterval(seconds).timeIntervalSince(clock.now()))
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        _ = clock.schedule(after: remaining) {
            let service = bound.value
            let same = service.delivered[owner]?.contains {
                $0.request.identifier == identifier && $0.sequence == sequence
            }
            guard same == true else { return }
            let filter = NotificationFilter(
                bundleIdentifier: owner.bundleIdentifier, device: owner.device, identifiers: [identifier])
            _ = service.removeDelivered(filter, reason: .expired)
        }
    }
}
