import NIOCore

/// How long to wait before each connection attempt: doubling from `initial` up to `maximum`.
public struct ReconnectPolicy: Sendable {
    public var initial: TimeAmount
    public var maximum: TimeAmount

    public init(initial: TimeAmount = .milliseconds(25), maximum: TimeAmount = .seconds(1)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The delay before attempt number `attempt` (0 is the first retry).
    public func delay(attempt: Int) -> TimeAmount {
        let factor = Int64(1) << Int64(min(attempt, 20))
        let nanoseconds = initial.nanoseconds.multipliedReportingOverflow(by: factor)
        if nanoseconds.overflow { return maximum }
        return .nanoseconds(min(nanoseconds.partialValue, maximum.nanoseconds))
    }
}
