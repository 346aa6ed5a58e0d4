import AccountClient
import AccountLink
import ArgumentParser
import Foundation
import Synchronization
import Wire

/// Handoff across the bench's two machines: a device advertising on the laptop timed until the offer reaches a
/// device on the server machine (through both links and the server), and a continue with a userInfo of a given
/// size timed from the target's request to its reply.
extension BenchRig {
    static let benchApp = AppDescriptor(
        bundleIdentifier: "org.baton.bench.reader", teamIdentifier: "BENCH", activityTypes: ["org.baton.bench.read"])

    /// A device of `machine` registered as `name`; frames go to `onMessage` (on a NIO thread).
    func benchDevice(
        _ name: String, on machine: String, board: ArrivalBoard, onMessage: @escaping @Sendable (WireMessage) -> Void
    ) async throws -> DaemonLink {
        let device = try await DaemonLink.connect(
            to: paths(machine).socket,
            onFrame: { frame in
                guard case .message(let message) = frame else { return }
                if case .registered(let registered) = message {
                    board.arrived(.string("registered:\(registered.device)"))
                }
                onMessage(message)
            }, onClose: {}
        ).get()
        let registered = await board.wait(for: .string("registered:\(name)")) {
            device.send(.registerDevice(RegisterDevice(name: name, pid: getpid(), apps: [Self.benchApp])))
        }
        guard registered else { throw AccountLinkError.failed("bench: \(name) was not registered on \(machine)") }
        return device
    }

    func benchAdvertisement(_ title: String, sequence: UInt64) -> Advertisement {
        Advertisement(
            device: "bench-source", bundleIdentifier: Self.benchApp.bundleIdentifier,
            teamIdentifier: Self.benchApp.teamIdentifier, activityType: "org.baton.bench.read", title: title,
            sequence: sequence)
    }

    /// Milliseconds from an advertisement on the laptop to its offer on a device of the server machine.
    func advertisementAcrossMachines(samples: Int) async throws -> [Double] {
        let board = ArrivalBoard()
        let target = try await benchDevice("bench-target", on: "server", board: board) { message in
            if case .offer(let offer) = message, offer.advertisement.device.hasSuffix("@bench-laptop") {
                board.arrived(.string(offer.advertisement.title))
            }
        }
        defer { target.close() }
        let source = try await benchDevice("bench-source", on: "laptop", board: board) { _ in }
        defer { source.close() }
        var results: [Double] = []
        let clock = ContinuousClock()
        for index in 0..<(samples + 10) {
            let title = "offer-\(index)"
            let start = clock.now
            let arrived = await board.wait(for: .string(title)) {
                source.send(.advertise(self.benchAdvertisement(title, sequence: UInt64(index + 1))))
            }
            guard arrived else {
                throw AccountLinkError.failed("bench: an offer did not reach the other machine in 30 s")
            }
            if index >= 10 { results.append((clock.now - start).fractionalMilliseconds) }
        }
        return results
    }

    /// Milliseconds from a continue on the server machine to its reply carrying the laptop's `userInfoBytes`.
    func continueAcrossMachines(samples: Int, userInfoBytes: Int = 3 * 1024) async throws -> [Double] {
        let board = ArrivalBoard()
        let offered = SharedValue<UInt64>(0)
        let userInfo: [String: PropertyListValue] = ["page": .string(String(repeating: "p", count: userInfoBytes))]
        let target = try await benchDevice("bench-target", on: "server", board: board) { message in
            switch message {
            case .offer(let offer) where offer.advertisement.title == "continue me":
                offered.value = offer.advertisement.sequence
                board.arrived(.string("offer:continue me"))
            case .continueReply(let reply) where reply.userInfo == userInfo:
                board.arrived(.int(Int(reply.requestID)))
            default: break
            }
        }
        defer { target.close() }
        let sourceBox = SharedValue<DaemonLink?>(nil)
        let source = try await benchDevice("bench-source", on: "laptop", board: board) { message in
            if case .payloadRequest(let request) = message {
                sourceBox.value?.send(
                    .payloadResponse(PayloadResponse(requestID: request.requestID, userInfo: userInfo)))
            }
        }
        sourceBox.value = source
        defer { source.close() }
        // The offer as the server machine shows it (its sequence there is the proxy's own).
        let arrived = await board.wait(for: .string("offer:continue me")) {
            source.send(.advertise(self.benchAdvertisement("continue me", sequence: 1)))
        }
        let sequence = offered.value
        guard arrived else { throw AccountLinkError.failed("bench: the offer did not reach the other machine in 30 s") }
        var results: [Double] = []
        let clock = ContinuousClock()
        for index in 0..<(samples + 10) {
            let requestID = UInt64(index + 1)
            let start = clock.now
            let arrived = await board.wait(for: .int(Int(requestID))) {
                target.send(
                    .continueRequest(
                        ContinueRequest(requestID: requestID, device: "bench-source@bench-laptop", sequence: sequence)))
            }
            guard arrived else {
                throw AccountLinkError.failed("bench: a continue across machines got no payload in 30 s")
            }
            if index >= 10 { results.append((clock.now - start).fractionalMilliseconds) }
        }
        return results
    }
}

/// A value shared by the bench's frame handlers and its task.
private final class SharedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    var value: Value {
        get { mutex.withLock { $0 } }
        set { mutex.withLock { $0 = newValue } }
    }
}
