/// The extension's view of its host (Apple's `NSExtensionContext` with the widget's request).
///
/// Messages go straight to the host; after `completeRequest` or `cancelRequest` the runner
/// exits once the current update returns.
public final class WidgetExtensionContext {
    /// The update being performed.
    public let request: WidgetRequest
    private let send: (ExtensionMessage) -> Void
    /// Whether `completeRequest` or `cancelRequest` ended the request.
    public private(set) var isFinished = false

    init(request: WidgetRequest, send: @escaping (ExtensionMessage) -> Void) {
        self.request = request
        self.send = send
    }

    /// Asks the host to open a `baton://` URL in the container suite; the host checks the scheme.
    public func open(_ url: String) {
        send(.openURL(url))
    }

    /// Tells the host the request is complete; the extension exits after this update.
    public func completeRequest() {
        guard !isFinished else { return }
        isFinished = true
        send(.completed)
    }

    /// Tells the host the extension gives up on the request; the host shows the widget as failed.
    public func cancelRequest(reason: String) {
        guard !isFinished else { return }
        isFinished = true
        send(.cancelled(reason: reason))
    }
}
