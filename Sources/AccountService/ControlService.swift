import Foundation
import Logging
import Wire

/// Liveness, status and shutdown. Serves the `control` family; needs no registration.
final class ControlService: DaemonService {
    let families: Set<MessageFamily> = [.control]
    var requiresRegistration: Bool { false }

    private let devices: DeviceRegistry
    private let startedAt: Date
    private let logger: Logger
    private let shutdown: () -> Void

    init(devices: DeviceRegistry, startedAt: Date, logger: Logger, shutdown: @escaping () -> Void) {
        self.devices = devices
        self.startedAt = startedAt
        self.logger = logger
        self.shutdown = shutdown
    }

    func receive(_ message: WireMessage, from connection: ClientConnection) {
        switch message {
        case .ping(let ping):
            connection.send(
                .pong(
                    Pong(
                        requestID: ping.requestID, daemonPID: getpid(), startedAt: startedAt,
                        connectedDevices: devices.registered.count)))
        case .heartbeat:
            break  // Its arrival is its whole point (`DaemonLimits.quietTimeout`).
        case .shutdown:
            logger.notice("shutdown requested", metadata: ["by": "\(connection.name)"])
            shutdown()
        case .error(let error):
            logger.warning(
                "client reported an error",
                metadata: ["from": "\(connection.name)", "error": "\(error.failure)"])
        default:
            connection.fail(
                nil, code: WireFailure.badRequest, "'\(message.kind)' is not sent to the daemon")
        }
    }
}
