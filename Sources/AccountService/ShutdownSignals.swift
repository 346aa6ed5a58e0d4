import Dispatch
import Foundation

/// A one-shot action run by whichever stop request comes first (signal or `shutdown` message).
final class ShutdownTrigger: @unchecked Sendable {
    private let lock = NSLock()
    private var action: (@Sendable () -> Void)?
    private var fired = false

    /// Sets the action; runs it at once if a stop was already requested.
    func arm(_ action: @escaping @Sendable () -> Void) {
        lock.lock()
        let runNow = fired
        self.action = runNow ? nil : action
        lock.unlock()
        if runNow { action() }
    }

    /// Requests the stop.
    func fire() {
        lock.lock()
        let pending = fired ? nil : action
        fired = true
        action = nil
        lock.unlock()
        pending?()
    }
}

/// Turns termination signals into a callback instead of the default abrupt exit.
final class SignalWatch {
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
