import BatonEnvironment
import Foundation
import Logging
import NIOCore
import Notifications

/// Forwards the daemon's deliveries to the desktop's notification server over the D-Bus session bus
/// (`org.freedesktop.Notifications.Notify` through `gdbus call`), and maps the server's `ActionInvoked` and
/// `NotificationClosed` signals (read from a long-lived `gdbus monitor`) back to responses and dismissals.
///
/// Opt-in: `BATON_FREEDESKTOP_NOTIFICATIONS=on` and a `DBUS_SESSION_BUS_ADDRESS` in the daemon's environment.
/// Children run off the event loop with argv (no shell); their results come back to the loop. A server or bus
/// that is missing or vanishes is logged and tried again later; nothing in the daemon waits for it.
final class FreedesktopBridge {
    /// One notification on the desktop: a request of an app (the same for every device it was delivered to).
    struct Key: Hashable, Sendable {
        var bundleIdentifier: String
        var identifier: String
    }

    /// What the desktop did with a forwarded notification.
    enum Event {
        case action(Key, actionIdentifier: String)
        case dismissed(Key)
    }

    /// One `gdbus call`: `method`'s arguments are `head`, the desktop id to replace or close, then `tail`.
    private struct Job: Sendable {
        var key: Key
        var method: String
        var head: [String] = []
        var tail: [String] = []
        /// Notify's body text, put in `tail` after the replaces id's successor (`bodyIndex`): escaped as markup
        /// for a server that interprets `body-markup`, as it is for one that shows text.
        var body: String?
        static let bodyIndex = 2
        var isClose: Bool { method == "CloseNotification" }

        func arguments(replacing: UInt32?, markup: Bool) -> [String] {
            var tail = tail
            if let body, tail.indices.contains(Self.bodyIndex) {
                tail[Self.bodyIndex] = GVariantText.string(markup ? FreedesktopBridge.escapedMarkup(body) : body)
            }
            return [
                "call", "--session", "--timeout", "5", "--dest", "org.freedesktop.Notifications",
                "--object-path", "/org/freedesktop/Notifications", "--method",
                "org.freedesktop.Notifications." + method,
            ] + head + ["uint32 \(replacing ?? 0)"] + tail
        }
    }

    static let retryDelay = TimeAmount.seconds(5)
    static let maxQueued = 200

