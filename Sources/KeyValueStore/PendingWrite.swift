import Wire

/// A local write the daemon has not acknowledged yet: sent (again) on every connect until it is.
struct PendingWrite: Codable, Hashable, Sendable {
    var key: String
    /// Nil removes the key.
    var value: PropertyListValue?
    /// The device's increasing write number; the daemon applies each id once.
    var writeID: UInt64
}
