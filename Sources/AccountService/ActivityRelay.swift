import BatonEnvironment
import Foundation
import Logging
import NIOCore
import Wire

/// Handoff in the daemon: offers each device's current activity to the devices that can continue it,
/// fetches the payload from the source only on continue, and fails continues clearly (4608, 4610, 4611).
final class ActivityRelay: DaemonService {
    let families: Set<MessageFamily> = [.activity]

    private let devices: DeviceRegistry
    private let store: AccountStore
    private let logger: Logger
    private let eventLoop: any EventLoop
    private let continueTimeout: TimeAmount
    private let clock: any DeadlineClock
    /// The newest advertisement of each device, by device name.
    private(set) var current: [String: Advertisement] = [:]
    /// Which connection advertised each device's current activity (a reconnected device is a new one).
    private var advertisers: [String: ObjectIdentifier] = [:]
    private var pending: [UInt64: PendingContinuation] = [:]
    private var nextPayloadRequestID: UInt64 = 1
    /// Connections that asked to hear every change of any device's current activity (the account link).
    private var watchers: [ObjectIdentifier: ClientConnection] = [:]

    init(
        devices: DeviceRegistry, store: AccountStore, logger: Logger, eventLoop: any EventLoop,
        continueTimeout: TimeAmount, clock: any DeadlineClock
    ) {
        self.devices = devices
        self.store = store
        self.logger = logger
        self.eventLoop = eventLoop
        self.continueTimeout = continueTimeout
        self.clock = clock
    }

    func receive(_ message: WireMessage, from connection: ClientConnection) {
        switch message {
        case .advertise(let advertisement): advertise(advertisement, from: connection)
        case .withdraw(let withdraw): self.withdraw(sequence: withdraw.sequence, from: connection)
        case .continueRequest(let request): startContinue(request, from: connection)
        case .payloadResponse(let response): finishContinue(response, from: connection)
        default:
            connection.fail(
                nil, code: WireFailure.badRequest, "'\(message.kind)' is not sent to the daemon")
        }
    }

    /// Offers the other devices' current activities to a device that just registered.
    func deviceRegistered(_ connection: ClientConnection) {
        guard let device = connection.device else { return }
        for (name, advertisement) in current where name != device.name {
            if let target = OfferRouting.target(for: advertisement, on: device) {
                connection.send(.offer(Offer(advertisement: advertisement, target: target)))
            }
        }
    }

    /// Tells `connection` every current activity now, and every change from now on.
    func watch(from connection: ClientConnection) {
        watchers[ObjectIdentifier(connection)] = connection
        for advertisement in current.values.sorted(by: { $0.device < $1.device }) {
            connection.send(.activityChanged(change(of: advertisement.device, to: advertisement)))
        }
    }

    /// `device`'s change, described by its registration (`known`, else the registry's).
    private func change(of device: String, to activity: Advertisement?, known: RegisterDevice? = nil)
        -> ActivityChanged
    {
        let registration = known ?? devices.connection(named: device)?.device
        return ActivityChanged(
            device: device, pid: registration?.pid ?? 0, apps: registration?.apps ?? [], activity: activity)
    }

    private func tellWatchers(_ device: String, _ activity: Advertisement?, known: RegisterDevice? = nil) {
        guard !watchers.isEmpty else { return }
        let message = change(of: device, to: activity, known: known)
        for watcher in watchers.values { watcher.send(.activityChanged(message)) }
    }

    func connectionClosed(_ connection: ClientConnection) {
        watchers[ObjectIdentifier(connection)] = nil
        for (id, continuation) in pending
        where continuation.source === connection || continuation.target === connection {
            pending[id] = nil
            continuation.timeout.cancel()
            if continuation.source === connection {
                reply(
                    continuation,
                    failure: WireFailure(
                        code: WireFailure.handoffFailed,
                        message: "device '\(connection.name)' went away before sending the activity"))
            }
        }
        // The device registry may already have forgotten this connection: ownership is kept here.
        guard let name = connection.device?.name, advertisers[name] == ObjectIdentifier(connection),
            let advertisement = current.removeValue(forKey: name)
        else { return }
        advertisers[name] = nil
        store.removeActivity(device: name)
        broadcastWithdrawal(of: advertisement)
        tellWatchers(name, nil, known: connection.device)
    }

