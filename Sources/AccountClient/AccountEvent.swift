import Wire

/// What the account client posts to the UI's sink. The UI processes it on its own thread.
public enum AccountEvent: Sendable {
    /// Connected and registered; the daemon's pid.
    case connected(daemonPID: Int32)
    /// The daemon went away; the client is reconnecting on its own.
    case disconnected
    /// The daemon refused this client for good (another user's daemon, a device name in use).
    case refused(String)
    /// A message from the daemon.
    case message(WireMessage)
    /// A timer set with `AccountClient.post(after:_:)` fired.
    case timer(UInt64)
}
