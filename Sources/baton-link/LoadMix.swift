/// What a simulated device of the load run does at each of its ticks, and how often: most ticks write its
/// favourites key; a few close the device and open it again under a new name (a terminal closed and another
/// opened), which makes its machine's link publish the changed device set. A new kind of traffic (an activity
/// advertised once offers cross machines) is one more case here and its branch in `LoadDevice.perform`.
enum LoadAction: Sendable, CaseIterable {
    case keyValueWrite
    case deviceReopen

    /// Each action's share of the ticks (summing to 1).
    var share: Double {
        switch self {
        case .keyValueWrite: 0.98
        case .deviceReopen: 0.02
        }
    }

    /// The action for a uniform draw `unit` in 0..<1.
    static func pick(_ unit: Double) -> LoadAction {
        var total = 0.0
        for action in allCases {
            total += action.share
            if unit < total { return action }
        }
        return .keyValueWrite
    }
}
