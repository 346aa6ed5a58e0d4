import BatonEnvironment
import Foundation
import Logging
import NIOCore
import NIOPosix
import Wire

/// A device's connection to the account daemon.
///
/// Starts the daemon on demand, and when the daemon dies reconnects with backoff (starting a new one),
/// re-registers the device and re-advertises its current activity, with no user action. Everything it
/// learns is posted to `sink` as `AccountEvent`s; NIO threads only post. All methods are thread-safe.
public final class AccountClient: @unchecked Sendable {
    /// Where the daemon is and how to start it.
    public struct Configuration: Sendable {
        public var paths: BatonPaths
        /// The program run as `<executable> daemon run`; nil never starts a daemon.
        public var daemonExecutable: URL?
        public var reconnect: ReconnectPolicy
        /// Variables set for the spawned daemon on top of this process's environment (e.g. `BATON_HOME`).
        public var daemonEnvironment: [String: String]
        /// The clock of `post(after:token:)`'s timers (a `ManualClock` in tests).
        public var clock: any DeadlineClock

        public init(
            paths: BatonPaths = BatonPaths(), daemonExecutable: URL? = DaemonSpawner.defaultExecutable(),
            reconnect: ReconnectPolicy = ReconnectPolicy(), daemonEnvironment: [String: String] = [:],
            clock: any DeadlineClock = SystemDeadlineClock()
        ) {
            self.clock = clock
            self.paths = paths
            self.daemonExecutable = daemonExecutable
            self.reconnect = reconnect
            self.daemonEnvironment = daemonEnvironment
        }
    }

    private let configuration: Configuration
    private let sink: @Sendable (any Sendable) -> Void
    private let eventLoop: any EventLoop
    private let logger = Logger(label: "baton.client")
    private let lock = NSLock()
    private var link: DaemonLink?
    private var registration: RegisterDevice?
    private var advertisement: Advertisement?
    private var attempt = 0
    /// Whether the daemon acknowledged the registration on the current link.
    private var registeredOnLink = false
    private var lastSpawn = NIODeadline.distantPast
    private var stopped = false
    private var started = false
    private var requestCounter: UInt64 = 0

    /// A client that posts its events to `sink` (called on NIO threads: post to the UI thread, nothing more).
    public init(configuration: Configuration = Configuration(), sink: @escaping @Sendable (any Sendable) -> Void) {
        self.configuration = configuration
        self.sink = sink
        eventLoop = MultiThreadedEventLoopGroup.singleton.next()
    }

    /// Connects (starting the daemon if needed) and keeps connected until `stop()`.
    public func start() {
        let first = locked { () -> Bool in
            defer { started = true }
            return !started && !stopped
        }
        if first { eventLoop.execute { self.connect() } }
    }

    /// Sets this device's registration; sent now when connected and again after every reconnect.
    public func register(_ device: RegisterDevice) {
        let current = locked { () -> DaemonLink? in
            registration = device
            return link
        }
        current?.send(.registerDevice(device))
    }

    /// Makes `advertisement` this device's current activity (nil: none); replayed after a reconnect.
    /// The caller keeps it within `AdvertisementLimits` (`Advertisement.sizeRefusal`): one that cannot be
    /// framed would fail every send after every reconnect.
    public func setCurrentAdvertisement(_ advertisement: Advertisement?) {
        let (current, previous) = locked { () -> (DaemonLink?, Advertisement?) in
            defer { self.advertisement = advertisement }
            return (link, self.advertisement)
        }
        if let advertisement {
            current?.send(.advertise(advertisement))
        } else if let previous {
            current?.send(.withdraw(Withdraw(sequence: previous.sequence)))
        }
    }

    /// The advertisement sent (and replayed after a reconnect) as this device's current activity.
    public var currentAdvertisement: Advertisement? { locked { advertisement } }

    /// Sends `message` now; returns false when not connected (the caller decides what that means).
    @discardableResult
    public func send(_ message: WireMessage) -> Bool {
        guard let current = locked({ link }) else { return false }
        current.send(message).whenFailure { [logger] error in
            logger.error("send failed", metadata: ["kind": "\(message.kind)", "error": "\(error)"])
        }
        return true
    }

    /// Whether a connection to the daemon is open.
    public var isConnected: Bool { locked { link?.isActive ?? false } }

