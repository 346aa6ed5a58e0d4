/// Who a message posted to the UI thread is for. The shell delivers each message to its addressee only.
public enum Addressee: Hashable, Sendable {
    /// The suite shell itself (quit requests).
    case shell
    /// One app, by the name its top-bar destination shows.
    case app(String)
    /// Every app (an announcement such as a changed app group); each app sees it once.
    case everyApp
    /// The dock of handoff offers and the account connection it shows.
    case dock
    /// The account's key-value store.
    case keyValueStore
}

/// A message with its addressee, as the message port carries it.
public struct Envelope: Sendable {
    public let addressee: Addressee
    public let message: any Sendable

    public init(_ message: any Sendable, to addressee: Addressee) {
        self.addressee = addressee
        self.message = message
    }
}

/// Where an app's work on other threads posts its results: the UI thread's port, addressed to the app.
public struct AppMailbox: Sendable {
    public let port: MessagePort
    public let addressee: Addressee

    public init(port: MessagePort, addressee: Addressee) {
        self.port = port
        self.addressee = addressee
    }

    /// Posts `message` to the addressee (safe from any thread).
    public func post(_ message: any Sendable) { port.post(message, to: addressee) }
}
