import Foundation

/// The load run's record of writes in flight: when each was sent and from which machine, and how long it took to
/// reach each other machine of its account (as that machine's observing device hears it).
final class DeliveryLedger: @unchecked Sendable {
    private struct InFlight {
        var sentAt: ContinuousClock.Instant
        var origin: Int
        var awaited: Set<Int>
        var measured: Bool
    }

    private let lock = NSLock()
    private let clock = ContinuousClock()
    private var inFlight: [String: InFlight] = [:]
    private var latencies: [Double] = []
    private var deliveries = 0

    /// A write of `token` from machine `origin`, awaited on `others`; `measured` when it counts in the figures.
    func sent(_ token: String, origin: Int, others: [Int], measured: Bool) {
        lock.withLock {
            inFlight[token] = InFlight(sentAt: clock.now, origin: origin, awaited: Set(others), measured: measured)
        }
    }

    /// Machine `machine`'s observer heard `token`.
    func heard(_ token: String, on machine: Int) {
        let now = clock.now
        lock.withLock {
            guard var write = inFlight[token], write.awaited.remove(machine) != nil else { return }
            if write.measured {
                latencies.append((now - write.sentAt).milliseconds)
                deliveries += 1
            }
            inFlight[token] = write.awaited.isEmpty ? nil : write
        }
    }

    /// Forgets every write in flight (the warm-up writes anew).
    func forgetAll() { lock.withLock { inFlight = [:] } }

    /// Whether `token` still awaits a machine.
    func pending(_ token: String) -> Bool { lock.withLock { inFlight[token] != nil } }

    /// How many writes still await a machine, and how many of those were measured.
    var outstanding: (all: Int, measured: Int) {
        lock.withLock { (inFlight.count, inFlight.values.filter(\.measured).count) }
    }

    /// The machines still awaited, with the machines their writes came from (for a failure message).
    var awaited: [(machine: Int, from: Int)] {
        lock.withLock { inFlight.values.flatMap { write in write.awaited.map { ($0, write.origin) } } }
    }

    /// The measured deliveries' latencies (ms).
    var measuredLatencies: [Double] { lock.withLock { latencies } }
}
