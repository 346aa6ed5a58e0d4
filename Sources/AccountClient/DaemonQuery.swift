import BatonEnvironment
import Foundation
import NIOCore
import Synchronization
import Wire

/// One request and its reply over a short-lived connection (the CLI's `devices`, `activities`, `status`).
/// Never starts a daemon.
public enum DaemonQuery {
    /// Sends the message `make(requestID)` and returns the first reply naming that id.
    public static func request(
        paths: BatonPaths, timeout: TimeAmount = .seconds(5), _ make: @Sendable (UInt64) -> WireMessage
    ) async throws(DaemonQueryError) -> WireMessage {
        try await gather(paths: paths, timeout: timeout, make) { $0 }
    }

    /// Fetches the whole key-value store, which the daemon sends in pieces, and returns it as one snapshot.
    public static func keyValueSnapshot(
        paths: BatonPaths, timeout: TimeAmount = .seconds(5)
    ) async throws(DaemonQueryError) -> KeyValueSnapshot {
        let pieces = LockedSnapshotPieces()
        return try await gather(paths: paths, timeout: timeout) {
            .keyValueFetch(KeyValueFetch(requestID: $0, subscribe: false))
        } gather: { reply throws(DaemonQueryError) in
            guard case .keyValueSnapshot(let piece) = reply else {
                throw .unexpected("expected a key-value snapshot, got '\(reply.kind)'")
            }
            do {
                return try pieces.add(piece)
            } catch {
                throw .unexpected("\(error)")
            }
        }
    }

    /// Sends the message `make(requestID)` and hands every reply naming that id to `gather` until it returns
    /// a result (or throws).
    public static func gather<Result: Sendable>(
        paths: BatonPaths, timeout: TimeAmount = .seconds(5), _ make: @Sendable (UInt64) -> WireMessage,
        gather: @escaping @Sendable (WireMessage) throws(DaemonQueryError) -> Result?
    ) async throws(DaemonQueryError) -> Result {
        let requestID: UInt64 = 1
        let waiter = ReplyWaiter(socket: paths.socket.path, gather: gather)
        let link: DaemonLink
        do {
            link = try await DaemonLink.connect(
                to: paths.socket,
                onFrame: { frame in waiter.offer(frame, requestID: requestID) },
                onClose: { waiter.finish(.failure(.closed)) }
            ).get()
        } catch let error as DaemonLinkError {
            throw .foreign(error.description)
        } catch {
            // Turned away at once (at the connection cap): the daemon's reason may have come before the close.
            if let refusal = waiter.refusal { throw refusal }
            throw .notRunning(paths.socket.path)
        }
        defer { link.close() }
        link.send(make(requestID))
        let timer = MultiThreadedEventLoopGroupSingleton.loop.scheduleTask(in: timeout) {
            waiter.finish(.failure(.timedOut))
        }
        defer { timer.cancel() }
        return try await waiter.value()
    }

    /// Sends a message that has no reply (e.g. `shutdown`).
    public static func send(paths: BatonPaths, _ message: WireMessage) async throws(DaemonQueryError) {
        do {
            let link = try await DaemonLink.connect(to: paths.socket, onFrame: { _ in }, onClose: {}).get()
            try await link.send(message).get()
            link.close()
        } catch let error as DaemonLinkError {
            throw .foreign(error.description)
        } catch {
            throw .notRunning(paths.socket.path)
        }
    }
}

/// Why a query got no answer.
public enum DaemonQueryError: Error, Equatable, CustomStringConvertible {
    case notRunning(String)
    case refused(String)
    /// The socket is served by another user's process (`DaemonLinkError.foreignDaemon`): exit 78 in the CLI.
    case foreign(String)
    /// The daemon runs but turned the connection away (503: its connection cap, its descriptor limit),
    /// saying why.
    case busy(String)
    case failed(WireFailure)
    case closed
    case timedOut
    /// The daemon answered with something the query cannot use.
    case unexpected(String)

    public var description: String {
        switch self {
        case .notRunning(let socket): "no Baton daemon is running (nothing answers at \(socket))"
        case .refused(let message), .foreign(let message): message
        case .busy(let message): "the daemon runs but did not take the request: \(message)"
        case .failed(let failure): failure.description
        case .closed: "the daemon closed the connection without answering"
        case .timedOut: "the daemon did not answer in time"
        case .unexpected(let reason): "unexpected answer from the daemon: \(reason)"
        }
    }

    /// The exit code a command ends with for this error when it has no more specific one: 4
    /// (`BatonExitCode.daemonNotAnswering`) for a daemon that turned the connection away, else 1.
    public var exitCode: Int32 {
        if case .busy = self { return BatonExitCode.daemonNotAnswering }
        return BatonExitCode.failure
    }
}

/// The event loop used for query timers.
private enum MultiThreadedEventLoopGroupSingleton {
    static var loop: any EventLoop { NIOSingletons.posixEventLoopGroup.next() }
}

/// Bridges NIO callbacks to one awaited result, gathered from one or more replies.
private final class ReplyWaiter<Gathered: Sendable>: Sendable {
    private typealias Outcome = Result<Gathered, DaemonQueryError>
    private let gather: @Sendable (WireMessage) throws(DaemonQueryError) -> Gathered?
    /// The outcome once known, and the caller waiting for it.
    private let state = Mutex<(result: Outcome?, continuation: CheckedContinuation<Outcome, Never>?)>((nil, nil))

    private let socket: String

    init(socket: String, gather: @escaping @Sendable (WireMessage) throws(DaemonQueryError) -> Gathered?) {
        self.socket = socket
        self.gather = gather
    }

    func offer(_ frame: InboundFrame, requestID: UInt64) {
        if case .undecodable(let error) = frame, let mismatch = WireVersionMismatch.from(error, socket: socket) {
            return finish(.failure(.refused(mismatch.description)))
        }
        guard case .message(let message) = frame else { return }
        switch message {
        case .error(let error) where error.requestID == requestID:
            finish(.failure(.failed(error.failure)))
        case .error(let error) where error.requestID == nil && error.failure.code == WireFailure.forbidden:
            finish(.failure(.refused(error.failure.message)))
        case .error(let error)
        where error.requestID == nil && error.failure.code == WireFailure.tooManyConnections:
            finish(.failure(.busy(error.failure.message)))
        default:
            guard message.requestID == requestID else { return }
            do {
                if let gathered = try gather(message) { finish(.success(gathered)) }
            } catch {
                finish(.failure(error))
            }
        }
    }

    /// Why the daemon turned the connection away, when it said so already.
    var refusal: DaemonQueryError? {
        state.withLock { state in
            guard case .failure(let error) = state.result, case .busy = error else { return nil }
            return error
        }
    }

    func finish(_ outcome: Result<Gathered, DaemonQueryError>) {
        let waiting = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard state.result == nil else { return nil }
            state.result = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(returning: outcome)
    }

    func value() async throws(DaemonQueryError) -> Gathered {
        let outcome = await withCheckedContinuation { continuation in
            let known = state.withLock { state -> Outcome? in
                if state.result == nil { state.continuation = continuation }
                return state.result
            }
            if let known { continuation.resume(returning: known) }
        }
        return try outcome.get()
    }
}

/// A snapshot assembler shared with the NIO callback that feeds it.
private final class LockedSnapshotPieces: Sendable {
    private let assembler = Mutex(KeyValueSnapshotAssembler())

    func add(_ piece: KeyValueSnapshot) throws(WireError) -> KeyValueSnapshot? {
        try assembler.withLock { assembler throws(WireError) in try assembler.add(piece) }
    }
}
