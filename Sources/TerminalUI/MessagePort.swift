import Foundation
import Synchronization

/// The one way other threads reach the UI thread: `post` queues a message and wakes the loop at once
/// through a self-pipe, so the loop never sleep-polls.
public final class MessagePort: Sendable {
    private let queue = Mutex<[Envelope]>([])
    private let readEnd: Int32
    private let writeEnd: Int32

    public init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw MessagePortError.cannotCreatePipe(errno) }
        readEnd = fds[0]
        writeEnd = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Queues `message` for `addressee` on the UI thread and wakes it. Safe from any thread.
    public func post(_ message: any Sendable, to addressee: Addressee) {
        queue.withLock { $0.append(Envelope(message, to: addressee)) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)  // A full pipe already means "wake up".
    }

    /// The descriptor the loop polls.
    public var wakeDescriptor: Int32 { readEnd }

    /// Takes every queued envelope (UI thread).
    public func drain() -> [Envelope] {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &sink, sink.count) > 0 {}
        return queue.withLock { messages in
            defer { messages.removeAll(keepingCapacity: true) }
            return messages
        }
    }
}

/// The message port could not be created.
public enum MessagePortError: Error, CustomStringConvertible {
    case cannotCreatePipe(Int32)
    public var description: String {
        switch self {
        case .cannotCreatePipe(let code): "cannot create the UI wake-up pipe (errno \(code))"
        }
    }
}
