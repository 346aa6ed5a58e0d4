/// Why a frame could not be read or written.
public enum WireError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The frame body (or a frame about to be written) is larger than the limit.
    case frameTooLarge(size: Int, limit: Int)
    /// The stream ended inside a frame.
    case truncated(expected: Int, received: Int)
    /// The header names a protocol version this build does not speak.
    case unknownVersion(UInt16)
    /// The header does not start with Baton's magic number: not a Baton peer.
    case badMagic(UInt32)
    /// The body is not a valid message: the frame is skipped, the connection survives.
    case malformed(String)
    /// An activity's `userInfo` is larger than the limit.
    case userInfoTooLarge(size: Int, limit: Int)
    /// A frame stayed partly received for longer than the peer may take to send one.
    case stalledFrame(received: Int, milliseconds: Int64)
    /// Incomplete frames of all connections together would hold more than the daemon allows.
    case overPartialFrameBudget(limit: Int)

    public var description: String {
        switch self {
        case .frameTooLarge(let size, let limit):
            "frame of \(size) bytes exceeds the \(limit)-byte limit"
        case .truncated(let expected, let received):
            "connection closed inside a frame: expected \(expected) bytes, received \(received)"
        case .unknownVersion(let version):
            "unknown protocol version \(version) (this build speaks \(FrameHeader.currentVersion))"
        case .badMagic(let magic):
            "not a Baton frame (magic 0x\(String(magic, radix: 16)))"
        case .malformed(let reason):
            "malformed message: \(reason)"
        case .userInfoTooLarge(let size, let limit):
            "userInfo of \(size) bytes exceeds the \(limit)-byte limit"
        case .stalledFrame(let received, let milliseconds):
            "a frame stayed incomplete for \(milliseconds) ms (\(received) bytes received)"
        case .overPartialFrameBudget(let limit):
            "incomplete frames would hold more than \(limit) bytes of the daemon's memory"
        }
    }

    /// Whether the connection can go on after this error (the frame boundary is intact).
    public var isRecoverable: Bool {
        if case .malformed = self { return true }
        return false
    }
}