    /// A fresh id for a request/response pair.
    public func nextRequestID() -> UInt64 {
        locked {
            requestCounter += 1
            return requestCounter
        }
    }

    /// Posts `AccountEvent.timer(token)` to the sink after `delay` of the configuration's clock's monotonic
    /// time (for UI-side timeouts: a wall-clock jump neither fires nor starves it).
    public func post(after delay: Duration, token: UInt64) {
        let sink = sink
        _ = configuration.clock.schedule(after: delay.seconds) { sink(AccountEvent.timer(token)) }
    }

    /// Disconnects for good.
    public func stop() {
        let current = locked { () -> DaemonLink? in
            stopped = true
            defer { link = nil }
            return link
        }
        current?.close()
    }

    // MARK: - Connection (on the event loop)

    private func connect() {
        guard !locked({ stopped }) else { return }
        DaemonLink.connect(
            to: configuration.paths.socket,
            onFrame: { [weak self] frame in self?.received(frame) },
            onClose: { [weak self] in self?.closed() }
        ).whenComplete { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let newLink): self.connected(newLink)
            case .failure(let error): self.connectFailed(error)
            }
        }
    }

    private func connected(_ newLink: DaemonLink) {
        let (registration, advertisement, isStopped) = locked { () -> (RegisterDevice?, Advertisement?, Bool) in
            if !self.stopped {
                link = newLink
                registeredOnLink = false
            }
            return (self.registration, self.advertisement, self.stopped)
        }
        if isStopped { return newLink.close() }
        if let registration { newLink.send(.registerDevice(registration)) }
        if let advertisement { newLink.send(.advertise(advertisement)) }
    }

    private func connectFailed(_ error: any Error) {
        if let refusal = error as? DaemonLinkError {
            logger.error("refused the daemon", metadata: ["reason": "\(refusal)"])
            locked { stopped = true }
            sink(AccountEvent.refused(refusal.description))
            return
        }
        let now = NIODeadline.now()
        let spawnExecutable = locked { () -> URL? in
            // A forwarded daemon (`baton ssh`) lives on the other machine: nothing to start here.
            guard let executable = configuration.daemonExecutable, configuration.paths.forwardedSocket == nil,
                now - lastSpawn > .milliseconds(300)
            else {
                return nil
            }
            lastSpawn = now
            return executable
        }
        if let spawnExecutable {
            do {
                try configuration.paths.prepare()
                let pid = try DaemonSpawner.spawn(
                    executable: spawnExecutable, environment: configuration.daemonEnvironment)
                logger.info("started daemon", metadata: ["pid": "\(pid)"])
            } catch {
                logger.error("cannot start daemon", metadata: ["error": "\(error)"])
            }
        }
        scheduleReconnect()
    }

    private func scheduleReconnect() {
        let delay = locked { () -> TimeAmount? in
            guard !stopped else { return nil }
            defer { attempt += 1 }
            return configuration.reconnect.delay(attempt: attempt)
        }
        guard let delay else { return }
        eventLoop.scheduleTask(in: delay) { [weak self] in self?.connect() }
    }

    private func received(_ frame: InboundFrame) {
        switch frame {
        case .message(.registered(let registered)):
            locked {
                attempt = 0
                registeredOnLink = true
            }
            sink(AccountEvent.connected(daemonPID: registered.daemonPID))
        case .message(.error(let error))
        where error.requestID == nil && error.failure.code == WireFailure.forbidden
            && !locked({ registeredOnLink }):
            locked { stopped = true }
            sink(AccountEvent.refused(error.failure.message))
        case .message(let message):
            sink(AccountEvent.message(message))
        case .undecodable(let error):
            if let mismatch = WireVersionMismatch.from(error, socket: configuration.paths.socket.path) {
                logger.error("refused the daemon", metadata: ["reason": "\(mismatch)"])
                locked { stopped = true }
                return sink(AccountEvent.refused(mismatch.description))
            }
            logger.warning("undecodable frame from daemon", metadata: ["error": "\(error)"])
        }
    }

    private func closed() {
        let wasStopped = locked { () -> Bool in
            link = nil
            registeredOnLink = false
            return stopped
        }
        if wasStopped { return }
        sink(AccountEvent.disconnected)
        scheduleReconnect()
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
