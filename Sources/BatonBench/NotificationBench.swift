import AccountClient
import BatonEnvironment
import BenchFigures
import Foundation
import NIOCore
import NIOPosix
import Notifications
import Wire

/// `baton bench notifications`: a fresh daemon in a temporary BATON_HOME, 100 000 pending requests spread over
/// 1 600 devices (62–63 each, under the 64 kept per app per device).
///
/// - `add_per_s`: requests added per second, pipelined over one connection (one figure per run).
/// - `fire_lateness`: a follower's receipt of each delivery minus its due date (the `nextFireDate` the daemon
///   answered), for the 2 000 requests due in the measured window — scheduler, commit and socket together.
/// - `timer_floor`: the same due dates on a NIO timer in this process, doing nothing: the floor.
/// - `push_other_device`: a push for device B sent on one connection → received by B's follower.
/// - `push_banner_pty`: a push → the banner written by a real suite on a real pty (`BannerBench`).
/// - `http2_push_banner_pty`: the same suite, pushed to over APNs' HTTP/2 provider API (`baton-apns`).
/// - `restart_first_fire`: daemon start → the `date` of the first missed request it fires, with 100 000 pending.
enum NotificationBench {
    static let devices = 1600
    static let total = 100_000
    static let measured = 2000

    /// `fireOnly`: stop after `fire_lateness` and `timer_floor` (`baton bench notifications --fire-only`).
    static func run(
        pushSamples: Int = 500, startDaemon: @Sendable (BatonPaths) async throws -> Void, cliBundle: String,
        fireOnly: Bool = false
    ) async throws -> [BenchFigure] {
        let home = BenchHome(prefix: "baton-notebench")
        setenv("BATON_HOME", home.url.path, 1)
        return try await home.run(stoppingClients: {}) {
            try await measure(
                paths: BatonPaths(), pushSamples: pushSamples, startDaemon: startDaemon, cliBundle: cliBundle,
                fireOnly: fireOnly)
        }
    }

