/// Reading an extension's output while holding it to a memory budget (every extension host's wait).
extension ChildProcess {
    /// What one budgeted wait for output produced.
    public enum BudgetedRead {
        case bytes(ArraySlice<UInt8>)
        case nothingYet
        case endOfFile
        /// The child's peak (in KB, kept in `peakKB`) is over the budget: end it.
        case overBudget
    }

    /// Waits up to `timeout` for output, then samples the child's high-water memory into `peakKB` (`VmHWM`
    /// never falls, so a late sample still sees the peak); a peak over `limitKB` wins over what was read.
    public func read(timeout: Duration, peakKB: inout Int, limitKB: Int) -> BudgetedRead {
        let read = read(timeout: timeout)
        if let sample = peakResidentKB() { peakKB = max(peakKB, sample) }
        if peakKB > limitKB { return .overBudget }
        switch read {
        case .bytes(let bytes): return .bytes(bytes)
        case .nothingYet: return .nothingYet
        case .endOfFile: return .endOfFile
        }
    }
}
