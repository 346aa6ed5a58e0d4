import Foundation

/// Link → daemon, first on its connection: "I am this machine's account link". The daemon grants it only when
/// the token is the one it wrote for this run (`BatonPaths.linkToken`) and the peer's pid holds the link's lock
/// (`BatonPaths.linkLock`), answering `LinkGranted`; otherwise it closes the connection. A granted connection's
/// key-value writes are the link's (`KeyValueEntry.viaLink`), whatever writer name they carry: the link is known
/// by how it connected, never by a name a device could also choose.
public struct LinkHello: Codable, Hashable, Sendable {
    public var requestID: UInt64
    public var token: String

    public init(requestID: UInt64, token: String) {
        self.requestID = requestID
        self.token = token
    }
}

/// Daemon → link: the connection is this machine's link from now on.
public struct LinkGranted: Codable, Hashable, Sendable {
    public var requestID: UInt64

    public init(requestID: UInt64) { self.requestID = requestID }
}
