import TerminalUI

/// The Notifications destination's timers.
enum NotificationsTimer: TimerKey {
    /// Each second: the moon follows `baton dnd`, and every fifth the pending list is read again.
    case doNotDisturb
    /// The next banner's time to leave.
    case banners
}
