import NIOCore

/// The fixed header in front of every frame: magic, protocol version, body length (big endian).
public struct FrameHeader: Equatable, Sendable {
    /// "BTON".
    public static let magic: UInt32 = 0x4254_4F4E
    /// The protocol version this build writes and reads.
    public static let currentVersion: UInt16 = 1
    /// Header size in bytes: 4 magic + 2 version + 4 length.
    public static let size = 10

    public var version: UInt16
    public var length: Int

    public init(version: UInt16 = FrameHeader.currentVersion, length: Int) {
        self.version = version
        self.length = length
    }

    /// Writes the header into `buffer`.
    public func write(to buffer: inout ByteBuffer) {
        buffer.writeInteger(Self.magic)
        buffer.writeInteger(version)
        buffer.writeInteger(UInt32(clamping: length))
    }

    /// Reads and validates a header from the front of `buffer` without consuming it.
    /// Returns nil when fewer than `size` bytes are readable.
    public static func peek(_ buffer: ByteBuffer) throws(WireError) -> FrameHeader? {
        let start = buffer.readerIndex
        guard let magic = buffer.getInteger(at: start, as: UInt32.self),
            let version = buffer.getInteger(at: start + 4, as: UInt16.self),
            let length = buffer.getInteger(at: start + 6, as: UInt32.self)
        else { return nil }
        guard magic == Self.magic else { throw .badMagic(magic) }
        guard version == currentVersion else { throw .unknownVersion(version) }
        guard length <= WireLimits.maxFrameBytes else {
            throw .frameTooLarge(size: Int(length), limit: WireLimits.maxFrameBytes)
        }
        return FrameHeader(version: version, length: Int(length))
    }
}
