import Foundation
import Notifications
import TestSupport
import Testing
import Wire

@testable import AccountService

/// Issue 39, item 1, in process: a freedesktop program (`notify-send`) is allowed until the user turns it off.
/// Its first notification reaches the device, it is listed with its name, and it can be turned off before it
/// ever posted, and stays off across a restart.
@Suite struct FreedesktopProgramTests {
    static let bot = NotificationOwner(bundleIdentifier: "org.freedesktop.Build-Bot", device: "B")
    let tests = DeviceTokenTests()

    /// What the notification server sends for `notify-send -a "Build Bot" TITLE`.
    static func post(_ title: String, identifier: String, owner: NotificationOwner = bot) -> NotificationMessage {
        let content = NotificationContent(
            title: title, userInfo: [FreedesktopProgram.nameKey: .string("Build Bot")])
        return .add(
            AddNotification(
                owner: owner, request: NotificationRequest(identifier: identifier, content: content, trigger: nil),
                requester: owner.device, everyMachine: true))
    }

    /// A connection as the notification server's: it follows its device, standing in for the programs.
    func server(_ daemon: InProcessDaemon) throws -> RawDaemonSocket {
        let socket = try daemon.connect()
        guard case .message(.done) = try tests.ask(socket, .follow(NotificationFilter(device: "B")), id: 100) else {
            throw DeviceTokenTestError.noAnswer("follow")
        }
        return socket
    }

    func apps(_ socket: RawDaemonSocket, id: UInt64) throws -> [AppSettingsEntry] {
        guard
            case .message(.appsList(let list)) = try tests.ask(
                socket, .appsQuery(NotificationFilter(device: "B")), id: id)
        else { throw DeviceTokenTestError.noAnswer("appsList") }
        return list
    }

    @Test func aProgramsFirstNotificationIsDeliveredAndItIsListedByName() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.stop() }
        let suite = try daemon.device("B")
        let server = try server(daemon)
        guard case .message(.added) = try tests.ask(server, Self.post("build done", identifier: "fdo-1"), id: 1) else {
            Issue.record("the first notification was refused")
            return
        }
        guard case .notification(let envelope) = suite.next("notification"),
            case .notificationDelivered(let delivered) = try NotificationMessage(envelope)
        else {
            Issue.record("the suite heard of no delivery")
            return
        }
        #expect(delivered.request.content.title == "build done")
        guard case .message(.settings(let settings)) = try tests.ask(server, .getSettings(Self.bot), id: 2) else {
            Issue.record("no settings")
            return
        }
        #expect(settings.authorizationStatus == .authorized && settings.alertsEnabled)
        let listed = try apps(server, id: 3)
        #expect(listed.contains { $0.owner == Self.bot && $0.name == "Build Bot" }, "\(listed)")
        #expect(listed.contains { $0.owner.bundleIdentifier == NotificationService.cliBundleIdentifier })
    }

    @Test func aProgramIsTurnedOffBeforeItPostsAndStaysOff() throws {
        var daemon = try InProcessDaemon()
        defer { daemon.stop() }
        var cli = try server(daemon)
        let deny = SettingsChange(owner: Self.bot, allow: false, requester: "B")
        guard case .message(.settings(let denied)) = try tests.ask(cli, .changeSettings(deny), id: 1) else {
            Issue.record("turning a program off before it posted was refused")
            return
        }
        #expect(denied.authorizationStatus == .denied)
        guard case .refused(let reason) = try tests.ask(cli, Self.post("nope", identifier: "fdo-2"), id: 2) else {
            Issue.record("a program turned off was delivered")
            return
        }
        #expect(reason.contains("not allowed"))
        daemon = try daemon.restarted()
        cli = try server(daemon)
        guard case .refused = try tests.ask(cli, Self.post("still no", identifier: "fdo-3"), id: 3) else {
            Issue.record("a program turned off was back on after a restart")
            return
        }
        #expect(try apps(cli, id: 4).first { $0.owner == Self.bot }?.settings.authorizationStatus == .denied)
    }

    /// A program whose row was kept as "not asked" (its buttons registered before programs were allowed) is
    /// allowed.
    @Test func aProgramKeptAsNotAskedIsAllowed() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.stop() }
        let server = try server(daemon)
        let category = NotificationCategory(identifier: "freedesktop.1", actions: [], options: [])
        _ = try tests.ask(server, .setCategories(CategoriesUpdate(owner: Self.bot, categories: [category])), id: 1)
        guard case .message(.settings(let settings)) = try tests.ask(server, .getSettings(Self.bot), id: 2) else {
            Issue.record("no settings")
            return
        }
        #expect(settings.authorizationStatus == .authorized)
    }
}
