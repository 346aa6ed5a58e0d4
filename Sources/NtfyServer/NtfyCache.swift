import Foundation
import Synchronization

/// The endpoint's messages for `since=`/`poll=1` and its live subscribers: at most `capacity` messages (the
/// oldest go first) for `NtfyMessage.cacheDuration`, as ntfy's cache keeps them, and every open subscription,
/// each told of a message on one of its topics as it is published (a delayed one when it is delivered).
public final class NtfyCache: Sendable {
    /// One open subscription: its topics, its filter, and how to hand it an event (on any thread).
    public struct Subscriber: Sendable {
        public var topics: Set<String>
        public var filter: NtfyFilter
        public var send: @Sendable (NtfyMessage) -> Void

        public init(topics: Set<String>, filter: NtfyFilter, send: @escaping @Sendable (NtfyMessage) -> Void) {
            self.topics = topics
            self.filter = filter
            self.send = send
        }
    }

    private struct Entry {
        var message: NtfyMessage
        /// Not delivered yet (a delayed message before its time).
        var scheduled: Bool
    }

    private struct State {
        var entries: [Entry] = []
        var subscribers: [UInt64: Subscriber] = [:]
        var nextSubscriber: UInt64 = 1
    }

    /// The most messages kept (all topics).
    public let capacity: Int
    private let state = Mutex(State())

    public init(capacity: Int = 1000) { self.capacity = capacity }

    /// How many subscriptions are open.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Keeps `message` (unless `cached` is false) and, unless it is `scheduled`, tells its topic's subscribers.
    public func publish(_ message: NtfyMessage, cached: Bool = true, scheduled: Bool = false) {
        let targets = state.withLock { state -> [Subscriber] in
            if cached {
                state.entries.append(Entry(message: message, scheduled: scheduled))
                state.entries.removeFirst(max(0, state.entries.count - capacity))
            }
            return scheduled ? [] : Array(state.subscribers.values)
        }
        deliver(message, to: targets)
    }

    /// A delayed message's time came: it is delivered and sent to its topic's subscribers.
    public func release(id: String) {
        let (message, targets) = state.withLock { state -> (NtfyMessage?, [Subscriber]) in
            guard let index = state.entries.firstIndex(where: { $0.message.id == id && $0.scheduled }) else {
                return (nil, [])
            }
            state.entries[index].scheduled = false
            return (state.entries[index].message, Array(state.subscribers.values))
        }
        if let message { deliver(message, to: targets) }
    }

    /// A message seen elsewhere (another machine, `baton notify`) once: kept and sent unless its id is known.
    public func adopt(_ message: NtfyMessage) {
        let known = state.withLock { state in state.entries.contains { $0.message.id == message.id } }
        if !known { publish(message) }
    }

    /// The cached messages `filter` asks for on `topics`, oldest first, as of `now`.
    public func cached(topics: Set<String>, filter: NtfyFilter, now: Date) -> [NtfyMessage] {
        let horizon = Int64(now.timeIntervalSince1970 - NtfyMessage.cacheDuration)
        let entries = state.withLock { state in
            state.entries.filter {
                topics.contains($0.message.topic) && $0.message.time >= horizon && (filter.scheduled || !$0.scheduled)
            }
        }
        let messages = entries.map(\.message).filter(filter.matches)
        switch filter.since {
        case .none: return []
        case .all: return messages
        case .latest: return messages.last.map { [$0] } ?? []
        case .time(let date): return messages.filter { $0.time >= Int64(date.timeIntervalSince1970) }
        case .id(let id):
            guard let index = messages.firstIndex(where: { $0.id == id }) else { return messages }
            return Array(messages[(index + 1)...])
        }
    }

    /// Adds a subscriber; returns the key that removes it.
    public func subscribe(_ subscriber: Subscriber) -> UInt64 {
        state.withLock { state in
            defer { state.nextSubscriber += 1 }
            state.subscribers[state.nextSubscriber] = subscriber
            return state.nextSubscriber
        }
    }

    public func unsubscribe(_ key: UInt64) { _ = state.withLock { $0.subscribers.removeValue(forKey: key) } }

    private func deliver(_ message: NtfyMessage, to targets: [Subscriber]) {
        for target in targets where target.topics.contains(message.topic) && target.filter.matches(message) {
            target.send(message)
        }
    }
}