    private func advertise(_ proposed: Advertisement, from connection: ClientConnection) {
        guard let device = connection.device else { return }
        if let refusal = proposed.sizeRefusal {
            connection.fail(nil, code: refusal.code, refusal.message)
            return
        }
        var advertisement = proposed.withShortenedTitle
        advertisement.device = device.name
        if let refusal = OfferRouting.refusal(of: advertisement, by: device) {
            connection.fail(nil, code: WireFailure.forbidden, refusal)
            return
        }
        if let previous = current[device.name], previous.sequence > advertisement.sequence { return }
        advertisement.advertisedAt = clock.now()
        current[device.name] = advertisement
        advertisers[device.name] = ObjectIdentifier(connection)
        for other in devices.registered where other !== connection {
            guard let otherDevice = other.device else { continue }
            if let target = OfferRouting.target(for: advertisement, on: otherDevice) {
                other.send(.offer(Offer(advertisement: advertisement, target: target)))
            } else {
                other.send(
                    .offerWithdrawn(OfferWithdrawn(device: device.name, sequence: advertisement.sequence)))
            }
        }
        tellWatchers(device.name, advertisement)
        // After the offers have left: the record (metadata no answer waits for) wakes the database writer,
        // which on a machine with few cores would otherwise take a core before the offer is written.
        store.recordActivity(advertisement)
    }

    private func withdraw(sequence: UInt64, from connection: ClientConnection) {
        guard let name = connection.device?.name, let advertisement = current[name],
            advertisement.sequence == sequence
        else { return }
        current[name] = nil
        advertisers[name] = nil
        store.removeActivity(device: name)
        broadcastWithdrawal(of: advertisement)
        tellWatchers(name, nil)
    }

    private func broadcastWithdrawal(of advertisement: Advertisement) {
        let message = WireMessage.offerWithdrawn(
            OfferWithdrawn(device: advertisement.device, sequence: advertisement.sequence))
        for other in devices.registered where other.device?.name != advertisement.device {
            other.send(message)
        }
    }

    private func startContinue(_ request: ContinueRequest, from target: ClientConnection) {
        guard let targetDevice = target.device else { return }
        guard let source = devices.connection(named: request.device),
            let advertisement = current[request.device], advertisement.sequence == request.sequence
        else {
            target.send(
                .continueReply(
                    ContinueReply(
                        requestID: request.requestID, advertisement: nil, userInfo: nil,
                        failure: WireFailure(
                            code: WireFailure.handoffFailed,
                            message: "device \(BoundedQuote.quote(request.device)) no longer offers that activity"))))
            return
        }
        guard case .app = OfferRouting.target(for: advertisement, on: targetDevice) else {
            target.send(
                .continueReply(
                    ContinueReply(
                        requestID: request.requestID, advertisement: advertisement, userInfo: nil,
                        failure: WireFailure(
                            code: WireFailure.handoffFailed,
                            message: "no app of team \(advertisement.teamIdentifier) on '\(targetDevice.name)' "
                                + "declares '\(advertisement.activityType)'"))))
            return
        }
        let id = nextPayloadRequestID
        nextPayloadRequestID += 1
        let seconds = Double(continueTimeout.nanoseconds) / 1e9
        let relay = NIOLoopBound(self, eventLoop: eventLoop)
        let timeout = clock.schedule(after: seconds) {
            guard let continuation = relay.value.pending.removeValue(forKey: id) else { return }
            relay.value.reply(
                continuation,
                failure: WireFailure(
                    code: WireFailure.remoteAppTimedOut,
                    message:
                        "device '\(continuation.source.name)' did not send the activity within \(seconds) s"))
        }
        pending[id] = PendingContinuation(
            targetRequestID: request.requestID, target: target, source: source,
            advertisement: advertisement,
            timeout: timeout)
        source.send(
            .payloadRequest(
                PayloadRequest(requestID: id, sequence: advertisement.sequence, target: targetDevice.name)))
    }

    private func finishContinue(_ response: PayloadResponse, from source: ClientConnection) {
        guard let continuation = pending[response.requestID], continuation.source === source else {
            return
        }
        pending[response.requestID] = nil
        continuation.timeout.cancel()
        if let failure = response.failure {
            reply(continuation, failure: failure)
            return
        }
        let userInfo = response.userInfo ?? [:]
        let size = PropertyListValue.dictionary(userInfo).encodedSize
        guard size <= WireLimits.maxUserInfoBytes else {
            reply(
                continuation,
                failure: WireFailure(
                    code: WireFailure.userInfoTooLarge,
                    message:
                        "the activity's userInfo is \(size) bytes, over the \(WireLimits.maxUserInfoBytes)-byte limit"
                ))
            return
        }
        if size > WireLimits.warnUserInfoBytes {
            logger.warning(
                "large userInfo",
                metadata: ["bytes": "\(size)", "type": "\(continuation.advertisement.activityType)"])
        }
        continuation.target.send(
            .continueReply(
                ContinueReply(
                    requestID: continuation.targetRequestID, advertisement: continuation.advertisement,
                    userInfo: userInfo)))
        source.send(
            .wasContinued(
                WasContinued(sequence: continuation.advertisement.sequence, by: continuation.target.name)))
    }

    private func reply(_ continuation: PendingContinuation, failure: WireFailure) {
        logger.notice(
            "continue failed", metadata: ["code": "\(failure.code)", "reason": "\(failure.message)"])
        continuation.target.send(
            .continueReply(
                ContinueReply(
                    requestID: continuation.targetRequestID, advertisement: continuation.advertisement,
                    userInfo: nil, failure: failure)))
    }
}
