import BatonEnvironment
import Foundation
import Notifications
import TerminalUI
import Testing

@testable import SuiteNotifications

/// Issue 39, items 1 and 3: a freedesktop program's notification is a banner titled with the program's own
/// name (`app_name`), not its bundle identifier, and the program is listed in F4's Settings by that name.
@Suite struct FreedesktopProgramTests {
    static let bundle = "org.freedesktop.Build-Bot"

    static func app() throws -> (NotificationsApp, SuiteContext) {
        let port = try MessagePort()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("baton-fdo-\(UUID().uuidString)")
        let app = NotificationsApp(
            device: "box:b", paths: BatonPaths(environment: ["BATON_HOME": home.path]), port: port, delegates: [],
            appNames: ["com.baton.cli": "Baton"], now: { Fixture.now })
        let context = SuiteContext(
            owner: .app(NotificationsApp.appName), device: "box:b", now: { Fixture.now }, port: port,
            schedule: { _, _ in }, banner: { _ in }, activate: { _ in })
        return (app, context)
    }

    static func notification(name: String?) -> DeliveredNotification {
        var notification = Fixture.delivered("fdo-1", title: "build done", bundle: bundle)
        if let name { notification.request.content.userInfo[FreedesktopProgram.nameKey] = .string(name) }
        return notification
    }

    @Test func theBannerIsTitledWithTheProgramsNameAndSettingsListIt() throws {
        let (app, context) = try Self.app()
        _ = app.receive(
            SuiteNotificationMessage.arrived(Self.notification(name: "Build Bot"), Fixture.authorized, []),
            context: context)
        #expect(app.banners.entries.first?.appName == "Build Bot")
        #expect(app.settingsApps.contains { $0.bundle == Self.bundle && $0.name == "Build Bot" })
        #expect(app.ledger.groups.map(\.bundleIdentifier) == [Self.bundle])
    }

    /// A program that gave no name is shown by its bundle identifier's last part.
    @Test func aProgramWithNoNameIsShownByItsIdentifier() throws {
        let (app, context) = try Self.app()
        _ = app.receive(
            SuiteNotificationMessage.arrived(Self.notification(name: nil), Fixture.authorized, []), context: context)
        #expect(app.banners.entries.first?.appName == "Build-Bot")
    }
}
