import Foundation
import NIOCore

/// The uid of the process at the other end of a Unix socket (`SO_PEERCRED`). Both ends check it: the
/// daemon serves its own user only, and a client talks only to a daemon run by its own user.
public enum PeerCredentials {
    /// The peer's uid, or a failed future when the channel is not a Unix socket.
    public static func uid(of channel: any Channel) -> EventLoopFuture<uid_t> {
        peer(of: channel).map { $0.uid }
    }

    /// The peer's uid and pid (the pid it had when it connected), or a failed future when not a Unix socket.
    public static func peer(of channel: any Channel) -> EventLoopFuture<(uid: uid_t, pid: pid_t)> {
        guard let provider = channel as? any SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(PeerCredentialsError.notASocket)
        }
        let future: EventLoopFuture<PeerCredentialsRecord> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return future.map { (uid: $0.uid, pid: $0.pid) }
    }
}

/// Why the peer's credentials could not be read.
public enum PeerCredentialsError: Error, CustomStringConvertible {
    case notASocket
    public var description: String { "cannot read peer credentials: not a Unix socket" }
}

/// Linux's `struct ucred` (Glibc hides it without `_GNU_SOURCE`): three 32-bit fields, same layout.
struct PeerCredentialsRecord: Sendable {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
