import Foundation
import NIOCore
import Synchronization
import Wire

/// A descriptor kept open for the moment the process runs out of them (the classic reserve-descriptor
/// trick): closing it frees exactly one slot, enough to accept a waiting client, tell it why it cannot be
/// served and close it, so clients get a reason instead of hanging in the backlog.
final class ReserveDescriptor: Sendable {
    private let descriptor = Mutex<CInt>(-1)
    /// The most waiting clients refused in one go (the backlog's size).
    private let batch: Int

    init(batch: Int = 128) {
        self.batch = batch
        replenish()
    }

    deinit { descriptor.withLock { if $0 >= 0 { close($0) } } }

    /// Opens the reserve again if it was spent (another part of the process may have taken the slot).
    func replenish() {
        descriptor.withLock { fd in
            if fd < 0 { fd = open("/dev/null", O_RDONLY | O_CLOEXEC) }
        }
    }

    /// Accepts the clients waiting on `listener`, one at a time through the reserve's slot, sends each an
    /// error frame (503) with `message` and closes it. Returns how many were refused.
    func refuseWaiting(on listener: CInt, saying message: String) -> Int {
        let frame = Self.frame(message)
        return descriptor.withLock { fd in
            var refused = 0
            while refused < batch {
                if fd >= 0 {
                    close(fd)
                    fd = -1
                }
                // The listener is non-blocking, and so is the one send (the frame fits any socket buffer).
                let client = accept(listener, nil, nil)
                if client >= 0 {
                    _ = frame.withUnsafeBytes {
                        send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                    }
                    close(client)
                    refused += 1
                }
                fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
                if client < 0 || fd < 0 { break }
            }
            return refused
        }
    }

    /// The bytes of a connection-level error frame saying `message`.
    static func frame(_ message: String) -> [UInt8] {
        var buffer = ByteBufferAllocator().buffer(capacity: 256)
        let error = ErrorMessage(
            requestID: nil, failure: WireFailure(code: WireFailure.tooManyConnections, message: message))
        guard (try? FrameCodec.encode(.error(error), into: &buffer)) != nil else { return [] }
        return buffer.readBytes(length: buffer.readableBytes) ?? []
    }
}
