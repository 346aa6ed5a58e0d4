import BatonEnvironment
import Foundation
import Logging
import Wire

/// The connected devices of the account, by connection and by name. Serves the `device` family.
final class DeviceRegistry: DaemonService {
    let families: Set<MessageFamily> = [.device]
    var requiresRegistration: Bool { false }

    private(set) var connections: [Int: ClientConnection] = [:]
    private var byName: [String: ClientConnection] = [:]
    private let store: AccountStore
    private let logger: Logger
    private let now: () -> Date
    /// Called after a device registered, so other services can greet it.
    var onRegistered: (ClientConnection) -> Void = { _ in }

    init(store: AccountStore, logger: Logger, now: @escaping () -> Date) {
        self.store = store
        self.logger = logger
        self.now = now
    }

    /// Tracks a new connection (not yet registered).
    func add(_ connection: ClientConnection) {
        connections[connection.id] = connection
    }

    /// The connection of the registered device called `name`.
    func connection(named name: String) -> ClientConnection? { byName[name] }

    /// Every registered connection, oldest first.
    var registered: [ClientConnection] {
        byName.values.sorted { ($0.connectedSince, $0.id) < ($1.connectedSince, $1.id) }
    }

    func receive(_ message: WireMessage, from connection: ClientConnection) {
        guard case .registerDevice(let registration) = message else {
            connection.fail(
                nil, code: WireFailure.badRequest, "'\(message.kind)' is not sent to the daemon")
            return
        }
        let name = registration.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            connection.fail(nil, code: WireFailure.badRequest, "a device needs a name")
            return
        }
        if let refusal = Self.refusal(of: registration, name: name) {
            connection.fail(nil, code: WireFailure.badRequest, refusal)
            return
        }
        if let holder = byName[name], holder !== connection {
            connection.fail(
                nil, code: WireFailure.forbidden,
                "device name '\(name)' is in use by pid \(holder.device?.pid ?? 0); choose another with --device"
            )
            return
        }
        if let previous = connection.device?.name, previous != name { byName[previous] = nil }
        var accepted = registration
        accepted.name = name
        connection.device = accepted
        byName[name] = connection
        // Another machine's device (shown here by the account link) is that machine's to remember.
        if accepted.machine == nil { store.recordDevice(accepted, at: now()) }
        logger.info("device registered", metadata: ["device": "\(name)", "pid": "\(registration.pid)"])
        connection.send(.registered(Registered(device: name, daemonPID: getpid())))
        onRegistered(connection)
    }

    /// The longest device name, in UTF-8 bytes: names travel in every offer and every log line.
    static let maxNameBytes = 128
    /// The largest registration (its list of apps and their activity types).
    static let maxRegistrationBytes = 16 * 1024

    /// Why `registration` is refused: a name too long or with control characters, or too many apps.
    static func refusal(of registration: RegisterDevice, name: String) -> String? {
        if name.utf8.count > maxNameBytes {
            return "a device name may be at most \(maxNameBytes) bytes (this one has \(name.utf8.count))"
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a device name may not contain control characters: \(BoundedQuote.quote(name))"
        }
        let size = (try? JSONEncoder().encode(registration).count) ?? Int.max
        if size > maxRegistrationBytes {
            return "the registration is \(size) bytes (too many apps), over the \(maxRegistrationBytes)-byte limit"
        }
        return nil
    }

    func connectionClosed(_ connection: ClientConnection) {
        connections[connection.id] = nil
        if let name = connection.device?.name, byName[name] === connection {
            byName[name] = nil
            logger.info("device left", metadata: ["device": "\(name)"])
        }
    }
}
