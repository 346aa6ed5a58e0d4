import Dispatch

/// Where the panel's widget updates run: never on the UI thread in the suite.
public protocol WidgetUpdateRunner: Sendable {
    /// Runs `work`; it posts its result to the UI thread itself.
    func run(_ work: @escaping @Sendable () -> Void)
}

/// Runs updates on a background queue, one widget process per update.
public struct BackgroundUpdateRunner: WidgetUpdateRunner {
    public init() {}

    public func run(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .userInitiated).async(execute: work)
    }
}
