import Foundation

extension AddNotification {
    /// The zone to send with `request` from a process whose zone is `zone`: its identifier when the request has
    /// a calendar trigger that names no zone of its own, else nil (nothing to decide).
    public static func callerTimeZone(for request: NotificationRequest, zone: TimeZone = .current) -> String? {
        guard case .calendar(let match, _) = request.trigger, match.timeZone == nil else { return nil }
        // A TZ Foundation cannot name again (a POSIX rule string) is not sent: the daemon could not read it.
        return TimeZone(identifier: zone.identifier) == nil ? nil : zone.identifier
    }

    /// The request as the daemon keeps it: a calendar trigger that names no zone is read in the caller's
    /// (`timeZone`), so the `TZ` the daemon was started with never decides when it fires.
    public var requestInCallerZone: NotificationRequest {
        guard let timeZone, case .calendar(var match, let repeats) = request.trigger, match.timeZone == nil else {
            return request
        }
        match.timeZone = timeZone
        var request = request
        request.trigger = .calendar(match, repeats: repeats)
        return request
    }
}
