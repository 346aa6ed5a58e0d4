import Logging
import Wire

/// Routes each incoming message to the service that owns its family.
final class ServiceRegistry {
    private var services: [any DaemonService] = []
    private var routes: [MessageFamily: any DaemonService] = [:]

    /// Adds a service; a family can belong to one service only.
    func register(_ service: any DaemonService) {
        services.append(service)
        for family in service.families {
            precondition(routes[family] == nil, "two services claim the \(family) family")
            routes[family] = service
        }
    }

    /// Delivers `message` to its service, or answers with a clear error.
    func route(_ message: WireMessage, from connection: ClientConnection) {
        guard let service = routes[message.family] else {
            connection.fail(
                nil, code: WireFailure.badRequest, "this daemon has no service for '\(message.kind)'")
            return
        }
        if service.requiresRegistration, connection.device == nil {
            connection.fail(
                nil, code: WireFailure.badRequest, "register the device before sending '\(message.kind)'")
            return
        }
        service.receive(message, from: connection)
    }

    /// Tells every service that `connection` registered.
    func deviceRegistered(_ connection: ClientConnection) {
        for service in services { service.deviceRegistered(connection) }
    }

    /// Tells every service that `connection` closed.
    func connectionClosed(_ connection: ClientConnection) {
        for service in services { service.connectionClosed(connection) }
    }
}
