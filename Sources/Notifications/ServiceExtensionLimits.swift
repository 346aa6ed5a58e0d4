/// The budgets a notification service extension is held to (iOS's: 30 s, 24 MB).
public struct ServiceExtensionLimits: Sendable, Equatable {
    /// From start until the extension is told time will expire (iOS: about 30 s).
    public var deadline: Duration
    /// After `timeWillExpire`, how long its best attempt may take before it is killed.
    public var grace: Duration
    /// Peak resident set size allowed, in KB (iOS: 24 MB).
    public var peakRSSKB: Int
    /// The most bytes read from the extension's output before it is called a flood.
    public var maxOutputBytes: Int
    /// How often memory is sampled while waiting.
    public var pollInterval: Duration

    public init(
        deadline: Duration = .seconds(30), grace: Duration = .seconds(2), peakRSSKB: Int = 24 * 1024,
        maxOutputBytes: Int = 64 * 1024, pollInterval: Duration = .milliseconds(2)
    ) {
        self.deadline = deadline
        self.grace = grace
        self.peakRSSKB = peakRSSKB
        self.maxOutputBytes = maxOutputBytes
        self.pollInterval = pollInterval
    }

    /// iOS's budget: told at 30 s, 2 s of grace, 24 MB, 64 KB of output.
    public static let standard = ServiceExtensionLimits()
}
