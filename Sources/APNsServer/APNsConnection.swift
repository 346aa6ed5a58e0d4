import Foundation
import NIOCore
import NIOHTTP2
import Synchronization

/// One provider connection as APNs ends it: a GOAWAY frame whose debug data is `{"reason":"IdleTimeout"}`
/// after `idleTimeout` without a complete request (or `requestTimeout` without one while a stream waits for the
/// rest of its request: 60 such connections held 258 MB for an hour), or `{"reason":"Shutdown"}` when the server stops; its last
/// stream id is the last stream this connection began. The idle timer runs whatever streams are open (before,
/// one open stream stopped it, so a connection that opened a stream and sent nothing more stayed for ever):
/// only a request that ends its stream rearms it. After IdleTimeout the connection closes once its complete
/// requests are answered, dropping streams that never ended; after Shutdown it also waits for those (a request
/// completed then is answered 503 Shutdown; `GracefulStop` bounds the wait). Lives on the connection's event
/// loop (`APNsConnections` reaches it there).
final class APNsConnection {
    private let channel: Channel
    private let idleTimeout: TimeAmount
    private let requestTimeout: TimeAmount
    private var lastStreamID = HTTP2StreamID.rootStream
    /// Streams whose request has not ended yet.
    private var incomplete = 0
    /// Streams whose request ended and whose answer is not written yet.
    private var answering = 0
    private var idleTimer: Scheduled<Void>?
    /// Armed while a stream's request is unfinished; a request completed starts it again.
    private var stallTimer: Scheduled<Void>?
    private var closing = false
    /// Whether closing waits for streams whose request has not ended (Shutdown) or not (IdleTimeout).
    private var waitsForIncomplete = false

    init(channel: Channel, limits: APNsLimits) {
        self.channel = channel
        idleTimeout = limits.idleTimeout
        requestTimeout = limits.requestTimeout
    }

    /// Arms the idle timer (the connection is idle from the start).
    func start() { armIdleTimer() }

    /// A stream `id` began.
    func opened(_ id: HTTP2StreamID) {
        lastStreamID = max(lastStreamID, id)
        incomplete += 1
        if stallTimer == nil, !closing { stallTimer = schedule(requestTimeout) }
    }

    /// A stream's request ended: the connection is in use, so the idle time starts again.
    func requestCompleted() {
        incomplete -= 1
        answering += 1
        guard !closing else { return }
        armIdleTimer()
        stallTimer?.cancel()
        stallTimer = incomplete > 0 ? schedule(requestTimeout) : nil
    }

    /// A stream closed (`completed`: after its request ended): the connection may close now if it is ending.
    func closed(completed: Bool) {
        if completed { answering -= 1 } else { incomplete -= 1 }
        if incomplete == 0 {
            stallTimer?.cancel()
            stallTimer = nil
        }
        if closing, settled { channel.close(promise: nil) }
    }

    /// Sends GOAWAY with `{"reason": reason}` (once), and closes now if nothing it waits for is open.
    func goAway(reason: String, waitForIncomplete: Bool) {
        guard !closing else { return }
        closing = true
        waitsForIncomplete = waitForIncomplete
        idleTimer?.cancel()
        stallTimer?.cancel()
        let data = channel.allocator.buffer(string: #"{"reason":"\#(reason)"}"#)
        let frame = HTTP2Frame(
            streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: data))
        let channel = channel
        let close = settled
        channel.writeAndFlush(frame).whenComplete { _ in if close { channel.close(promise: nil) } }
    }

    /// Whether no stream the ending connection waits for is open.
    private var settled: Bool { answering == 0 && (!waitsForIncomplete || incomplete == 0) }

    private func armIdleTimer() {
        idleTimer?.cancel()
        idleTimer = schedule(idleTimeout)
    }

    /// GOAWAY IdleTimeout after `delay`.
    private func schedule(_ delay: TimeAmount) -> Scheduled<Void> {
        let bound = NIOLoopBound(self, eventLoop: channel.eventLoop)
        return channel.eventLoop.scheduleTask(in: delay) {
            bound.value.goAway(reason: "IdleTimeout", waitForIncomplete: false)
        }
    }
}

/// The server's open connections, at most `limit` of them, so that stopping it says `Shutdown` on each; once
/// stopping, a request that completes is answered 503 Shutdown instead of being handed to the daemon.
public final class APNsConnections: Sendable {
    private let open = Mutex<[ObjectIdentifier: NIOLoopBound<APNsConnection>]>([:])
    private let stoppingFlag = Atomic<Bool>(false)
    /// The most connections `add` admits (`APNsLimits.maxConnections`, set by the server as it starts).
    let limit = Atomic<Int>(Int.max)

    public init() {}

    /// How many connections are open.
    public var count: Int { open.withLock { $0.count } }

    /// Whether `shutdown` was called.
    public var stopping: Bool { stoppingFlag.load(ordering: .acquiring) }

    /// Admits `connection`, or returns false when `limit` connections are open already.
    func add(_ connection: NIOLoopBound<APNsConnection>) -> Bool {
        let limit = limit.load(ordering: .relaxed)
        return open.withLock { open in
            guard open.count < limit else { return false }
            open[ObjectIdentifier(connection.value)] = connection
            return true
        }
    }

    func remove(_ connection: APNsConnection) {
        _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Sends GOAWAY `{"reason":"Shutdown"}` on every open connection; each closes once its streams are answered.
    public func shutdown() {
        stoppingFlag.store(true, ordering: .releasing)
        for connection in open.withLock({ Array($0.values) }) {
            connection.eventLoop.execute { connection.value.goAway(reason: "Shutdown", waitForIncomplete: true) }
        }
    }
}
