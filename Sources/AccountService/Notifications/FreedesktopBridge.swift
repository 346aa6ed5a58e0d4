import BatonEnvironment
import Foundation
import Logging
import NIOCore
import Notifications

/// Forwards the daemon's deliveries to the desktop's notification server over the D-Bus session bus
/// (`org.freedesktop.Notifications.Notify`), and maps the server's `ActionInvoked` and `NotificationClosed`
/// signals back to responses and dismissals. One sd-bus connection (`DesktopConnection`, on its own thread)
/// carries the calls and the signals.
///
/// Opt-in: `BATON_FREEDESKTOP_NOTIFICATIONS=on` and a `DBUS_SESSION_BUS_ADDRESS` in the daemon's environment.
/// Everything here runs on the event loop; the connection's answers and signals are brought back to it. A server
/// or bus that is missing or vanishes is logged and tried again later; nothing in the daemon waits for it.
final class FreedesktopBridge {
    /// One notification on the desktop: a request of an app (the same for every device it was delivered to).
    struct Key: Hashable, Sendable {
        var bundleIdentifier: String
        var identifier: String
    }

    /// What the desktop did with a forwarded notification.
    enum Event {
        /// `token`: the desktop's activation token for it, when it sent one.
        case action(Key, actionIdentifier: String, token: String?)
        case dismissed(Key)
    }

    /// One call for one notification: show it (the body escaped when sent, as the server reads markup) or close it.
    private struct Job {
        var key: Key
        var notify: DesktopConnection.NotifyArguments?
        var isClose: Bool { notify == nil }
    }

    static let retryDelay = TimeAmount.seconds(5)
    static let maxQueued = 200

    private let address: String
    private let loop: any EventLoop
    private let logger: Logger
    private var connection: DesktopConnection?
    private var ids: [Key: UInt32] = [:]
    private var keys: [UInt32: Key] = [:]
    private var actionKeys: [Key: [String: String]] = [:]
    /// Activation tokens the server sent for a forwarded notification, until its action (one each).
    private var tokens: [UInt32: String] = [:]
    /// The longest activation token kept (a desktop's are dozens of bytes).
    static let maxTokenBytes = 1_024
    private var queue: [Job] = []
    /// The call in flight (its number: an answer for an older one, after its connection ended, is ignored) and
    /// the job it carries (nil while the server is asked what it interprets).
    private var calling: UInt64?
    private var inFlight: Job?
    private var callNumber: UInt64 = 0
    /// Signals for ids not known yet, kept while a `Notify` is in flight: the server may announce an action or a
    /// dismissal of the notification before `Notify`'s answer has brought the bridge its id (a busy machine, a
    /// quick user). Calls run one at a time, so an unknown id can only be the in-flight call's; the rest are other
    /// programs'.
    private var early: [FreedesktopSignal] = []
    private var callingNotify = false
    static let maxEarly = 64
    private var retryScheduled = false
    private var stopped = false
    /// Whether the server interprets body markup (asked once, before the first call).
    private var bodyMarkup: Bool?
    /// Called on the loop for each action or user dismissal of a forwarded notification.
    var onEvent: (Event) -> Void = { _ in }

    /// Whether `environment` opts in (`BATON_FREEDESKTOP_NOTIFICATIONS=on`, as the state directory's setting sets it).
    static func isWanted(_ environment: [String: String]) -> Bool {
        ["on", "1", "yes", "true"].contains(environment["BATON_FREEDESKTOP_NOTIFICATIONS"]?.lowercased() ?? "off")
    }

    /// The bridge when `environment` opts in and names a session bus; nil (and a log line saying why) otherwise.
    static func make(environment: [String: String], loop: any EventLoop, logger: Logger) -> FreedesktopBridge? {
        guard isWanted(environment) else { return nil }
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else {
            logger.warning("freedesktop bridge: no DBUS_SESSION_BUS_ADDRESS; not forwarding")
            return nil
        }
        let bridge = FreedesktopBridge(address: bus, loop: loop, logger: logger)
        bridge.connect()
        return bridge
    }

