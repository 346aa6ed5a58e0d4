import BatonEnvironment
import Logging
import Wire

/// Relays continuation streams between a target and a source. Credit messages travel end to end, so a
/// sender never has more bytes in flight than its receiver granted; the daemon buffers at most that.
///
/// The two directions of a pair close independently (a half close); the route is dropped once both are
/// closed, at a whole-pair close (a failure), or when either end disconnects.
final class StreamRelay: DaemonService {
    let families: Set<MessageFamily> = [.stream]

    private struct Route {
        let target: ClientConnection
        let source: ClientConnection
        /// Whether the target → source direction is over.
        var towardSourceClosed = false
        /// Whether the source → target direction is over.
        var towardTargetClosed = false

        func peer(of connection: ClientConnection) -> ClientConnection? {
            if connection === target { return source }
            if connection === source { return target }
            return nil
        }

        /// Records that `connection` closed its output or its input.
        mutating func close(_ half: StreamHalf, from connection: ClientConnection) {
            let fromTarget = connection === target
            switch half {
            case .output: if fromTarget { towardSourceClosed = true } else { towardTargetClosed = true }
            case .input: if fromTarget { towardTargetClosed = true } else { towardSourceClosed = true }
            }
        }

        var isFinished: Bool { towardSourceClosed && towardTargetClosed }
    }

    private let devices: DeviceRegistry
    private let activities: ActivityRelay
    private let logger: Logger
    private var routes: [String: Route] = [:]

    init(devices: DeviceRegistry, activities: ActivityRelay, logger: Logger) {
        self.devices = devices
        self.activities = activities
        self.logger = logger
    }

    private var recentlyClosed: Set<String> = []
    private var closedOrder: [String] = []

    func receive(_ message: WireMessage, from connection: ClientConnection) {
        switch message {
        case .streamOpen(let open): self.open(open, from: connection)
        case .streamData(let data): forward(message, streamID: data.streamID, from: connection)
        case .streamCredit(let credit): forward(message, streamID: credit.streamID, from: connection)
        case .streamClose(let close):
            forward(message, streamID: close.streamID, from: connection)
            closed(close, from: connection)
        default:
            connection.fail(
                nil, code: WireFailure.badRequest, "'\(message.kind)' is not sent to the daemon")
        }
    }

    func connectionClosed(_ connection: ClientConnection) {
        for (id, route) in routes {
            guard let peer = route.peer(of: connection) else { continue }
            routes[id] = nil
            rememberClosed(id)
            peer.send(
                .streamClose(
                    StreamClose(
                        streamID: id,
                        failure: WireFailure(
                            code: WireFailure.handoffFailed, message: "device '\(connection.name)' went away"))))
        }
    }

    private func open(_ open: StreamOpen, from target: ClientConnection) {
        func refuse(_ reason: String) {
            target.send(
                .streamClose(
                    StreamClose(
                        streamID: open.streamID,
                        failure: WireFailure(code: WireFailure.handoffFailed, message: reason))
                ))
        }
        guard routes[open.streamID] == nil else {
            return refuse("stream id '\(open.streamID)' is in use")
        }
        guard let source = devices.connection(named: open.device), source !== target,
            let advertisement = activities.current[open.device], advertisement.sequence == open.sequence
        else { return refuse("device '\(open.device)' no longer offers that activity") }
        guard advertisement.supportsContinuationStreams else {
            return refuse(
                "activity '\(advertisement.activityType)' does not support continuation streams")
        }
        routes[open.streamID] = Route(target: target, source: source)
        source.send(
            .streamOpen(StreamOpen(streamID: open.streamID, device: target.name, sequence: open.sequence))
        )
    }

    /// Drops the route when the close ends the pair: a whole-pair close, or the second direction's close.
    private func closed(_ close: StreamClose, from connection: ClientConnection) {
        guard var route = routes[close.streamID], route.peer(of: connection) != nil else { return }
        if let half = close.half, close.failure == nil {
            route.close(half, from: connection)
            guard route.isFinished else {
                routes[close.streamID] = route
                return
            }
        }
        routes[close.streamID] = nil
        rememberClosed(close.streamID)
    }

    private func forward(_ message: WireMessage, streamID: String, from connection: ClientConnection) {
        guard let peer = routes[streamID]?.peer(of: connection) else {
            // Data, credit or a close crossing the peer's close on the wire is normal: drop it quietly.
            if recentlyClosed.contains(streamID) { return }
            connection.fail(nil, code: WireFailure.notFound, "no open stream \(BoundedQuote.quote(streamID))")
            return
        }
        peer.send(message)
    }

    /// Remembers a closed stream so late messages for it are not errors; keeps the newest 256.
    private func rememberClosed(_ streamID: String) {
        recentlyClosed.insert(streamID)
        closedOrder.append(streamID)
        if closedOrder.count > 256 { recentlyClosed.remove(closedOrder.removeFirst()) }
    }
}
