import Foundation
import Synchronization
import Testing

/// How many end-to-end tests run at once: each starts suites in tmux, a daemon and often a server, so on a
/// 2-core machine running them all at once (Swift Testing starts every async test together) would only make
/// each wait longer. A test takes a slot with its first `BatonFixture` (a test with two machines has two) and
/// gives it back when its last one goes; the others wait here without holding a thread.
final class EndToEndSlots: Sendable {
    static let shared = EndToEndSlots(
        count: Int(ProcessInfo.processInfo.environment["BATON_E2E_SLOTS"] ?? "") ?? 2)

    private struct State {
        var free: Int
        /// Fixtures alive per test holding a slot.
        var holders: [String: Int] = [:]
        var waiting: [(test: String, continuation: CheckedContinuation<Void, Never>)] = []
    }
    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(free: max(1, count)))
    }

    /// The test this task runs (its fixtures share one slot).
    static var currentTest: String { Test.current.map { "\($0.id)" } ?? "outside a test" }

    /// Takes a slot for `test` (at once when it holds one already), waiting for one to be free.
    func acquire(for test: String = currentTest) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state -> Bool in
                if let held = state.holders[test] {
                    state.holders[test] = held + 1
                    return true
                }
                guard state.free > 0 else {
                    state.waiting.append((test, continuation))
                    return false
                }
                state.free -= 1
                state.holders[test] = 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives back one fixture of `test`; its slot goes to the longest waiting test when it was the last.
    func release(for test: String) {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            let held = (state.holders[test] ?? 1) - 1
            guard held <= 0 else {
                state.holders[test] = held
                return nil
            }
            state.holders[test] = nil
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            let next = state.waiting.removeFirst()
            state.holders[next.test, default: 0] += 1
            return next.continuation
        }
        next?.resume()
    }
}
