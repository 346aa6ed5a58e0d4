import Foundation
import NIOCore
import Wire

/// A client that speaks raw bytes to the daemon's socket, as a hostile or broken one would: any frame,
/// half a frame, or nothing read at all.
public final class RawDaemonSocket {
    public let descriptor: Int32
    private var received = ByteBuffer()

    /// Connects to the Unix socket at `path`.
    public init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawSocketError.system("socket", errno) }
        let status = try Self.withAddress(path) { [descriptor] in connect(descriptor, $0, $1) }
        guard status == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw RawSocketError.system("connect", code)
        }
    }

    /// Calls `body` with the Unix socket address of `path` (for `connect` or `bind`) and returns what it returns.
    public static func withAddress(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) throws -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw RawSocketError.system("path too long", ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// Wraps a connection the test accepted on a socket of its own (the test playing the daemon).
    public init(accepted descriptor: Int32) { self.descriptor = descriptor }

    deinit { Glibc.close(descriptor) }

    /// Ends the connection both ways at once (the peer reads its end, as when a daemon dies).
    public func closeNow() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Writes all of `bytes` (blocking; a closed peer is an error, never SIGPIPE).
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw RawSocketError.system("write", errno) }
            offset += written
        }
    }

    /// A frame header announcing a body of `length` bytes.
    public static func header(length: Int) -> [UInt8] {
        var buffer = ByteBuffer()
        FrameHeader(length: length).write(to: &buffer)
        return Array(buffer.readableBytesView)
    }

    /// Sends `body` (a JSON object, not necessarily a valid message) as one frame.
    public func send(body: Data) throws { try send(Self.header(length: body.count) + Array(body)) }

    /// Sends `message` as one frame.
    public func send(_ message: WireMessage) throws {
        var buffer = ByteBuffer()
        try FrameCodec.encode(message, into: &buffer)
        try send(Array(buffer.readableBytesView))
    }

    /// The next frame, waiting up to `limit` seconds (a guard against hangs, not a timing assertion).
    public func nextFrame(limit: TimeInterval = 10) -> InboundFrame? {
        let deadline = Date().addingTimeInterval(limit)
        while true {
            if let frame = try? FrameCodec.decode(from: &received) { return frame }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, waitReadable(milliseconds: Int32(left * 1000)) else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            received.writeBytes(chunk[..<count])
        }
    }

    /// The next message that satisfies `match`, skipping others.
    public func next(limit: TimeInterval = 10, where match: (WireMessage) -> Bool) -> WireMessage? {
        let deadline = Date().addingTimeInterval(limit)
        while deadline.timeIntervalSinceNow > 0 {
            guard let frame = nextFrame(limit: deadline.timeIntervalSinceNow) else { return nil }
            if case .message(let message) = frame, match(message) { return message }
        }
        return nil
    }

    /// Whether the daemon closed this connection within `limit` seconds (what it sent first is discarded).
    public func closedByPeer(limit: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while deadline.timeIntervalSinceNow > 0 {
            guard waitReadable(milliseconds: Int32(deadline.timeIntervalSinceNow * 1000)) else { return false }
            let count = read(descriptor, &chunk, chunk.count)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
        }
        return false
    }

    private func waitReadable(milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, max(milliseconds, 1)) > 0
    }
}

public enum RawSocketError: Error {
    case system(String, Int32)
}
