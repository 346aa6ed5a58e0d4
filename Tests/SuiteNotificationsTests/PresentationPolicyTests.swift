import Notifications
import Testing
import UserNotifications

@testable import SuiteNotifications

@Suite struct PresentationPolicyTests {
    func decide(
        _ level: InterruptionLevel = .active, sound: NotificationSound? = .default,
        settings: NotificationSettings = Fixture.authorized, answer: PresentationOptions? = nil, dnd: Bool = false
    ) -> Presentation {
        let content = NotificationContent(title: "t", sound: sound, interruptionLevel: level)
        return PresentationPolicy.decide(content: content, settings: settings, appAnswer: answer, doNotDisturb: dnd)
    }

    @Test func authorizedActiveShowsBannerRingsAndBadges() {
        let shown = decide()
        #expect(shown.banner && shown.list && shown.sound && shown.badge)
        #expect(shown.bannerSeconds == PresentationPolicy.bannerSeconds)
    }

    @Test func deniedOrUndecidedShowsNothing() {
        #expect(decide(settings: NotificationSettings(authorizationStatus: .denied)) == .nothing)
        #expect(decide(settings: NotificationSettings()) == .nothing)
    }

    @Test func provisionalGoesQuietlyToTheList() {
        let shown = decide(settings: .granted([.provisional, .alert, .sound]))
        #expect(shown == Presentation(banner: false, list: true, sound: false, badge: false))
    }

    @Test func frontmostAppAnswerDecides() {
        let listOnly = decide(answer: [.list])
        #expect(!listOnly.banner && listOnly.list && !listOnly.sound)
        #expect(decide(answer: []) == Presentation(banner: false, list: false, sound: false, badge: false))
    }

    @Test func settingsOffWinOverTheApp() {
        var settings = Fixture.authorized
        settings.soundsEnabled = false
        settings.alertsEnabled = false
        let shown = decide(settings: settings, answer: [.banner, .sound, .list])
        #expect(!shown.banner && !shown.sound && shown.list)
    }

    @Test func passiveNeverRingsNorBanners() {
        let shown = decide(.passive)
        #expect(!shown.banner && !shown.sound && shown.list)
    }

    @Test func silentContentDoesNotRing() {
        #expect(!decide(sound: nil).sound)
    }

    @Test func criticalRingsEvenWithSoundsOffAndUnderDoNotDisturb() {
        var settings = Fixture.authorized
        settings.soundsEnabled = false
        settings.criticalAlertsEnabled = true
        let shown = decide(.critical, sound: .critical(name: nil, volume: 1), settings: settings, dnd: true)
        #expect(shown.sound && shown.banner)
    }

    /// Issue 22, finding 8: without the critical-alerts permission a critical sound is held like any other.
    @Test func aCriticalSoundWithoutCriticalAlertsAllowedDoesNotBreakThrough() {
        var settings = Fixture.authorized
        settings.soundsEnabled = false
        settings.criticalAlertsEnabled = false
        #expect(!decide(sound: .critical(name: nil, volume: 1), settings: settings).sound)
        #expect(!decide(.critical, sound: .critical(name: nil, volume: 1), settings: settings, dnd: true).sound)
        settings.soundsEnabled = true
        #expect(!decide(sound: .critical(name: nil, volume: 1), settings: settings, dnd: true).sound)
    }

    @Test func doNotDisturbHoldsActiveButNotTimeSensitive() {
        let held = decide(dnd: true)
        #expect(!held.banner && !held.sound && held.list)
        let through = decide(.timeSensitive, dnd: true)
        #expect(through.banner && through.sound)
        #expect(through.bannerSeconds == PresentationPolicy.timeSensitiveBannerSeconds)
    }
}

/// Issue 22, banner lifetime: `notify --sticky` and `--expire 20s` set the banner's time, not the notification's.
@Suite struct BannerLifetimeTests {
    /// The banner's time for content changed by `change` (its `userInfo`), at `level`.
    func seconds(_ level: InterruptionLevel = .active, _ change: (inout NotificationContent) -> Void) -> Double {
        var content = NotificationContent(title: "t", interruptionLevel: level)
        change(&content)
        return PresentationPolicy.decide(
            content: content, settings: Fixture.authorized, appAnswer: nil, doNotDisturb: false
        ).bannerSeconds
    }

    @Test func stickyAndExpireSetTheBannersTime() {
        #expect(seconds { _ in } == PresentationPolicy.bannerSeconds)
        #expect(seconds { $0.userInfo[BannerLifetime.key] = .double(20) } == 20)
        #expect(
            seconds(.timeSensitive) { $0.userInfo[BannerLifetime.key] = .string("sticky") }
                == BannerLifetime.stickySeconds)
        #expect(seconds { $0.userInfo[BannerLifetime.key] = .double(-1) } == PresentationPolicy.bannerSeconds)
    }
}
