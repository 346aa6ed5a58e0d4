import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The extension side of the protocol: says hello, then answers the host's requests on
/// stdin/stdout until the host ends it or closes the pipe.
public enum WidgetExtensionRunner {
    /// Runs `Provider` as this process's widget and exits.
    public static func main<Provider: WidgetProviding>(_ provider: Provider.Type) -> Never {
        let output = FileDescriptorOutput(fd: STDOUT_FILENO)
        guard output.send(.hello(version: WidgetProtocol.version)) else { exit(1) }
        var widget = Provider()
        var input = WidgetFrameDecoder()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let message: HostMessage
            do {
                guard let body = try input.nextFrame() else {
                    let count = read(STDIN_FILENO, &chunk, chunk.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { exit(0) }
                    input.append(chunk[0..<count])
                    continue
                }
                message = try WidgetFrame.decode(HostMessage.self, from: body)
            } catch {
                _ = output.send(.cancelled(reason: "unreadable request: \(error)"))
                exit(1)
            }
            switch message {
            case .end:
                exit(0)
            case .update(let request):
                let finished = perform(&widget, request: request, output: output)
                if finished { exit(0) }
            }
        }
    }

    /// Runs one update; returns whether the widget ended the request.
    private static func perform<Provider: WidgetProviding>(
        _ widget: inout Provider, request: WidgetRequest, output: FileDescriptorOutput
    ) -> Bool {
        let context = WidgetExtensionContext(request: request) { _ = output.send($0) }
        var answered = false
        widget.widgetPerformUpdate(context: context) { update in
            guard !answered else { return }
            answered = true
            _ = output.send(.updated(update))
        }
        if !answered && !context.isFinished {
            _ = output.send(
                .cancelled(reason: "the widget returned without calling its completion handler"))
            return true
        }
        return context.isFinished
    }
}

/// Writes frames to a file descriptor.
struct FileDescriptorOutput {
    let fd: Int32

    /// Sends one message; false when the host is gone.
    func send(_ message: ExtensionMessage) -> Bool {
        guard let frame = try? WidgetFrame.encode(message) else { return false }
        var offset = 0
        while offset < frame.count {
            let written = frame[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
