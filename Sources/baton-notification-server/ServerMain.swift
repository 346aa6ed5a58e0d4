import AccountClient
import BatonEnvironment
import CSystemdBus
import Foundation
import Logging
import Notifications
import SystemdBus
import Wire

/// The server's life: the setting, the lock, the bus, the daemon link, the name, then the bus loop until the
/// bus or the daemon goes away.
enum ServerMain {
    /// Set before the loop runs; read on the bus thread only.
    final class ServerBox: @unchecked Sendable {
        var server: NotificationServer?
    }

    /// Where the server says whether it owns the name (`owner`) or waits for it (`waiting`), for `status`.
    final class StateFile {
        let url: URL
        init(url: URL) { self.url = url }
    }

    static func run(paths: BatonPaths, logger: Logger) -> Int32 {
        guard let setting = NotificationServerSetting.load(paths: paths), setting.enabled else {
            logger.info("the setting is off (baton notifications server on)")
            return 0
        }
        guard PidLock.hold(NotificationServerLauncher.lockFile(paths)) else {
            logger.info("another notification server runs")
            return 0
        }
        let environment = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        guard let address = setting.busAddress ?? environment, !address.isEmpty else {
            logger.error("no session bus: run `baton notifications server on --bus` or set DBUS_SESSION_BUS_ADDRESS")
            return 1
        }
        let bus: OpaquePointer
        do {
            bus = try SystemdBus.open(address: address)
        } catch {
            logger.error("cannot connect to the session bus \(address): \(error)")
            return 1
        }
        let loop: BusLoop
        do {
            loop = try BusLoop(bus: bus)
        } catch {
            return 1
        }
        let box = ServerBox()
        guard let link = connectDaemon(paths: paths, loop: loop, box: box, logger: logger) else {
            logger.error("cannot reach the daemon at \(paths.socket.path)")
            return 1
        }
        let store = paths.stateDirectory.appendingPathComponent(AttachmentStore.directoryName, isDirectory: true)
        let server = NotificationServer(bus: bus, device: setting.device, attachmentStore: store) {
            message, requestID in
            guard let wire = try? message.wire(requestID: requestID == 0 ? nil : requestID) else { return }
            link.send(wire)
        }
        box.server = server
        server.send(.follow(NotificationFilter(device: setting.device)), 1)
        let state = paths.runtimeDirectory.appendingPathComponent("notification-server.state")
        guard register(server, bus: bus, replace: setting.replace, state: state, logger: logger) else { return 1 }
        logger.info("serving \(NotificationServer.name) on \(address) for device \(setting.device)")
        let result = loop.run()
        logger.notice("the session bus connection ended: \(String(cString: strerror(-result)))")
        return 1
    }

    /// The daemon's socket, tried for up to 10 s (the daemon may be starting); frames go to the bus thread and
    /// its end ends the server (the daemon starts it again when it starts).
    static func connectDaemon(paths: BatonPaths, loop: BusLoop, box: ServerBox, logger: Logger) -> DaemonLink? {
        for _ in 0..<50 {
            let future = DaemonLink.connect(
                to: paths.socket,
                onFrame: { frame in
                    guard case .message(let message) = frame else { return }
                    loop.post { box.server?.handle(message) }
                },
                onClose: {
                    loop.post {
                        logger.notice("the daemon closed the connection; stopping")
                        exit(0)
                    }
                })
            if let link = try? future.wait() { return link }
            usleep(200_000)
        }
        return nil
    }

    /// Serves the object and asks for the name: taken at once when no other server owns it, else queued (the
    /// other keeps it; this one takes over when it leaves). `replace` takes it from a server that allows that.
    static func register(
        _ server: NotificationServer, bus: OpaquePointer, replace: Bool, state: URL, logger: Logger
    ) -> Bool {
        let userdata = Unmanaged.passRetained(server).toOpaque()
        let method: sd_bus_message_handler_t = { message, userdata, error in
            guard let message, let userdata else { return 0 }
            let server = Unmanaged<NotificationServer>.fromOpaque(userdata).takeUnretainedValue()
            return server.handle(BusMessage(pointer: message), error: error)
        }
        guard sd_bus_add_object(bus, nil, NotificationServer.path, method, userdata) >= 0 else { return false }
        let ownership: sd_bus_message_handler_t = { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            let member = BusMessage(pointer: message).member
            guard member == "NameAcquired" || member == "NameLost",
                (try? BusMessage(pointer: message).string()) == NotificationServer.name
            else { return 0 }
            let state = Unmanaged<StateFile>.fromOpaque(userdata).takeUnretainedValue()
            try? Data((member == "NameAcquired" ? "owner\n" : "waiting\n").utf8).write(to: state.url)
            return 0
        }
        _ = sd_bus_add_filter(bus, nil, ownership, Unmanaged.passRetained(StateFile(url: state)).toOpaque())
        // SD_BUS_NAME_ALLOW_REPLACEMENT (2) | SD_BUS_NAME_QUEUE (4), and SD_BUS_NAME_REPLACE_EXISTING (1).
        let flags: UInt64 = replace ? 7 : 6
        let result = sd_bus_request_name(bus, NotificationServer.name, flags)
        guard result >= 0 else {
            logger.error("cannot ask for \(NotificationServer.name): \(String(cString: strerror(-result)))")
            return false
        }
        try? Data((result > 0 ? "owner\n" : "waiting\n").utf8).write(to: state)
        if result == 0 { logger.notice("another server owns \(NotificationServer.name): waiting for it to leave") }
        return true
    }
}
