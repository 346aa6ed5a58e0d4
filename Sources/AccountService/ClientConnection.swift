import Foundation
import NIOCore
import Wire

/// One client connected to the daemon. Lives on the daemon's event loop only.
final class ClientConnection {
    /// Unique per daemon run.
    let id: Int
    let channel: any Channel
    let connectedSince: Date
    /// Set once the device registered.
    var device: RegisterDevice?

    init(id: Int, channel: any Channel, connectedSince: Date) {
        self.id = id
        self.channel = channel
        self.connectedSince = connectedSince
    }

    /// The registered device name, or a placeholder for logs.
    var name: String { device?.name ?? "connection-\(id)" }

    /// Writes and flushes one message.
    func send(_ message: WireMessage) {
        channel.writeAndFlush(message, promise: nil)
    }

    /// Sends an error frame, optionally naming the request it answers.
    func fail(_ requestID: UInt64?, code: Int, _ message: String) {
        send(
            .error(ErrorMessage(requestID: requestID, failure: WireFailure(code: code, message: message)))
        )
    }
}
