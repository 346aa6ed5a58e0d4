/// Durations in milliseconds, as budgets, limits and benchmarks state them.
extension Duration {
    /// The duration in whole milliseconds, rounded up.
    public var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// The duration in fractional seconds (as `DeadlineClock` takes delays).
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in fractional milliseconds.
    public var fractionalMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
