import Foundation
import TestSupport
import Testing
import Wire

extension InProcessServices {
    /// The device registry in process: registration, refusals, and who is connected.
    @Suite struct DeviceRegistryTests {
        @Test func registrationIsAcknowledgedAndListed() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let socket = try daemon.connect()
            try socket.send(.registerDevice(RegisterDevice(name: "  laptop \n", pid: 42, apps: [])))
            guard case .registered(let registered) = socket.nextMessage() else {
                Issue.record("registration not acknowledged")
                return
            }
            #expect(registered.device == "laptop")
            #expect(registered.daemonPID == getpid())
            try socket.send(.devicesQuery(DevicesQuery(requestID: 7)))
            guard case .devicesReply(let reply) = socket.next("devicesReply") else {
                Issue.record("no devices reply")
                return
            }
            #expect(reply.requestID == 7)
            #expect(reply.devices.map(\.name) == ["laptop"])
            #expect(reply.devices.first?.pid == 42)
            #expect(reply.devices.first?.connectedSince == InProcessDaemon.startDate)
        }

        @Test func aNameInUseAnEmptyNameAndControlCharactersAreRefused() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let phone = try daemon.device("phone")
            defer { withExtendedLifetime(phone) {} }
            for (name, code, words) in [
                ("phone", WireFailure.forbidden, "in use"), ("   ", WireFailure.badRequest, "needs a name"),
                ("bad\u{7}name", WireFailure.badRequest, "control characters"),
            ] {
                let socket = try daemon.connect()
                try socket.send(.registerDevice(RegisterDevice(name: name, pid: 1, apps: [])))
                guard case .error(let error) = socket.nextMessage() else {
                    Issue.record("'\(name)' was not refused")
                    continue
                }
                #expect(error.failure.code == code)
                #expect(error.failure.message.contains(words))
            }
        }

        @Test func handoffMessagesNeedARegisteredDevice() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            let socket = try daemon.connect()
            try socket.send(.withdraw(Withdraw(sequence: 1)))
            guard case .error(let error) = socket.nextMessage() else {
                Issue.record("an unregistered withdraw was not refused")
                return
            }
            #expect(error.failure.code == WireFailure.badRequest)
            #expect(error.failure.message == "register the device before sending 'withdraw'")
        }

        @Test func aDeviceThatLeavesIsForgottenAndItsOfferWithdrawn() throws {
            let daemon = try InProcessDaemon()
            defer { daemon.stop() }
            var source: RawDaemonSocket? = try daemon.device("source", apps: [Reader.app])
            let target = try daemon.device("target", apps: [Reader.app])
            try source?.send(.advertise(Reader.advertisement(sequence: 1)))
            #expect(target.next("offer") != nil)
            source = nil  // closes the connection
            guard case .offerWithdrawn(let withdrawn) = target.next("offerWithdrawn") else {
                Issue.record("the leaving device's offer was not withdrawn")
                return
            }
            #expect(withdrawn.device == "source")
            try target.send(.devicesQuery(DevicesQuery(requestID: 3)))
            guard case .devicesReply(let reply) = target.next("devicesReply") else {
                Issue.record("no devices reply")
                return
            }
            #expect(reply.devices.map(\.name) == ["target"])
            // The name is free again.
            _ = try daemon.device("source")
        }
    }
}
