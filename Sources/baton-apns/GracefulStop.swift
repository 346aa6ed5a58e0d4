import APNsServer
import Dispatch
import Foundation
import NIOCore

/// How `baton apns serve` stops on SIGTERM (`baton apns off`) or SIGINT: GOAWAY `{"reason":"Shutdown"}` on
/// every connection (a request completed after it is answered 503 Shutdown), no new connections, then exit once
/// every connection has answered its open streams, or after `grace` seconds.
enum GracefulStop {
    /// The longest wait for open streams (a push handed to the daemon is answered within its 10 s timeout).
    static let grace: TimeInterval = 12

    /// Installs the handlers; keep the returned sources alive while serving.
    static func install(connections: APNsConnections, server: Channel) -> [DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                connections.shutdown()
                server.close(promise: nil)
                let deadline = Date().addingTimeInterval(grace)
                while connections.count > 0, Date() < deadline { usleep(20_000) }
                exit(0)
            }
            source.resume()
            return source
        }
    }
}
