import BatonEnvironment
import Foundation
import Logging
import NIOCore
import Wire

/// One client connected to the daemon. Lives on the daemon's event loop only.
///
/// Every message is encoded and checked against the frame limit here, before anything is written: one
/// that does not fit is never sent (a reply is answered with a short error instead), and a connection that
/// is closing sends nothing more, so no failure can feed another.
final class ClientConnection {
    /// Unique per daemon run.
    let id: Int
    let channel: any Channel
    let connectedSince: Date
    /// Set once the device registered.
    var device: RegisterDevice?
    /// The peer's pid when it connected (`SO_PEERCRED`), when known.
    var peerPID: pid_t?
    /// Set once the daemon granted this connection as this machine's account link (`LinkService`).
    var isLink = false
    /// Set when the daemon decided to close this connection: nothing more is sent.
    private(set) var isClosing = false
    private let logger: Logger

    init(id: Int, channel: any Channel, connectedSince: Date, logger: Logger) {
        self.id = id
        self.channel = channel
        self.connectedSince = connectedSince
        self.logger = logger
    }

    /// The registered device name, or a placeholder for logs.
    var name: String { device?.name ?? "connection-\(id)" }

    /// Writes and flushes one message. One over the frame limit is not sent: when it answers a request the
    /// requester gets a short error naming the size; either way the daemon logs it. `whenWritten` runs on the
    /// loop once the message reached the socket (true) or could not be sent (false).
    func send(_ message: WireMessage, whenWritten: ((_ written: Bool) -> Void)? = nil) {
        guard !isClosing else {
            whenWritten?(false)
            return
        }
        var buffer = channel.allocator.buffer(capacity: 256)
        do {
            try FrameCodec.encode(message, into: &buffer)
        } catch {
            logger.error(
                "message not sent",
                metadata: ["to": "\(BoundedQuote.escaped(name))", "kind": "\(message.kind)", "error": "\(error)"])
            if let requestID = message.requestID, message.kind != "error" {
                fail(requestID, code: WireFailure.payloadTooLarge, "the daemon's answer cannot be sent: \(error)")
            }
            whenWritten?(false)
            return
        }
        guard let whenWritten else { return channel.writeAndFlush(buffer, promise: nil) }
        let promise = channel.eventLoop.makePromise(of: Void.self)
        let bound = NIOLoopBound(whenWritten, eventLoop: channel.eventLoop)
        promise.futureResult.whenComplete { result in bound.value((try? result.get()) != nil) }
        channel.writeAndFlush(buffer, promise: promise)
    }

    /// Sends an error frame, optionally naming the request it answers.
    func fail(_ requestID: UInt64?, code: Int, _ message: String) {
        send(
            .error(ErrorMessage(requestID: requestID, failure: WireFailure(code: code, message: message)))
        )
    }

    /// Closes the connection, optionally sending one last error first; nothing is sent after it.
    func close(sayingFirst reason: String? = nil) {
        guard !isClosing else { return }
        if let reason { fail(nil, code: WireFailure.badRequest, reason) }
        isClosing = true
        channel.close(promise: nil)
    }
}
