/// The budgets the host holds every widget extension to (DESIGN.md, "Budgets").
public struct WidgetLimits: Sendable, Equatable {
    /// Peak resident set size allowed, in KB (16 MB).
    public var peakRSSKB: Int
    /// Time from spawn to the update's answer.
    public var updateTimeout: Duration
    /// How often the host samples the child's memory while waiting.
    public var pollInterval: Duration

    public init(
        peakRSSKB: Int = 16 * 1024, updateTimeout: Duration = .seconds(2),
        pollInterval: Duration = .milliseconds(2)
    ) {
        self.peakRSSKB = peakRSSKB
        self.updateTimeout = updateTimeout
        self.pollInterval = pollInterval
    }

    /// DESIGN.md's budget: 16 MB, 2 s.
    public static let standard = WidgetLimits()
}