    private init(address: String, loop: any EventLoop, logger: Logger) {
        self.address = address
        self.loop = loop
        self.logger = logger
    }

    // MARK: - Forwarding

    /// Shows `notification` on the desktop (replacing its earlier copy) with `actions` as buttons.
    func forward(_ notification: DeliveredNotification, actions: [NotificationAction]) {
        let key = Key(
            bundleIdentifier: notification.owner.bundleIdentifier, identifier: notification.request.identifier)
        let content = notification.request.content
        let buttons = FreedesktopActions(actions: actions)
        actionKeys[key] = buttons.identifiers
        let summary = content.title.isEmpty ? notification.owner.bundleIdentifier : content.title
        let body = [content.subtitle, content.body].filter { !$0.isEmpty }.joined(separator: "\n")
        enqueue(
            Job(
                key: key,
                notify: .init(
                    appName: FreedesktopProgram.name(in: content).map(Self.text) ?? "Baton", replacing: 0,
                    summary: Self.text(summary), body: Self.text(body), actions: buttons.flattened,
                    urgency: content.interruptionLevel == .critical ? 2 : 1)))
    }

    /// Closes the desktop copy of a notification the daemon no longer keeps.
    func close(bundleIdentifier: String, identifier: String) {
        let key = Key(bundleIdentifier: bundleIdentifier, identifier: identifier)
        guard ids[key] != nil || queue.contains(where: { $0.key == key }) else { return }
        enqueue(Job(key: key, notify: nil))
    }

    /// Ends the connection (the daemon is going away, or the setting was turned off).
    func stop() {
        stopped = true
        connection?.close()
        connection = nil
    }

