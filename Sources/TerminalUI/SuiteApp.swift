import Foundation

/// An app that lives in the suite: one destination of the top bar (F1 MonkeyBrowser, F2 Stores, …).
///
/// Everything here runs on the UI thread. Work elsewhere (loads, daemon events) reaches the app as
/// a message: post it with `context.post`, and `receive` gets it on the UI thread.
public protocol SuiteApp: AnyObject {
    /// The name in the top bar.
    var name: String { get }
    /// The function key that opens it (1 for F1).
    var functionKey: Int { get }
    /// The app's keys for the help bar (generated from its binding table).
    var helpItems: [HelpItem] { get }
    /// Every key of the app, for the `?` overlay and the About screen (generated from its binding tables).
    var allKeys: [HelpItem] { get }
    /// Whether a text field has the keyboard (then `?` is text, not the key overlay).
    var isEditingText: Bool { get }

    /// The app became the visible destination.
    func appear(context: SuiteContext)
    /// Another destination took over.
    func disappear(context: SuiteContext)
    /// A key or mouse event while the app is visible (and no popover of the shell is open).
    /// Returns whether the app used it.
    func handle(_ event: InputEvent, context: SuiteContext) -> Bool
    /// A message posted for this app from any thread; returns whether the app used it.
    func receive(_ message: any Sendable, context: SuiteContext) -> Bool
    /// A timer the app scheduled with `context.schedule`.
    func timerFired(_ token: String, context: SuiteContext)
    /// Draws the app's content area; returns where the text cursor goes, if anywhere.
    func render(in area: Rect, into buffer: inout CellBuffer, context: SuiteContext) -> Point?
}

extension SuiteApp {
    public var allKeys: [HelpItem] { helpItems }
    public var isEditingText: Bool { false }
    public func appear(context: SuiteContext) {}
    public func disappear(context: SuiteContext) {}
    public func receive(_ message: any Sendable, context: SuiteContext) -> Bool { false }
    public func timerFired(_ token: String, context: SuiteContext) {}
}

/// What the suite offers its apps: who and when we are, and ways to reach the UI thread and the shell.
public final class SuiteContext {
    /// This terminal's device name.
    public let device: String
    /// The suite's clock (`--now` aware).
    public let now: @Sendable () -> Date
    /// Posts a message to the UI thread from any thread; apps get it in `receive`.
    public let port: MessagePort
    private let scheduleTimer: (String, TimeInterval) -> Void
    private let bannerSink: (Banner) -> Void
    private let activator: (String) -> Void

    public init(
        device: String, now: @escaping @Sendable () -> Date, port: MessagePort,
        schedule: @escaping (String, TimeInterval) -> Void, banner: @escaping (Banner) -> Void,
        activate: @escaping (String) -> Void
    ) {
        self.device = device
        self.now = now
        self.port = port
        scheduleTimer = schedule
        bannerSink = banner
        activator = activate
    }

    /// Posts a message to the UI thread (safe from any thread).
    public func post(_ message: any Sendable) { port.post(message) }

    /// Calls the app's `timerFired(token)` after `seconds` (replacing a timer with the same token).
    public func schedule(after seconds: TimeInterval, token: String) { scheduleTimer(token, seconds) }

    /// Shows a transient banner at the top of the screen.
    public func showBanner(_ text: String, kind: Banner.Kind = .info) {
        bannerSink(Banner(text, kind: kind, now: now()))
    }

    /// Switches the suite to the app named `name`.
    public func activate(app name: String) { activator(name) }
}
