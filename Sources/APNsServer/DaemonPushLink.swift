import AccountClient
import BatonEnvironment
import Foundation
import NIOCore
import NIOPosix
import Notifications
import Synchronization
import Wire

/// The endpoint's one connection to the daemon, shared by every push: each request carries an id of its own
/// and its answer is matched by that id. Before it, each push opened a connection of its own, and a provider
/// pushing on 3 connections × 100 streams held the daemon's 64 connection slots, so `baton kv set` was refused
/// 17 times in 37. Opened on the first push (or by `connect()`), opened again on the next push after it drops.
/// The ntfy endpoint (`NtfyServer`) sends its notifications over one of its own the same way.
public final class DaemonPushLink: Sendable {
    private enum Link {
        case none
        case connecting(EventLoopFuture<DaemonLink>)
        case up(DaemonLink)
    }

    private struct State {
        var link = Link.none
        /// Which connection the link is: closures of an older one change nothing.
        var generation = 0
        var nextRequestID: UInt64 = 1
        var waiting: [UInt64: (generation: Int, promise: EventLoopPromise<WireMessage>)] = [:]
    }

    private let socket: URL
    private let dropped: @Sendable () -> Void
    private let state = Mutex(State())
    private let loop = MultiThreadedEventLoopGroup.singleton.next()

    /// `dropped` runs (on a NIO thread) each time an open connection closes.
    public init(socket: URL, dropped: @escaping @Sendable () -> Void) {
        self.socket = socket
        self.dropped = dropped
    }

    /// Sends `make(requestID)` and returns the daemon's reply naming that id, within `timeout`.
    public func request(
        timeout: TimeAmount, _ make: (UInt64) -> WireMessage
    ) async throws(DaemonQueryError) -> WireMessage {
        let (link, generation) = try await connected()
        let promise = loop.makePromise(of: WireMessage.self)
        let requestID = state.withLock { state in
            defer { state.nextRequestID += 1 }
            state.waiting[state.nextRequestID] = (generation, promise)
            return state.nextRequestID
        }
        let timer = loop.scheduleTask(in: timeout) { [weak self] in self?.finish(requestID, .failure(.timedOut)) }
        defer { timer.cancel() }
        link.send(make(requestID)).whenFailure { [weak self] _ in
            // Not sent: the daemon never saw it, so the provider may safely retry.
            self?.finish(requestID, .failure(.notRunning(self?.socket.path ?? "")))
        }
        do {
            return try await promise.futureResult.get()
        } catch let error as DaemonQueryError {
            throw error
        } catch {
            throw .closed
        }
    }

    /// Sends `message` (a notification request) under a request id of its own and returns the daemon's reply.
    public func request(
        timeout: TimeAmount, notification message: NotificationMessage
    ) async throws(DaemonQueryError) -> WireMessage {
        guard let wire = try? message.wire(requestID: 1) else { throw .closed }
        return try await request(timeout: timeout) { requestID in
            guard case .notification(var envelope) = wire else { return wire }
            envelope.requestID = requestID
            return .notification(envelope)
        }
    }

    /// The open connection, opened now when there is none; throws as `DaemonQuery` does when it cannot be.
    @discardableResult
    public func connected() async throws(DaemonQueryError) -> (DaemonLink, Int) {
        let (future, generation, opening) = state.withLock {
            state -> (EventLoopFuture<DaemonLink>, Int, EventLoopPromise<DaemonLink>?) in
            switch state.link {
            case .up(let link) where link.isActive: return (loop.makeSucceededFuture(link), state.generation, nil)
            case .connecting(let future): return (future, state.generation, nil)
            default:
                state.generation += 1
                let promise = loop.makePromise(of: DaemonLink.self)
                state.link = .connecting(promise.futureResult)
                return (promise.futureResult, state.generation, promise)
            }
        }
        if let opening {
            let generation = generation
            DaemonLink.connect(
                to: socket,
                onFrame: { [weak self] frame in self?.received(frame, generation: generation) },
                onClose: { [weak self] in self?.closed(generation: generation) }
            ).cascade(to: opening)
        }
        do {
            let link = try await future.get()
            state.withLock { state in
                if state.generation == generation, case .connecting = state.link { state.link = .up(link) }
            }
            return (link, generation)
        } catch {
            state.withLock { state in
                if state.generation == generation { state.link = .none }
            }
            if let error = error as? DaemonLinkError { throw .foreign(error.description) }
            throw .notRunning(socket.path)
        }
    }

    private func received(_ frame: InboundFrame, generation: Int) {
        guard case .message(let message) = frame else { return }
        switch message {
        case .error(let error) where error.requestID == nil:
            // Turned away (its connection cap, its descriptor limit): every push waiting on it learns why.
            let failure: DaemonQueryError =
                error.failure.code == WireFailure.tooManyConnections
                ? .busy(error.failure.message) : .refused(error.failure.message)
            failAll(generation: generation, failure)
        case .error(let error):
            if let id = error.requestID { finish(id, .failure(.failed(error.failure))) }
        default:
            if let id = message.requestID { finish(id, .success(message)) }
        }
    }

    private func closed(generation: Int) {
        let current = state.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            state.link = .none
            return true
        }
        // Sent, but no answer came: it may have been taken (a provider's retry may deliver it twice).
        failAll(generation: generation, .closed)
        if current { dropped() }
    }

    private func failAll(generation: Int, _ failure: DaemonQueryError) {
        let ids = state.withLock { state in state.waiting.filter { $0.value.generation == generation }.map(\.key) }
        for id in ids { finish(id, .failure(failure)) }
    }

    private func finish(_ requestID: UInt64, _ result: Result<WireMessage, DaemonQueryError>) {
        let promise = state.withLock { $0.waiting.removeValue(forKey: requestID)?.promise }
        promise?.completeWith(result.mapError { $0 as any Error })
    }
}
