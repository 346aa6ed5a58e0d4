import Foundation
import Handoff
import Testing
import Wire

/// Hooks that record nothing; these tests never reach a daemon.
private final class SilentHooks: HandoffAppHooks {
    func willContinueUserActivity(withType activityType: String) -> Bool { false }
    func continueUserActivity(
        _ activity: UserActivity, restorationHandler: @escaping ([any UserActivityRestoring]) -> Void
    ) -> Bool { false }
    func didFailToContinueUserActivity(withType activityType: String, error: HandoffError) {}
}

@Suite struct UserActivityTests {
    private let hooks = SilentHooks()
    private let coordinator: HandoffCoordinator
    private let app: HandoffApp

    init() {
        (coordinator, app) = OfflineCoordinator.make(hooks: hooks)
    }

    @Test func undeclaredTypeIsRefusedAtBecomeCurrent() {
        let activity = UserActivity(activityType: "com.example.probe.other", app: app)
        #expect(
            throws: UserActivityError.undeclaredType(
                type: "com.example.probe.other", app: "com.example.Probe", declared: ["com.example.probe.view"])
        ) { try activity.becomeCurrent() }
        #expect(!activity.isCurrent)
    }

    @Test func oneCurrentActivityPerDevice() throws {
        let first = UserActivity(activityType: "com.example.probe.view", app: app)
        let second = UserActivity(activityType: "com.example.probe.view", app: app)
        try first.becomeCurrent()
        #expect(first.isCurrent)
        try second.becomeCurrent()
        #expect(second.isCurrent && !first.isCurrent)
        second.resignCurrent()
        #expect(coordinator.currentActivity == nil)
    }

    @Test func invalidatedActivityCannotReturn() throws {
        let activity = UserActivity(activityType: "com.example.probe.view", app: app)
        try activity.becomeCurrent()
        activity.invalidate()
        #expect(!activity.isCurrent)
        #expect(throws: UserActivityError.invalidated("com.example.probe.view")) { try activity.becomeCurrent() }
    }

    @Test func webpageURLMustBeHTTP() throws {
        let activity = UserActivity(activityType: "com.example.probe.view", app: app)
        try activity.setWebpageURL(URL(string: "https://example.com/a"))
        #expect(activity.webpageURL?.host == "example.com")
        #expect(throws: UserActivityError.unsupportedWebpageURL("file:///etc/passwd")) {
            try activity.setWebpageURL(URL(string: "file:///etc/passwd"))
        }
        #expect(activity.webpageURL?.host == "example.com")
    }

    @Test func addUserInfoEntriesMerges() {
        let activity = UserActivity(activityType: "com.example.probe.view", app: app)
        activity.userInfo = ["a": .int(1), "b": .int(2)]
        activity.addUserInfoEntries(from: ["b": .bool(true), "c": .double(0.5)])
        #expect(activity.userInfo == ["a": .int(1), "b": .bool(true), "c": .double(0.5)])
    }

    @Test func continueWithoutOfferDoesNothing() {
        #expect(coordinator.currentOffer == nil)
        #expect(coordinator.continueOffer() == .nothingOffered)
    }

    @Test func aLongTitleIsOfferedShortenedAndTheActivitySaysSo() throws {
        let activity = UserActivity(activityType: "com.example.probe.view", app: app)
        activity.title = String(repeating: "Weather ", count: 250_000)
        try activity.becomeCurrent()
        #expect(activity.isCurrent)
        #expect(activity.titleWasShortened)
        let sent = try #require(coordinator.client.currentAdvertisement)
        #expect(sent.title.count == AdvertisementLimits.maxTitleCharacters)
        #expect(sent.encodedSize <= AdvertisementLimits.maxEncodedBytes)
        activity.title = "Weather"
        #expect(!activity.titleWasShortened)
        #expect(coordinator.client.currentAdvertisement?.title == "Weather")
    }

    @Test func anAdvertisementTooLargeForAFrameFailsBecomeCurrentWith4611() throws {
        let activity = UserActivity(activityType: "com.example.probe.view", app: app)
        try activity.setWebpageURL(URL(string: "https://example.com/" + String(repeating: "p", count: 20_000)))
        do {
            try activity.becomeCurrent()
            Issue.record("an advertisement of 20 KB became current")
        } catch .tooLarge(let error) {
            #expect(error.code == .userInfoTooLarge)
            #expect(error.description.contains("4611"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(coordinator.client.currentAdvertisement == nil)
        #expect(!activity.isCurrent)
    }

    @Test func errorsCarryApplesCodes() {
        #expect(HandoffError.Code.allCases.map(\.rawValue) == [4608, 4609, 4610, 4611])
        let error = HandoffError(WireFailure(code: 4610, message: "device 'A' did not answer"))
        #expect(error.code == .remoteAppTimedOut)
        #expect(error.description.contains("4610") && error.description.contains("did not answer"))
    }
}
