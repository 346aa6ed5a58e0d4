/// A value that names a timer (an enum case of its owner, say): equal keys name the same timer.
public protocol TimerKey: Hashable, Sendable {}

/// A timer's key with its type erased, as the loop keeps it. Two timers are the same when their keys are of the
/// same type and equal; the owner gets its own key back with `key(as:)`.
public struct LoopTimer: Hashable, @unchecked Sendable {
    // Unchecked: the value inside is always a `TimerKey`, hence Sendable.
    private let value: AnyHashable

    /// The timer named by `key`.
    public init(_ key: some TimerKey) { value = AnyHashable(key) }

    /// The key, if it is of type `type`.
    public func key<Key: TimerKey>(as type: Key.Type) -> Key? { value.base as? Key }
}
