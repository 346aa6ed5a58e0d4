import Foundation
import Notifications
import TerminalUI
import Testing

@testable import SuiteNotifications

/// Issue 39, item 5: a push with only a sound, or a badge and a sound, rings as on iOS (no banner, no row),
/// as the app's Sounds setting and Do Not Disturb allow; a content-available push rings nothing.
@Suite struct SilentPushSoundTests {
    static func push(_ kind: PushKind, badge: Int?, sound: NotificationSound?) -> BackgroundPush {
        BackgroundPush(
            owner: NotificationOwner(bundleIdentifier: Fixture.browser, device: "box:b"), identifier: "p", kind: kind,
            badge: badge, sound: sound, userInfo: [:], date: Fixture.now)
    }

    /// The bells the app rang for `push` with `settings`.
    func bells(_ push: BackgroundPush, settings: NotificationSettings) throws -> Int {
        let (app, context) = try FreedesktopProgramTests.app()
        final class Count { var bells = 0 }
        let rung = Count()
        app.signal = { signal in if signal == .bell { rung.bells += 1 } }
        _ = app.receive(SuiteNotificationMessage.background(push, settings), context: context)
        #expect(app.banners.entries.isEmpty && app.ledger.delivered.isEmpty)
        return rung.bells
    }

    @Test func aSoundOnlyOrBadgeAndSoundPushRings() throws {
        #expect(try bells(Self.push(.silent, badge: nil, sound: .default), settings: Fixture.authorized) == 1)
        #expect(try bells(Self.push(.silent, badge: 2, sound: .named("chime.aiff")), settings: Fixture.authorized) == 1)
        #expect(try bells(Self.push(.silent, badge: 2, sound: nil), settings: Fixture.authorized) == 0)
        #expect(try bells(Self.push(.background, badge: nil, sound: nil), settings: Fixture.authorized) == 0)
        var quiet = Fixture.authorized
        quiet.soundsEnabled = false
        #expect(try bells(Self.push(.silent, badge: nil, sound: .default), settings: quiet) == 0)
    }
}
