import Notifications

/// The receiving side of exactly once: remembers the delivery sequences a client has seen (the newest
/// `capacity` of them) so that a second copy of one (a replay after the daemon's crash, or a delivery that is
/// both in a reconnect's snapshot and announced after it) is dropped. Deliveries without a sequence (from an
/// older daemon) always pass.
public struct DeliverySequenceFilter: Sendable {
    public let capacity: Int
    private var seen: Set<Int64> = []
    private var order: [Int64] = []
    private var oldest = 0

    public init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    /// Whether `notification` is seen here for the first time; remembers it.
    public mutating func firstTime(_ notification: DeliveredNotification) -> Bool {
        guard let sequence = notification.sequence else { return true }
        guard seen.insert(sequence).inserted else { return false }
        if order.count < capacity {
            order.append(sequence)
        } else {
            seen.remove(order[oldest])
            order[oldest] = sequence
            oldest = (oldest + 1) % capacity
        }
        return true
    }

    /// Remembers every delivery of `list` (a snapshot of what was delivered) as seen.
    public mutating func remember(_ list: [DeliveredNotification]) {
        for notification in list { _ = firstTime(notification) }
    }
}
