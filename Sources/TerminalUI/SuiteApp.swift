import Foundation

/// An app that lives in the suite: one destination of the top bar (F1 MonkeyBrowser, F2 Stores, …).
///
/// Everything here runs on the UI thread, and every call brings the app's own `SuiteContext`: the app keeps
/// none. Work elsewhere (loads, daemon events, Handoff callbacks) reaches the app as a message addressed to
/// it: post it with `context.post` or through `context.mailbox`, and `receive` gets it on the UI thread.
public protocol SuiteApp: AnyObject {
    /// The name in the top bar; also the app's address (`Addressee.app(name)`).
    var name: String { get }
    /// The function key that opens it (1 for F1).
    var functionKey: Int { get }
    /// The app's keys for the help bar (generated from its binding table).
    var helpItems: [HelpItem] { get }
    /// Every key of the app, for the `?` overlay and the About screen (generated from its binding tables).
    var allKeys: [HelpItem] { get }
    /// Whether a text field has the keyboard (then `?` is text, not the key overlay).
    var isEditingText: Bool { get }

    /// The shell made the app's way in: libraries that call back outside the app's update (Handoff) deliver
    /// through `inbox`. Called once, before any event.
    func connect(_ inbox: AppInbox)
    /// The app became the visible destination.
    func appear(context: SuiteContext)
    /// Another destination took over.
    func disappear(context: SuiteContext)
    /// A key or mouse event while the app is visible (and no popover of the shell is open).
    /// Returns whether the app used it.
    func handle(_ event: InputEvent, context: SuiteContext) -> Bool
    /// A message addressed to this app (`ContentAreaChanged`, its own posts, Handoff events); returns
    /// whether the app used it (for a Handoff event, the answer the callback returns).
    func receive(_ message: any Sendable, context: SuiteContext) -> Bool
    /// A timer the app scheduled with `context.schedule`; only the app's own timers come here.
    func timerFired(_ timer: LoopTimer, context: SuiteContext)
    /// Draws the app's state into its content area, changing nothing; returns where the text cursor goes.
    func render(in area: Rect, into buffer: inout CellBuffer, context: SuiteContext) -> Point?
}

extension SuiteApp {
    public var allKeys: [HelpItem] { helpItems }
    public var isEditingText: Bool { false }
    public func connect(_ inbox: AppInbox) {}
    public func appear(context: SuiteContext) {}
    public func disappear(context: SuiteContext) {}
    public func receive(_ message: any Sendable, context: SuiteContext) -> Bool { false }
    public func timerFired(_ timer: LoopTimer, context: SuiteContext) {}
}

/// The content area an app draws in, sent to every app before the first frame and whenever the terminal's
/// size changes (as Bubble Tea's window-size message): apps lay out in `receive`, not in `render`.
public struct ContentAreaChanged: Sendable, Equatable {
    public let area: Rect

    public init(area: Rect) { self.area = area }
}

/// Sent to every app when the wall clock jumped or the time zone changed: what is tied to the calendar
/// (midnight, a date) must be armed again. Timers run on monotonic time and need nothing.
public struct WallClockChanged: Sendable, Equatable {
    public init() {}
}

/// What the suite offers one app: who and when we are, and ways to reach the UI thread and the shell.
/// Each app has its own: its timers and posts are addressed to it, whichever app is visible.
public final class SuiteContext {
    /// Who this context belongs to (an app, the dock).
    public let owner: Addressee
    /// This terminal's device name.
    public let device: String
    /// The suite's wall clock (`--now` aware), for dates shown and sent.
    public let now: @Sendable () -> Date
    /// The device's time zone now (it can change while the suite runs: then `WallClockChanged` arrives).
    public let timeZone: @Sendable () -> TimeZone
    /// Where work on other threads posts results for the owner.
    public let mailbox: AppMailbox
    private let scheduleTimer: (LoopTimer, TimeInterval) -> Void
    private let bannerSink: (Banner) -> Void
    private let activator: (String) -> Void

    public init(
        owner: Addressee, device: String, now: @escaping @Sendable () -> Date,
        timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }, port: MessagePort,
        schedule: @escaping (LoopTimer, TimeInterval) -> Void, banner: @escaping (Banner) -> Void,
        activate: @escaping (String) -> Void
    ) {
        self.owner = owner
        self.device = device
        self.now = now
        self.timeZone = timeZone
        mailbox = AppMailbox(port: port, addressee: owner)
        scheduleTimer = schedule
        bannerSink = banner
        activator = activate
    }

    /// Posts a message to the owner on the UI thread (safe from any thread), or to `addressee`.
    public func post(_ message: any Sendable, to addressee: Addressee? = nil) {
        mailbox.port.post(message, to: addressee ?? owner)
    }

    /// Calls the owner's `timerFired` with `timer` after `seconds` of monotonic time (replacing its pending
    /// timer of the same key).
    public func schedule(after seconds: TimeInterval, _ timer: some TimerKey) {
        scheduleTimer(LoopTimer(timer), seconds)
    }

    /// Shows a transient banner at the top of the screen.
    public func showBanner(_ text: String, kind: Banner.Kind = .info) {
        bannerSink(Banner(text, kind: kind, now: now()))
    }

    /// Switches the suite to the app named `name`.
    public func activate(app name: String) { activator(name) }
}

/// An app's way in for code that calls back outside the app's update (a library's delegate): `deliver`
/// hands a message to the app's `receive` at once, with the app's own context, and returns its answer.
public final class AppInbox {
    private let deliverNow: (any Sendable) -> Bool
    private let indicator: (Bool) -> Void

    public init(deliver: @escaping (any Sendable) -> Bool, continuingIndicator: @escaping (Bool) -> Void) {
        deliverNow = deliver
        indicator = continuingIndicator
    }

    /// Delivers `message` through the app's `receive`; returns what it returned.
    @discardableResult
    public func deliver(_ message: any Sendable) -> Bool { deliverNow(message) }

    /// Shows (or hides) the suite's standard "Continuing Activity…" indicator, for an app that does not
    /// show its own progress.
    public func showContinuingIndicator(_ shown: Bool) { indicator(shown) }
}
