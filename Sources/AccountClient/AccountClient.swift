import BatonEnvironment
import Foundation
import Logging
import NIOCore
import NIOPosix
import Synchronization
import Wire

/// A device's connection to the account daemon.
///
/// Starts the daemon on demand, and when the daemon dies reconnects with backoff (starting a new one),
/// re-registers the device and re-advertises its current activity, with no user action. Everything it
/// learns is posted to `sink` as `AccountEvent`s; NIO threads only post. All methods are thread-safe.
public final class AccountClient: Sendable {
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
    private let state = Mutex(State())

    /// What the client knows, behind one lock (`state`): callers and NIO threads both reach it.
    private struct State {
        var link: DaemonLink?
        var registration: RegisterDevice?
        var advertisement: Advertisement?
        var attempt = 0
        /// Whether the daemon acknowledged the registration on the current link.
        var registeredOnLink = false
        var lastSpawn = NIODeadline.distantPast
        var stopped = false
        var started = false
        var requestCounter: UInt64 = 0
    }

    /// A client that posts its events to `sink` (called on NIO threads: post to the UI thread, nothing more).
    public init(configuration: Configuration = Configuration(), sink: @escaping @Sendable (any Sendable) -> Void) {
        self.configuration = configuration
        self.sink = sink
        eventLoop = MultiThreadedEventLoopGroup.singleton.next()
    }

    /// Connects (starting the daemon if needed) and keeps connected until `stop()`.
    public func start() {
        let first = locked { state -> Bool in
            defer { state.started = true }
            return !state.started && !state.stopped
        }
        if first { eventLoop.execute { self.connect() } }
    }

    /// Sets this device's registration; sent now when connected and again after every reconnect.
    public func register(_ device: RegisterDevice) {
        let current = locked { state -> DaemonLink? in
            state.registration = device
            return state.link
        }
        current?.send(.registerDevice(device))
    }

    /// Makes `advertisement` this device's current activity (nil: none); replayed after a reconnect.
    /// The caller keeps it within `AdvertisementLimits` (`Advertisement.sizeRefusal`): one that cannot be
    /// framed would fail every send after every reconnect.
    public func setCurrentAdvertisement(_ advertisement: Advertisement?) {
        let (current, previous) = locked { state -> (DaemonLink?, Advertisement?) in
            defer { state.advertisement = advertisement }
            return (state.link, state.advertisement)
        }
        if let advertisement {
            current?.send(.advertise(advertisement))
        } else if let previous {
            current?.send(.withdraw(Withdraw(sequence: previous.sequence)))
        }
    }

    /// The advertisement sent (and replayed after a reconnect) as this device's current activity.
    public var currentAdvertisement: Advertisement? { locked { $0.advertisement } }

    /// Sends `message` now; returns false when not connected (the caller decides what that means).
    @discardableResult
    public func send(_ message: WireMessage) -> Bool {
        guard let current = locked({ $0.link }) else { return false }
        current.send(message).whenFailure { [logger] error in
            logger.error("send failed", metadata: ["kind": "\(message.kind)", "error": "\(error)"])
        }
        return true
    }

    /// Whether a connection to the daemon is open.
    public var isConnected: Bool { locked { $0.link?.isActive ?? false } }

    /// A fresh id for a request/response pair.
    public func nextRequestID() -> UInt64 {
        locked { state in
            state.requestCounter += 1
            return state.requestCounter
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
        let current = locked { state -> DaemonLink? in
            state.stopped = true
            defer { state.link = nil }
            return state.link
        }
        current?.close()
    }

    // MARK: - Connection (on the event loop)

    private func connect() {
        guard !locked({ $0.stopped }) else { return }
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
        let (registration, advertisement, isStopped) = locked { state -> (RegisterDevice?, Advertisement?, Bool) in
            if !state.stopped {
                state.link = newLink
                state.registeredOnLink = false
            }
            return (state.registration, state.advertisement, state.stopped)
        }
        if isStopped { return newLink.close() }
        if let registration { newLink.send(.registerDevice(registration)) }
        if let advertisement { newLink.send(.advertise(advertisement)) }
    }

    private func connectFailed(_ error: any Error) {
        if let refusal = error as? DaemonLinkError {
            logger.error("refused the daemon", metadata: ["reason": "\(refusal)"])
            locked { $0.stopped = true }
            sink(AccountEvent.refused(refusal.description))
            return
        }
        let now = NIODeadline.now()
        let spawnExecutable = locked { state -> URL? in
            // A forwarded daemon (`baton ssh`) lives on the other machine: nothing to start here.
            // A client stopped while this connect was in flight starts nothing (a bench removing its home
            // found a daemon started after its clients had stopped).
            guard !state.stopped, let executable = configuration.daemonExecutable,
                configuration.paths.forwardedSocket == nil, now - state.lastSpawn > .milliseconds(300)
            else {
                return nil
            }
            state.lastSpawn = now
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
        let policy = configuration.reconnect
        let delay = locked { state -> TimeAmount? in
            guard !state.stopped else { return nil }
            defer { state.attempt += 1 }
            return policy.delay(attempt: state.attempt)
        }
        guard let delay else { return }
        eventLoop.scheduleTask(in: delay) { [weak self] in self?.connect() }
    }

    private func received(_ frame: InboundFrame) {
        switch frame {
        case .message(.registered(let registered)):
            locked { state in
                state.attempt = 0
                state.registeredOnLink = true
            }
            sink(AccountEvent.connected(daemonPID: registered.daemonPID))
        case .message(.error(let error))
        where error.requestID == nil && error.failure.code == WireFailure.forbidden
            && !locked({ $0.registeredOnLink }):
            locked { $0.stopped = true }
            sink(AccountEvent.refused(error.failure.message))
        case .message(let message):
            sink(AccountEvent.message(message))
        case .undecodable(let error):
            if let mismatch = WireVersionMismatch.from(error, socket: configuration.paths.socket.path) {
                logger.error("refused the daemon", metadata: ["reason": "\(mismatch)"])
                locked { $0.stopped = true }
                return sink(AccountEvent.refused(mismatch.description))
            }
            logger.warning("undecodable frame from daemon", metadata: ["error": "\(error)"])
        }
    }

    private func closed() {
        let wasStopped = locked { state -> Bool in
            state.link = nil
            state.registeredOnLink = false
            return state.stopped
        }
        if wasStopped { return }
        sink(AccountEvent.disconnected)
        scheduleReconnect()
    }

    private func locked<T: Sendable>(_ body: (inout State) -> T) -> T {
        state.withLock { body(&$0) }
    }
}