    /// `text` as a D-Bus string: NUL dropped (D-Bus strings cannot hold it), at most 2 000 characters.
    static func text(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.lazy.filter { $0 != "\0" }.prefix(2_000)))
    }

    private func enqueue(_ job: Job) {
        // A later call for the same notification supersedes a queued one (a push to every device is one Notify).
        queue.removeAll { $0.key == job.key }
        queue.append(job)
        if queue.count > Self.maxQueued {
            queue.removeFirst(queue.count - Self.maxQueued)
            logger.warning("freedesktop bridge: queue full; oldest desktop copies dropped")
        }
        callNext()
    }

    /// Sends the oldest queued call; one at a time, so replaces_id is always known. The server is asked what it
    /// interprets first (once per connection).
    private func callNext() {
        guard calling == nil, !retryScheduled, !stopped, let job = queue.first else { return }
        if job.isClose, ids[job.key] == nil {
            queue.removeFirst()
            return callNext()
        }
        if connection == nil { connect() }
        guard let connection else { return }
        callNumber += 1
        let number = callNumber
        calling = number
        let bound = NIOLoopBound(self, eventLoop: loop)
        let loop = self.loop
        guard let markup = bodyMarkup else {
            connection.call(.capabilities) { answer in
                loop.execute {
                    let bridge = bound.value
                    guard bridge.calling == number else { return }
                    bridge.calling = nil
                    guard case .capabilities(let capabilities) = answer else { return bridge.failed(answer) }
                    bridge.bodyMarkup = capabilities.contains("body-markup")
                    bridge.callNext()
                }
            }
            return
        }
        queue.removeFirst()
        inFlight = job
        callingNotify = !job.isClose
        let call: DesktopConnection.Call
        if var arguments = job.notify {
            arguments.replacing = ids[job.key] ?? 0
            if markup { arguments.body = Self.escapedMarkup(arguments.body) }
            call = .notify(arguments)
        } else {
            call = .close(id: ids[job.key] ?? 0)
        }
        connection.call(call) { answer in
            loop.execute {
                let bridge = bound.value
                guard bridge.calling == number else { return }
                bridge.finished(job, answer)
            }
        }
    }

    private func finished(_ job: Job, _ answer: DesktopConnection.Answer) {
        calling = nil
        inFlight = nil
        callingNotify = false
        let early = self.early
        self.early = []
        switch answer {
        case .failed:
            // Tried again later, unless a newer call for the same notification is already waiting.
            if !queue.contains(where: { $0.key == job.key }) { queue.insert(job, at: 0) }
            return failed(answer)
        case .id(let id):
            if let old = ids[job.key], old != id { keys[old] = nil }
            ids[job.key] = id
            keys[id] = job.key
            for signal in early where signal.id == id { received(signal) }
        case .done, .capabilities:
            if let id = ids.removeValue(forKey: job.key) {
                keys[id] = nil
                tokens[id] = nil
            }
            actionKeys[job.key] = nil
        }
        callNext()
    }

    /// A call failed: logged, and the queue tried again after `retryDelay`.
    private func failed(_ answer: DesktopConnection.Answer) {
        var reason = "\(answer)"
        if case .failed(let text) = answer { reason = text }
        logger.warning(
            "freedesktop bridge: D-Bus call failed; retrying later",
            metadata: ["error": "\(BoundedQuote.escaped(reason, limit: 300))"])
        retryLater()
    }

    private func retryLater() {
        guard !retryScheduled, !stopped else { return }
        retryScheduled = true
        let bound = NIOLoopBound(self, eventLoop: loop)
        loop.scheduleTask(in: Self.retryDelay) {
            let bridge = bound.value
            bridge.retryScheduled = false
            bridge.callNext()
        }
    }

    // MARK: - The connection and its signals

    /// Opens the connection (again, after it ended); a failure is logged and tried again later.
    private func connect() {
        guard !stopped, connection == nil else { return }
        let bound = NIOLoopBound(self, eventLoop: loop)
        let loop = self.loop
        do {
            connection = try DesktopConnection.open(
                address: address,
                onSignal: { signal in loop.execute { bound.value.received(signal) } },
                onEnd: { reason in loop.execute { bound.value.ended(reason) } })
            bodyMarkup = nil
        } catch {
            logger.warning(
                "freedesktop bridge: cannot connect to the session bus; retrying later",
                metadata: ["error": "\(error)"])
            retryLater()
        }
    }

    /// The connection ended (the bus went away, or `stop`): a call it left unanswered fails and is tried again.
    private func ended(_ reason: String) {
        guard !stopped else { return }
        logger.warning("freedesktop bridge: the session bus connection ended", metadata: ["reason": "\(reason)"])
        connection = nil
        if calling != nil, let job = inFlight {
            finished(job, .failed("the connection ended"))
        } else if calling != nil {
            calling = nil
            retryLater()
        }
    }

    private func received(_ signal: FreedesktopSignal) {
        if keys[signal.id] == nil {
            if callingNotify, early.count < Self.maxEarly { early.append(signal) }
            return
        }
        switch signal {
        case .actionInvoked(let id, let actionKey):
            guard let key = keys[id] else { return }
            let identifier =
                actionKey == FreedesktopActions.defaultKey
                ? NotificationResponse.defaultActionIdentifier : actionKeys[key]?[actionKey]
            guard let identifier else {
                return logger.notice(
                    "freedesktop bridge: unknown action", metadata: ["action": "\(BoundedQuote.escaped(actionKey))"])
            }
            onEvent(.action(key, actionIdentifier: identifier, token: tokens.removeValue(forKey: id)))
        case .activationToken(let id, let token):
            tokens[id] = token
        case .closed(let id, let reason):
            tokens[id] = nil
            guard let key = keys.removeValue(forKey: id) else { return }
            ids[key] = nil
            actionKeys[key] = nil
            if reason == FreedesktopSignal.dismissedByUser { onEvent(.dismissed(key)) }
        }
    }
}
