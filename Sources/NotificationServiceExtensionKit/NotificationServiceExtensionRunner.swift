import Foundation
import Notifications
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The extension side of the protocol (`ServiceExtensionProtocol`): reads the request, runs the extension,
/// writes its one reply (or the best attempt when told time will expire), then exits when the host closes
/// its stdin.
public enum NotificationServiceExtensionRunner {
    /// Runs `Extension` for the request on stdin and exits.
    public static func main<Extension: NotificationServiceExtension>(_ type: Extension.Type) -> Never {
        let input = LineReader(fd: STDIN_FILENO)
        guard let line = input.nextLine(),
            let message = try? ServiceExtensionLine.decode(ServiceExtensionHostMessage.self, from: line),
            let request = message.request
        else {
            FileHandle.standardError.write(Data("no request on stdin\n".utf8))
            exit(2)
        }
        let context = NotificationServiceContext(request: request)
        let reply = ReplyOnce()
        let watcher = Thread {
            // Further lines: time will expire. End of input: the host is done with us.
            while let line = input.nextLine() {
                let notice = try? ServiceExtensionLine.decode(ServiceExtensionHostMessage.self, from: line)
                if notice?.timeWillExpire == true {
                    reply.send(
                        ServiceExtensionReply(
                            content: context.bestAttemptContent ?? request.request.content, expired: true))
                }
            }
            exit(0)
        }
        watcher.start()
        var service = Extension()
        let content = service.didReceive(request.request, context: context)
        reply.send(ServiceExtensionReply(content: content))
        while true { pause() }
    }
}

/// Writes the one reply; later ones are dropped (the best attempt and the real answer may race).
final class ReplyOnce: Sendable {
    private let sent = Mutex(false)

    func send(_ reply: ServiceExtensionReply) {
        sent.withLock { sent in
            guard !sent, let line = try? ServiceExtensionLine.encode(reply) else { return }
            sent = true
            var offset = 0
            while offset < line.count {
                let written = line[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// Reads newline-separated lines from a descriptor (one reader thread at a time).
final class LineReader: @unchecked Sendable {
    // Used first by the main thread, then only by the watcher thread, never both at once.
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    /// The next line without its newline; nil at end of input.
    func nextLine() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return line
            }
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}
