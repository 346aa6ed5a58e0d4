import Foundation
import NIOCore
import NIOHTTP2
import Synchronization

/// One provider connection as APNs ends it: a GOAWAY frame whose debug data is `{"reason":"IdleTimeout"}`
/// after `idleTimeout` with no open stream, or `{"reason":"Shutdown"}` when the server stops; its last stream
/// id is the last stream this connection began, and the connection closes once its open streams are answered.
/// Lives on the connection's event loop (`APNsConnections` reaches it there).
final class APNsConnection {
    private let channel: Channel
    private let idleTimeout: TimeAmount
    private var lastStreamID = HTTP2StreamID.rootStream
    private var openStreams = 0
    private var idleTimer: Scheduled<Void>?
    private var closing = false

    init(channel: Channel, idleTimeout: TimeAmount) {
        self.channel = channel
        self.idleTimeout = idleTimeout
    }

    /// Arms the idle timer (the connection is idle from the start).
    func start() { armIdleTimer() }

    /// A stream `id` began.
    func opened(_ id: HTTP2StreamID) {
        lastStreamID = max(lastStreamID, id)
        openStreams += 1
        idleTimer?.cancel()
        idleTimer = nil
    }

    /// A stream ended: when it was the last one, the connection closes (after a GOAWAY) or idles again.
    func closed() {
        openStreams -= 1
        guard openStreams == 0 else { return }
        if closing { channel.close(promise: nil) } else { armIdleTimer() }
    }

    /// Sends GOAWAY with `{"reason": reason}` (once), and closes now if no stream is open.
    func goAway(reason: String) {
        guard !closing else { return }
        closing = true
        idleTimer?.cancel()
        let data = channel.allocator.buffer(string: #"{"reason":"\#(reason)"}"#)
        let frame = HTTP2Frame(
            streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: data))
        let channel = channel
        let close = openStreams == 0
        channel.writeAndFlush(frame).whenComplete { _ in if close { channel.close(promise: nil) } }
    }

    private func armIdleTimer() {
        idleTimer?.cancel()
        let bound = NIOLoopBound(self, eventLoop: channel.eventLoop)
        idleTimer = channel.eventLoop.scheduleTask(in: idleTimeout) { bound.value.goAway(reason: "IdleTimeout") }
    }
}

/// The server's open connections, so that stopping it says `Shutdown` on each; once stopping, a request that
/// completes is answered 503 Shutdown instead of being handed to the daemon.
public final class APNsConnections: Sendable {
    private let open = Mutex<[ObjectIdentifier: NIOLoopBound<APNsConnection>]>([:])
    private let stoppingFlag = Atomic<Bool>(false)

    public init() {}

    /// How many connections are open.
    public var count: Int { open.withLock { $0.count } }

    /// Whether `shutdown` was called.
    public var stopping: Bool { stoppingFlag.load(ordering: .acquiring) }

    func add(_ connection: NIOLoopBound<APNsConnection>) {
        open.withLock { $0[ObjectIdentifier(connection.value)] = connection }
    }

    func remove(_ connection: APNsConnection) {
        _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Sends GOAWAY `{"reason":"Shutdown"}` on every open connection; each closes once its streams are answered.
    public func shutdown() {
        stoppingFlag.store(true, ordering: .releasing)
        for connection in open.withLock({ Array($0.values) }) {
            connection.eventLoop.execute { connection.value.goAway(reason: "Shutdown") }
        }
    }
}
