import Wire

/// A service hosted by the daemon: it owns one or more message families.
///
/// The device registry, activity relay and stream relay are services; the key-value store and the
/// notification center slot in the same way. Every call happens on the daemon's event loop.
protocol DaemonService: AnyObject {
    /// The families of messages routed to this service.
    var families: Set<MessageFamily> { get }
    /// Whether the sender must have registered its device first.
    var requiresRegistration: Bool { get }
    /// Handles one message from `connection`.
    func receive(_ message: WireMessage, from connection: ClientConnection)
    /// `connection` registered its device (or updated its apps).
    func deviceRegistered(_ connection: ClientConnection)
    /// `connection` closed; forget it.
    func connectionClosed(_ connection: ClientConnection)
}

extension DaemonService {
    var requiresRegistration: Bool { true }
    func deviceRegistered(_ connection: ClientConnection) {}
    func connectionClosed(_ connection: ClientConnection) {}
}