    private static func measure(
        paths: BatonPaths, pushSamples: Int, startDaemon: @Sendable (BatonPaths) async throws -> Void,
        cliBundle: String, fireOnly: Bool
    ) async throws -> [BenchFigure] {
        try await startDaemon(paths)
        var figures: [BenchFigure] = []

        let follower = try await BenchLink.open(paths: paths)
        _ = try await follower.ask(.follow(NotificationFilter()))
        let adder = try await BenchLink.open(paths: paths)
        // 98 000 requests due an hour or more from now, then the 2 000 measured ones, due 2 to 7 s after
        // they are added (each owner keeps its 64 soonest: the measured ones are among them).
        func add(_ index: Int, in seconds: Double) -> NotificationMessage {
            let device = "bench-\(index % devices)"
            return .add(
                AddNotification(
                    owner: NotificationOwner(bundleIdentifier: cliBundle, device: device),
                    request: NotificationRequest(
                        identifier: "n\(index)", content: NotificationContent(title: "n\(index)"),
                        trigger: .timeInterval(seconds: seconds, repeats: false)),
                    requester: device))
        }
        let started = ContinuousClock.now
        // Pipelined in windows: answers the bench has not read yet stay under the daemon's 2 MiB per client
        // (a loaded machine starved the bench's reading and the daemon dropped it with 98 000 in flight).
        var replies: [NotificationMessage] = []
        for window in stride(from: measured, to: total, by: 8192) {
            replies += try await adder.askAll(
                (window..<min(window + 8192, total)).map { add($0, in: 3600 + Double($0)) })
        }
        replies += try await adder.askAll((0..<measured).map { add($0, in: 2 + 5 * Double($0) / Double(measured)) })
        let elapsed = (ContinuousClock.now - started).fractionalMilliseconds / 1000
        var dues: [String: Date] = [:]
        for reply in replies {
            guard case .added(let added) = reply, let date = added.nextFireDate else {
                throw BenchFailure("an add was refused: \(reply)")
            }
            dues[added.identifier] = date
        }
        figures.append(
            BenchFigure(
                benchmark: "notifications", metric: "add_per_s", unit: "requests/s", samples: [Double(total) / elapsed])
        )

        // The floor: NIO timers at the same due dates, doing nothing but noting when they ran.
        let floor = TimerFloor()
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        for index in 0..<measured {
            guard let due = dues["n\(index)"] else { continue }
            _ = loop.scheduleTask(in: .nanoseconds(Int64(max(0, due.timeIntervalSinceNow) * 1e9))) {
                floor.add(Date().timeIntervalSince(due) * 1000)
            }
        }
        let deliveries = try await follower.collect(measured, limit: 30) { message -> Double? in
            guard case .notificationDelivered(let notification) = message,
                let due = dues[notification.request.identifier]
            else { return nil }
            return Date().timeIntervalSince(due) * 1000
        }
        figures.append(
            BenchFigure(
                benchmark: "notifications", metric: "fire_lateness", unit: "ms", samples: deliveries,
                budget: "p99 ≤ 5 ms"))
        figures.append(
            BenchFigure(benchmark: "notifications", metric: "timer_floor", unit: "ms", samples: floor.samples))
        if fireOnly {
            for link in [follower, adder] { link.close() }
            return figures
        }

        // Push → delivered on another connected device (B follows as itself).
        let deviceB = try await BenchLink.open(paths: paths)
        _ = try await deviceB.ask(.follow(NotificationFilter(device: "bench-b")))
        var pushes: [Double] = []
        for index in 0..<pushSamples {
            let sent = ContinuousClock.now
            _ = try await adder.ask(
                .push(
                    PushIntake(
                        push: PushNotification(
                            bundleIdentifier: cliBundle,
                            content: NotificationContent(title: "p\(index)"),
                            kind: .alert, collapseID: "p\(index % 50)"),
                        device: "bench-b")))
            _ = try await deviceB.collect(1, limit: 10) { message -> Bool? in
                guard case .notificationDelivered(let n) = message, n.request.content.title == "p\(index)" else {
                    return nil
                }
                return true
            }
            pushes.append((ContinuousClock.now - sent).fractionalMilliseconds)
        }
        figures.append(
            BenchFigure(
                benchmark: "notifications", metric: "push_other_device", unit: "ms", samples: pushes,
                budget: "p99 ≤ 10 ms"))

        // Restart with 100 000 pending and one request missed while the daemon was down.
        _ = try await adder.ask(
            .add(
                AddNotification(
                    owner: NotificationOwner(bundleIdentifier: cliBundle, device: "bench-restart"),
                    request: NotificationRequest(
                        identifier: "missed", content: .init(title: "missed"),
                        trigger: .timeInterval(seconds: 0.5, repeats: false)),
                    requester: "bench-restart")))
        for link in [follower, adder, deviceB] { link.close() }
        try? await DaemonQuery.send(paths: paths, .shutdown(Shutdown()))
        while AccountDaemonProbe.running(paths) { try await Task.sleep(for: .milliseconds(20)) }
        try await Task.sleep(for: .seconds(1))
        let restartAt = Date()
        try await startDaemon(paths)
        let query = try await BenchLink.open(paths: paths)
        guard
            case .deliveredList(let list) = try await query.ask(
                .deliveredQuery(NotificationFilter(device: "bench-restart"))),
            let missed = list.first(where: { $0.request.identifier == "missed" })
        else { throw BenchFailure("the missed request did not fire after the restart") }
        figures.append(
            BenchFigure(
                benchmark: "notifications", metric: "restart_first_fire", unit: "ms",
                samples: [missed.date.timeIntervalSince(restartAt) * 1000]))
        query.close()

        // Push → the banner drawn by a real suite on a real pseudo-terminal (issue 16).
        let pusher = try await BenchLink.open(paths: paths)
        figures += try await BannerBench.run(link: pusher, samples: min(pushSamples, 300), cliBundle: cliBundle)
        pusher.close()
        return figures
    }
}

