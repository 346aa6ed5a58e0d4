import BatonEnvironment
import Foundation
import Wire

/// The test process as this machine's account link: it holds the link's lock (`BatonPaths.linkLock`) with its pid,
/// connects to the daemon and claims the link with the token the daemon wrote (`LinkHello`), as `baton-link run`
/// does. `close()` lets the lock go.
public final class LinkClaimant {
    public let socket: RawDaemonSocket
    private let lock: Int32

    /// Takes the lock and connects; `token` overrides the one read from the daemon's file (a hostile claim).
    public init(paths: BatonPaths, token: String? = nil, holdLock: Bool = true) throws {
        lock = holdLock ? open(paths.linkLock.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) : -1
        if holdLock {
            guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
                throw RawSocketError.system("cannot take the link's lock", errno)
            }
            ftruncate(lock, 0)
            _ = DescriptorWrite.all(Array("\(getpid())\n".utf8), to: lock)
        }
        socket = try RawDaemonSocket(path: paths.daemonSocket.path)
        let written = (try? Data(contentsOf: paths.linkToken)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        try socket.send(.linkHello(LinkHello(requestID: 9_001, token: token ?? written)))
    }

    /// The daemon's answer to the claim: granted, or the error it sent before closing.
    public func answer() -> WireMessage? {
        socket.next { message in
            switch message {
            case .linkGranted(let granted): granted.requestID == 9_001
            case .error(let error): error.requestID == 9_001
            default: false
            }
        }
    }

    public func close() {
        socket.closeNow()
        if lock >= 0 { Glibc.close(lock) }
    }
}
