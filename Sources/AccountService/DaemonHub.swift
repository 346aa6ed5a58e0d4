import BatonEnvironment
import Foundation
import Logging
import NIOCore
import Notifications
import Wire

/// The daemon's state and services, confined to its single event loop.
final class DaemonHub {
    let eventLoop: any EventLoop
    /// The daemon's time: the wall clock for dates, the monotonic clock for deadlines.
    private let clock: any DeadlineClock
    private let logger: Logger
    private let devices: DeviceRegistry
    private let services = ServiceRegistry()
    private let ownerUID: uid_t
    private let limits: DaemonLimits
    private var nextConnectionID = 1

    init(
        eventLoop: any EventLoop, clock: any DeadlineClock, store: AccountStore, paths: BatonPaths, logger: Logger,
        continueTimeout: TimeAmount, ownerUID: uid_t, limits: DaemonLimits, shutdown: @escaping () -> Void
    ) throws {
        self.eventLoop = eventLoop
        self.logger = logger
        self.ownerUID = ownerUID
        self.limits = limits
        self.clock = clock
        let now = { clock.now() }
        devices = DeviceRegistry(store: store, logger: logger, now: now)
        let activities = ActivityRelay(
            devices: devices, store: store, logger: logger, eventLoop: eventLoop,
            continueTimeout: continueTimeout, clock: clock)
        services.register(devices)
        services.register(activities)
        services.register(StreamRelay(devices: devices, activities: activities, logger: logger))
        let notifications = try NotificationService(
            store: store, devices: devices, eventLoop: eventLoop,
            clock: clock,
            extensions: ResourceLocator.resourcesDirectory().map(ServiceExtensionCatalog.load(resources:))
                ?? ServiceExtensionCatalog(apps: [:], extensions: [:], problems: []),
            extensionRunner: ServiceExtensionHost(paths: paths), logger: logger, limits: limits.notifications)
        services.register(
            QueryService(devices: devices, activities: activities, remembered: { notifications.knownDevices }))
        services.register(try KeyValueService(store: store, eventLoop: eventLoop, logger: logger, now: now))
        services.register(notifications)
        services.register(
            ControlService(devices: devices, startedAt: now(), logger: logger, shutdown: shutdown))
        services.register(LinkService(grant: LinkGrant(paths: paths), logger: logger))
        devices.onRegistered = { [services] connection in services.deviceRegistered(connection) }
    }

    /// A new connection: admitted only when its peer runs as the daemon's user and the daemon serves
    /// fewer than `limits.maxConnections`.
    func opened(_ channel: any Channel, peerUID: uid_t?, peerPID: pid_t? = nil) -> ClientConnection? {
        let connection = ClientConnection(
            id: nextConnectionID, channel: channel, connectedSince: clock.now(), logger: logger)
        connection.peerPID = peerPID
        nextConnectionID += 1
        guard let peerUID, peerUID == ownerUID else {
            let who = peerUID.map { "uid \($0)" } ?? "an unidentified peer"
            logger.warning("refused connection", metadata: ["peer": "\(who)"])
            connection.fail(
                nil, code: WireFailure.forbidden,
                "refused: this Baton daemon serves uid \(ownerUID) only, and \(who) is not that user")
            connection.close()
            return nil
        }
        guard devices.connections.count < limits.maxConnections else {
            logger.warning("refused connection: too many", metadata: ["limit": "\(limits.maxConnections)"])
            connection.fail(
                nil, code: WireFailure.tooManyConnections,
                "refused: the daemon already serves \(limits.maxConnections) connections; close some and retry")
            connection.close()
            return nil
        }
        devices.add(connection)
        return connection
    }

    /// A frame from `connection`.
    func received(_ frame: InboundFrame, from connection: ClientConnection) {
        switch frame {
        case .message(let message): services.route(message, from: connection)
        case .undecodable(let error):
            logger.warning(
                "undecodable frame",
                metadata: ["from": "\(BoundedQuote.escaped(connection.name))", "error": "\(error)"])
            connection.fail(nil, code: WireFailure.badRequest, error.description)
        }
    }

    /// An error the connection cannot recover from (a framing error, a stalled frame, a client that does
    /// not read): log why, tell the client when it is a protocol error, then close. Runs once per connection.
    func broken(_ connection: ClientConnection, error: any Error) {
        guard !connection.isClosing else { return }
        logger.warning(
            "closing connection",
            metadata: ["from": "\(BoundedQuote.escaped(connection.name))", "error": "\(error)"])
        let told = error is WireError || error is SilentClient
        connection.close(sayingFirst: told ? "\(error); closing the connection" : nil)
    }

    /// `connection` closed.
    func closed(_ connection: ClientConnection) {
        services.connectionClosed(connection)
    }

    /// Closes every client connection (graceful shutdown).
    func closeAll() {
        for connection in devices.connections.values { connection.close() }
    }
}