    private let gdbus: String
    private let environment: [String: String]
    private let loop: any EventLoop
    private let logger: Logger
    private var ids: [Key: UInt32] = [:]
    private var keys: [UInt32: Key] = [:]
    private var actionKeys: [Key: [String: String]] = [:]
    private var queue: [Job] = []
    private var calling = false
    /// Signals for ids not known yet, kept while a `Notify` is in flight: the server may announce an action or a
    /// dismissal of the notification before `gdbus call` has handed its id back (a busy machine, a quick user).
    /// Calls run one at a time, so an unknown id can only be the in-flight call's; the rest are other programs'.
    private var early: [FreedesktopSignal] = []
    private var callingNotify = false
    static let maxEarly = 64
    private var retryScheduled = false
    private var monitor: Process?
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
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/gdbus" }
        guard let gdbus = path.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            logger.error("freedesktop bridge: gdbus not found on PATH (Debian package libglib2.0-bin)")
            return nil
        }
        let bridge = FreedesktopBridge(gdbus: gdbus, environment: environment, loop: loop, logger: logger)
        bridge.startMonitor()
        return bridge
    }

    private init(gdbus: String, environment: [String: String], loop: any EventLoop, logger: Logger) {
        self.gdbus = gdbus
        self.environment = environment
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
        let urgency = content.interruptionLevel == .critical ? 2 : 1
        enqueue(
            Job(
                key: key, method: "Notify", head: [GVariantText.string("Baton")],
                tail: [
                    "''", GVariantText.string(summary), GVariantText.string(body),
                    GVariantText.stringArray(buttons.flattened),
                    "{'urgency': <byte \(urgency)>, 'desktop-entry': <'baton'>}", "int32 -1",
                ], body: body))
    }

    /// Closes the desktop copy of a notification the daemon no longer keeps.
    func close(bundleIdentifier: String, identifier: String) {
        let key = Key(bundleIdentifier: bundleIdentifier, identifier: identifier)
        guard ids[key] != nil || queue.contains(where: { $0.key == key }) else { return }
        enqueue(Job(key: key, method: "CloseNotification"))
    }

    /// Stops the monitor (the daemon is going away).
    func stop() {
        stopped = true
        monitor?.terminate()
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

    /// Runs the oldest queued call in a child, off the loop; one at a time, so replaces_id is always known.
    private func callNext() {
        guard !calling, !retryScheduled, !stopped, let job = queue.first else { return }
        if job.isClose, ids[job.key] == nil {
            queue.removeFirst()
            return callNext()
        }
        queue.removeFirst()
        calling = true
        callingNotify = !job.isClose
        let replacing = ids[job.key]
        let (gdbus, environment, known) = (self.gdbus, self.environment, bodyMarkup)
        let bound = NIOLoopBound(self, eventLoop: loop)
        let loop = self.loop
        DispatchQueue.global().async {
            // The server is asked once what it interprets; if it cannot be asked, the call fails as Notify would.
            let asked =
                known.map { .bodyMarkup($0) } ?? Self.serverHasBodyMarkup(gdbus: gdbus, environment: environment)
            let markup: Bool
            switch asked {
            case .bodyMarkup(let answer): markup = answer
            case .unknown(let failed):
                loop.execute { bound.value.finished(job, failed) }
                return
            }
            let result = ChildProcess.run(
                gdbus, job.arguments(replacing: replacing, markup: markup), environment: environment)
            loop.execute {
                bound.value.bodyMarkup = markup
                bound.value.finished(job, result)
            }
        }
    }

    private func finished(_ job: Job, _ result: ChildProcess.Result) {
        calling = false
        callingNotify = false
        let early = self.early
        self.early = []
        guard result.status == 0 else {
            logger.warning(
                "freedesktop bridge: gdbus call failed; retrying later",
                metadata: ["status": "\(result.status)", "error": "\(BoundedQuote.escaped(result.error, limit: 300))"])
            // Tried again later, unless a newer call for the same notification is already waiting.
            if !queue.contains(where: { $0.key == job.key }) { queue.insert(job, at: 0) }
            retryScheduled = true
            let bound = NIOLoopBound(self, eventLoop: loop)
            loop.scheduleTask(in: Self.retryDelay) {
                bound.value.retryScheduled = false
                bound.value.callNext()
            }
            return
        }
        if job.isClose {
            if let id = ids.removeValue(forKey: job.key) { keys[id] = nil }
            actionKeys[job.key] = nil
        } else if let id = GVariantText.firstUInt32(in: Substring(result.output)) {
            if let old = ids[job.key], old != id { keys[old] = nil }
            ids[job.key] = id
            keys[id] = job.key
            for signal in early where signal.id == id { received(signal) }
        }
        callNext()
    }

    // MARK: - Signals

    private func startMonitor() {
        guard !stopped else { return }
        let process = Process()
        // setpriv (util-linux) ends the monitor with the daemon: the loop thread that starts it lives as long.
        let setpriv = "/usr/bin/setpriv"
        let reaped = FileManager.default.isExecutableFile(atPath: setpriv)
        process.executableURL = URL(fileURLWithPath: reaped ? setpriv : gdbus)
        process.arguments =
            (reaped ? ["--pdeathsig", "TERM", "--", gdbus] : []) + [
                "monitor", "--session", "--dest", "org.freedesktop.Notifications",
                "--object-path", "/org/freedesktop/Notifications",
            ]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            logger.error(
                "freedesktop bridge: cannot start gdbus monitor; retrying later", metadata: ["error": "\(error)"])
            return scheduleMonitorRestart()
        }
        monitor = process
        let bound = NIOLoopBound(self, eventLoop: loop)
        let loop = self.loop
        let reader = output.fileHandleForReading
        DispatchQueue.global().async {
            var buffer = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    if let signal = FreedesktopSignal(line: line) {
                        loop.execute { bound.value.received(signal) }
                    }
                }
                if buffer.count > 1 << 20 { buffer.removeAll() }
            }
            process.waitUntilExit()
            let status = process.terminationStatus
            loop.execute { bound.value.monitorEnded(status: status) }
        }
    }

    private func monitorEnded(status: Int32) {
        monitor = nil
        guard !stopped else { return }
        logger.warning("freedesktop bridge: gdbus monitor ended; restarting later", metadata: ["status": "\(status)"])
        scheduleMonitorRestart()
    }

    private func scheduleMonitorRestart() {
        let bound = NIOLoopBound(self, eventLoop: loop)
        loop.scheduleTask(in: Self.retryDelay) { bound.value.startMonitor() }
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
            onEvent(.action(key, actionIdentifier: identifier))
        case .closed(let id, let reason):
            guard let key = keys.removeValue(forKey: id) else { return }
            ids[key] = nil
            actionKeys[key] = nil
            if reason == FreedesktopSignal.dismissedByUser { onEvent(.dismissed(key)) }
        }
    }
}
