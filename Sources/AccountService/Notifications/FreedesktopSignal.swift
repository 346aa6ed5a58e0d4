import Foundation

/// A signal of `org.freedesktop.Notifications` as `gdbus monitor` prints it, e.g.
/// `/org/freedesktop/Notifications: org.freedesktop.Notifications.ActionInvoked (uint32 3, 'default')`.
enum FreedesktopSignal: Equatable {
    /// The user chose an action (`default` is the notification itself).
    case actionInvoked(id: UInt32, actionKey: String)
    /// The notification went away: 1 expired, 2 dismissed by the user, 3 closed by CloseNotification, 4 other.
    case closed(id: UInt32, reason: UInt32)

    /// The desktop notification the signal is about.
    var id: UInt32 {
        switch self {
        case .actionInvoked(let id, _), .closed(let id, _): id
        }
    }

    /// The reason `NotificationClosed` gives when the user dismissed the notification.
    static let dismissedByUser: UInt32 = 2

    /// The signal on `line`, or nil for any other line (name-owner notes, other signals, garbage).
    init?(line: String) {
        let interface = "org.freedesktop.Notifications."
        guard
            let member = line.range(of: interface + "ActionInvoked (")
                ?? line.range(of: interface + "NotificationClosed (")
        else { return nil }
        let arguments = line[member.upperBound...]
        guard let id = GVariantText.firstUInt32(in: arguments), let comma = arguments.firstIndex(of: ",") else {
            return nil
        }
        let second = arguments[arguments.index(after: comma)...].drop { $0 == " " }
        if line[member].contains("ActionInvoked") {
            guard let key = GVariantText.quoted(second)?.value else { return nil }
            self = .actionInvoked(id: id, actionKey: key)
        } else {
            guard let reason = GVariantText.firstUInt32(in: second) else { return nil }
            self = .closed(id: id, reason: reason)
        }
    }
}
