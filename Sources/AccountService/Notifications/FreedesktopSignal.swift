import Foundation

/// A signal of `org.freedesktop.Notifications` the desktop bridge acts on (read from the bus by `DesktopConnection`).
enum FreedesktopSignal: Equatable {
    /// The user chose an action (`default` is the notification itself).
    case actionInvoked(id: UInt32, actionKey: String)
    /// The token that lets the program raise its window, sent before `actionInvoked` (specification 1.2).
    case activationToken(id: UInt32, token: String)
    /// The notification went away: 1 expired, 2 dismissed by the user, 3 closed by CloseNotification, 4 other.
    case closed(id: UInt32, reason: UInt32)

    /// The desktop notification the signal is about.
    var id: UInt32 {
        switch self {
        case .actionInvoked(let id, _), .activationToken(let id, _), .closed(let id, _): id
        }
    }

    /// The reason `NotificationClosed` gives when the user dismissed the notification.
    static let dismissedByUser: UInt32 = 2
}
