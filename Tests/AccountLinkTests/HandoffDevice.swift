import BatonEnvironment
import Foundation
import TestSupport
import Testing
import Wire

/// A device of a test machine speaking the wire directly: it registers with one app, advertises, answers payload
/// requests and reads what its daemon sends, each wait bounded (a guard against hangs, not a timing check).
final class HandoffDevice {
    static let app = AppDescriptor(
        bundleIdentifier: "org.baton.test.reader", teamIdentifier: "TEAMR", activityTypes: ["org.baton.test.read"])

    let name: String
    let socket: RawDaemonSocket
    private(set) var daemonPID: Int32 = 0

    /// Connects to `machine`'s daemon and registers as `name`.
    init(_ name: String, on machine: String, of machines: LinkedMachines) throws {
        self.name = name
        let paths = BatonPaths(environment: ["BATON_HOME": machines.home(machine).path])
        socket = try RawDaemonSocket(path: paths.socket.path)
        try socket.send(.registerDevice(RegisterDevice(name: name, pid: getpid(), apps: [Self.app])))
        guard
            case .registered(let registered)? = socket.next(where: { if case .registered = $0 { true } else { false } })
        else { throw TestPostgresFailure("\(name) was not registered on \(machine)") }
        daemonPID = registered.daemonPID
    }

    func advertise(title: String, sequence: UInt64, streams: Bool = false) throws {
        try socket.send(
            .advertise(
                Advertisement(
                    device: name, bundleIdentifier: Self.app.bundleIdentifier,
                    teamIdentifier: Self.app.teamIdentifier, activityType: "org.baton.test.read", title: title,
                    sequence: sequence, webpageURL: URL(string: "https://example.com/secret-page"),
                    supportsContinuationStreams: streams)))
    }

    /// The next message `match` picks out (nil after `limit` seconds).
    func next<T>(limit: TimeInterval = 30, _ match: (WireMessage) -> T?) -> T? {
        var found: T?
        _ = socket.next(limit: limit) { message in
            found = match(message)
            return found != nil
        }
        return found
    }

    /// The offer from `device` with `title`.
    func offer(from device: String, title: String, limit: TimeInterval = 30) -> Offer? {
        next(limit: limit) {
            if case .offer(let offer) = $0, offer.advertisement.device == device, offer.advertisement.title == title {
                offer
            } else {
                nil
            }
        }
    }

    /// Whether the offer from `device` is withdrawn within `limit` seconds.
    func offerWithdrawn(from device: String, limit: TimeInterval = 30) -> Bool {
        next(limit: limit) {
            if case .offerWithdrawn(let gone) = $0, gone.device == device { true } else { nil }
        } ?? false
    }

    /// Asks to continue `offer` (the target's side).
    func continueOffer(_ offer: Offer, requestID: UInt64) throws {
        try socket.send(
            .continueRequest(
                ContinueRequest(
                    requestID: requestID, device: offer.advertisement.device, sequence: offer.advertisement.sequence)))
    }

    /// The next payload request (the source's side).
    func payloadRequest(limit: TimeInterval = 30) -> PayloadRequest? {
        next(limit: limit) { if case .payloadRequest(let request) = $0 { request } else { nil } }
    }

    /// Answers `request` with `userInfo` (the source's side).
    func answer(_ request: PayloadRequest, userInfo: [String: PropertyListValue]) throws {
        try socket.send(.payloadResponse(PayloadResponse(requestID: request.requestID, userInfo: userInfo)))
    }

    /// The next continue reply (the target's side).
    func continueReply(limit: TimeInterval = 30) -> ContinueReply? {
        next(limit: limit) { if case .continueReply(let reply) = $0 { reply } else { nil } }
    }
}
