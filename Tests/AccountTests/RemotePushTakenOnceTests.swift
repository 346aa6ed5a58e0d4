import AccountClient
import Foundation
import Notifications
import Testing
import Wire

/// Issue 27, the push cursor's gap, the daemon's half: the account link keeps its push cursor below every post the
/// daemon has not answered, so after a restart it posts again a push the old daemon may have taken. The daemon takes
/// each push from another machine once, by the server row it came in (`PushIntake.row`, kept in `notificationTaken`
/// in the transaction that delivers or queues it): a row posted again is answered and not delivered or queued again,
/// across a `kill -9` too. Played here as the link would, on a raw connection to the real daemon.
@Suite(.serialized) struct RemotePushTakenOnceTests {
    static let app = "com.baton.cli"

    /// A push from machine `desk`, as the link posts it: for device B, under `identifier`, from server row `row`.
    static func remote(row: String, identifier: String) throws -> (UInt64) throws -> WireMessage {
        let push = PushNotification(
            bundleIdentifier: app, content: NotificationContent(title: identifier), kind: .alert)
        let message = NotificationMessage.push(
            PushIntake(push: push, device: "B", origin: "desk", identifier: identifier, row: row))
        return { try message.wire(requestID: $0) }
    }

    /// Posts `row` under request `id` and waits for its answer (a minute: only a hang gets there).
    static func post(
        _ link: DaemonLink, _ heard: AckAfterCommitTests.Heard, row: String, identifier: String, id: UInt64
    ) async throws -> PushOutcome? {
        link.send(try remote(row: row, identifier: identifier)(id))
        _ = try await AckAfterCommitTests.until { heard.pushed(id) != nil || heard.failed(id) != nil }
        #expect(heard.failed(id) == nil, "\(heard.failed(id) ?? "")")
        return heard.pushed(id)
    }

    /// Device B registered (with the app) on a connection of its own.
    static func registerB(_ harness: BatonHarness, _ heard: AckAfterCommitTests.Heard) async throws -> DaemonLink {
        let device = try await DaemonLink.connect(to: harness.socket, onFrame: { heard.take($0) }, onClose: {}).get()
        let apps = [AppDescriptor(bundleIdentifier: app, teamIdentifier: "T", activityTypes: [])]
        device.send(.registerDevice(RegisterDevice(name: "B", pid: getpid(), apps: apps)))
        #expect(try await AckAfterCommitTests.until { heard.registered })
        return device
    }

    @Test func aPushFromAnotherMachinePostedAgainIsAnsweredAndDeliveredOnceAcrossAKill() async throws {
        let harness = try BatonHarness()
        harness.environment["BATON_DEVICE"] = "A"
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let device = AckAfterCommitTests.Heard()
        let deviceLink = try await Self.registerB(harness, device)
        let heard = AckAfterCommitTests.Heard()
        let link = try await DaemonLink.connect(to: harness.socket, onFrame: { heard.take($0) }, onClose: {}).get()

        // The same row twice at once (a new link posting it while the first post commits): one delivery, two
        // answers, the second after the first's commit.
        link.send(try Self.remote(row: "row-1", identifier: "first")(1))
        link.send(try Self.remote(row: "row-1", identifier: "first")(2))
        #expect(try await AckAfterCommitTests.until { heard.pushed(1) != nil && heard.pushed(2) != nil })
        #expect(heard.pushed(1)?.delivered == ["B"], "\(String(describing: heard.pushed(1)))")
        #expect(heard.pushed(2)?.delivered == [] && heard.pushed(2)?.waiting == [])
        // A marker after it: deliveries leave in commit order, so a second delivery of the first would be in by now.
        _ = try await Self.post(link, heard, row: "row-marker-1", identifier: "marker-1", id: 3)
        #expect(try await AckAfterCommitTests.until { device.deliveries.contains("marker-1") })
        #expect(device.deliveries.filter { $0 == "first" }.count == 1, "\(device.deliveries)")
        // Another row under the same identifier (a collapse id's update) is another push: delivered.
        let update = try await Self.post(link, heard, row: "row-1-update", identifier: "first", id: 4)
        #expect(update?.delivered == ["B"], "\(String(describing: update))")

        // B goes away; the daemon queues the next push for it, answers, and is killed at once.
        deviceLink.close()
        // Asked every 20 ms for up to a minute (a readiness wait: only a hang reaches the end).
        var gone = false
        for query in UInt64(100)..<3_100 where !gone {
            link.send(.devicesQuery(DevicesQuery(requestID: query)))
            #expect(try await AckAfterCommitTests.until { heard.devices(query) != nil })
            gone = heard.devices(query).map { !$0.contains("B") } ?? false
            if !gone { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(gone, "B still connected")
        let queued = try await Self.post(link, heard, row: "row-2", identifier: "second", id: 5)
        #expect(queued?.waiting == ["B"], "\(String(describing: queued))")
        try await AckAfterCommitTests.kill9(harness)
        link.close()

        // The next link posts both rows again (its cursor was held below them): answered, nothing queued again.
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let again = AckAfterCommitTests.Heard()
        let next = try await DaemonLink.connect(to: harness.socket, onFrame: { again.take($0) }, onClose: {}).get()
        let second = try await Self.post(next, again, row: "row-2", identifier: "second", id: 1)
        #expect(second?.delivered == [] && second?.waiting == [], "\(String(describing: second))")
        let first = try await Self.post(next, again, row: "row-1", identifier: "first", id: 2)
        #expect(first?.delivered == [] && first?.waiting == [], "\(String(describing: first))")

        // B comes back: the queued push once, and nothing of the first.
        let back = AckAfterCommitTests.Heard()
        let backLink = try await Self.registerB(harness, back)
        defer { backLink.close() }
        _ = try await Self.post(next, again, row: "row-marker-2", identifier: "marker-2", id: 3)
        #expect(try await AckAfterCommitTests.until { back.deliveries.contains("marker-2") })
        #expect(back.deliveries.filter { $0 == "second" }.count == 1, "\(back.deliveries)")
        #expect(!back.deliveries.contains("first"), "\(back.deliveries)")
        next.close()
    }
}
