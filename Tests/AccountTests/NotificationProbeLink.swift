import AccountClient
import Foundation
import Notifications
import Synchronization
import Testing
import Wire

/// A connection to the real daemon for notification tests: requests pipelined with their answers kept by
/// request ID (a long answer put back together from its pieces), and everything else it hears (deliveries,
/// removals) in arrival order.
final class NotificationProbeLink: Sendable {
    private struct Fields {
        var answers: [UInt64: Result<NotificationMessage, WireFailure>] = [:]
        var assemblers: [UInt64: NotificationListAssembler] = [:]
        var events: [NotificationMessage] = []
        var registered = 0
        var nextID: UInt64 = 1
    }
    private let fields = Mutex(Fields())
    private let link: DaemonLink

    private init(link: DaemonLink) { self.link = link }

    /// Connects to `harness`'s daemon.
    static func open(_ harness: BatonHarness) async throws -> NotificationProbeLink {
        let box = Mutex<NotificationProbeLink?>(nil)
        let link = try await DaemonLink.connect(
            to: harness.socket, onFrame: { frame in box.withLock { $0 }?.take(frame) }, onClose: {}
        ).get()
        let probe = NotificationProbeLink(link: link)
        box.withLock { $0 = probe }
        return probe
    }

    /// Connects and registers as device `name` with `apps`.
    static func device(
        _ harness: BatonHarness, _ name: String, apps: [String]
    ) async throws -> NotificationProbeLink {
        let probe = try await open(harness)
        probe.register(name, apps: apps)
        #expect(try await until { probe.registrations == 1 }, "\(name) was not registered")
        return probe
    }

    /// Registers (again) as device `name` with `apps`, without waiting.
    func register(_ name: String, apps: [String]) {
        let descriptors = apps.map {
            AppDescriptor(bundleIdentifier: $0, teamIdentifier: "BATONTEAM1", activityTypes: [])
        }
        link.send(.registerDevice(RegisterDevice(name: name, pid: getpid(), apps: descriptors)))
    }

    /// How many registrations the daemon acknowledged.
    var registrations: Int { fields.withLock { $0.registered } }

    private func take(_ frame: InboundFrame) {
        guard case .message(let message) = frame else { return }
        fields.withLock { fields in
            switch message {
            case .registered: fields.registered += 1
            case .error(let error):
                if let id = error.requestID { fields.answers[id] = .failure(error.failure) }
            case .notification(let envelope):
                guard let typed = try? NotificationMessage(envelope) else { return }
                // Deliveries, responses and removals are events (a follower's carry the follow's request ID).
                switch typed {
                case .notificationDelivered, .notificationResponse, .notificationsRemoved:
                    return fields.events.append(typed)
                default: break
                }
                guard let id = envelope.requestID else { return fields.events.append(typed) }
                var assembler = fields.assemblers.removeValue(forKey: id) ?? NotificationListAssembler()
                if let whole = assembler.add(typed) {
                    fields.answers[id] = .success(whole)
                } else {
                    fields.assemblers[id] = assembler
                }
            default: break
            }
        }
    }

    /// Sends `message` without waiting; returns its request ID.
    @discardableResult
    func send(_ message: NotificationMessage) throws -> UInt64 {
        let id = fields.withLock {
            $0.nextID += 1
            return $0.nextID
        }
        link.send(try message.wire(requestID: id))
        return id
    }

    /// Sends `message` and waits for its answer.
    func ask(_ message: NotificationMessage) async throws -> Result<NotificationMessage, WireFailure> {
        let id = try send(message)
        return try #require(await answer(id))
    }

    /// The answer to request `id`, once it came (nil only after a hang guard of 60 s).
    func answer(_ id: UInt64) async throws -> Result<NotificationMessage, WireFailure>? {
        _ = try await Self.until { self.fields.withLock { $0.answers[id] != nil } }
        return fields.withLock { $0.answers[id] }
    }

    /// The refusals it got, by request ID.
    var refusals: [UInt64: WireFailure] {
        fields.withLock { fields in
            fields.answers.compactMapValues { answer in
                if case .failure(let failure) = answer { failure } else { nil }
            }
        }
    }

    /// How many requests were answered.
    var answered: Int { fields.withLock { $0.answers.count } }
    /// What it heard that answered no request, in order.
    var events: [NotificationMessage] { fields.withLock { $0.events } }

    func close() { link.close() }

    /// Polls `condition` until it holds (a readiness wait that only a real hang reaches the end of).
    static func until(_ limit: TimeInterval = 60, _ condition: () -> Bool) async throws -> Bool {
        try await AckAfterCommitTests.until(limit, condition)
    }
}
