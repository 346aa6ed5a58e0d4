/// A peer that frames messages with another Wire protocol version: a remote `baton` (through `baton ssh`) or a
/// daemon of another Baton release. The frame header carries the version, so the first frame either side reads
/// tells; the client refuses the daemon at once, naming both versions, instead of reconnecting forever.
public struct WireVersionMismatch: Error, Equatable, Sendable, CustomStringConvertible {
    /// The version the daemon's frames carry.
    public var daemonVersion: UInt16
    /// The socket the daemon answered on.
    public var socket: String

    public init(daemonVersion: UInt16, socket: String) {
        self.daemonVersion = daemonVersion
        self.socket = socket
    }

    /// The mismatch a frame error reveals, if it is one.
    public static func from(_ error: WireError, socket: String) -> WireVersionMismatch? {
        guard case .unknownVersion(let version) = error else { return nil }
        return WireVersionMismatch(daemonVersion: version, socket: socket)
    }

    public var description: String {
        "refusing the daemon at \(socket): it speaks Wire version \(daemonVersion) and this baton speaks version "
            + "\(FrameHeader.currentVersion); run the same Baton release on both ends"
    }
}