/// Whether a daemon holds the lock of `paths`.
enum AccountDaemonProbe {
    static func running(_ paths: BatonPaths) -> Bool {
        FileManager.default.fileExists(atPath: paths.socket.path)
    }
}

/// Lateness samples from timer callbacks.
final class TimerFloor: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double] = []
    func add(_ value: Double) { lock.withLock { values.append(value) } }
    var samples: [Double] { lock.withLock { values } }
}

/// A benchmark that could not measure.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One connection to the daemon for the benchmark: requests answered by id, other messages in a stream.
final class BenchLink: @unchecked Sendable {
    private let link: DaemonLink
    private let lock = NSLock()
    private var nextID: UInt64 = 0
    private var waiting: [UInt64: CheckedContinuation<NotificationMessage, any Error>] = [:]
    private let events: AsyncStream<NotificationMessage>
    private var iterator: AsyncStream<NotificationMessage>.AsyncIterator
    private let sink: AsyncStream<NotificationMessage>.Continuation

    private init(
        link: DaemonLink, events: AsyncStream<NotificationMessage>, sink: AsyncStream<NotificationMessage>.Continuation
    ) {
        self.link = link
        self.events = events
        self.sink = sink
        iterator = events.makeAsyncIterator()
    }

    static func open(paths: BatonPaths) async throws -> BenchLink {
        let (events, sink) = AsyncStream.makeStream(of: NotificationMessage.self)
        let box = LinkBox()
        let link = try await DaemonLink.connect(
            to: paths.socket, onFrame: { frame in box.value?.take(frame) }, onClose: { sink.finish() }
        ).get()
        let bench = BenchLink(link: link, events: events, sink: sink)
        box.value = bench
        return bench
    }

    func close() { link.close() }

    func ask(_ message: NotificationMessage) async throws -> NotificationMessage {
        try await askAll([message])[0]
    }

    /// Sends every message at once (pipelined) and returns the answers in order.
    func askAll(_ messages: [NotificationMessage]) async throws -> [NotificationMessage] {
        try await withThrowingTaskGroup(of: (Int, NotificationMessage).self) { group in
            for (index, message) in messages.enumerated() {
                let id = lock.withLock {
                    nextID += 1
                    return nextID
                }
                let wire = try message.wire(requestID: id)
                group.addTask {
                    (
                        index,
                        try await withCheckedThrowingContinuation { continuation in
                            self.lock.withLock { self.waiting[id] = continuation }
                            self.link.send(wire)
                        }
                    )
                }
            }
            var answers = [NotificationMessage?](repeating: nil, count: messages.count)
            for try await (index, answer) in group { answers[index] = answer }
            return answers.compactMap { $0 }
        }
    }

    /// Reads events until `count` of them gave a value, or `limit` seconds passed.
    func collect<T>(_ count: Int, limit: Double, _ pick: (NotificationMessage) -> T?) async throws -> [T] {
        var found: [T] = []
        let deadline = ContinuousClock.now + .seconds(limit)
        while found.count < count, ContinuousClock.now < deadline {
            guard let event = await iterator.next() else { break }
            if let value = pick(event) { found.append(value) }
        }
        guard found.count == count else { throw BenchFailure("only \(found.count) of \(count) events arrived") }
        return found
    }

    fileprivate func take(_ frame: InboundFrame) {
        guard case .message(let message) = frame else { return }
        if case .error(let error) = message, let id = error.requestID {
            let waiter = lock.withLock { waiting.removeValue(forKey: id) }
            waiter?.resume(throwing: BenchFailure(error.failure.message))
            return
        }
        guard case .notification(let envelope) = message, let typed = try? NotificationMessage(envelope) else { return }
        switch typed {
        case .notificationDelivered, .notificationsRemoved, .notificationResponse: sink.yield(typed)
        default:
            guard let id = envelope.requestID else { return }
            let waiter = lock.withLock { waiting.removeValue(forKey: id) }
            waiter?.resume(returning: typed)
        }
    }
}

/// Lets the frame callback reach the link created after it.
private final class LinkBox: @unchecked Sendable {
    var value: BenchLink?
}
