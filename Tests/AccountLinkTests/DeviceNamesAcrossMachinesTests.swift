import BatonEnvironment
import Foundation
import TestSupport
import Testing
import Wire

/// Finding 11: names across machines. `--device beta@server` (as `baton devices` shows another machine's device)
/// reaches it; a remote device with an offer lists its app once; after `leave` the departed machine's device rows
/// are gone and a push no longer reports it.
@Suite(.serialized) struct DeviceNamesAcrossMachinesTests {
    typealias Pushes = NotificationsAcrossMachinesTests

    @Test func aPushToDeviceAtMachineReachesIt() throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let machines = pair.machines
        let title = "At-\(UUID().uuidString.prefix(8))"
        let pushed = try machines.baton(
            "laptop",
            [
                "push", try Pushes.payload(machines, title: title, body: "b"), "--app", Pushes.app, "--device",
                "beta@server",
            ])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(pushed.output.contains("sent to 1 other machine (server)"), "\(pushed.output)")
        #expect(
            try machines.eventually("the push on beta") {
                try Pushes.delivered(machines, "server", "beta").contains(title)
            })
        #expect(!(try Pushes.delivered(machines, "laptop", "alpha").contains(title)))
    }

    /// A device on `machine` with `app`, offering `type`.
    static func offering(
        _ name: String, on machine: String, _ machines: LinkedMachines, app: AppDescriptor, type: String
    ) throws -> RawDaemonSocket {
        let paths = BatonPaths(environment: ["BATON_HOME": machines.home(machine).path])
        let socket = try RawDaemonSocket(path: paths.socket.path)
        try socket.send(.registerDevice(RegisterDevice(name: name, pid: getpid(), apps: [app])))
        _ = socket.next { if case .registered = $0 { true } else { false } }
        try socket.send(
            .advertise(
                Advertisement(
                    device: name, bundleIdentifier: app.bundleIdentifier, teamIdentifier: app.teamIdentifier,
                    activityType: type, title: "\(name)-offer", sequence: 1)))
        return socket
    }

    /// The offer `socket` hears from `device`.
    static func offer(_ socket: RawDaemonSocket, from device: String) -> Offer? {
        guard
            case .offer(let offer)? = socket.next(
                limit: 60,
                where: {
                    if case .offer(let offer) = $0 { offer.advertisement.device == device } else { false }
                })
        else { return nil }
        return offer
    }

    /// The laptop's device, whose proxy on the server machine has its published apps, continues the server's
    /// offer (which makes the proxy include the offer's single continuing app): its app is still listed once.
    @Test func aRemoteDeviceThatContinuedListsItsAppOnce() throws {
        let (server, machines, _) = try KeyValueAcrossMachinesTests.twoLinkedMachines()
        defer { server.remove() }
        defer { machines.tearDown() }
        let app = AppDescriptor(
            bundleIdentifier: "org.baton.test.twice", teamIdentifier: "TEAMT",
            activityTypes: ["org.baton.test.a", "org.baton.test.b"])
        let beta = try Self.offering("beta", on: "server", machines, app: app, type: "org.baton.test.a")
        let alpha = try Self.offering("alpha", on: "laptop", machines, app: app, type: "org.baton.test.b")
        let offer = try #require(Self.offer(alpha, from: "beta@server"))
        _ = try #require(Self.offer(beta, from: "alpha@laptop"))
        try alpha.send(
            .continueRequest(
                ContinueRequest(requestID: 1, device: "beta@server", sequence: offer.advertisement.sequence)))
        guard
            case .payloadRequest(let request)? = beta.next(
                limit: 60,
                where: {
                    if case .payloadRequest = $0 { true } else { false }
                })
        else {
            Issue.record("beta was not asked for its payload")
            return
        }
        try beta.send(.payloadResponse(PayloadResponse(requestID: request.requestID, userInfo: ["n": .string("1")])))
        #expect(alpha.next(limit: 60) { if case .continueReply = $0 { true } else { false } } != nil)

        let devices = try machines.baton("server", ["devices"]).output
        let block = devices.components(separatedBy: "alpha@laptop").dropFirst().first ?? ""
        let appsLine = block.split(separator: "\n").first { $0.contains("apps:") } ?? ""
        #expect(appsLine.components(separatedBy: "org.baton.test.twice").count == 2, "\(devices)")
    }

    @Test func afterLeaveTheDepartedMachinesDevicesAreGoneAndPushesDoNotNameIt() throws {
        let pair = try TwoLinkedDevices()
        defer { pair.close() }
        let machines = pair.machines
        let left = try machines.baton("server", ["account", "leave"])
        #expect(left.status == 0, "\(left.output)")
        // Its devices are sealed in its machine row (`MachineCard`), named by its route.
        let rows = try pair.server.psql(
            database: "baton",
            "SELECT count(*) FROM baton.machines WHERE machine = '\(try machines.route(machine: "server"))'")
        #expect(rows.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let pushed = try machines.baton(
            "laptop", ["push", try Pushes.payload(machines, title: "after-leave", body: "b"), "--app", Pushes.app])
        #expect(pushed.status == 0, "\(pushed.output)")
        #expect(!pushed.output.contains("(server)"), "\(pushed.output)")
    }
}
