import BatonEnvironment
import Foundation
import Notifications

#if canImport(Glibc)
    import Glibc
#endif

/// The extension side of the protocol (`ContentExtensionProtocol`): says hello, draws the notification it is
/// sent, answers each button, and exits at `end` or when the host closes its stdin.
public enum NotificationContentExtensionRunner {
    /// Runs `Extension` on stdin/stdout and exits.
    public static func main<Extension: NotificationContentExtension>(_ type: Extension.Type) -> Never {
        guard send(.hello(version: ContentExtensionProtocol.version)) else { exit(1) }
        var content = Extension()
        var context: NotificationContentContext?
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else {
                guard buffer.count <= ContentExtensionProtocol.maximumLineBytes else { exit(2) }
                let count = read(STDIN_FILENO, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { exit(0) }
                buffer.append(contentsOf: chunk[0..<count])
                continue
            }
            let line = Array(buffer[..<newline])
            buffer.removeFirst(newline + 1)
            guard let message = try? ContentExtensionLine.decode(ContentHostMessage.self, from: line) else {
                FileHandle.standardError.write(Data("unreadable message from the host\n".utf8))
                exit(2)
            }
            switch message {
            case .end:
                exit(0)
            case .notification(let request):
                let opened = NotificationContentContext(request: request) { _ = send($0) }
                context = opened
                _ = send(.draw(content.didReceive(request, context: opened)))
            case .action(let action):
                guard let context else { exit(2) }
                _ = send(.answer(content.didReceive(action, context: context)))
            }
        }
    }

    /// Writes one message to stdout; false when the host is gone or the message is over the limit.
    static func send(_ message: ContentExtensionMessage) -> Bool {
        guard let line = try? ContentExtensionLine.encode(message) else { return false }
        return DescriptorWrite.all(line, to: STDOUT_FILENO)
    }
}
