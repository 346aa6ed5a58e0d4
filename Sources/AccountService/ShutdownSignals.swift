import Dispatch
import Foundation
import Synchronization

/// A one-shot action run by whichever stop request comes first (signal or `shutdown` message).
final class ShutdownTrigger: Sendable {
    private struct State {
        var action: (@Sendable () -> Void)?
        var fired = false
    }

    private let state = Mutex(State())

    /// Sets the action; runs it at once if a stop was already requested.
    func arm(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            state.action = state.fired ? nil : action
            return state.fired
        }
        if runNow { action() }
    }

    /// Requests the stop.
    func fire() {
        let pending = state.withLock { state in
            defer {
                state.fired = true
                state.action = nil
            }
            return state.fired ? nil : state.action
        }
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
