import BatonEnvironment
import Foundation
import Notifications
import Testing
import UserNotifications

/// Issue 22's scripting part through the real binary: `baton notify --action … --wait` from a plain shell reaches
/// every device, prints the action chosen on one of them and exits 0, and the notification then leaves every
/// device; a dismissal exits 2 and `--wait-timeout` 124. `--at 17:30` reads a time of day.
@Suite(.serialized) struct NotifyWaitTests {
    /// Two devices of the account (apps of baton's own bundle on suite-1 and suite-2), their events collected.
    func twoDevices(_ harness: BatonHarness) async throws -> [(UserNotificationCenter, FreedesktopBridgeTests.EventLog)]
    {
        let paths = BatonPaths(environment: ["BATON_HOME": harness.home.path])
        var devices: [(UserNotificationCenter, FreedesktopBridgeTests.EventLog)] = []
        for name in ["suite-1", "suite-2"] {
            let center = try await UserNotificationCenter.connect(
                bundleIdentifier: "com.baton.cli", device: name, paths: paths)
            let log = FreedesktopBridgeTests.EventLog()
            let events = center.events
            Task { for await event in events { log.append(event) } }
            devices.append((center, log))
        }
        return devices
    }

    /// The notification titled `title` once it reached `log`'s device (a minute at most: a hang guard).
    func arrived(_ title: String, _ log: FreedesktopBridgeTests.EventLog) async throws -> DeliveredNotification {
        var found: DeliveredNotification?
        try await FreedesktopBridgeTests.Desktop.poll("\(title) to arrive") {
            found =
                log.all.lazy.compactMap {
                    if case .willPresent(let notification) = $0, notification.request.content.title == title {
                        return notification
                    }
                    return nil
                }.first
            return found != nil
        }
        return try #require(found)
    }

    func removed(_ identifier: String, _ log: FreedesktopBridgeTests.EventLog) -> Bool {
        log.all.contains {
            if case .removed(let removal) = $0 { return removal.identifiers.contains(identifier) } else { return false }
        }
    }

    @Test func theChosenActionIsPrintedAndTheNotificationLeavesEveryDevice() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let devices = try await twoDevices(harness)
        defer { for (center, _) in devices { center.close() } }
        let waiting = try harness.launch([
            "notify", "--title", "Deploy", "--action", "ok:OK", "--action", "no:Rollback:destructive", "--wait",
        ])
        let shown = try await arrived("Deploy", devices[0].1)
        _ = try await arrived("Deploy", devices[1].1)
        // Its own category, with the buttons as given.
        let categories = try await devices[1].0.ask(.categoriesQuery(shown.owner))
        guard case .categoriesList(let list) = categories else { throw NotificationCenterError.unexpected }
        let category = list.first { $0.identifier == shown.request.content.categoryIdentifier }
        #expect(category?.actions.map(\.identifier) == ["ok", "no"])
        #expect(category?.actions.last?.options.contains(.destructive) == true)

        try await devices[1].0.respond(NotificationResponse(notification: shown, actionIdentifier: "no"))
        #expect(await waiting.exitStatus() == 0, "\(waiting.transcript)")
        #expect(waiting.transcript.split(separator: "\n").contains("no"), "\(waiting.transcript)")
        let identifier = shown.request.identifier
        try await FreedesktopBridgeTests.Desktop.poll("the notification to leave both devices") {
            removed(identifier, devices[0].1) && removed(identifier, devices[1].1)
        }
    }

    @Test func aDismissalExitsTwoAndATimeoutExits124() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await harness.run(["daemon", "start"]).status == 0)
        let devices = try await twoDevices(harness)
        defer { for (center, _) in devices { center.close() } }
        let dismissed = try harness.launch([
            "notify", "--title", "Lunch", "--action", "yes:Yes", "--in", "1s", "--wait",
        ])
        let lunch = try await arrived("Lunch", devices[0].1)
        try await devices[0].0.removeDeliveredNotifications(withIdentifiers: [lunch.request.identifier])
        #expect(await dismissed.exitStatus() == 2, "\(dismissed.transcript)")

        let timeout = try harness.launch([
            "notify", "--title", "Later", "--action", "yes:Yes", "--in", "1h", "--wait", "--wait-timeout", "1s",
            "--json",
        ])
        #expect(await timeout.exitStatus() == 124, "\(timeout.transcript)")
        #expect(timeout.transcript.contains("\"timedOut\""), "\(timeout.transcript)")
        // Nothing of it is left pending.
        let pending = try await NotificationCLITests.poll(harness, ["notifications", "pending"]) { $0.isEmpty }
        #expect(pending.isEmpty)
    }

    @Test func atReadsATimeOfDay() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        harness.environment["TZ"] = "UTC"
        let now = Date()
        for (text, suffix) in [("23:59", "T23:59:00Z"), ("tomorrow 10:00", "T10:00:00Z"), ("mon 9:00", "T09:00:00Z")] {
            let added = try await harness.run([
                "notify", "--title", "At", "--at", text, "--device", "desk", "--json",
            ])
            #expect(added.status == 0, "\(text): \(added.output)")
            let answer = try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any]
            let next = try #require(answer?["nextFireDate"] as? String, "\(added.output)")
            #expect(next.hasSuffix(suffix), "\(text): \(next)")
            let date = try #require(ISO8601DateFormatter().date(from: next))
            #expect(date > now && date < now.addingTimeInterval(8 * 86_400), "\(text): \(next)")
            if text.hasPrefix("mon") {
                var utc = Calendar(identifier: .gregorian)
                utc.timeZone = TimeZone(identifier: "UTC") ?? .current
                #expect(utc.component(.weekday, from: date) == 2, "\(next)")
            }
        }
        let bad = try await harness.run(["notify", "--title", "At", "--at", "someday 25:00", "--device", "desk"])
        #expect(bad.status == 65, "\(bad.output)")
    }
}
