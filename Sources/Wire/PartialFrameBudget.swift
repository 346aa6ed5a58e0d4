import Synchronization

/// The memory every connection's partly received frame may hold, together: a frame is announced before
/// its body arrives, so without a shared bound many connections each sending half a megabyte-frame would
/// make the daemon hold all those halves. The connection that would pass the bound is failed instead.
public final class PartialFrameBudget: Sendable {
    /// The most bytes held, all connections together.
    public let limit: Int
    private let state = Mutex(State())

    private struct State {
        var held: [Int: Int] = [:]
        var total = 0
        var nextID = 0
    }

    public init(limit: Int) { self.limit = limit }

    /// A new holder (one per connection's decoder).
    func register() -> Int {
        state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
    }

    /// Records that `holder` now holds `bytes`; throws, recording nothing, when that would pass the limit.
    func hold(_ holder: Int, bytes: Int) throws(WireError) {
        let refused = state.withLock { state -> Bool in
            let total = state.total - (state.held[holder] ?? 0) + bytes
            guard bytes == 0 || total <= limit else { return true }
            state.total = total
            state.held[holder] = bytes == 0 ? nil : bytes
            return false
        }
        if refused { throw .overPartialFrameBudget(limit: limit) }
    }

    /// The bytes held now, all holders together.
    public var total: Int { state.withLock { $0.total } }
}
