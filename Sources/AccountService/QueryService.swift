import Wire

/// Answers `baton devices` and `baton activities`. Serves the `query` family; needs no registration.
final class QueryService: DaemonService {
    let families: Set<MessageFamily> = [.query]
    var requiresRegistration: Bool { false }

    private let devices: DeviceRegistry
    private let activities: ActivityRelay
    /// The devices the daemon remembers, connected or not (pushes to one away wait for it).
    private let remembered: () -> Set<String>

    init(devices: DeviceRegistry, activities: ActivityRelay, remembered: @escaping () -> Set<String>) {
        self.devices = devices
        self.activities = activities
        self.remembered = remembered
    }

    func receive(_ message: WireMessage, from connection: ClientConnection) {
        switch message {
        case .devicesQuery(let query):
            let summaries = devices.registered.compactMap { connection -> DeviceSummary? in
                guard let device = connection.device else { return nil }
                return DeviceSummary(
                    name: device.name, pid: device.pid, apps: device.apps,
                    connectedSince: connection.connectedSince,
                    currentActivity: activities.current[device.name])
            }
            connection.send(
                .devicesReply(
                    DevicesReply(requestID: query.requestID, devices: summaries, remembered: remembered().sorted())))
        case .activitiesQuery(let query):
            let list = activities.current.values.sorted { $0.device < $1.device }
            connection.send(
                .activitiesReply(ActivitiesReply(requestID: query.requestID, activities: list)))
        case .activitiesWatch: activities.watch(from: connection)
        default:
            connection.fail(
                nil, code: WireFailure.badRequest, "'\(message.kind)' is not sent to the daemon")
        }
    }
}
